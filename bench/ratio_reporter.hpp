#pragma once
// Shared by the benchmark programs. The machine they run on is shared and noisy, so the
// figures that matter are ratios to a baseline measured in the same run: RatioReporter
// prints Google Benchmark's console output and keeps, per benchmark, each repetition's
// real time per unit of work (a step, a whole run), from which a program prints medians
// and ratios at the end.

#include <benchmark/benchmark.h>

#include <optional>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

namespace vibro::bench {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  /// `units_per_iteration`: the units of work one iteration of every benchmark does (times
  /// are kept per unit). `seconds_per_unit_counter`: the name of the counter that holds the
  /// seconds per unit, read from the median aggregate when single runs are not reported
  /// (--benchmark_report_aggregates_only).
  RatioReporter(OutputOptions options, double units_per_iteration, std::string seconds_per_unit_counter)
      : ConsoleReporter(options), units_per_iteration_(units_per_iteration),
        seconds_per_unit_counter_(std::move(seconds_per_unit_counter)) {}

  void ReportRuns(const std::vector<Run>& reports) override {
    for (const Run& run : reports) {
      if (run.error_occurred) continue;
      const std::string name = run.run_name.function_name;
      if (run.run_type == Run::RT_Iteration && run.iterations > 0) {
        seconds_per_unit_[name].push_back(run.real_accumulated_time / static_cast<double>(run.iterations) /
                                          units_per_iteration_);
        counters_[name] = run.counters;
      } else if (run.run_type == Run::RT_Aggregate && run.aggregate_name == "median") {
        if (const auto it = run.counters.find(seconds_per_unit_counter_); it != run.counters.end())
          median_[name] = it->second;
        counters_.try_emplace(name, run.counters);
      }
    }
    ConsoleReporter::ReportRuns(reports);
  }

  /// Median over the repetitions of the benchmark's real seconds per unit; NaN when it did not run.
  double median_seconds(const std::string& name) const {
    if (const auto it = seconds_per_unit_.find(name); it != seconds_per_unit_.end() && !it->second.empty()) {
      std::vector<double> values = it->second;
      std::sort(values.begin(), values.end());
      const std::size_t m = values.size() / 2;
      return values.size() % 2 == 1 ? values[m] : (values[m - 1] + values[m]) / 2;
    }
    if (const auto it = median_.find(name); it != median_.end()) return it->second;
    return std::nan("");
  }

  std::size_t repetitions(const std::string& name) const {
    const auto it = seconds_per_unit_.find(name);
    return it == seconds_per_unit_.end() ? 0 : it->second.size();
  }

  /// A user counter of the benchmark's last reported run (the median aggregate when only
  /// aggregates are reported); NaN when there is none.
  double counter(const std::string& name, const std::string& counter_name) const {
    if (const auto it = counters_.find(name); it != counters_.end())
      if (const auto c = it->second.find(counter_name); c != it->second.end()) return c->second;
    return std::nan("");
  }

 private:
  double units_per_iteration_;
  std::string seconds_per_unit_counter_;
  std::map<std::string, std::vector<double>> seconds_per_unit_;
  std::map<std::string, double> median_;
  std::map<std::string, benchmark::UserCounters> counters_;
};

/// Colour as Google Benchmark's own console reporter decides it: --benchmark_color
/// (true/false/auto, default auto = when stdout is a terminal). Read before Initialize()
/// removes the flag from argv.
inline benchmark::ConsoleReporter::OutputOptions console_options(int argc, char** argv) {
  std::string color = "auto";
  const std::string prefix = "--benchmark_color=";
  for (int i = 1; i < argc; ++i)
    if (const std::string arg = argv[i]; arg.rfind(prefix, 0) == 0) color = arg.substr(prefix.size());
  bool use_color = false;
  if (color == "true" || color == "yes" || color == "1") {
    use_color = true;
  } else if (color == "auto") {
    const char* term = std::getenv("TERM");
    use_color = isatty(STDOUT_FILENO) != 0 && term != nullptr && std::string(term) != "dumb";
  }
  return use_color ? benchmark::ConsoleReporter::OO_ColorTabular : benchmark::ConsoleReporter::OO_Tabular;
}

/// Parses Google Benchmark's flags, runs the registered benchmarks through a RatioReporter
/// (`unit_scale` and `counter` as its constructor takes them) and returns it for the
/// program's own summary; nothing when the command line has unknown flags.
inline std::optional<RatioReporter> run_benchmarks(int& argc, char** argv, double unit_scale, const char* counter) {
  const auto options = console_options(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return std::nullopt;
  std::optional<RatioReporter> reporter(std::in_place, options, unit_scale, counter);
  benchmark::RunSpecifiedBenchmarks(&*reporter);
  benchmark::Shutdown();
  return reporter;
}

/// Whether a step benchmark's baseline loop is a like-for-like comparison with the library:
/// the two must agree bitwise (`same`, checked by the program in double) and the projection
/// must have been active (`active` steps), or the loop would not time the impact branch.
/// Says why on stderr when not.
inline bool baseline_is_comparable(bool same, long long active, const char* program, const char* library_step) {
  if (!same)
    std::fprintf(stderr,
                 "%s: the baseline loop and %s disagree in double; the baseline is no longer the same recurrence "
                 "as the library. Aborting.\n",
                 program, library_step);
  else if (active == 0)
    std::fprintf(stderr, "%s: the projection was never active; the parameters do not exercise impacts. Aborting.\n",
                 program);
  return same && active > 0;
}

/// The per-step summary of a step benchmark (units of work = steps): a heading, then one
/// line per benchmark with its median ns per step (its name without "BM_"), followed by
/// `extra(name)` when given ("not run" for a benchmark the filter left out).
inline void print_ns_per_step(const RatioReporter& reporter, const std::vector<const char*>& names,
                              const std::string& heading_extra = "",
                              const std::function<std::string(const char*)>& extra = {}) {
  if (const std::size_t n = reporter.repetitions(names.front()); n > 0)
    std::printf("\nns per step, median of %zu repetition(s), real time%s:\n", n, heading_extra.c_str());
  else
    std::printf("\nns per step, median of the repetitions, real time%s:\n", heading_extra.c_str());
  for (const char* name : names) {
    if (const double seconds = reporter.median_seconds(name); std::isnan(seconds))
      std::printf("  %-28s %10s\n", name + 3, "not run");
    else
      std::printf("  %-28s %10.2f ns%s\n", name + 3, seconds * 1e9, extra ? extra(name).c_str() : "");
  }
}

/// Prints "ratio a / b = r" for two benchmarks' medians and returns r; NaN, and nothing
/// printed, when either did not run.
inline double print_ratio(const RatioReporter& reporter, const char* name, const char* base) {
  const double value = reporter.median_seconds(name) / reporter.median_seconds(base);
  if (!std::isnan(value)) std::printf("ratio %s / %s = %.4g\n", name + 3, base + 3, value);
  return value;
}

/// Prints whether `ratio` (of `name` to `base`) meets `target`; nothing when it is NaN.
inline void print_target(double ratio, const char* name, const char* base, double target) {
  if (!std::isnan(ratio))
    std::printf("target %s / %s <= %.1f: %s\n", name + 3, base + 3, target, ratio <= target ? "met" : "NOT met");
}

}  // namespace vibro::bench
