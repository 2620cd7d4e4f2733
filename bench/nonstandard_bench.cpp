// Cost of one step of the non-standard impact scheme (seed 003 eq. (5.8)/(5.9), docs/mathematics.md §5)
// on seed 003 example 5.1 (y'' + 100 y = 0, ω = 10, y ≥ z0 = 0, e = 0.5, y0 = 1, v0 = 0,
// Δt = 0.001, exact start), 2^16 steps per iteration, each iteration restarting from y0, v0:
//
//   BM_baseline_double             the recurrence written out by hand below, plain doubles;
//   BM_nonstandard_double          vibro::NonstandardImpact<vibro::ConservativeOscillator<double>>::step, non-standard denominator;
//   BM_standard_double             the same class with the standard denominator (Paoli–Schatzman,
//                                  Störmer–Verlet between impacts), same exact start;
//   BM_nonstandard_duffing_double  the non-standard scheme on seed 003 examples 5.2/5.3 (β = 1,
//                                  ω = 1, obstacle −0.5, e = 0.9, Δt = 0.01, centered start):
//                                  the non-local Duffing term costs one division per step;
//   BM_nonstandard_mpfr50          BM_nonstandard_double at 50 decimal digits of MPFR.
//
// Each reports ns per step (the ns_per_step counter; items = steps) and the number of steps
// where the projection was active. The machine this runs on is shared and noisy, so the
// figures that matter are the ratios measured in the same run, printed at the end (median
// over --benchmark_repetitions):
//   nonstandard_double / baseline_double   the library's overhead; target ≤ 1.5;
//   nonstandard_double / standard_double   seed 003 §5 reports "cpu times of the same
//                                          order" for the two schemes (0.373 s vs 0.435 s,
//                                          9.93 s vs 9.84 s);
//   nonstandard_duffing / nonstandard      the price of the division of the Duffing term;
//   nonstandard_mpfr50 / nonstandard       the price of MPFR.
//
// Before measuring, main() checks that the baseline and the library produce bitwise the
// same trajectory end and the same number of active projections in double, so the
// baseline is a like-for-like comparison.

#include "ratio_reporter.hpp"

#include "vibro/model/conservative_oscillator.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/scheme/nonstandard_impact.hpp"
#include "vibro/scheme/nonstandard_impact_options.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace {

using vibro::Denominator;
using vibro::InitialStep;
using vibro::NonstandardImpactOptions;

/// Steps per benchmark iteration; every iteration restarts from the same initial data.
constexpr std::int64_t steps = std::int64_t{1} << 16;

/// y'' + ω² y (1 + β y²) = 0 with y ≥ z0, restitution e, Cauchy data (y0, v0) at t0 = 0.
struct Parameters {
  const char* omega;
  const char* beta;
  const char* z0;
  const char* e;
  const char* dt;
  const char* y0;
  const char* v0;
  NonstandardImpactOptions options;
};

/// Seed 003 example 5.1 (cases/nsfd/example51_nonstandard.toml). Over 2^16 steps (65.5 time
/// units) the double run has 207 impacts, each two consecutive active projections (414), and
/// the amplitude falls by e per impact to ≈ 3e-63: no subnormals in the timed loop.
constexpr Parameters example51(Denominator denominator) {
  return {"10", "0", "0", "0.5", "0.001", "1", "0", {denominator, InitialStep::exact}};
}

/// Seed 003 examples 5.2/5.3 as tests/nonstandard_claims_test.cpp (F_DuffingWithObstacle) reads them.
constexpr Parameters duffing{"1", "1", "-0.5", "0.9", "0.01", "1", "0", {Denominator::nonstandard, InitialStep::centered}};

// ---------------------------------------------------------------------------------------
// Library.

template <class Real>
struct LibrarySetup {
  using Scheme = vibro::NonstandardImpact<vibro::ConservativeOscillator<Real>>;
  Scheme scheme;
  Real y0, v0;

