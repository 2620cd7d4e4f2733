#pragma once
// The exact-detection reference's registry entry (reference/vibro/reference/, docs/mathematics.md §1)
// in the shape of a scheme (reference_scheme.hpp): no step, no options. A run lists every
// event, the sticking intervals, the stroboscopic samples, λ1 from the exact Jacobians and
// the digits its horizon needs, and an error estimate from the same case at 20 more
// digits. Its Lyapunov exponents are IDED (exact derivative) or, with ε, IDND.

#include "vibro/analysis/digits_needed.hpp"
#include "vibro/binding/model_description.hpp"
#include "vibro/analysis/event_time_comparison.hpp"
#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_reference.hpp"
#include "vibro/analysis/significant_digits.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/reference_scheme.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/drive/forward_difference_findings.hpp"
#include "vibro/drive/lyapunov_findings.hpp"
#include "vibro/catalog/scheme_entry.hpp"
#include "vibro/drive/recorded_run.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/case/work_limit.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/results/reference_findings.hpp"
#include "vibro/results/provenance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

struct ReferenceEntry {
  static constexpr std::array<std::string_view, 1> names = {"reference"};
  static constexpr std::string_view display_name = "exact-detection reference";
  static constexpr std::string_view study_note = "";
  static constexpr ModelKinds models = {ModelKind::impact_oscillator, ModelKind::constant_force};
  template <class Model>
  using scheme_type = ReferenceScheme<ImpactReference<Model>>;
  static constexpr ScalarSet scalars = scheme_scalars<ReferenceScheme<ImpactReference<ConstantForce<double>>>>();
  static constexpr bool has_step = false;

  /// Correct digits λ1's horizon estimate is asked for (λ1 t/ln 10 + this, docs/mathematics.md §4).
  static constexpr long target_digits = 10;

  struct Options {};
  static constexpr std::array<std::string_view, 0> option_keys = {};
  static Options options(const SchemeSpec&, const OptionFailure&) { return {}; }
  static std::vector<std::pair<std::string, std::string>> describe(const Options&) { return {}; }

  /// The reference has no step to refine or take a multiple of.
  static void validate(const CaseSpec& c) {
    if (c.lyapunov && c.lyapunov->epsilon_per_h)
      throw InputError(c.file, "lyapunov.epsilon_per_h",
                       "the reference has no step h: give an absolute epsilon or epsilon_per_period (IDND), or none "
                       "(IDED)");
  }

  /// IDED (seed 001 §4) without ε, IDND (seed 001; seed 000's I.D.P) with one.
  static std::optional<std::string> lyapunov_method(const LyapunovSpec& spec) {
    return spec.has_epsilon() ? "IDND" : "IDED";
  }

  template <class Model>
  static ImpactReference<Model> make_reference(const BoundCase<Model>& b) {
    return ImpactReference<Model>(b.model, default_reference_settings(b.model, b.u0, b.v0));
  }

