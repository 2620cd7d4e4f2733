// What the external-program protocol costs (docs/own_scheme.md "Performance"), as ratios to
// baselines measured in the same run, on the shipped PS study cases/study_ps_centered_periodic.toml
// in double:
//
//   BM_python_output_read         examples/external/paoli_schatzman.py at the study's finest step
//                                 (T/12800, 10 periods: 128000 steps), started as vibro starts
//                                 it, its output read line by line and not parsed: the
//                                 program's own run (baseline)
//   BM_python_through_protocol    the same step through `vibro run` with --scheme-command: the
//                                 problem written, every row checked and read at double,
//                                 replayed as a scheme. Its excess over the baseline is the
//                                 protocol's overhead (target: at most 10 %)
//   BM_c_output_read,            the same two for examples/external/paoli_schatzman.c, with
//   BM_c_through_protocol         vibro's own CPU time per row (its thread's) as a counter
//   BM_converge_built_in          `vibro converge` of the study with the built-in scheme, no
//                                 timing repeats, no measured floor (baseline)
//   BM_converge_c_example         the same study with examples/external/paoli_schatzman.c
//                                 (target: within 2x). Both evaluate the reference at every
//                                 node, which costs the same in both: the difference is the
//                                 protocol and the program's own run.
//   BM_computed_rows              a trajectory computed in the process (the Python module's step
//                                 functions, docs/python.md) at T/12800, handed over as arrays:
//                                 vibro's side of each row (the arrays copied, each row checked
//                                 and replayed), the counter ns per row (target: at most 100)
//   BM_c_binary_through_protocol, the C example with --binary (rows as binary64 numbers,
//   BM_converge_c_example_binary  docs/own_scheme.md "Binary rows"): the T/12800 run through
//                                 `vibro run`, and the study (target: within 2x the built-in)

#include "ratio_reporter.hpp"

#include "vibro/harness.hpp"
#include "vibro/external/external_program.hpp"
#include "vibro/external/external_problem.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/external/external_scheme.hpp"
#include "vibro/external/external_trajectory.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <string>