  static LibrarySetup make(const Parameters& p) {
    using vibro::parse_real;
    vibro::ConservativeOscillator<Real> model(parse_real<Real>(p.omega), parse_real<Real>(p.beta),
                                              vibro::ConstraintSet<Real>::obstacle(parse_real<Real>(p.z0)),
                                              parse_real<Real>(p.e));
    return {Scheme(std::move(model), parse_real<Real>(p.dt), Real(0), p.options), parse_real<Real>(p.y0),
            parse_real<Real>(p.v0)};
  }
};

template <class Real>
struct LibraryResult {
  typename LibrarySetup<Real>::Scheme::State state;
  std::int64_t active = 0;
};

template <class Real>
LibraryResult<Real> library_run(const LibrarySetup<Real>& setup, std::int64_t count) {
  LibraryResult<Real> result{setup.scheme.start(setup.y0, setup.v0), 0};
  for (std::int64_t n = 0; n < count; ++n) result.active += setup.scheme.step(result.state);
  return result;
}

// ---------------------------------------------------------------------------------------
// Baseline: the recurrence written directly, no library code.

struct BaselineResult {
  double y = 0;       ///< y^{steps}
  double y_next = 0;  ///< y^{steps+1}
  std::int64_t active = 0;
};

/// The harmonic case (β = 0) with the obstacle y ≥ z0: θ = ωΔt, y^0 = y0, y^1 by the exact
/// flow cos θ · y0 + (sin θ / ω) v0 (y0 > z0 here, so v0 is not reflected), then `count`
/// steps of seed 003 eq. (5.9):
///   y_free = 2cos θ · y^k − y^{k−1},  W = y_free + e y^{k−1},
///   y^{k+1} = W < (1+e) z0 ? (1+e) z0 − e y^{k−1} : y_free.
/// That is y^{k+1} = P(2cos θ y^k − y^{k−1} + e y^{k−1}) − e y^{k−1} with P = max(·, (1+e) z0),
/// except that a free step keeps y_free itself, as the library does (nonstandard_impact.hpp),
/// rather than W − e y^{k−1}. The expressions are grouped as the library groups them, so the
/// two agree bitwise.
BaselineResult baseline_run(double omega, double z0, double e, double dt, double y0, double v0, std::int64_t count) {
  const double theta = omega * dt;
  const double cos_theta = std::cos(theta);
  const double sin_theta = std::sin(theta);
  const double two_cos_theta = 2 * cos_theta;
  const double lower = (1 + e) * z0;

  double previous = y0;
  double current = cos_theta * y0 + sin_theta / omega * v0;
  std::int64_t active = 0;
  for (std::int64_t k = 0; k < count; ++k) {
    const double free = two_cos_theta * current - previous;
    const double weighted = free + e * previous;
    const bool projected = weighted < lower;
    const double next = projected ? lower - e * previous : free;
    active += projected;
    previous = current;
    current = next;
  }
  return {previous, current, active};
}

BaselineResult baseline_run(const Parameters& p, std::int64_t count) {
  // The parameters as the library reads them: the baseline times the loop, not the parsing.
  const auto setup = LibrarySetup<double>::make(p);
  const auto& m = setup.scheme.model();
  return baseline_run(m.omega(), *m.lower(), m.restitution(), setup.scheme.step_size(), setup.y0, setup.v0, count);
}

