// Cost of the Lyapunov engine (vibro/analysis/lyapunov.hpp, docs/mathematics.md §4) on the chaotic case of
// cases/reference_chaotic.toml (ω = 50, e = 0.5, u0 = 0, v0 = 0.1, α = 0.9, a = 2500,
// u_min = 0) over its 3000 periods, and the exponents of every method on it.
//
// Benchmarks (one iteration = one run of 3000 periods; targets of the Lyapunov issue):
//   BM_ided_double        IDED: the reference with its exact Jacobian per period. Target < 1 s.
//   BM_ps_trajectory_double  baseline for NSND: ONE Paoli–Schatzman trajectory of the same
//                         3000 periods at h = T/40000 (1.2e8 steps), no differences.
//   BM_nsnd_double        NSND with ε = 3h, h = T/40000 (seed 001): three trajectories of
//                         1.2e8 steps, stepped together. Target < 5 s on one core.
//   BM_ided_mpfr          IDED in MPFR at D = ceil(λ1 · 3000/ln 10) + 16 digits (λ1 per
//                         period from BM_ided_double's run, computed in main() first: the
//                         digits that keep 16 correct over the horizon, digits_needed.hpp).
//                         Its wall time is reported.
// Then a table of λ1, λ2 and λ1 + λ2 (per period) over the 3000 periods in double for the
// methods and settings of seeds 000 and 001 (docs/mathematics.md §4): IDED, IDND (ε = 1e−8), NSND
// (ε = 1e−8, h = T/2513; ε = 3h, h = T/40000), C.N.S.P and I.N.S.P (ε = h, h = T/2513), each
// with its wall time and the periods in which a perturbed trajectory met a different set of
// impacts (active steps for PS) than the base one. The maps use the folded clock of
// lyapunov.hpp; two more rows show IDED and IDND on the absolute clock.

#include "ratio_reporter.hpp"

#include "vibro/analysis/digits_needed.hpp"
#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_difference.hpp"
#include "vibro/analysis/poincare_maps_reference.hpp"
#include "vibro/analysis/corrected_scheme_flow.hpp"
#include "vibro/analysis/paoli_schatzman_flow.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/case/case_spec.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace {

using vibro::DifferenceStep;
using vibro::ForwardDifferenceMap;
using vibro::PhasePoint;

const vibro::CaseSpec& chaotic_case() {
  static const vibro::CaseSpec spec = vibro::load_case(std::string(VIBRO_CASES_DIR) + "/reference_chaotic.toml");
  return spec;
}

std::int64_t periods() { return *chaotic_case().horizon.periods; }

/// Steps per period of NSND's "reasonable" setting (seed 001 §5) and of the seeds' sweep.
constexpr std::int64_t fine_steps = 40000;
constexpr std::int64_t seed_steps = 2513;
/// Correct digits the MPFR run keeps at the end of the horizon.
constexpr long target_digits = 16;

/// The case bound to Real; in MPFR, make it with the precision already in place.
template <class Real>
struct Setup {
  vibro::ImpactOscillator<Real> model;
  Real t0;
  PhasePoint<Real> x0;
  Real period = model.period();

  static Setup make() {
    const vibro::CaseSpec& c = chaotic_case();
    const auto& osc = std::get<vibro::OscillatorSpec>(c.model.kind);
    using vibro::to_real;
    return {vibro::ImpactOscillator<Real>(to_real<Real>(osc.alpha), to_real<Real>(osc.amplitude),
                                          to_real<Real>(osc.omega), to_real<Real>(c.model.u_min), to_real<Real>(c.model.e)),
            to_real<Real>(c.t0), PhasePoint<Real>{to_real<Real>(c.u0), to_real<Real>(c.v0)}};
  }

  vibro::ImpactReference<vibro::ImpactOscillator<Real>> reference() const {
    return {model, vibro::default_reference_settings(model, x0.u, x0.v)};
  }
  vibro::PaoliSchatzman<vibro::ImpactOscillator<Real>> ps(std::int64_t steps) const {
    return {model, Real(period / Real(steps)), t0};
  }
};

template <class Real, class Map>
vibro::LyapunovRun<Real> run(const Setup<Real>& s, Map& map) {
  return vibro::run_lyapunov(map, s.x0, periods(), s.period, false);
}

template <class Real>
vibro::LyapunovRun<Real> ided_run(const Setup<Real>& s) {
  vibro::ExactDerivativeMap map(s.reference(), s.t0, s.period);
  return run(s, map);
}

vibro::LyapunovRun<double> nsnd_run(const Setup<double>& s, std::int64_t steps, const DifferenceStep<double>& epsilon) {
  ForwardDifferenceMap map(vibro::PaoliSchatzmanFlow(s.ps(steps), steps), epsilon);
  return run(s, map);
}

