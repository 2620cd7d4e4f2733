// Cost of the general-inertia reference (reference/vibro/reference/inertia_reference.hpp,
// docs/mathematics.md §7.2) on seed 004's experiment: the double pendulum (m1 = m2 = l1 =
// l2 = 1, g = 9.81) from q0 = (π/3, π/3), u0 = 0, with e = 0.5 (impacts, a chatter sequence
// summed into an accumulation, then a contact phase), over τ = 6 s, in double and in MPFR at
// 30 digits.
//
// Benchmarks; one iteration = one run over 6 s:
//   BM_flight_double, BM_flight_mpfr        the baseline: the same integrator (the free
//                                           flight of inertia_flight.hpp, RKF 7(8) at the
//                                           reference's tolerances) over 6 s with the wall
//                                           ignored: no contact search, no events;
//   BM_reference_double, BM_reference_mpfr  InertiaReference::advance over 6 s.
// Counters: `steps`, the integrator steps of one run (accepted steps, plus the events for the
// reference: its hard-cap count), and `steps_per_s`, steps per second of wall time. At the
// end: each benchmark's median time per run and steps per second, and the ratios of the
// reference to the baseline of the same precision, per run and per step (the baseline's
// motion is not the reference's: with the wall ignored the first rod swings through it and
// the controller takes more steps, so the per-step ratio is what the contact search, the
// events and the contact phase cost on top of integrating), and of MPFR to double.

#include "ratio_reporter.hpp"

#include "vibro/model/double_pendulum.hpp"
#include "vibro/reference/inertia_flight.hpp"
#include "vibro/reference/inertia_reference.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <benchmark/benchmark.h>
#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>

namespace {

/// MPFR digits of the wide benchmarks: the precision the issue asks the reference to reach.
constexpr long mpfr_digits = 30;

template <class Real>
struct Setup {
  vibro::DoublePendulum<Real> model;
  vibro::Vector<Real> q0, u0;
  vibro::InertiaReference<vibro::DoublePendulum<Real>> reference;
  Real t_end;

  /// In MPFR, call with the precision already in place.
  static Setup make() {
    const Real third = boost::math::constants::third_pi<Real>();
    const vibro::DoublePendulum<Real> model(Real(1), Real(1), Real(1), Real(1), vibro::parse_real<Real>("9.81"),
                                            vibro::parse_real<Real>("0.5"));
    const vibro::Vector<Real> q0{third, third}, u0{Real(0), Real(0)};
    return Setup{model, q0, u0, vibro::inertia_reference(model, vibro::pendulum_scales(model, q0, u0)), Real(6)};
  }
};

/// Integrator steps of one run; 0 when the run failed.
template <class Real>
std::int64_t reference_run(const Setup<Real>& s) {
  auto x = s.reference.start(Real(0), s.q0, s.u0);
  s.reference.advance(x, s.t_end, [](const vibro::InertiaEvent<Real>&) {});
  return x.segments;
}

template <class Real>
std::int64_t flight_run(const Setup<Real>& s) {
  const auto& integration = s.reference.integration();
  vibro::InertiaFlight<vibro::DoublePendulum<Real>> flight(s.model, Real(0), s.q0, s.u0, std::nullopt, integration,
                                                           integration.max_step);
  std::int64_t steps = 0;
  for (; flight.step_end() < s.t_end; ++steps) flight.step(s.t_end);
  return steps;
}

/// Runs `run` once per iteration; an exception ends the benchmark with its message.
template <class Run>
void measure(benchmark::State& state, const Run& run) {
  std::int64_t steps = 0;
  try {
    for (auto _ : state) {
      steps = run();
      benchmark::DoNotOptimize(steps);
    }
  } catch (const std::exception& error) {
    state.SkipWithError(error.what());
    return;
  }
  state.counters["steps"] = static_cast<double>(steps);
  state.counters["steps_per_s"] =
      benchmark::Counter(static_cast<double>(steps) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  // Seconds per run, read by the reporter when only aggregates are reported.
  state.counters["s_per_run"] =
      benchmark::Counter(1, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <class Real>
void run_benchmark(benchmark::State& state, bool reference) {
  std::optional<vibro::MpfrPrecisionGuard> guard;
  if constexpr (vibro::is_runtime_precision_v<Real>) {
    guard.emplace(mpfr_digits);
    state.SetLabel("mpfr:" + std::to_string(mpfr_digits));
  }
  const auto setup = Setup<Real>::make();
  measure(state, [&] { return reference ? reference_run(setup) : flight_run(setup); });
}

void BM_flight_double(benchmark::State& state) { run_benchmark<double>(state, false); }
void BM_reference_double(benchmark::State& state) { run_benchmark<double>(state, true); }
void BM_flight_mpfr(benchmark::State& state) { run_benchmark<vibro::mpfr_real>(state, false); }
void BM_reference_mpfr(benchmark::State& state) { run_benchmark<vibro::mpfr_real>(state, true); }

BENCHMARK(BM_flight_double)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_reference_double)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_flight_mpfr)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_reference_mpfr)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);

/// Prints "per step a / b = r": the ratio of the two benchmarks' median seconds per step.
void print_per_step_ratio(const vibro::bench::RatioReporter& reporter, const char* name, const char* base) {
  const double value = (reporter.median_seconds(name) / reporter.counter(name, "steps")) /
                       (reporter.median_seconds(base) / reporter.counter(base, "steps"));
  if (!std::isnan(value)) std::printf("per step %s / %s = %.4g\n", name + 3, base + 3, value);
}

void print_line(const vibro::bench::RatioReporter& reporter, const char* name) {
  const double seconds = reporter.median_seconds(name), steps = reporter.counter(name, "steps");
  if (std::isnan(seconds)) return;
  std::printf("  %-22s %8.0f steps in %10.4g s: %10.4g steps/s\n", name + 3, steps, seconds, steps / seconds);
}

}  // namespace

int main(int argc, char** argv) {
  auto ran = vibro::bench::run_benchmarks(argc, argv, 1, "s_per_run");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;
  std::printf("\nseed 004, e = 0.5, 6 s; median of the repetitions, real time, one run:\n");
  for (const char* name : {"BM_flight_double", "BM_reference_double", "BM_flight_mpfr", "BM_reference_mpfr"})
    print_line(reporter, name);
  vibro::bench::print_ratio(reporter, "BM_reference_double", "BM_flight_double");
  vibro::bench::print_ratio(reporter, "BM_reference_mpfr", "BM_flight_mpfr");
  vibro::bench::print_ratio(reporter, "BM_reference_mpfr", "BM_reference_double");
  print_per_step_ratio(reporter, "BM_reference_double", "BM_flight_double");
  print_per_step_ratio(reporter, "BM_reference_mpfr", "BM_flight_mpfr");
  print_per_step_ratio(reporter, "BM_reference_mpfr", "BM_reference_double");
  return EXIT_SUCCESS;
}