void set_counters(benchmark::State& state, std::int64_t active) {
  const auto total = static_cast<std::int64_t>(state.iterations()) * steps;
  state.SetItemsProcessed(total);
  // time / (iterations · steps), in seconds: the console prints it as e.g. "2.1ns".
  state.counters["ns_per_step"] = benchmark::Counter(static_cast<double>(steps),
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
  state.counters["active"] = static_cast<double>(active);
}

// ---------------------------------------------------------------------------------------
// Benchmarks.

void BM_baseline_double(benchmark::State& state) {
  const auto setup = LibrarySetup<double>::make(example51(Denominator::nonstandard));
  const auto& m = setup.scheme.model();
  // Read the parameters through DoNotOptimize so the compiler cannot specialise on them.
  double omega = m.omega(), z0 = *m.lower(), e = m.restitution(), dt = setup.scheme.step_size();
  double y0 = setup.y0, v0 = setup.v0;
  BaselineResult result;
  for (auto _ : state) {
    benchmark::DoNotOptimize(omega);
    benchmark::DoNotOptimize(z0);
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(dt);
    benchmark::DoNotOptimize(y0);
    benchmark::DoNotOptimize(v0);
    result = baseline_run(omega, z0, e, dt, y0, v0, steps);
    benchmark::DoNotOptimize(result);
  }
  set_counters(state, result.active);
}

template <class Real>
void run_library_benchmark(benchmark::State& state, const Parameters& p) {
  const auto setup = LibrarySetup<Real>::make(p);
  LibraryResult<Real> result;
  for (auto _ : state) {
    result = library_run(setup, steps);
    benchmark::DoNotOptimize(result);
  }
  set_counters(state, result.active);
}

void BM_nonstandard_double(benchmark::State& state) {
  run_library_benchmark<double>(state, example51(Denominator::nonstandard));
}

void BM_standard_double(benchmark::State& state) {
  run_library_benchmark<double>(state, example51(Denominator::standard));
}

void BM_nonstandard_duffing_double(benchmark::State& state) { run_library_benchmark<double>(state, duffing); }

void BM_nonstandard_mpfr50(benchmark::State& state) {
  // The precision must be in place before any mpfr_real of the run is created.
  vibro::MpfrPrecisionGuard guard(50);
  run_library_benchmark<vibro::mpfr_real>(state, example51(Denominator::nonstandard));
}

BENCHMARK(BM_baseline_double)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_nonstandard_double)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_standard_double)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_nonstandard_duffing_double)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_nonstandard_mpfr50)->UseRealTime()->Unit(benchmark::kMillisecond);

/// The baseline and the library must agree bitwise in double, including the number of
/// steps where the projection was active, and that number must not be 0; otherwise the
/// comparison is meaningless.
bool baseline_matches_library() {
  const Parameters p = example51(Denominator::nonstandard);
  const auto setup = LibrarySetup<double>::make(p);
  const BaselineResult baseline = baseline_run(p, steps);
  const LibraryResult<double> library = library_run(setup, steps);
  const bool same = baseline.y == library.state.u && baseline.y_next == library.state.u_next &&
                    std::signbit(baseline.y) == std::signbit(library.state.u) &&
                    std::signbit(baseline.y_next) == std::signbit(library.state.u_next) &&
                    baseline.active == library.active && library.state.n == steps;
  std::printf("check: after %lld steps y = %.17g, y_next = %.17g (baseline) vs y = %.17g, y_next = %.17g (library), "
              "%lld vs %lld active projections\n",
              static_cast<long long>(steps), baseline.y, baseline.y_next, library.state.u, library.state.u_next,
              static_cast<long long>(baseline.active), static_cast<long long>(library.active));
  return vibro::bench::baseline_is_comparable(same, library.active, "bench_nonstandard", "NonstandardImpact::step");
}

}  // namespace

int main(int argc, char** argv) {
  if (!baseline_matches_library()) return EXIT_FAILURE;

  // Times per step; ns_per_step holds seconds per step (the console prints it in ns).
  auto ran = vibro::bench::run_benchmarks(argc, argv, static_cast<double>(steps), "ns_per_step");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;
  vibro::bench::print_ns_per_step(
      reporter,
      {"BM_baseline_double", "BM_nonstandard_double", "BM_standard_double", "BM_nonstandard_duffing_double",
       "BM_nonstandard_mpfr50"},
      "; active projections per " + std::to_string(steps) + " steps",
      [&](const char* name) { return "  " + std::to_string(std::lround(reporter.counter(name, "active"))) + " active"; });
  const double overhead = vibro::bench::print_ratio(reporter, "BM_nonstandard_double", "BM_baseline_double");
  vibro::bench::print_ratio(reporter, "BM_nonstandard_double", "BM_standard_double");
  vibro::bench::print_ratio(reporter, "BM_nonstandard_duffing_double", "BM_nonstandard_double");
  vibro::bench::print_ratio(reporter, "BM_nonstandard_mpfr50", "BM_nonstandard_double");
  vibro::bench::print_target(overhead, "BM_nonstandard_double", "BM_baseline_double", 1.5);
  return EXIT_SUCCESS;
}
