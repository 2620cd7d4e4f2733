// Cost of the exact-detection reference (reference/vibro/reference/impact_reference.hpp,
// docs/mathematics.md §1) over 3000 forcing periods of a chaotic case, in double and in MPFR at the
// digits that horizon needs (acceptance item 8 of the reference issue).
//
// The case. Seed 001's published settings (docs/mathematics.md §4): ω = 50, e = 0.5, u0 = 0, v0 = 0.1,
// 3000 periods. α, a and u_min are not published; chosen here:
//   α = 0.9 (underdamped), a = 2500 (= ω², forced amplitude ≈ 1), u_min = 0 (the mass
//   starts on the obstacle, moving up).
// Measured with this program's own double run (main() prints it again): λ1 ≈ 0.0622 per
// period (0.495 per unit time), λ2 ≈ −0.328, λ1 + λ2 = −0.26594 = −2αT + 2 (86/3000) ln e,
// the sum rule of docs/mathematics.md §1.2; 86 transverse impacts (|v−| from 1.4 to 30), no grazing,
// accumulation or sticking. For 11 initial velocities v0 ∈ [0.099, 0.101] λ1 stays in
// [0.061, 0.069] and every impact stays transverse (|v−| ≥ 0.5).
//
// The case is written below in the case-file format (cases/README.md) and read by the
// project's case reader; it could move to cases/ as it stands.
//
// How it was chosen: a throwaway scan (not kept) ran the double reference with a fresh
// FlowJacobian per period and the Gram–Schmidt step of docs/mathematics.md §4, rejecting any set with
// an event other than a transverse impact in any period:
//   - 300 periods: α ∈ {0, 0.05, 0.2, 1, 3, 10}, a ∈ {250, 1000, 2500, 10000},
//     u_min ∈ {0, −0.05, −0.2, −0.4, −0.8, −2}; then α ∈ {0.5, 1, 2, 5, 10, 20, 30, 40, 50,
//     75, 100}, a ∈ {1000, 2500}, u_min = r·A with A = a/|1 − ω² + 2iαω| (forced amplitude),
//     r ∈ {0, −0.2, −0.4, −0.6, −0.8, −0.9, −0.95, −0.99};
//   - 3000 periods, v0 ∈ {0.099, 0.1, 0.101}: α ∈ {0, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 15,
//     …, 50, 60, 75}, a ∈ {1000, 2500}, r ∈ {0, −0.05, −0.1, −0.2, −0.3, −0.5};
//   - 3000 periods, 11 values of v0: α ∈ {0.75, 0.9, 5, 10, 20}, a = 2500, u_min = 0.
// λ1 ≤ 0 for α ≤ 0.25; λ1 > 0 for 0.5 ≤ α ≤ 50 and u_min near 0 (about 0.02 to 0.15 per
// period, growing with α); for α ≥ 60 and u_min ≈ 0 the motion settles onto the obstacle
// (grazing, accumulation) and is rejected. α = 0.9 is underdamped with well-transverse
// impacts and a stable λ1. Impacts are rare, 0.02 to 0.05 per period, for every set: u0 = 0
// forces u_min ≤ 0, so the spring pushes the mass away from the obstacle, and a rebound of
// speed ~a/ω only comes back after a time of the order of the free period 2π, ≈ 50 forcing
// periods. With u_min = 0, (u, v, a) → (cu, cv, ca) maps solutions to solutions, so a
// only sets the scale (and the weight of v0 = 0.1).
//
// Benchmarks; one iteration = one run of 3000 periods from the same initial data, sampled
// at every section time t = kT (as a Lyapunov computation uses the reference):
//   BM_baseline_double            the closed-form flight alone at the same 3000 section
//                                 times: each period an OscillatorFlight from the current
//                                 state, evaluated at the next section, the obstacle ignored;
//   BM_reference_double           ImpactReference::advance to each section, events only;
//   BM_reference_double_jacobian  the same with a fresh FlowJacobian per period and the
//                                 Gram–Schmidt step of docs/mathematics.md §4 (the Lyapunov engine);
//   BM_baseline_mpfr, BM_reference_mpfr   the same in MPFR at D decimal digits,
//     D = digits_needed(λ1, horizon, 16) = ceil(λ1 · 3000 / ln 10) + 16   (λ1 per period),
//     with λ1 from the double run above, computed in main() before benchmarking: the
//     digits that keep 16 correct over the horizon (rounding errors grow like e^{λ1 k}).
//     For this case D = 98. Checked outside this program against a 160-digit run: at 98
//     digits the final state has 15 correct significant digits (100 digits: 17; 82: none),
//     so the estimate is about 2 digits short, the prefactor of the growth; 86 impacts at
//     every precision, and the MPFR run's own λ1 is 0.0628 (the double run, a pseudo-
//     trajectory after ~600 periods, gives 0.0622).
// Each reports the impacts of its run (counter `impacts`; items = impacts, so items_per_second
// is impacts per second of wall time). Ratios to the baselines measured in the same run,
// and one line per reference benchmark with its wall time and impacts per second, are
// printed at the end (median over --benchmark_repetitions).

