// Cost of the Duffing oscillator's enclosure by validated Taylor steps (proof/taylor_step.hpp,
// docs/proofs.md "Validated Taylor steps") against the MPFR reference of the same motion at the
// same precision (the test set's VI-08: the non-linear reference, RKF 7(8) to its tolerance),
// over VI-08's horizon (4 periods, 4 impacts), at 42 digits (the test set's proof precision for
// its 22 stored digits).
//
// Benchmarks; one iteration = one run over the horizon:
//   BM_reference_mpfr  the baseline: testset_reference_at(VI-08, 42), the reference's values;
//   BM_enclosure       enclose_case_reference(VI-08, 42 digits): every impact and the end state
//                      enclosed.
// At the end: each median time per run and the ratio of the enclosure to the reference (the
// issue's figure is per step of the double pendulum, which has no enclosure yet: this is the
// Duffing oscillator's, per run).

#include "ratio_reporter.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/orbits/enclosed_reference.hpp"
#include "vibro/testset/testset_reference.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>

namespace {

constexpr long digits = 42;

const vibro::CaseSpec& vi08() {
  static const vibro::CaseSpec c =
      vibro::load_case(std::filesystem::path(VIBRO_SOURCE_DIR) / "cases" / "testset" / "VI-08.toml");
  return c;
}

template <class Run>
void measure(benchmark::State& state, const Run& run) {
  try {
    for (auto _ : state) run();
  } catch (const std::exception& error) {
    state.SkipWithError(error.what());
    return;
  }
  state.counters["s_per_run"] =
      benchmark::Counter(1, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_reference_mpfr(benchmark::State& state) {
  measure(state, [] { benchmark::DoNotOptimize(vibro::testset_reference_at(vi08(), digits)); });
}

void BM_enclosure(benchmark::State& state) {
  measure(state, [] {
    vibro::EncloseOptions options;
    options.digits = digits;
    const vibro::EnclosedReference enclosure = vibro::enclose_case_reference(vi08(), options);
    if (!enclosure.stopped_because.empty()) throw std::runtime_error(enclosure.stopped_because);
    benchmark::DoNotOptimize(enclosure);
  });
}

BENCHMARK(BM_reference_mpfr)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_enclosure)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace

int main(int argc, char** argv) {
  auto ran = vibro::bench::run_benchmarks(argc, argv, 1, "s_per_run");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;
  std::printf("\nVI-08 at %ld digits, median of the repetitions, real time, one run:\n", digits);
  for (const char* name : {"BM_reference_mpfr", "BM_enclosure"})
    std::printf("  %-18s %10.4g s\n", name + 3, reporter.median_seconds(name));
  vibro::bench::print_ratio(reporter, "BM_enclosure", "BM_reference_mpfr");
  return EXIT_SUCCESS;
}