/// Runs `work` once per iteration; an exception ends the benchmark with its message.
template <class Work>
void measure(benchmark::State& state, const Work& work) {
  try {
    for (auto _ : state) benchmark::DoNotOptimize(work());
  } catch (const std::exception& error) {
    state.SkipWithError(error.what());
    return;
  }
  state.counters["s_per_run"] =
      benchmark::Counter(1, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_ided_double(benchmark::State& state) {
  const auto s = Setup<double>::make();
  measure(state, [&] { return ided_run(s).final_state.u; });
}

void BM_ps_trajectory_double(benchmark::State& state) {
  const auto s = Setup<double>::make();
  const auto scheme = s.ps(fine_steps);
  measure(state, [&] {
    auto x = scheme.from_discrete(s.x0.u, s.x0.v);
    for (std::int64_t n = periods() * fine_steps; n > 0; --n) scheme.step(x);
    return x.u;
  });
}

void BM_nsnd_double(benchmark::State& state) {
  const auto s = Setup<double>::make();
  measure(state, [&] { return nsnd_run(s, fine_steps, DifferenceStep<double>::times_h(3)).final_state.u; });
}

BENCHMARK(BM_ided_double)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ps_trajectory_double)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_nsnd_double)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);

/// λ1, λ2 per period of the last BM_ided_mpfr run: the exponents of the true orbit (to the
/// target digits), where the double runs follow pseudo-orbits after a few hundred periods.
std::optional<std::pair<double, double>> mpfr_exponents;

void register_mpfr(long digits) {
  benchmark::RegisterBenchmark("BM_ided_mpfr", [digits](benchmark::State& state) {
    vibro::MpfrPrecisionGuard guard(digits);
    state.SetLabel("mpfr:" + std::to_string(digits));
    const auto s = Setup<vibro::mpfr_real>::make();
    measure(state, [&] {
      const auto result = ided_run(s);
      if (result.exponents.defined())
        mpfr_exponents.emplace(static_cast<double>(result.exponents.lambda1()),
                               static_cast<double>(result.exponents.lambda2()));
      return static_cast<double>(result.final_state.u);
    });
  })->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);
}

// ---------------------------------------------------------------------------------------
// The table of methods.

/// Runs one method over the horizon and prints its row; "changed" is the number of periods in
/// which a perturbed trajectory's impacts differed from the base one's (difference methods).
template <class Map>
void print_row(const char* method, const std::string& settings, const Setup<double>& s, Map& map) {
  const auto start = std::chrono::steady_clock::now();
  const auto result = run(s, map);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto& e = result.exponents;
  std::string changed = "-";
  if constexpr (requires { map.flow(); }) changed = std::to_string(map.flow().periods_with_changed_contacts());
  if (!e.defined()) {
    std::printf("  %-8s %-24s undefined: %s\n", method, settings.c_str(), e.why_undefined().c_str());
    return;
  }
  std::printf("  %-8s %-24s %12.6f %12.6f %12.6f %9s %8.2f\n", method, settings.c_str(), e.lambda1(), e.lambda2(),
              e.lambda1() + e.lambda2(), changed.c_str(), seconds);
  if constexpr (requires { map.flow().steps_per_period(); }) {
    // The PS map's own sum rule: a step without contact has determinant r = (1 − αh)/(1 + αh)
    // on (U^{n−1}, U^n), an active step (U^{n+1} = (1+e)u_min − eU^{n−1}) has e, so over the
    // run K(λ1 + λ2) = (NK − A) ln r + A ln e with A active steps of the base trajectory,
    // exact while no perturbed trajectory changes its active set (seed 001 Lemma 3.2).
    const auto& flow = map.flow();
    const double h = flow.step_size(), alpha = s.model.alpha(), k = static_cast<double>(periods());
    const auto active = static_cast<double>(flow.contacts());
    const double total = static_cast<double>(flow.steps_per_period()) * k;
    const double rule = ((total - active) * std::log((1 - alpha * h) / (1 + alpha * h)) +
                         active * std::log(s.model.restitution())) / k;
    std::printf("  %-8s %-24s %12s %12s %12.6f   (%.0f active steps)\n", "", "discrete sum rule", "", "", rule, active);
  }
}

std::string h_text(std::int64_t steps) { return "h=T/" + std::to_string(steps); }

