// Cost of one step of the sweeping-process scheme of seed 004 (docs/mathematics.md §7.1) on
// the double pendulum of the seed (m1 = m2 = l1 = l2 = 1, g = 9.81, q0 = (π/3, π/3), u0 = 0),
// with e = 1/2 and h = 1/2000 so that the 2^12 steps of one iteration (2.048 s) cover the
// first impact, the chatter and the contact phase; every iteration restarts from the same
// initial data:
//
//   BM_baseline               the explicit step written out by hand below on plain doubles,
//                             with the library's operations in the library's order
//                             (M(q), its LDLᵀ, f, the solve, the closed-form projection);
//   BM_explicit_double        vibro::SweepingProcess<DoublePendulum<double>>, j(i) = i;
//   BM_implicit_double        the same, j(i) = i + 1 (fixed point, ~2 iterations a step);
//   BM_explicit_mpfr50, BM_implicit_mpfr50
//                             the library at 50 digits of MPFR.
//
// The machine this runs on is shared and noisy, so the figures that matter are the ratios
// measured in the same run, printed at the end (median over --benchmark_repetitions):
// explicit_double / baseline (the library's overhead), implicit_double / explicit_double
// (the fixed point's price), and each MPFR step against its double step.
//
// Before measuring, main() checks that the baseline and the library agree bitwise after the
// 2^12 steps and count the same steps with an active projection (not 0), and that a double
// step of either version allocates nothing: this program replaces operator new by the
// counting one of tests/support/allocation_counter.cpp, and the steps after start() must
// leave the count unchanged.

#include "ratio_reporter.hpp"

#include "support/allocation_counter.hpp"

#include "vibro/model/double_pendulum.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/scheme/sweeping_process.hpp"

#include <benchmark/benchmark.h>
#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

using vibro::DoublePendulum;
using vibro::SweepingProcess;
using vibro::SweepingVersion;
using vibro::Vector;

/// Steps per benchmark iteration.
constexpr std::int64_t steps = std::int64_t{1} << 12;

template <class Real>
DoublePendulum<Real> pendulum() {
  return DoublePendulum<Real>(Real(1), Real(1), Real(1), Real(1), Real(981) / 100, Real(1) / 2);
}

template <class Real>
SweepingProcess<DoublePendulum<Real>> scheme(SweepingVersion version) {
  return SweepingProcess<DoublePendulum<Real>>(pendulum<Real>(), Real(1) / 2000, Real(0), {version, 100});
}

template <class Real>
Vector<Real> start_position() {
  const Real third_pi = boost::math::constants::pi<Real>() / 3;
  return {third_pi, third_pi};
}

// ---------------------------------------------------------------------------------------
// Library.

template <class Real>
struct LibraryResult {
  Vector<Real> q, u;
  std::int64_t active = 0;
};

template <class Real>
LibraryResult<Real> library_run(const SweepingProcess<DoublePendulum<Real>>& s) {
  auto x = s.start(start_position<Real>(), {Real(0), Real(0)});
  std::int64_t active = 0;
  for (std::int64_t k = 0; k < steps; ++k) active += s.step(x) ? 1 : 0;
  return {x.q, x.u, active};
}

// ---------------------------------------------------------------------------------------
// Baseline: the explicit step for this pendulum on plain doubles, no library code in the
// loop. Each expression is the library's, in its order, so that the two agree bitwise.

struct PlainResult {
  double q[2], u[2];
  std::int64_t active = 0;
};

PlainResult plain_run() {
  const double m1 = 1, m2 = 1, l1 = 1, l2 = 1, gravity = 9.81, e = 0.5, h = 1.0 / 2000;
  const double h_over = h / (1 + e);
  const double third_pi = boost::math::constants::pi<double>() / 3;
  double q[2] = {third_pi, third_pi}, u[2] = {0, 0};
  std::int64_t active = 0;
  for (std::int64_t k = 0; k < steps; ++k) {
    const double qn[2] = {q[0] + h * u[0], q[1] + h * u[1]};
    // M(q_{n+1}) and its LDLᵀ (symmetric_solve.hpp): d0 = a00, l10 = a10/d0, d1 = a11 − l10² d0.
    const double coupling = m2 * l1 * l2 * std::cos(qn[0] - qn[1]);
    const double d0 = (m1 + m2) * l1 * l1;
    const double l10 = coupling / d0;
    const double d1 = m2 * l2 * l2 - l10 * l10 * d0;
    const auto solve = [&](double b0, double b1, double out[2]) {
      out[0] = b0;
      out[1] = b1 - l10 * out[0];
      out[0] /= d0;
      out[1] /= d1;
      out[0] = out[0] - l10 * out[1];
    };
    // f(t, q_{n+1}, u_n) and the argument u_n + h/(1+e) M⁻¹f.
    const double s12 = m2 * l1 * l2 * std::sin(qn[0] - qn[1]);
    const double f0 = (m1 + m2) * gravity * l1 * std::sin(qn[0]) - s12 * u[1] * u[1];
    const double f1 = m2 * gravity * l2 * std::sin(qn[1]) + s12 * u[0] * u[0];
    double acceleration[2];
    solve(f0, f1, acceleration);
    double p[2] = {u[0] + h_over * acceleration[0], u[1] + h_over * acceleration[1]};
    // g(q_{n+1}) = −cos θ1 ≥ 0: the half-space {∇g·v ≤ 0}, ∇g = (sin θ1, 0).
    if (-std::cos(qn[0]) >= 0) {
      const double gradient[2] = {std::sin(qn[0]), 0.0};
      double rate = 0;
      rate += gradient[0] * p[0];
      rate += gradient[1] * p[1];
      if (rate > 0) {
        double w[2];
        solve(gradient[0], gradient[1], w);
        double norm = 0;
        norm += gradient[0] * w[0];
        norm += gradient[1] * w[1];
        const double multiplier = rate / norm;
        p[0] -= multiplier * w[0];
        p[1] -= multiplier * w[1];
        ++active;
      }
    }
    u[0] = (1 + e) * p[0] - e * u[0];
    u[1] = (1 + e) * p[1] - e * u[1];
    q[0] = qn[0];
    q[1] = qn[1];
  }
  PlainResult r;
  r.q[0] = q[0];
  r.q[1] = q[1];
  r.u[0] = u[0];
  r.u[1] = u[1];
  r.active = active;
  return r;
}