  template <class Model>
  static void run(const BoundCase<Model>& b, const Options&, const RunOptions& options, RunRecord& out) {
    using Real = typename Model::real_type;
    using Scheme = ReferenceScheme<ImpactReference<Model>>;
    const CaseSpec& c = b.spec;
    const ImpactReference<Model> reference = make_reference(b);
    const RunHorizon<Real> horizon(b, std::nullopt);
    require_searchable(b, reference, Real(horizon.section_time(horizon.sections()) - b.t0), options);
    if (horizon.stroboscopic())
      require_memory_for_periods(
          c, "horizon.periods",
          static_cast<double>(horizon.sections() - std::max<std::int64_t>(options.keep_sections_from, 1) + 1));
    // Sampling interval: irrelevant, every step lands on a section time or t_end.
    const Scheme scheme(reference, b.t0, Real(horizon.section_time(1) - b.t0));
    auto x = refused_as_input(c, "initial", [&] { return scheme.start(b.u0, b.v0); });

    ReferenceFindings found;
    std::optional<Real> stick_start;
    const auto keep_interval = [&](StickingInterval interval) {
      if (options.listing) options.listing->sticking_interval(interval);
      if (found.sticking_intervals.size() < options.events_kept) found.sticking_intervals.push_back(std::move(interval));
    };
    // λ1 by the Lyapunov engine (docs/mathematics.md §4) on the Jacobian of each forcing period of the
    // run, or, for a horizon given as t_end, on the Jacobian of the whole run as one
    // "period" of length t_end − t0.
    Real section_length = horizon.section_time(1) - b.t0;
    if constexpr (HasPeriod<Model>)
      if (horizon.stroboscopic()) section_length = b.model.period();
    LyapunovExponents<Real> exponents(section_length, false);
    SectionSamples samples(scheme, x, horizon.stroboscopic(), options);
    if (options.rows) options.rows->header({{"kind"}, {"t", true}, {"v_minus", true}, {"v_plus", true}}, has_text_twins<Real>);
    const DriveEnd end = reference_failure_explained(c, [&] {
      return drive(
        scheme, x, horizon, options,
        [&](const typename Scheme::State& y, bool) {
          for (const ReferenceEvent<Real>& e : y.events) {
            const bool kept = found.events.size() < options.events_kept;
            if (kept || options.listing) {
              ReferenceEventText text{to_string(e.kind), number_text_of(e.t), number_text_of(e.v_minus),
                                      number_text_of(e.v_plus)};
              if (options.listing) options.listing->event(text);
              if (kept) found.events.push_back(std::move(text));
            }
            ++found.event_counts[to_string(e.kind)];
            if (options.rows) options.rows->row({to_string(e.kind), to_text(e.t), to_text(e.v_minus), to_text(e.v_plus)});
            if (e.kind == EventKind::stick) stick_start = e.t;
            if (e.kind == EventKind::release && stick_start) {
              keep_interval({number_text_of(*stick_start), number_text_of(e.t)});
              stick_start.reset();
            }
          }
          add_period(exponents, y.jacobian);
        },
        [&](const typename Scheme::State& y, std::int64_t k) { samples.add(y, k); });
    });
    if (stick_start) keep_interval({number_text_of(*stick_start), std::nullopt});
    const auto& settings = reference.settings();
    found.settings = {number_text_of(settings.max_window), number_text_of(settings.contact_tolerance),
                      number_text_of(settings.force_tolerance)};
    const double duration = static_cast<double>(horizon.stroboscopic() ? Real(section_length * horizon.sections())
                                                                        : section_length);
    found.lyapunov_estimate = lyapunov_estimate(exponents, duration, out.run.warnings);
    out.run.final = state_text(scheme, x);
    out.run.stroboscopic = samples.take();
    out.run.escaped = end.escaped;
    out.run.reference = std::move(found);
  }

  /// The error estimate of a certified reference run: `precise` is the same case at MPFR with
  /// error_estimate_extra_digits more digits than `result`, run in step with it without its
  /// own estimate, and `events` how far each event of `result` is from the nearest of its kind
  /// there (run/error_estimate_in_step.hpp).
  static void finish(RunFindings& run, const PrecisionInfo& precision, const RunFindings& precise,
                     const PrecisionInfo& precise_precision, const EventTimeDifference& events) {
    ReferenceFindings& found = *run.reference;
    const long digits = precision.decimal_digits;
    const long precise_digits = digits + error_estimate_extra_digits;
    ErrorEstimate estimate = compare_runs(run, precise, events, precise_digits, digits);
    estimate.compared_with = precise_precision.name;
    if (found.lyapunov_estimate.estimate) {
      DigitsNeeded& needed = found.lyapunov_estimate.estimate->digits_needed;
      measure_digits_needed(needed, digits, estimate, run.warnings);
      if (needed.digits > precise_digits)
        estimate.lower_bound_only =
            "the comparison run also has fewer digits than the horizon needs: these differences bound the error from "
            "below only";
    }
    found.error_estimate = std::move(estimate);
  }