void print_method_table() {
  const auto s = Setup<double>::make();
  std::printf("\nexponents per period over %lld periods, double (sum rule for the exact flow: lambda1 + lambda2 = "
              "-2 alpha T + 2 (impacts/period) ln e):\n",
              static_cast<long long>(periods()));
  std::printf("  %-8s %-24s %12s %12s %12s %9s %8s\n", "method", "settings", "lambda1", "lambda2", "sum", "changed",
              "seconds");
  using Reference = vibro::ImpactOscillator<double>;
  {
    vibro::ExactDerivativeMap<Reference> map(s.reference(), s.t0, s.period);
    print_row("IDED", "", s, map);
    const double rule = -2 * s.model.alpha() * s.period +
                        2 * static_cast<double>(map.events().impacts()) / static_cast<double>(periods()) *
                            std::log(s.model.restitution());
    std::printf("  %-8s %-24s %12s %12s %12.6f   (%lld impacts)\n", "", "sum rule", "", "", rule,
                static_cast<long long>(map.events().impacts()));
  }
  {
    ForwardDifferenceMap map(vibro::ReferenceFlow(s.reference(), s.t0, s.period), DifferenceStep<double>::absolute(1e-8));
    print_row("IDND", "eps=1e-8", s, map);
  }
  for (const auto& [steps, epsilon] : {std::pair{seed_steps, DifferenceStep<double>::absolute(1e-8)},
                                       std::pair{fine_steps, DifferenceStep<double>::times_h(3)}}) {
    ForwardDifferenceMap map(vibro::PaoliSchatzmanFlow(s.ps(steps), steps), epsilon);
    print_row("NSND", "eps=" + epsilon.describe() + " " + h_text(steps), s, map);
  }
  {
    const double dt = s.period / seed_steps;
    ForwardDifferenceMap map(vibro::CorrectedSchemeFlow(vibro::CorrectedCrankNicolson(s.model, dt), s.t0, s.period),
                             DifferenceStep<double>::times_h(1));
    print_row("C.N.S.P", "eps=h " + h_text(seed_steps), s, map);
  }
  {
    ForwardDifferenceMap map(vibro::PaoliSchatzmanFlow(s.ps(seed_steps), seed_steps), DifferenceStep<double>::times_h(1));
    print_row("I.N.S.P", "eps=h " + h_text(seed_steps), s, map);
  }
  {
    vibro::ExactDerivativeMap<Reference> map(s.reference(), s.t0, s.period, vibro::SectionClock::absolute);
    print_row("IDED", "absolute clock", s, map);
  }
  {
    ForwardDifferenceMap map(vibro::ReferenceFlow(s.reference(), s.t0, s.period, vibro::SectionClock::absolute),
                             DifferenceStep<double>::absolute(1e-8));
    print_row("IDND", "eps=1e-8 absolute clock", s, map);
  }
}

void print_seconds(const vibro::bench::RatioReporter& reporter, const char* name, const char* what, double target) {
  const double seconds = reporter.median_seconds(name);
  if (std::isnan(seconds)) return;
  std::printf("%-48s %8.3f s", what, seconds);
  if (target > 0) std::printf("   target < %g s: %s", target, seconds < target ? "met" : "NOT met");
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  const auto s = Setup<double>::make();
  const auto ided = ided_run(s);
  if (!ided.exponents.defined()) {
    std::fprintf(stderr, "IDED undefined on the chaotic case: %s\n", ided.exponents.why_undefined().c_str());
    return EXIT_FAILURE;
  }
  const double lambda1 = ided.exponents.lambda1();
  const long digits = vibro::digits_needed(lambda1, static_cast<double>(periods()), target_digits);
  std::printf("IDED double: lambda1 = %.6f per period; MPFR digits = ceil(%.6f * %lld / ln 10) + %ld = %ld\n\n", lambda1,
              lambda1, static_cast<long long>(periods()), target_digits, digits);
  register_mpfr(digits);

  auto ran = vibro::bench::run_benchmarks(argc, argv, 1, "s_per_run");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;

  std::printf("\nwall time of one run of %lld periods (median of the repetitions):\n", static_cast<long long>(periods()));
  print_seconds(reporter, "BM_ided_double", "IDED double", 1);
  print_seconds(reporter, "BM_ps_trajectory_double", "one PS trajectory, h = T/40000 (1.2e8 steps)", 0);
  print_seconds(reporter, "BM_nsnd_double", "NSND double, eps = 3h, h = T/40000 (3 trajectories)", 5);
  print_seconds(reporter, "BM_ided_mpfr", ("IDED mpfr:" + std::to_string(digits)).c_str(), 0);
  const double nsnd = reporter.median_seconds("BM_nsnd_double"), one = reporter.median_seconds("BM_ps_trajectory_double");
  if (!std::isnan(nsnd) && !std::isnan(one))
    std::printf("ratio nsnd_double / (3 x ps_trajectory_double) = %.3f; ns per PS step in NSND = %.2f\n", nsnd / (3 * one),
                nsnd / (3.0 * static_cast<double>(periods() * fine_steps)) * 1e9);

  if (mpfr_exponents)
    std::printf("IDED mpfr:%ld: lambda1 = %.6f, lambda2 = %.6f, sum = %.6f per period (the true orbit)\n", digits,
                mpfr_exponents->first, mpfr_exponents->second, mpfr_exponents->first + mpfr_exponents->second);

  print_method_table();
  return EXIT_SUCCESS;
}
