// Cost of one step of Siconos' integrators against one step of vibro's Paoli–Schatzman
// scheme, in the same run, on the issue-16 periodic case (α = 0.1, a = 1, ω = 2, u_min = 0,
// e = 0.8, from (0.5, 0), h = T/1000; cases/peer/):
//
//   BM_ps_double                 vibro::PaoliSchatzman<ImpactOscillator<double>>::step (centered, taylor)
//   BM_siconos_moreau_jean       the Siconos peer's Moreau–Jean step (θ = ½, LCP at velocity level)
//   BM_siconos_schatzman_paoli   the Siconos peer's Schatzman–Paoli step (θ = ½)
//
// Each iteration runs `steps` steps from the initial data (a Siconos simulation is built per
// iteration, outside the timing). The figures that matter are the ratios to BM_ps_double
// measured in the same run, printed at the end (median over --benchmark_repetitions).
// Before measuring, main() checks that every scheme met the obstacle in the timed steps.

#include "ratio_reporter.hpp"

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/peer/siconos_scheme.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

/// Steps per iteration: ten periods at h = T/1000, with impacts in every period.
constexpr std::int64_t steps_per_period = 1000;
constexpr std::int64_t steps = 10 * steps_per_period;

using Model = vibro::ImpactOscillator<double>;
using Ps = vibro::PaoliSchatzman<Model>;
template <vibro::peer::SiconosIntegrator I>
using Peer = vibro::peer::SiconosScheme<I, Model>;
constexpr auto moreau_jean = vibro::peer::SiconosIntegrator::moreau_jean;
constexpr auto schatzman_paoli = vibro::peer::SiconosIntegrator::schatzman_paoli;

Model model() { return Model(0.1, 1, 2, 0, 0.8); }
double step_size() { return model().period() / static_cast<double>(steps_per_period); }

/// `steps` steps of `scheme` from (0.5, 0); returns the steps with contact.
template <class S>
std::int64_t contacts(const S& scheme, typename S::State x) {
  std::int64_t active = 0;
  for (std::int64_t n = 0; n < steps; ++n) active += scheme.step(x);
  benchmark::DoNotOptimize(x);
  return active;
}

void set_counters(benchmark::State& state, std::int64_t active) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * steps);
  state.counters["ns_per_step"] = benchmark::Counter(static_cast<double>(steps),
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
  state.counters["contacts"] = static_cast<double>(active);
}

template <class S>
void run(benchmark::State& state, const S& scheme) {
  std::int64_t active = 0;
  for (auto _ : state) {
    state.PauseTiming();  // a Siconos simulation is built by start(): not a step
    auto x = scheme.start(0.5, 0);
    state.ResumeTiming();
    active = contacts(scheme, std::move(x));
  }
  set_counters(state, active);
}

void BM_ps_double(benchmark::State& state) { run(state, Ps(model(), step_size())); }
void BM_siconos_moreau_jean(benchmark::State& state) { run(state, Peer<moreau_jean>(model(), step_size())); }
void BM_siconos_schatzman_paoli(benchmark::State& state) { run(state, Peer<schatzman_paoli>(model(), step_size())); }

BENCHMARK(BM_ps_double)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_siconos_moreau_jean)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_siconos_schatzman_paoli)->UseRealTime()->Unit(benchmark::kMillisecond);

/// Every scheme must meet the obstacle in the timed steps, or the timing misses the LCP.
bool all_meet_the_obstacle() {
  const std::int64_t ps = contacts(Ps(model(), step_size()), Ps(model(), step_size()).start(0.5, 0));
  const Peer<moreau_jean> mj(model(), step_size());
  const Peer<schatzman_paoli> sp(model(), step_size());
  const std::int64_t a = contacts(mj, mj.start(0.5, 0)), b = contacts(sp, sp.start(0.5, 0));
  std::printf("check: steps with contact in %lld steps: PS %lld, Siconos Moreau-Jean %lld, Schatzman-Paoli %lld\n",
              static_cast<long long>(steps), static_cast<long long>(ps), static_cast<long long>(a),
              static_cast<long long>(b));
  if (ps > 0 && a > 0 && b > 0) return true;
  std::fprintf(stderr, "bench_peer: a scheme never met the obstacle; the timing would miss the contact. Aborting.\n");
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (!all_meet_the_obstacle()) return EXIT_FAILURE;
  auto ran = vibro::bench::run_benchmarks(argc, argv, static_cast<double>(steps), "ns_per_step");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;
  vibro::bench::print_ns_per_step(reporter, {"BM_ps_double", "BM_siconos_moreau_jean", "BM_siconos_schatzman_paoli"});
  vibro::bench::print_ratio(reporter, "BM_siconos_moreau_jean", "BM_ps_double");
  vibro::bench::print_ratio(reporter, "BM_siconos_schatzman_paoli", "BM_ps_double");
  return EXIT_SUCCESS;
}
