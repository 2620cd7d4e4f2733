#include "vibro/io/run_reference.hpp"

#include "vibro/analysis/digits_needed.hpp"
#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_reference.hpp"
#include "vibro/io/bind_case.hpp"
#include "vibro/io/csv_output.hpp"
#include "vibro/io/input_error.hpp"
#include "vibro/io/json_numbers.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/traits.hpp"

#include <fmt/format.h>

#include <cmath>
#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>

namespace vibro {
namespace {

using nlohmann::json;

template <class Model>
json reference_run(const CaseSpec& c, const Model& model, const RunOptions& options) {
  using Real = typename Model::real_type;
  const Real u0 = to_real<Real>(c.u0), v0 = to_real<Real>(c.v0), t0 = to_real<Real>(c.t0);
  const ReferenceSettings<Real> settings = default_reference_settings(model, u0, v0);
  const ImpactReference<Model> reference(model, settings);
  auto x = reference.start(t0, u0, v0);

  std::ofstream csv = open_csv(options.csv, "kind,t,v_minus,v_plus");
  json events = json::array(), sticking = json::array();
  std::map<std::string, long> counts;
  std::optional<Real> stick_start;
  const auto on_event = [&](const ReferenceEvent<Real>& e) {
    events.push_back({{"kind", to_string(e.kind)}, {"t", to_text(e.t)}, {"v_minus", to_text(e.v_minus)},
                      {"v_plus", to_text(e.v_plus)}});
    ++counts[to_string(e.kind)];
    if (csv) csv << to_string(e.kind) << ',' << to_text(e.t) << ',' << to_text(e.v_minus) << ',' << to_text(e.v_plus) << '\n';
    if (e.kind == EventKind::stick) stick_start = e.t;
    if (e.kind == EventKind::release && stick_start) {
      sticking.push_back({to_text(*stick_start), to_text(e.t)});
      stick_start.reset();
    }
  };

  json result;
  // λ1 by the Lyapunov engine (MATH.md §4) on the Jacobian of each forcing period of the run,
  // or, for a horizon given as t_end, on the Jacobian of the whole run as one "period" of
  // length t_end − t0. The case has exactly one of the two horizons.
  std::optional<LyapunovExponents<Real>> exponents;
  double horizon = 0;
  if constexpr (PeriodicallyForced<Model>) {
    if (c.horizon.periods) {
      const Real period = model.period();
      exponents.emplace(period, false);
      json samples = json::array();
      for (std::int64_t k = 1; k <= *c.horizon.periods; ++k) {
        FlowJacobian<Real> jacobian;
        reference.advance(x, section_time(t0, period, k), on_event, &jacobian);
        add_period(*exponents, jacobian);
        samples.push_back({{"period", k}, {"state", state_json(x.t, x.u, x.v)}});
        if (options.progress) options.progress(static_cast<double>(k) / static_cast<double>(*c.horizon.periods));
      }
      result["stroboscopic"] = samples;
      horizon = static_cast<double>(period * *c.horizon.periods);
    }
  }
  if (c.horizon.t_end) {
    FlowJacobian<Real> jacobian;
    const Real t_end = to_real<Real>(*c.horizon.t_end);
    reference.advance(x, t_end, on_event, &jacobian);
    exponents.emplace(Real(t_end - t0), false);
    add_period(*exponents, jacobian);
    horizon = static_cast<double>(t_end - t0);
  }
  if (!exponents) throw std::logic_error("reference run: the case has neither horizon.periods nor horizon.t_end");
  if (stick_start) sticking.push_back({to_text(*stick_start), nullptr});

  result["events"] = events;
  result["event_counts"] = counts;
  result["sticking_intervals"] = sticking;
  result["final"] = state_json(x.t, x.u, x.v);
  result["settings"] = {{"max_window", to_text(settings.max_window)},
                        {"contact_tolerance", to_text(settings.contact_tolerance)},
                        {"force_tolerance", to_text(settings.force_tolerance)}};
  json lyapunov = {{"defined", exponents->defined()}};
  json warnings = json::array();
  if (exponents->defined()) {
    const double per_unit_time = static_cast<double>(exponents->lambda1_per_unit_time());
    const long needed = digits_needed(per_unit_time, horizon, reference_target_digits);
    const long digits = decimal_digits<Real>();
    lyapunov["lambda1_per_period_or_horizon"] = static_cast<double>(exponents->lambda1());
    lyapunov["lambda1_per_unit_time"] = per_unit_time;
    lyapunov["digits_needed"] = {{"target_digits", reference_target_digits}, {"horizon", horizon}, {"digits", needed}};
    if (digits < needed)
      warnings.push_back(fmt::format(
          "precision too low for this horizon: λ1 ≈ {:.4g} per unit time, so {} correct digits at t = {:.6g} need about "
          "{} digits, and this run has {}; it stays accurate only up to t ≈ {:.4g} (use --precision mpfr:{})",
          per_unit_time, reference_target_digits, horizon, needed, digits,
          accurate_horizon(per_unit_time, digits, reference_target_digits), needed));
  } else {
    lyapunov["why_undefined"] = exponents->why_undefined();
  }
  result["lyapunov_estimate"] = lyapunov;
  result["warnings"] = warnings;
  return result;
}

/// How far the run's events and final state are from the same run at more digits,
/// evaluated in MPFR at those digits. Each event is matched to the nearest event of the
/// same kind in the precise run: a smaller tolerance resolves more impacts of a chatter
/// sequence before summing it, so the event lists differ in length, not in content.
json compare_runs(const json& run, const json& precise, long digits) {
  MpfrPrecisionGuard guard(digits);
  const auto value = [](const json& text) { return parse_real<mpfr_real>(text.get<std::string>()); };
  std::map<std::string, std::vector<mpfr_real>> precise_times;
  for (const json& e : precise["events"]) precise_times[e["kind"].get<std::string>()].push_back(value(e["t"]));
  mpfr_real largest(0);
  bool unmatched = false;
  for (const json& e : run["events"]) {
    const auto& candidates = precise_times[e["kind"].get<std::string>()];
    if (candidates.empty()) {
      unmatched = true;
      continue;
    }
    const mpfr_real t = value(e["t"]);
    const auto after = std::lower_bound(candidates.begin(), candidates.end(), t);
    mpfr_real nearest = after == candidates.end() ? mpfr_real(abs(t - candidates.back())) : mpfr_real(abs(*after - t));
    if (after != candidates.begin()) nearest = std::min(nearest, mpfr_real(abs(t - *std::prev(after))));
    if (nearest > largest) largest = nearest;
  }
  json counts_at_more_digits;
  for (const auto& [kind, times] : precise_times) counts_at_more_digits[kind] = times.size();
  return {{"max_event_time_difference", to_text_significant(largest, 3)},
          {"event_kind_missing_at_more_digits", unmatched},
          {"event_counts_at_more_digits", counts_at_more_digits},
          {"final_position_difference", to_text_significant(mpfr_real(abs(value(run["final"]["u"]) - value(precise["final"]["u"]))), 3)},
          {"final_velocity_difference", to_text_significant(mpfr_real(abs(value(run["final"]["v"]) - value(precise["final"]["v"]))), 3)}};
}

template <class Real>
json run_typed(const CaseSpec& c, const RunOptions& options) {
  if constexpr (is_exact_v<Real>) {
    throw InputError(c.file, "--precision", "the reference needs a floating-point type (allowed: double, long-double, "
                                            "float128, mpfr:DIGITS)");
  } else {
    return visit_model<Real>(c, [&](const auto& model) {
      try {
        return reference_run(c, model, options);
      } catch (const std::invalid_argument& why) {
        throw InputError(c.file, "initial", why.what());
      }
    });
  }
}

}  // namespace

json run_reference(const CaseSpec& c, const Precision& precision, const RunOptions& options) {
  json result = with_scalar(precision, [&]<class Real>(std::type_identity<Real>) { return run_typed<Real>(c, options); });
  if (options.error_estimate) {
    const long digits = with_scalar(precision, []<class Real>(std::type_identity<Real>) { return decimal_digits<Real>(); });
    const Precision precise{ScalarKind::mpfr, digits + error_estimate_extra_digits};
    RunOptions quiet;
    quiet.error_estimate = false;
    const json more = with_scalar(precise, [&]<class Real>(std::type_identity<Real>) { return run_typed<Real>(c, quiet); });
    json estimate = compare_runs(result, more, precise.mpfr_digits);
    estimate["compared_with"] = precise.name();
    const json& needed = result["lyapunov_estimate"];
    if (needed["defined"].get<bool>() && needed["digits_needed"]["digits"].get<long>() > precise.mpfr_digits)
      estimate["lower_bound_only"] =
          "the comparison run also has fewer digits than the horizon needs: these differences bound the error from "
          "below only";
    result["error_estimate"] = estimate;
  }
  return result;
}

}  // namespace vibro