#include "ratio_reporter.hpp"

#include "vibro/analysis/digits_needed.hpp"
#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_reference.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/oscillator_flight.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace {

/// The chaotic case of the header in the case-file format (cases/README.md), read by the
/// project's own case reader: every number reaches each scalar type from its decimal text.
constexpr const char* case_toml = R"(
[case]
name = "reference-chaotic-oscillator"
description = "Chaotic case with seed 001's published settings; alpha, a and u_min chosen here."

[model]
type = "impact-oscillator"
alpha = 0.9
a = 2500
omega = 50
u_min = 0
e = 0.5

[initial]
u0 = 0
v0 = 0.1

[scheme]
type = "reference"

[horizon]
periods = 3000
)";

const vibro::CaseSpec& chaotic_case() {
  static const vibro::CaseSpec spec = vibro::parse_case(case_toml, "bench/reference_bench.cpp");
  return spec;
}

/// Forcing periods per run.
std::int64_t periods() { return *chaotic_case().horizon.periods; }

/// Correct digits the MPFR run keeps at the end of the horizon.
constexpr long target_digits = 16;

template <class Real>
struct Setup {
  vibro::ImpactOscillator<Real> model;
  Real t0, u0, v0, period;

  /// In MPFR, call with the precision already in place.
  static Setup make() {
    const vibro::CaseSpec& c = chaotic_case();
    std::optional<Setup> setup;
    vibro::with_model<vibro::ModelKinds{vibro::ModelKind::impact_oscillator}, Real>(
        c.model, [&](const vibro::ImpactOscillator<Real>& model) {
          setup = Setup{model, vibro::to_real<Real>(c.t0), vibro::to_real<Real>(c.u0), vibro::to_real<Real>(c.v0),
                        model.period()};
        });
    return *setup;
  }

  /// The k-th section time t0 + kT.
  Real section(std::int64_t k) const { return Real(t0 + period * Real(k)); }
};

struct RunResult {
  std::int64_t impacts = 0;
  std::int64_t other_events = 0;  ///< grazing, accumulation, stick, release: none for this case
  double u = 0, v = 0;            ///< the final state, rounded to double
};

/// The reference over the case's periods, advanced section by section; with `exponents`,
/// also the exact Jacobian of each period, fed to the Gram–Schmidt step.
template <class Real>
RunResult reference_run(const Setup<Real>& s, vibro::LyapunovExponents<Real>* exponents) {
  using Model = vibro::ImpactOscillator<Real>;
  const vibro::ImpactReference<Model> reference(s.model, vibro::default_reference_settings(s.model, s.u0, s.v0));
  auto x = reference.start(s.t0, s.u0, s.v0);
  RunResult result;
  const auto on_event = [&](const vibro::ReferenceEvent<Real>& event) {
    if (event.kind == vibro::EventKind::impact)
      ++result.impacts;
    else
      ++result.other_events;
  };
  for (std::int64_t k = 1; k <= periods(); ++k) {
    if (exponents) {
      vibro::FlowJacobian<Real> jacobian;
      reference.advance(x, s.section(k), on_event, &jacobian);
      vibro::add_period(*exponents, jacobian);
    } else {
      reference.advance(x, s.section(k), on_event);
    }
  }
  result.u = static_cast<double>(x.u);
  result.v = static_cast<double>(x.v);
  return result;
}

