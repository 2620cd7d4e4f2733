// Cost of one Paoli–Schatzman step (seed 000 eq. (14), increment form) on the impact oscillator
// of seed 000 eq. (15), with the centered velocity approximation (docs/mathematics.md §2):
//
//   BM_baseline_double  the same recurrence written out by hand below, plain doubles;
//   BM_library_double   vibro::PaoliSchatzman<ImpactOscillator<double>>::step;
//   BM_library_mpfr50   the same at 50 decimal digits of MPFR.
//
// Each reports ns per step (the ns_per_step counter; items = steps). The machine this runs
// on is shared and noisy, so the figures that matter are the ratios to the baseline
// measured in the same run, printed at the end (median over --benchmark_repetitions).
// Targets: library_double / baseline_double ≤ 1.5; library_mpfr50 / library_double ≤ 60 (the
// MPFR step works in place and takes cos ωt_n from model/harmonic_forcing_grid.hpp).
//
// Before measuring, main() checks that the baseline and the library produce bitwise the
// same trajectory end in double, so the baseline is a like-for-like comparison.

#include "ratio_reporter.hpp"

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

/// Steps per benchmark iteration; every iteration restarts from the same initial data.
constexpr std::int64_t steps = std::int64_t{1} << 16;
/// Steps per forcing period: h = T/2513.
constexpr int steps_per_period = 2513;

/// A forced, damped oscillator that hits the obstacle about once per period, so the
/// projection of eq. (14) is sometimes active, with Cauchy data (u0, v0) at t0 = 0.
struct Parameters {
  const char* alpha = "0.1";
  const char* amplitude = "2.5";
  const char* omega = "1.2";
  const char* u_min = "0";
  const char* e = "0.8";
  const char* u0 = "0.5";
  const char* v0 = "0";
};

// ---------------------------------------------------------------------------------------
// Baseline: the recurrence written directly, no library code.

struct BaselineResult {
  double u = 0;  ///< U^{steps}
  double d = 0;  ///< D^{steps} = U^{steps+1} − U^{steps}
  std::int64_t impacts = 0;
};

/// U^0 = u0, D^0 = U^1 − U^0 by the Taylor start of seed 000 eq. (9), then `steps` steps of
/// eq. (14) in the increment form with the centered velocity in closed form
/// (docs/mathematics.md §2): c = αh, κ = 1 − e − c(1 + e),
///   U^n = U^{n−1} + D,  B = (1+e)u_min − (1+e)U^n,  Y = (h²(a cos(ω t_n) − U^n) + κD) / (1 + c),
///   D' = max(Y, B) + eD,   t_n = t0 + n h.
/// The expressions are grouped as the library groups them, so the two agree bitwise.
BaselineResult baseline_run(double alpha, double a, double omega, double u_min, double e, double h, double u0,
                            double v0, std::int64_t count) {
  const double t0 = 0;
  const double h2 = h * h;
  const double c = alpha * h;  // k h/2 with k = 2α
  const double scale = 1 / (1 + c);
  const double lower = (1 + e) * u_min;
  const double k = 2 * alpha;
  const double kappa = (1 - e) - c * (1 + e);

  double u = u0;
  double d = h * v0;
  d += h * h / 2 * (a * std::cos(omega * t0) - k * v0 - u0);
  std::int64_t impacts = 0;
  for (std::int64_t n = 1; n <= count; ++n) {
    const double t = t0 + h * static_cast<double>(n);
    u += d;
    const double bound = lower - (1 + e) * u;
    const double f0 = a * std::cos(omega * t) - u;
    const double y = (h2 * f0 + kappa * d) * scale;
    const bool active = y < bound;
    d = (active ? bound : y) + e * d;
    impacts += active;
  }
  return {u, d, impacts};
}

// ---------------------------------------------------------------------------------------
// Library.

template <class Real>
struct LibrarySetup {
  using Scheme = vibro::PaoliSchatzman<vibro::ImpactOscillator<Real>>;
  Scheme scheme;
  Real u0, v0;

  static LibrarySetup make(const Parameters& p) {
    using vibro::parse_real;
    vibro::ImpactOscillator<Real> model(parse_real<Real>(p.alpha), parse_real<Real>(p.amplitude),
                                        parse_real<Real>(p.omega), parse_real<Real>(p.u_min),
                                        parse_real<Real>(p.e));
    Real h = model.period() / steps_per_period;
    return {Scheme(std::move(model), std::move(h)), parse_real<Real>(p.u0), parse_real<Real>(p.v0)};
  }
};

template <class Real>
struct LibraryResult {
  typename LibrarySetup<Real>::Scheme::State state;
  std::int64_t impacts = 0;
};

template <class Real>
LibraryResult<Real> library_run(const LibrarySetup<Real>& setup, std::int64_t count) {
  LibraryResult<Real> result{setup.scheme.start(setup.u0, setup.v0), 0};
  for (std::int64_t n = 0; n < count; ++n) result.impacts += setup.scheme.step(result.state);
  return result;
}