// ---------------------------------------------------------------------------------------
// Benchmarks.

void set_counters(benchmark::State& state, std::int64_t active) {
  state.counters["seconds_per_step"] = benchmark::Counter(
      static_cast<double>(steps), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["active"] = static_cast<double>(active);
}

void BM_baseline(benchmark::State& state) {
  PlainResult result;
  for (auto _ : state) {
    result = plain_run();
    benchmark::DoNotOptimize(result);
  }
  set_counters(state, result.active);
}

template <class Real>
void run_library(benchmark::State& state, SweepingVersion version) {
  const auto s = scheme<Real>(version);
  LibraryResult<Real> result;
  for (auto _ : state) {
    result = library_run(s);
    benchmark::DoNotOptimize(result);
  }
  set_counters(state, result.active);
}

void BM_explicit_double(benchmark::State& state) { run_library<double>(state, SweepingVersion::explicit_force); }
void BM_implicit_double(benchmark::State& state) { run_library<double>(state, SweepingVersion::implicit_force); }
void BM_explicit_mpfr50(benchmark::State& state) {
  // The precision must be in place before any mpfr_real of the run is created.
  const vibro::MpfrPrecisionGuard guard(50);
  run_library<vibro::mpfr_real>(state, SweepingVersion::explicit_force);
}
void BM_implicit_mpfr50(benchmark::State& state) {
  const vibro::MpfrPrecisionGuard guard(50);
  run_library<vibro::mpfr_real>(state, SweepingVersion::implicit_force);
}

BENCHMARK(BM_baseline)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_explicit_double)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_implicit_double)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_explicit_mpfr50)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_implicit_mpfr50)->UseRealTime()->Unit(benchmark::kMillisecond);

/// The baseline and the explicit library step agree bitwise and both exercise the projection.
bool baseline_matches_library() {
  const LibraryResult<double> library = library_run(scheme<double>(SweepingVersion::explicit_force));
  const PlainResult plain = plain_run();
  const bool same = plain.q[0] == library.q[0] && plain.q[1] == library.q[1] && plain.u[0] == library.u[0] &&
                    plain.u[1] == library.u[1] && plain.active == library.active;
  std::printf("check: after %lld steps θ1 = %.17g (baseline) vs %.17g (library), %lld vs %lld steps with an active "
              "projection\n",
              static_cast<long long>(steps), plain.q[0], library.q[0], static_cast<long long>(plain.active),
              static_cast<long long>(library.active));
  return vibro::bench::baseline_is_comparable(same, library.active, "bench_general_inertia",
                                              "SweepingProcess::step");
}

/// Allocations made by the steps of a double run of each version (start() excluded).
bool double_steps_allocate_nothing() {
  bool none = true;
  for (const SweepingVersion version : {SweepingVersion::explicit_force, SweepingVersion::implicit_force}) {
    const auto s = scheme<double>(version);
    auto x = s.start(start_position<double>(), {0.0, 0.0});
    const std::int64_t before = vibro::testing::allocation_count();
    for (std::int64_t k = 0; k < steps; ++k) s.step(x);
    const std::int64_t made = vibro::testing::allocation_count() - before;
    std::printf("check: %lld allocations in %lld %s double steps\n", static_cast<long long>(made),
                static_cast<long long>(steps), version == SweepingVersion::explicit_force ? "explicit" : "implicit");
    none = none && made == 0;
  }
  if (!none) std::fprintf(stderr, "bench_general_inertia: a double step allocates. Aborting.\n");
  return none;
}

}  // namespace

int main(int argc, char** argv) {
  if (!baseline_matches_library() || !double_steps_allocate_nothing()) return EXIT_FAILURE;
  auto ran = vibro::bench::run_benchmarks(argc, argv, static_cast<double>(steps), "seconds_per_step");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;
  vibro::bench::print_ns_per_step(reporter, {"BM_baseline", "BM_explicit_double", "BM_implicit_double",
                                             "BM_explicit_mpfr50", "BM_implicit_mpfr50"});
  std::printf("\n");
  vibro::bench::print_ratio(reporter, "BM_explicit_double", "BM_baseline");
  vibro::bench::print_ratio(reporter, "BM_implicit_double", "BM_explicit_double");
  vibro::bench::print_ratio(reporter, "BM_explicit_mpfr50", "BM_explicit_double");
  vibro::bench::print_ratio(reporter, "BM_implicit_mpfr50", "BM_implicit_double");
  return EXIT_SUCCESS;
}