/// Baseline: the closed-form flight from the current state to the next section time,
/// 3000 times, the obstacle ignored (no contact search, no events).
template <class Real>
RunResult baseline_run(const Setup<Real>& s) {
  Real u = s.u0, v = s.v0;
  for (std::int64_t k = 1; k <= periods(); ++k) {
    const vibro::OscillatorFlight<Real> flight(s.model, s.section(k - 1), u, v);
    const Real t = s.section(k);
    u = flight.position(t);
    v = flight.velocity(t);
  }
  return {0, 0, static_cast<double>(u), static_cast<double>(v)};
}

void set_counters(benchmark::State& state, const RunResult& result) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * result.impacts);
  state.counters["impacts"] = static_cast<double>(result.impacts);
  // Grazing, accumulation, sticking: none in this case's double run (main() checks it);
  // shown when a run at another precision meets one.
  if (result.other_events > 0) state.counters["other_events"] = static_cast<double>(result.other_events);
  // Seconds per run (the console prints it in its own unit); read by the reporter when only
  // aggregates are reported.
  state.counters["s_per_run"] =
      benchmark::Counter(1, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

/// Runs `run` once per iteration; an exception from the reference ends the benchmark with
/// its message instead of the program.
template <class Run>
void measure(benchmark::State& state, const Run& run) {
  RunResult result;
  try {
    for (auto _ : state) {
      result = run();
      benchmark::DoNotOptimize(result);
    }
  } catch (const std::exception& error) {
    state.SkipWithError(error.what());
    return;
  }
  set_counters(state, result);
}

template <class Real>
void run_baseline(benchmark::State& state) {
  const auto setup = Setup<Real>::make();
  measure(state, [&] { return baseline_run(setup); });
}

template <class Real>
void run_reference(benchmark::State& state, bool with_jacobian) {
  const auto setup = Setup<Real>::make();
  measure(state, [&] {
    vibro::LyapunovExponents<Real> exponents(setup.period, false);
    return reference_run(setup, with_jacobian ? &exponents : nullptr);
  });
}

void BM_baseline_double(benchmark::State& state) { run_baseline<double>(state); }
void BM_reference_double(benchmark::State& state) { run_reference<double>(state, false); }
void BM_reference_double_jacobian(benchmark::State& state) { run_reference<double>(state, true); }

BENCHMARK(BM_baseline_double)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_reference_double)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_reference_double_jacobian)->UseRealTime()->Unit(benchmark::kMillisecond);

/// The MPFR benchmarks, registered once the digits are known. The precision must be in
/// place before any mpfr_real of the run is created.
void register_mpfr(long digits) {
  const std::string label = "mpfr:" + std::to_string(digits);
  benchmark::RegisterBenchmark("BM_baseline_mpfr", [digits, label](benchmark::State& state) {
    vibro::MpfrPrecisionGuard guard(digits);
    state.SetLabel(label);
    run_baseline<vibro::mpfr_real>(state);
  })->UseRealTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("BM_reference_mpfr", [digits, label](benchmark::State& state) {
    vibro::MpfrPrecisionGuard guard(digits);
    state.SetLabel(label);
    run_reference<vibro::mpfr_real>(state, false);
  })->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);
}

