#pragma once
// The corrected Crank–Nicolson scheme's registry entry (scheme/corrected_crank_nicolson.hpp,
// seed 000 §3): one option, impact_slope (the linear coefficient of seed 000 eq. (31),
// scheme/corrected_crank_nicolson_options.hpp); its run lands on every stroboscopic time
// and counts its artificial impacts, dichotomies and fallbacks; its Lyapunov exponents by
// forward differences are seed 000's C.N.S.P.

#include "vibro/analysis/convergence_study.hpp"
#include "vibro/analysis/corrected_scheme_flow.hpp"
#include "vibro/drive/forward_difference_findings.hpp"
#include "vibro/catalog/scheme_entry.hpp"
#include "vibro/drive/recorded_run.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/scheme/corrected_crank_nicolson.hpp"
#include "vibro/results/corrected_counters.hpp"

#include <array>
#include <string_view>

namespace vibro {

struct CorrectedCrankNicolsonEntry {
  static constexpr std::array<std::string_view, 1> names = {"corrected-crank-nicolson"};
  static constexpr std::string_view display_name = "Corrected Crank–Nicolson";
  static constexpr std::string_view study_note =
      "The seeds give no convergence theory for the corrected scheme: its orders are measured, not proven. "
      "impact_slope `printed` is seed 000 eq. (31) as printed, whose slope (Û − U)/Δt is the step's average "
      "velocity and puts an O(Δt·f) error into each reversed velocity; `endpoint` takes V instead.";
  static constexpr ModelKinds models = {ModelKind::impact_oscillator, ModelKind::constant_force};
  template <class Model>
  using scheme_type = CorrectedCrankNicolson<Model>;
  static constexpr ScalarSet scalars = scheme_scalars<CorrectedCrankNicolson<ConstantForce<double>>>();
  static constexpr bool has_step = true;

  using Options = CorrectedCrankNicolsonOptions;
  static constexpr std::array<std::string_view, 1> option_keys = {"impact_slope"};

  static Options options(const SchemeSpec& s, const OptionFailure& fail) {
    constexpr std::array slopes = {ImpactSlope::printed, ImpactSlope::endpoint};
    return Options{choose_option(s, "impact_slope", slopes, &to_string, fail)};
  }

  static std::vector<std::pair<std::string, std::string>> describe(const Options& o) {
    return {{"impact_slope", std::string(to_string(o.impact_slope))}};
  }

  static void validate(const CaseSpec&) {}

  /// C.N.S.P (seed 000 §4): forward differences of the corrected scheme's map.
  static std::optional<std::string> lyapunov_method(const LyapunovSpec& spec) {
    if (!spec.has_epsilon()) return std::nullopt;
    return "C.N.S.P";
  }

  template <class Model>
  static CorrectedCrankNicolson<Model> make(const BoundCase<Model>& b, const StepSpec& step, const Options& o) {
    return refused_as_input(b.spec, "step",
                            [&] { return CorrectedCrankNicolson<Model>(b.model, b.step(step), b.t0, o); });
  }

  /// The run lands on every section time t0 + kT of a horizon in periods (else on t_end):
  /// the step before it is shortened so that the node is that time itself (docs/mathematics.md §3).
  /// The grid is non-uniform after an impact.
  template <class Model>
  static void run(const BoundCase<Model>& b, const Options& o, const RunOptions& options, RunRecord& out) {
    using Real = typename Model::real_type;
    using Scheme = CorrectedCrankNicolson<Model>;
    const CaseSpec& c = b.spec;
    const Scheme scheme = make(b, c.step, o);
    const RunHorizon<Real> horizon(b, c.step);
    auto x = refused_as_input(c, "initial", [&] { return scheme.start(b.u0, b.v0); });
    SectionSamples samples(scheme, x, horizon.stroboscopic(), options);
    CorrectedCounters counters;
    const auto row = [&](const typename Scheme::State& y, bool impact) {
      if (options.rows)
        options.rows->row({std::to_string(y.n), to_text(y.t), to_text(y.u), to_text(y.v), impact ? "1" : "0"});
    };
    if (options.rows) options.rows->header({{"n"}, {"t", true}, {"u", true}, {"v", true}, {"impact"}}, has_text_twins<Real>);
    row(x, false);
    const DriveEnd end = drive(
        scheme, x, horizon, options,
        [&](const typename Scheme::State& y, const typename Scheme::StepReport& report) {
          counters.impacts += report.impact.has_value();
          counters.dichotomies += report.dichotomies;
          counters.fallbacks += report.fallback;
          row(y, report.impact.has_value());
        },
        [&](const typename Scheme::State& y, std::int64_t k) { samples.add(y, k); });
    record_run_end(scheme, x, end, out);
    out.run.stroboscopic = samples.take();
    out.run.corrected = counters;
  }

  /// The impacts of a run are its artificial impacts (seed 000 eq. (36)), at the time the
  /// mass is put on the obstacle.
  template <class Model, class Observer>
  static typename Model::real_type study_run(const BoundCase<Model>& b, const Options& o, const StepSpec& step,
                                             Observer& observer) {
    using Real = typename Model::real_type;
    const auto scheme = make(b, step, o);
    observe_run(scheme, scheme.start(b.u0, b.v0), RunHorizon<Real>(b, step), observer,
                [&](const auto& y, const auto& report) {
                  if (report.impact) observer.impact(y.t);
                });
    return scheme.step_size();
  }

  template <class Model>
  static LyapunovFindings lyapunov(const BoundCase<Model>& b, const Options& o, const LyapunovSpec& spec,
                                   const RunOptions& options) {
    return forward_difference_findings(
        CorrectedSchemeFlow<Model>(make(b, b.spec.step, o), b.t0, b.model.period(), section_clock(spec)), b, spec,
        options, *lyapunov_method(spec));
  }
};

}  // namespace vibro