  template <class Model>
  static LyapunovFindings lyapunov(const BoundCase<Model>& b, const Options&, const LyapunovSpec& spec,
                                   const RunOptions& options) {
    using Real = typename Model::real_type;
    const Real period = b.model.period();
    const ImpactReference<Model> reference = make_reference(b);
    const PhasePoint<Real> x0{b.u0, b.v0};
    const std::int64_t periods = *b.spec.horizon.periods;
    require_searchable(b, reference, Real(period * periods), options);
    if (!spec.has_epsilon()) {
      ExactDerivativeMap<Model> map(reference, b.t0, period, section_clock(spec));
      const auto run = reference_failure_explained(
          b.spec, [&] { return run_lyapunov(map, x0, periods, period, true, period_progress(options)); });
      LyapunovFindings out = lyapunov_findings(run, "IDED");
      out.impacts = map.events().impacts();
      out.section_impact_warning = section_impact_warning(map.events().impacts_on_sections());
      return out;
    }
    return forward_difference_findings(
        ReferenceFlow<Model>(reference, b.t0, period, section_clock(spec)), b, spec, options, "IDND",
        [&](const auto& run) { return reference_failure_explained(b.spec, run); });
  }

 private:
  /// The event search looks at most max_window ahead at once (reference_settings.hpp), so
  /// a horizon of length `span` costs at least span / max_window windows: refused, with
  /// that count, when above the work limit (a tiny ω makes the period, so the horizon, huge).
  template <class Model>
  static void require_searchable(const BoundCase<Model>& b, const ImpactReference<Model>& reference,
                                 const typename Model::real_type& span, const RunOptions& options) {
    using Real = typename Model::real_type;
    const Real windows = span / reference.settings().max_window;
    if (!options.max_steps || windows <= Real(*options.max_steps)) return;
    const CaseSpec& c = b.spec;
    throw InputError(c.file, c.horizon.periods ? "horizon.periods" : "horizon.t_end",
                     "the horizon spans " + to_text_significant(span, 3) +
                         " time units, and the reference's event search looks at most " +
                         to_text_significant(reference.settings().max_window, 3) +
                         " ahead at once (an eighth of the model's time scale), so the run needs at least " +
                         to_text_significant(windows, 3) + " search windows, above the limit of " +
                         std::to_string(*options.max_steps) +
                         " (allowed: at most --max-steps; give a shorter horizon, or check the model's time scales)");
  }

  /// Runs f(); a failure inside the reference (a root search that cannot certify its
  /// bracket, a flight step that underflows, too many segments) becomes a RunFailure naming
  /// the case and the model's parameters: the usual cause is a scale (a huge amplitude, a
  /// tiny frequency) beyond what the certified search resolves at the run's precision.
  template <class F>
  static decltype(auto) reference_failure_explained(const CaseSpec& c, F&& f) {
    try {
      return f();
    } catch (const InputError&) {
      throw;
    } catch (const RunFailure&) {
      throw;
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& why) {
      std::string parameters;
      for (const Parameter& p : describe_model(c.model).parameters)
        for (const std::string& text : p.texts) parameters += (parameters.empty() ? "" : ", ") + p.key + " = " + shown_input(text);
      throw RunFailure(c.file + ": the exact-detection reference cannot go on: " + why.what() +
                       " (likely cause: the model's scales, " + parameters +
                       ", are beyond what the certified event search resolves at this precision; give parameters of "
                       "moderate size, or more digits)");
    }
  }