BaselineResult baseline_run(const Parameters& p, std::int64_t count) {
  // Same h as the library's (model.period() / 2513): the baseline times the loop, not the setup.
  const auto setup = LibrarySetup<double>::make(p);
  const auto& m = setup.scheme.model();
  return baseline_run(m.alpha(), m.amplitude(), m.omega(), m.obstacle(), m.restitution(), setup.scheme.step_size(),
                      setup.u0, setup.v0, count);
}

void set_counters(benchmark::State& state, std::int64_t impacts) {
  const auto total = static_cast<std::int64_t>(state.iterations()) * steps;
  state.SetItemsProcessed(total);
  // time / (iterations · steps), in seconds: the console prints it as e.g. "11.4ns".
  state.counters["ns_per_step"] = benchmark::Counter(static_cast<double>(steps),
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
  state.counters["impacts"] = static_cast<double>(impacts);
}

// ---------------------------------------------------------------------------------------
// Benchmarks.

void BM_baseline_double(benchmark::State& state) {
  const auto setup = LibrarySetup<double>::make(Parameters{});
  const auto& m = setup.scheme.model();
  // Read the parameters through DoNotOptimize so the compiler cannot specialise on them.
  double alpha = m.alpha(), a = m.amplitude(), omega = m.omega(), u_min = m.obstacle(), e = m.restitution();
  double h = setup.scheme.step_size(), u0 = setup.u0, v0 = setup.v0;
  BaselineResult result;
  for (auto _ : state) {
    benchmark::DoNotOptimize(alpha);
    benchmark::DoNotOptimize(a);
    benchmark::DoNotOptimize(omega);
    benchmark::DoNotOptimize(u_min);
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(h);
    benchmark::DoNotOptimize(u0);
    benchmark::DoNotOptimize(v0);
    result = baseline_run(alpha, a, omega, u_min, e, h, u0, v0, steps);
    benchmark::DoNotOptimize(result);
  }
  set_counters(state, result.impacts);
}

template <class Real>
void run_library_benchmark(benchmark::State& state) {
  const auto setup = LibrarySetup<Real>::make(Parameters{});
  LibraryResult<Real> result;
  for (auto _ : state) {
    result = library_run(setup, steps);
    benchmark::DoNotOptimize(result);
  }
  set_counters(state, result.impacts);
}

void BM_library_double(benchmark::State& state) { run_library_benchmark<double>(state); }

void BM_library_mpfr50(benchmark::State& state) {
  // The precision must be in place before any mpfr_real of the run is created.
  vibro::MpfrPrecisionGuard guard(50);
  run_library_benchmark<vibro::mpfr_real>(state);
}

BENCHMARK(BM_baseline_double)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_library_double)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_library_mpfr50)->UseRealTime()->Unit(benchmark::kMillisecond);

/// The baseline and the library must agree bitwise in double, including the number of
/// steps where the projection was active, and that number must not be 0; otherwise the
/// comparison is meaningless.
bool baseline_matches_library() {
  const Parameters p;
  const auto setup = LibrarySetup<double>::make(p);
  const BaselineResult baseline = baseline_run(p, steps);
  const LibraryResult<double> library = library_run(setup, steps);
  const bool same = baseline.u == library.state.u && baseline.d == library.state.d &&
                    std::signbit(baseline.u) == std::signbit(library.state.u) &&
                    baseline.impacts == library.impacts && library.state.n == steps;
  std::printf("check: after %lld steps U = %.17g (baseline) vs %.17g (library), %lld vs %lld active projections\n",
              static_cast<long long>(steps), baseline.u, library.state.u, static_cast<long long>(baseline.impacts),
              static_cast<long long>(library.impacts));
  return vibro::bench::baseline_is_comparable(same, library.impacts, "bench_paoli_schatzman", "PaoliSchatzman::step");
}

}  // namespace

int main(int argc, char** argv) {
  if (!baseline_matches_library()) return EXIT_FAILURE;

  // Times per step; ns_per_step holds seconds per step (the console prints it in ns).
  auto ran = vibro::bench::run_benchmarks(argc, argv, static_cast<double>(steps), "ns_per_step");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;
  vibro::bench::print_ns_per_step(reporter, {"BM_baseline_double", "BM_library_double", "BM_library_mpfr50"});
  const double overhead = vibro::bench::print_ratio(reporter, "BM_library_double", "BM_baseline_double");
  vibro::bench::print_ratio(reporter, "BM_library_mpfr50", "BM_baseline_double");
  const double mpfr_cost = vibro::bench::print_ratio(reporter, "BM_library_mpfr50", "BM_library_double");
  vibro::bench::print_target(overhead, "BM_library_double", "BM_baseline_double", 1.5);
  vibro::bench::print_target(mpfr_cost, "BM_library_mpfr50", "BM_library_double", 60);
  return EXIT_SUCCESS;
}
