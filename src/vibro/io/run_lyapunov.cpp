#include "vibro/io/run_lyapunov.hpp"

#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_difference.hpp"
#include "vibro/analysis/poincare_maps_reference.hpp"
#include "vibro/analysis/poincare_maps_schemes.hpp"
#include "vibro/io/bind_case.hpp"
#include "vibro/io/input_error.hpp"
#include "vibro/reference/reference_settings.hpp"

#include <algorithm>
#include <cmath>

namespace vibro {
namespace {

using nlohmann::json;

/// The running estimates λ_{j,k} at k = 1, 10, 100, … and the last k.
json history(const std::vector<double>& running1, const std::vector<double>& running2) {
  json rows = json::array();
  for (std::size_t k = 1; k <= running1.size(); k *= 10) rows.push_back({{"k", k}, {"lambda1", running1[k - 1]}, {"lambda2", running2[k - 1]}});
  if (!running1.empty() && rows.back()["k"] != running1.size())
    rows.push_back({{"k", running1.size()}, {"lambda1", running1.back()}, {"lambda2", running2.back()}});
  return rows;
}

/// max − min of the running estimate over the last half of the periods: how far the
/// finite-time exponent still moves (a convergence spread, not an error bound).
double spread(const std::vector<double>& running) {
  if (running.empty()) return 0;
  const auto from = running.begin() + static_cast<long>(running.size() / 2);
  const auto [lo, hi] = std::minmax_element(from, running.end());
  return *hi - *lo;
}

template <class Real>
json exponents_json(const LyapunovRun<Real>& run, const std::string& method) {
  const auto& e = run.exponents;
  json out = {{"method", method}, {"periods_done", e.periods()}, {"defined", e.defined()}};
  if (!e.defined()) {
    out["why_undefined"] = e.why_undefined();
    return out;
  }
  out["lambda1_per_period"] = to_text(e.lambda1());
  out["lambda2_per_period"] = to_text(e.lambda2());
  out["sum_per_period"] = to_text(Real(e.lambda1() + e.lambda2()));
  out["lambda1_per_unit_time"] = to_text(e.lambda1_per_unit_time());
  out["lambda2_per_unit_time"] = to_text(e.lambda2_per_unit_time());
  out["spread_last_half"] = {{"lambda1", spread(e.running1())}, {"lambda2", spread(e.running2())}};
  out["history"] = history(e.running1(), e.running2());
  // About 300 points of the running estimates, for plots of λ_{j,k} against k.
  constexpr std::size_t plotted_points = 300;
  json samples = json::array();
  const std::size_t stride = std::max<std::size_t>(1, e.running1().size() / plotted_points);
  for (std::size_t k = stride; k <= e.running1().size(); k += stride)
    samples.push_back({k, e.running1()[k - 1], e.running2()[k - 1]});
  out["running_samples"] = samples;
  return out;
}

template <class Model>
json lyapunov_of(const CaseSpec& c, const Model& model) {
  using Real = typename Model::real_type;
  const LyapunovSpec& spec = *c.lyapunov;
  const Real u0 = to_real<Real>(c.u0), v0 = to_real<Real>(c.v0), t0 = to_real<Real>(c.t0), period = model.period();
  const std::int64_t periods = *c.horizon.periods;
  const SectionClock clock = spec.absolute_clock ? SectionClock::absolute : SectionClock::folded;
  const PhasePoint<Real> x0{u0, v0};
  const auto epsilon = [&] {
    return spec.epsilon ? DifferenceStep<Real>::absolute(to_real<Real>(*spec.epsilon))
                        : DifferenceStep<Real>::times_h(to_real<Real>(*spec.epsilon_per_h));
  };
  json out;
  if (c.scheme.is_reference()) {
    const ImpactReference<Model> reference(model, default_reference_settings(model, u0, v0));
    if (!spec.epsilon) {
      ExactDerivativeMap<Model> map(reference, t0, period, clock);
      const auto run = run_lyapunov(map, x0, periods, period);
      out = exponents_json(run, "IDED");
      const auto impacts = map.events().impacts();
      out["impacts"] = impacts;
      if (run.exponents.defined()) {
        // MATH.md §1.2: K(λ1 + λ2) = −2αKT + 2 N_imp ln e for the exact flow, to rounding.
        using std::log;
        const Real rule = -2 * model.alpha() * period +
                          2 * Real(impacts) / Real(run.exponents.periods()) * log(model.restitution());
        out["sum_rule_per_period"] = to_text(rule);
      }
    } else {
      ForwardDifferenceMap<ReferenceFlow<Model>> map(ReferenceFlow<Model>(reference, t0, period, clock), epsilon());
      out = exponents_json(run_lyapunov(map, x0, periods, period), "IDND");
      out["impacts"] = map.flow().contacts();
      out["periods_with_changed_contacts"] = map.flow().periods_with_changed_contacts();
    }
  } else if (c.scheme.is_corrected()) {
    const CorrectedCrankNicolson<Model> scheme(model, step_size(model, c.step));
    ForwardDifferenceMap<CorrectedSchemeFlow<Model>> map(CorrectedSchemeFlow<Model>(scheme, t0, period, clock), epsilon());
    out = exponents_json(run_lyapunov(map, x0, periods, period), "C.N.S.P");
    out["periods_with_changed_contacts"] = map.flow().periods_with_changed_contacts();
  } else {
    const PaoliSchatzman<Model> scheme(model, step_size(model, c.step), t0, c.scheme.paoli_schatzman);
    ForwardDifferenceMap<PaoliSchatzmanFlow<Model>> map(
        PaoliSchatzmanFlow<Model>(scheme, *c.step.steps_per_period, clock), epsilon());
    out = exponents_json(run_lyapunov(map, x0, periods, period), "NSND / I.N.S.P");
    out["periods_with_changed_contacts"] = map.flow().periods_with_changed_contacts();
  }
  out["epsilon"] = spec.epsilon ? spec.epsilon->text : spec.epsilon_per_h ? spec.epsilon_per_h->text + "h" : "exact";
  out["clock"] = spec.absolute_clock ? "absolute" : "folded";
  out["periods"] = periods;
  return out;
}

}  // namespace

json run_lyapunov_case(const CaseSpec& c, const RunOptions& options) {
  if (!c.lyapunov) throw InputError(c.file, "lyapunov", "the case has no [lyapunov] table");
  const Precision precision = options.precision.value_or(c.precision);
  json result = provenance(precision);
  result["case"] = {{"name", c.name}, {"file", c.file}, {"hash_fnv1a64", c.hash}};
  result["lyapunov"] = with_scalar(precision, [&]<class Real>(std::type_identity<Real>) -> json {
    if constexpr (is_exact_v<Real>) {
      throw InputError(c.file, "--precision", "Lyapunov exponents need a floating-point type (allowed: double, "
                                              "long-double, float128, mpfr:DIGITS)");
    } else {
      return visit_model<Real>(c, [&](const auto& model) -> json {
        using Model = std::decay_t<decltype(model)>;
        if constexpr (PeriodicallyForced<Model>) {
          return lyapunov_of(c, model);
        } else {
          throw InputError(c.file, "lyapunov", "needs a forced model (rejected when the case was read)");
        }
      });
    }
  });
  return result;
}

}  // namespace vibro