  template <class Real>
  static LyapunovEstimate lyapunov_estimate(const LyapunovExponents<Real>& exponents, double horizon,
                                            std::vector<std::string>& warnings) {
    LyapunovEstimate estimate;
    if (!exponents.defined()) {
      estimate.why_undefined = exponents.why_undefined();
      return estimate;
    }
    const double per_unit_time = static_cast<double>(exponents.lambda1_per_unit_time());
    const long needed = digits_needed(per_unit_time, horizon, target_digits);
    const long digits = decimal_digits<Real>();
    estimate.estimate = Lambda1Estimate{
        .lambda1_per_period_or_horizon = static_cast<double>(exponents.lambda1()),
        .lambda1_per_unit_time = per_unit_time,
        .digits_needed = {.target_digits = target_digits,
                          .horizon = horizon,
                          .digits = needed,
                          .basis = DigitsBasis::lambda1,
                          .from_lambda1 = needed,
                          .measured_loss = std::nullopt}};
    if (digits < needed)
      warnings.push_back(fmt::format(
          "precision too low for this horizon: λ1 ≈ {:.4g} per unit time, so {} correct digits at t = {:.6g} need at "
          "least about {} digits, and this run has {}; it stays accurate only up to t ≈ {:.4g} (use --precision "
          "mpfr:{} or more: λ1 leaves out the growth's prefactor, a few digits, which the error estimate of a run there "
          "measures)",
          per_unit_time, target_digits, horizon, needed, digits, accurate_horizon(per_unit_time, digits, target_digits),
          needed));
    return estimate;
  }

  /// The digits needed, from the run's comparison with the same run at 20 more digits
  /// (option (a) of issue 12 item 8, docs/digits_needed.md): the run at D digits kept c
  /// correct digits of its final state, the comparison run ~c + 20, so their agreement is
  /// the run's own; D − c is what the horizon cost, λ1's growth and its prefactor together,
  /// and the same loss holds at other digits up to measured_loss_margin. Measured this way
  /// the number costs no run beyond the error estimate's, and needs no constant of the case.
  /// With c = 0 the loss is only known to be ≥ D: at least max(λ1's count, D + target). The
  /// λ1 warning of `run` stands; a measured shortfall λ1 did not see gets its own.
  static void measure_digits_needed(DigitsNeeded& l, long digits, const ErrorEstimate& compared,
                                    std::vector<std::string>& warnings) {
    const long correct = compared.final_state_correct_digits;
    if (correct == 0) {
      l.basis = DigitsBasis::lower_bound;
      l.digits = std::max(l.from_lambda1, digits + l.target_digits);
      return;
    }
    l.basis = DigitsBasis::measured;
    l.measured_loss = digits - correct;
    l.digits = digits_needed_measured(digits, correct, l.target_digits);
    if (digits < l.digits && digits >= l.from_lambda1)
      warnings.push_back(fmt::format(
          "precision too low for this horizon: against {} this run keeps {} correct digits of its final state at "
          "t = {:.6g}, so {} correct digits need about {} digits, and this run has {} (use --precision mpfr:{})",
          compared.compared_with, correct, l.horizon, l.target_digits, l.digits, digits, l.digits));
  }

  /// How far a run's events (`events`, analysis/event_time_comparison.hpp) and final state are
  /// from the same run at more digits, evaluated in MPFR at those digits.
  static ErrorEstimate compare_runs(const RunFindings& run, const RunFindings& precise, const EventTimeDifference& events,
                                    long digits, long run_digits) {
    MpfrPrecisionGuard guard(digits);
    const auto value = [](const NumberText& text) { return parse_real<mpfr_real>(text.text); };
    ErrorEstimate estimate;
    estimate.event_kind_missing_at_more_digits = events.kind_missing;
    estimate.event_counts_at_more_digits = precise.reference->event_counts;
    estimate.max_event_time_difference = events.largest;
    estimate.final_position_difference = to_text_significant(mpfr_real(abs(value(run.final.u) - value(precise.final.u))), 3);
    estimate.final_velocity_difference = to_text_significant(mpfr_real(abs(value(run.final.v) - value(precise.final.v))), 3);
    // Counted on the exact decimals of the two runs (analysis/significant_digits.hpp).
    const auto exact = [](const NumberText& text) { return *parse_exact(text.text); };
    estimate.final_state_correct_digits = run_digits;
    for (const auto& [mine, theirs] : {std::pair{run.final.u, precise.final.u}, std::pair{run.final.v, precise.final.v}})
      if (const std::optional<int> shared = shared_significant_digits(exact(theirs), exact(mine)))
        estimate.final_state_correct_digits = std::min<long>(estimate.final_state_correct_digits, *shared);
    return estimate;
  }
};

}  // namespace vibro