/// λ1 of the double run over the horizon, with the checks that make this case what the
/// header says: only transverse impacts, a Jacobian defined in every period, λ1 > 0 and
/// the sum rule. Returns NaN (after saying why) when a check fails.
double measured_lambda1() {
  const auto setup = Setup<double>::make();
  vibro::LyapunovExponents<double> exponents(setup.period, false);
  const RunResult run = reference_run(setup, &exponents);
  const auto& m = setup.model;
  std::printf("case: alpha = %g, a = %g, omega = %g, u_min = %g, e = %g, u0 = %g, v0 = %g, %lld periods\n", m.alpha(),
              m.amplitude(), m.omega(), m.obstacle(), m.restitution(), setup.u0, setup.v0,
              static_cast<long long>(periods()));
  if (run.other_events > 0 || !exponents.defined()) {
    std::fprintf(stderr, "check: %lld events other than transverse impacts (%s); not the documented chaotic case\n",
                 static_cast<long long>(run.other_events), exponents.why_undefined().c_str());
    return std::nan("");
  }
  const double l1 = exponents.lambda1(), l2 = exponents.lambda2();
  const double impacts_per_period = static_cast<double>(run.impacts) / static_cast<double>(periods());
  const double rule = -2 * m.alpha() * setup.period + 2 * impacts_per_period * std::log(m.restitution());
  std::printf("double run: %lld impacts (%.4f per period); per period lambda1 = %.6f, lambda2 = %.6f "
              "(per unit time %.6f, %.6f)\n",
              static_cast<long long>(run.impacts), impacts_per_period, l1, l2, l1 / setup.period, l2 / setup.period);
  std::printf("sum rule: lambda1 + lambda2 = %.9f, -2 alpha T + 2 (impacts/period) ln e = %.9f\n", l1 + l2, rule);
  if (!(l1 > 0) || std::abs(l1 + l2 - rule) > 1e-6) {
    std::fprintf(stderr, "check: lambda1 <= 0 or the sum rule fails; not the documented chaotic case\n");
    return std::nan("");
  }
  return l1;
}

void print_reference_line(const vibro::bench::RatioReporter& reporter, const char* name, const std::string& what) {
  const double seconds = reporter.median_seconds(name), impacts = reporter.counter(name, "impacts");
  if (std::isnan(seconds)) return;
  std::printf("%s: %lld periods, %.0f impacts, %.4g s, %.4g impacts/s\n", what.c_str(),
              static_cast<long long>(periods()), impacts, seconds, impacts / seconds);
}

}  // namespace

int main(int argc, char** argv) {
  const double lambda1 = measured_lambda1();
  if (std::isnan(lambda1)) return EXIT_FAILURE;
  const auto k = static_cast<long long>(periods());
  const long digits = vibro::digits_needed(lambda1, static_cast<double>(k), target_digits);
  std::printf("MPFR digits = ceil(lambda1 * %lld / ln 10) + %ld = ceil(%.6f * %lld / %.6f) + %ld = %ld\n\n", k,
              target_digits, lambda1, k, std::log(10.0), target_digits, digits);
  register_mpfr(digits);

  auto ran = vibro::bench::run_benchmarks(argc, argv, 1, "s_per_run");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;

  std::printf("\nmedian of the repetitions, real time, one run = %lld periods:\n", static_cast<long long>(periods()));
  const std::string mpfr = "reference mpfr:" + std::to_string(digits);
  print_reference_line(reporter, "BM_reference_double", "reference double");
  print_reference_line(reporter, "BM_reference_double_jacobian", "reference double + Jacobian");
  print_reference_line(reporter, "BM_reference_mpfr", mpfr);
  vibro::bench::print_ratio(reporter, "BM_reference_double", "BM_baseline_double");
  vibro::bench::print_ratio(reporter, "BM_reference_double_jacobian", "BM_baseline_double");
  vibro::bench::print_ratio(reporter, "BM_reference_double_jacobian", "BM_reference_double");
  vibro::bench::print_ratio(reporter, "BM_reference_mpfr", "BM_baseline_mpfr");
  vibro::bench::print_ratio(reporter, "BM_reference_mpfr", "BM_reference_double");
  return EXIT_SUCCESS;
}
