#include "vibro/sweep/sweep_results.hpp"

#include "vibro/analysis/parallel_for.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/case/work_limit.hpp"
#include "vibro/io/sweep_file.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/sweep/sweep_point.hpp"
#include "vibro/orbits/period_doubling_prediction.hpp"
#include "vibro/io/json_number.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <numeric>

namespace vibro {

namespace {

using Clock = std::chrono::steady_clock;

/// The run options of a point: no progress, no error bars, estimates or study; the
/// threads (for an order's study) as given.
RunOptions point_options(const RunOptions& given) {
  RunOptions options;
  options.precision = given.precision;
  options.max_steps = given.max_steps;
  options.error_estimate = false;
  options.study = false;
  options.threads = std::max(1u, given.threads);
  return options;
}

Precision point_precision(const CaseSpec& c, const RunOptions& options) {
  return options.precision.value_or(c.precision);
}

}  // namespace

SweepPointResult compute_sweep_point(const SweepSpec& s, std::size_t index, const RunOptions& given) {
  const Clock::time_point start = Clock::now();
  SweepPointResult point;
  point.index = index;
  try {
    compute_point_quantities(sweep_point_cases(s, index), s.compute, point_options(given), point);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& error) {  // InputError, RunFailure, a library's error
    point.error = error.what();
  }
  point.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return point;
}

double sweep_point_cost(const SweepSpec& s, std::size_t index, const RunOptions& given) {
  // The runs compute_point_quantities makes, each at the one estimate (case/work_limit.hpp).
  const SweepPointCases cases = sweep_point_cases(s, index);
  const auto seconds = [&](const CaseSpec& c, WorkParts parts) {
    return estimated_seconds(c, scheme_infos().at(c.scheme.entry).has_step, point_precision(c, given), parts);
  };
  const WorkParts lyapunov{.run = false, .study = false, .lyapunov = true};
  const CaseSpec& c = cases.base;
  double total = 0;
  if (s.compute.lyapunov || s.compute.impacts || s.compute.relations) total += seconds(c, lyapunov);
  if (s.compute.strobe) {
    CaseSpec run = c;
    run.horizon.periods = s.compute.strobe_transient + s.compute.strobe_samples;
    total += seconds(run, {.run = true, .study = false, .lyapunov = false});
  }
  for (const CaseSpec& r : cases.relation_cases) total += seconds(r, lyapunov);
  if (s.compute.order) total += seconds(c, {.run = false, .study = true, .lyapunov = false});
  return total;
}

bool sweep_point_threadable(const SweepSpec& s, std::size_t index, const RunOptions& given) {
  // A study measures its scheme against a reference that may run in MPFR, and runs its step
  // sizes on threads of its own.
  if (s.compute.order) return false;
  const SweepPointCases cases = sweep_point_cases(s, index);
  const auto floating_builtin = [&](const CaseSpec& c) {
    const ScalarKind k = point_precision(c, given).kind;
    return k == ScalarKind::double_ || k == ScalarKind::long_double || k == ScalarKind::float128;
  };
  return floating_builtin(cases.base) && std::all_of(cases.relation_cases.begin(), cases.relation_cases.end(), floating_builtin);
}

std::vector<std::size_t> sweep_todo(const SweepSpec& s, const std::set<std::size_t>& finished, const RunOptions& options) {
  std::vector<std::size_t> todo;
  std::vector<double> cost;
  for (std::size_t i = 0; i < s.points(); ++i)
    if (!finished.contains(i)) todo.push_back(i);
  cost.reserve(todo.size());
  for (const std::size_t i : todo) cost.push_back(sweep_point_cost(s, i, options));
  std::vector<std::size_t> order(todo.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  std::vector<std::size_t> sorted;
  sorted.reserve(todo.size());
  for (const std::size_t k : order) sorted.push_back(todo[k]);
  return sorted;
}

SweepRunSummary run_sweep_points(const SweepSpec& s, const std::set<std::size_t>& finished, const SweepSink& sink,
                                 const RunOptions& options) {
  const Clock::time_point start = Clock::now();
  SweepRunSummary summary;
  summary.points = s.points();
  summary.skipped = finished.size();
  const std::vector<std::size_t> todo = sweep_todo(s, finished, options);
  std::vector<std::size_t> threaded, alone;
  for (const std::size_t i : todo) (sweep_point_threadable(s, i, options) ? threaded : alone).push_back(i);
  std::atomic<std::size_t> done{0}, failed{0};
  if (options.progress) {
    double estimate = 0;
    for (const std::size_t i : todo) estimate += sweep_point_cost(s, i, options);
    options.progress->begin("sweep " + s.name, static_cast<std::int64_t>(todo.size()), "points",
                            estimate / std::max(1u, options.threads));
  }
  const auto run_one = [&](std::size_t i, const RunOptions& point) {
    SweepPointResult computed = compute_sweep_point(s, i, point);
    if (computed.error) ++failed;
    sink(std::move(computed));
    const std::size_t now = ++done;
    if (options.progress) options.progress->advance(static_cast<std::int64_t>(now));
  };
  // The threaded points run one thread each; the others one at a time, with the threads
  // for their own study's step sizes.
  RunOptions one_thread = options;
  one_thread.threads = 1;
  parallel_for(threaded.size(), options.threads, [&](std::size_t k) { run_one(threaded[k], one_thread); });
  for (const std::size_t i : alone) run_one(i, options);
  summary.computed = done;
  summary.failed = failed;
  summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return summary;
}

SweepRunSummary run_sweep(const SweepSpec& s, SweepResultFile& out, const RunOptions& options) {
  const SweepRunSummary summary =
      run_sweep_points(s, out.finished(), [&](SweepPointResult&& point) { out.append(sweep_point_line(s, point)); }, options);
  out.sync();
  return summary;
}

std::optional<std::string> published_lambda1_id(const SweepSpec& s) {
  // Every point is the base case with other numbers: its [lyapunov] published id is the base case's.
  const CaseSpec base = sweep_point_cases(s, 0).base;
  if (!base.lyapunov || !base.lyapunov->published) return std::nullopt;
  return *base.lyapunov->published + ".lambda1";
}

SweepOutcome compute_sweep(const SweepSpec& s, const RunOptions& options) {
  SweepOutcome outcome{s, std::vector<SweepPointResult>(s.points()), {}, std::max(1u, options.threads), {},
                       options.precision, {}};
  // Each point writes its own slot: no two threads touch one element.
  outcome.summary = run_sweep_points(
      s, {},
      [&outcome](SweepPointResult&& point) {
        point.seconds.reset();
        const std::size_t index = point.index;
        outcome.points[index] = std::move(point);
      },
      options);
  if (s.compute.lyapunov) outcome.published_lambda1 = published_lambda1_id(s);
  // The bifurcation diagram of a one-parameter sweep marks the closed form's period doublings.
  if (const std::vector<std::size_t> axes = s.swept(); s.compute.strobe && axes.size() == 1) {
    const SweepParameter& swept = s.parameters[axes.front()];
    std::vector<double> values;
    for (const CaseOverride& v : swept.values)
      if (const std::optional<double> x = nearest_double(v.text)) values.push_back(*x);
    if (values.size() == swept.values.size())  // a model parameter: every value a number
      outcome.doublings = predicted_doublings(sweep_point_cases(s, 0).base, swept.key, std::move(values));
  }
  return outcome;
}

}  // namespace vibro