namespace {

const std::string study_file = std::string(VIBRO_CASES_DIR) + "/study_ps_centered_periodic.toml";

vibro::ExternalScheme program(std::vector<std::string> argv) {
  vibro::ExternalScheme p;
  p.argv = std::move(argv);
  p.name = p.argv.back();
  return p;
}

const vibro::ExternalScheme python =
    program({"python3", std::string(VIBRO_SOURCE_DIR) + "/examples/external/paoli_schatzman.py"});
const vibro::ExternalScheme c_example = program({VIBRO_EXAMPLE_C_PROGRAM});
const vibro::ExternalScheme c_example_binary = program({VIBRO_EXAMPLE_C_PROGRAM, "--binary"});

/// The study case with its finest step as its step, and no study.
vibro::CaseSpec at_finest_step() {
  vibro::CaseSpec c = vibro::load_case(study_file);
  c.step = c.convergence.back();
  c.convergence.clear();
  return c;
}

/// Thread CPU seconds so far: the reader's own work, without the program's (another process).
double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

/// `program` at the finest step, started as vibro starts it, its output read line by line
/// and not parsed: the program's own run.
void output_read(benchmark::State& state, const vibro::ExternalScheme& program) {
  const vibro::CaseSpec c = at_finest_step();
  using Model = vibro::ImpactOscillator<double>;
  const vibro::BoundCase<Model> b = vibro::bind_case<Model>(c);
  const vibro::RunHorizon<double> horizon(b, c.step);
  const std::string problem = vibro::problem_message(b, c.step, horizon, 1, vibro::trajectory_columns(1));
  std::size_t lines = 0;
  for (auto _ : state) {
    vibro::RunningProgram running(program.argv, problem, vibro::trajectory_limits(program, 4, 17, horizon.steps()));
    lines = 0;
    while (running.next_line()) ++lines;
    running.wait_for_exit();
  }
  state.counters["lines"] = static_cast<double>(lines);
}

/// The same through `vibro run` with --scheme-command; the counter is vibro's own CPU time
/// per row (its thread's: checking and reading every row, replaying it as a scheme).
void through_protocol(benchmark::State& state, const vibro::ExternalScheme& program) {
  const vibro::CaseSpec c = at_finest_step();
  vibro::RunOptions options;
  options.program = &program;
  std::int64_t steps = 0;
  double cpu = 0;
  for (auto _ : state) {
    const double start = thread_cpu_seconds();
    steps = vibro::run_case(c, options).run.steps.value_or(0);
    cpu = thread_cpu_seconds() - start;
  }
  state.counters["vibro_cpu_ns_per_row"] = 1e9 * cpu / static_cast<double>(steps + 1);
}

/// `vibro run` of a trajectory computed in the process: the rows of free flight at T/12800 as a
/// step function returns them (its arrays copied per call, as the module copies a NumPy answer).
void BM_computed_rows(benchmark::State& state) {
  const vibro::CaseSpec c = at_finest_step();
  using Model = vibro::ImpactOscillator<double>;
  const vibro::BoundCase<Model> b = vibro::bind_case<Model>(c);
  const vibro::RunHorizon<double> horizon(b, c.step);
  const std::int64_t rows = horizon.steps() + 1;
  vibro::ComputedTrajectory answer;
  for (std::int64_t k = 0; k < rows; ++k) {
    answer.t.push_back(b.t0 + static_cast<double>(k) * b.step(c.step));
    answer.q.push_back(1.0 + 1e-3 * answer.t.back());
    answer.v.push_back(1e-3);
  }
  vibro::ExternalScheme computed;
  computed.name = "computed";
  computed.command = "arrays computed in the process";
  computed.compute = [&answer](const std::string&) { return answer; };
  vibro::RunOptions options;
  options.program = &computed;
  for (auto _ : state) benchmark::DoNotOptimize(vibro::run_case(c, options).run.steps);
  state.counters["ns_per_row"] =
      benchmark::Counter(static_cast<double>(rows) * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                               benchmark::Counter::kInvert);
}

void BM_python_output_read(benchmark::State& state) { output_read(state, python); }
void BM_python_through_protocol(benchmark::State& state) { through_protocol(state, python); }
void BM_c_output_read(benchmark::State& state) { output_read(state, c_example); }
void BM_c_through_protocol(benchmark::State& state) { through_protocol(state, c_example); }
void BM_c_binary_through_protocol(benchmark::State& state) { through_protocol(state, c_example_binary); }

/// `vibro converge` of the study: the built-in scheme, or `external`.
void converge(benchmark::State& state, const vibro::ExternalScheme* external) {
  const vibro::CaseSpec c = vibro::load_case(study_file);
  vibro::RunOptions options;
  options.program = external;
  options.rounding_floor = vibro::RoundingFloor::model;
  std::size_t rows = 0;
  for (auto _ : state) rows = vibro::run_case(c, options).convergence->rows.size();
  state.counters["step_sizes"] = static_cast<double>(rows);
}

void BM_converge_built_in(benchmark::State& state) { converge(state, nullptr); }
void BM_converge_c_example(benchmark::State& state) { converge(state, &c_example); }
void BM_converge_c_example_binary(benchmark::State& state) { converge(state, &c_example_binary); }

BENCHMARK(BM_computed_rows)->Unit(benchmark::kMillisecond)->Iterations(3)->Repetitions(5);
BENCHMARK(BM_python_output_read)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);
BENCHMARK(BM_python_through_protocol)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);
BENCHMARK(BM_c_output_read)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);
BENCHMARK(BM_c_through_protocol)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);
BENCHMARK(BM_c_binary_through_protocol)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);
BENCHMARK(BM_converge_built_in)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);
BENCHMARK(BM_converge_c_example)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);
BENCHMARK(BM_converge_c_example_binary)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5);

}  // namespace

int main(int argc, char** argv) {
  auto ran = vibro::bench::run_benchmarks(argc, argv, 1, "s_per_run");
  if (!ran) return EXIT_FAILURE;
  const vibro::bench::RatioReporter& reporter = *ran;
  std::printf("\nmedian of the repetitions, real time:\n");
  const double overhead = vibro::bench::print_ratio(reporter, "BM_python_through_protocol", "BM_python_output_read");
  if (!std::isnan(overhead))
    std::printf("protocol overhead on the Python example at T/12800: %.1f %% (target: at most 10 %%)\n",
                100 * (overhead - 1));
  vibro::bench::print_ratio(reporter, "BM_c_through_protocol", "BM_c_output_read");
  std::printf("vibro's own CPU per row (check and read at double, replay): %.0f ns\n",
              reporter.counter("BM_c_through_protocol", "vibro_cpu_ns_per_row"));
  const double c = vibro::bench::print_ratio(reporter, "BM_converge_c_example", "BM_converge_built_in");
  vibro::bench::print_target(c, "BM_converge_c_example", "BM_converge_built_in", 2);
  const double computed = reporter.counter("BM_computed_rows", "ns_per_row");
  std::printf("vibro's side of a computed row (a step function's): %.0f ns (target: at most 100): %s\n", computed,
              computed <= 100 ? "met" : "NOT met");
  std::printf("vibro's own CPU per binary row: %.0f ns\n",
              reporter.counter("BM_c_binary_through_protocol", "vibro_cpu_ns_per_row"));
  const double binary = vibro::bench::print_ratio(reporter, "BM_converge_c_example_binary", "BM_converge_built_in");
  vibro::bench::print_target(binary, "BM_converge_c_example_binary", "BM_converge_built_in", 2);
  return EXIT_SUCCESS;
}
