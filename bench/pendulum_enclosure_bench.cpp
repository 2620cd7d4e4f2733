// Cost of a validated Taylor step of the double pendulum (proof/pendulum_taylor_step.hpp,
// docs/proofs.md "The double pendulum") against a step of the MPFR reference at the same
// precision (the general-inertia reference: RKF 7(8) to its tolerance, its event search
// included), both over the test set's VI-12 (seed 004's pendulum, e = 1, t ∈ [0, 2], three
// impacts) at 40 digits.
//
// Benchmarks; one iteration = one run over the horizon, its time divided by its steps:
//   BM_reference_mpfr  the baseline: DenseInertiaReference in MPFR at 40 digits, per RKF 7(8)
//                      step (its steps() count);
//   BM_validated_step  enclose_pendulum at 40 digits, per validated Taylor step (the a-priori
//                      box, the series and its remainder, the wall's contact proved on the step).
// At the end: each median time per step and the ratio of the validated step to the reference's
// (the bound: 50).

#include "ratio_reporter.hpp"

#include "vibro/model/double_pendulum.hpp"
#include "vibro/proof/pendulum_enclosure.hpp"
#include "vibro/reference/dense_inertia_reference.hpp"
#include "vibro/reference/inertia_reference.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <benchmark/benchmark.h>

#include <boost/math/constants/constants.hpp>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>

namespace {

constexpr long digits = 40;

/// Runs `run` (which returns its step count) once per iteration; the counter s_per_step.
template <class Run>
void measure(benchmark::State& state, const Run& run) {
  double steps = 0;
  try {
    for (auto _ : state) steps += static_cast<double>(run());
  } catch (const std::exception& error) {
    state.SkipWithError(error.what());
    return;
  }
  state.counters["s_per_step"] = benchmark::Counter(steps, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_reference_mpfr(benchmark::State& state) {
  measure(state, [] {
    const vibro::MpfrPrecisionGuard guard(digits);
    using vibro::mpfr_real;
    const vibro::DoublePendulum<mpfr_real> model(mpfr_real(1), mpfr_real(1), mpfr_real(1), mpfr_real(1),
                                                 mpfr_real("9.81"), mpfr_real(1));
    const mpfr_real third = boost::math::constants::third_pi<mpfr_real>();
    const vibro::Vector<mpfr_real> q0{third, third}, u0{mpfr_real(0), mpfr_real(0)};
    const vibro::DenseInertiaReference<vibro::DoublePendulum<mpfr_real>> reference(
        vibro::inertia_reference(model, vibro::pendulum_scales(model, q0, u0)), mpfr_real(0), q0, u0, mpfr_real(2),
        mpfr_real(1) / 4);
    benchmark::DoNotOptimize(reference.position(mpfr_real(2)));
    return reference.steps();
  });
}

void BM_validated_step(benchmark::State& state) {
  measure(state, [] {
    vibro::proof::PendulumEnclosureProblem p;
    p.m1 = "1", p.m2 = "1", p.l1 = "1", p.l2 = "1", p.gravity = "9.81", p.e = "1";
    p.q0 = {"1/3", "1/3"}, p.v0 = {"0", "0"}, p.q0_over_pi = true;
    vibro::proof::EnclosureHorizon horizon;
    horizon.t_end = "2";
    vibro::proof::EnclosureLimits limits;
    limits.digits = digits;
    const vibro::proof::SystemEnclosure enclosure = vibro::proof::enclose_pendulum(p, horizon, limits);
    if (!enclosure.stopped_because.empty()) throw std::runtime_error(enclosure.stopped_because);
    return enclosure.taylor_steps;
  });
}

BENCHMARK(BM_reference_mpfr)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_validated_step)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace

int main(int argc, char** argv) {
  auto ran = vibro::bench::run_benchmarks(argc, argv, 1, "s_per_step");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;
  const double reference = reporter.counter("BM_reference_mpfr", "s_per_step");
  const double validated = reporter.counter("BM_validated_step", "s_per_step");
  std::printf("\nVI-12 at %ld digits, real time per step:\n", digits);
  std::printf("  %-18s %10.4g s\n", "reference_mpfr", reference);
  std::printf("  %-18s %10.4g s\n", "validated_step", validated);
  std::printf("  validated_step / reference_mpfr = %.3g\n", validated / reference);
  return EXIT_SUCCESS;
}
