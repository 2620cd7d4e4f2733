#pragma once
// `vibro sweep`: the points of a sweep file (io/sweep_file.hpp) computed on threads, each
// appended as one JSON line to the result file as it finishes (docs/sweeps.md). In io/
// because it reads each point's cases, makes JSON and writes a file; what a point computes,
// and how, is sweep/sweep_point.hpp. The pieces are public so that the MPI coordinator
// (cli/sweep_verb.cpp) schedules the same points, computes them the same way and writes
// the same file.

#include "vibro/case/run_options.hpp"
#include "vibro/case/sweep_spec.hpp"
#include "vibro/io/sweep_result_file.hpp"
#include "vibro/results/sweep_result.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace vibro {

/// One point computed: its index, its precision and case hash, what the sweep computes
/// (sweep/sweep_point.hpp), and its wall time. A run that fails (a state that is no longer
/// finite, a work limit, a point the case reader refuses) gives a point with `error`: the
/// point is finished, with that outcome. `options` gives the precision and the work limit;
/// progress, error bars, error estimates and studies are off.
SweepPointResult compute_sweep_point(const SweepSpec& sweep, std::size_t index, const RunOptions& options);

/// Relative cost of a point (the cost model of case/work_limit.hpp: steps × seconds per step
/// at its precision), to hand out the dearest points first.
double sweep_point_cost(const SweepSpec& sweep, std::size_t index, const RunOptions& options);

/// Whether a point may run beside others in one process: not in MPFR or in the rational
/// type (Boost 1.74 keeps MPFR's default precision in one process-wide static).
bool sweep_point_threadable(const SweepSpec& sweep, std::size_t index, const RunOptions& options);

/// The points not in `finished`, dearest first (ties in index order).
std::vector<std::size_t> sweep_todo(const SweepSpec& sweep, const std::set<std::size_t>& finished,
                                    const RunOptions& options);

/// Hears each finished point; called from several threads at once.
using SweepSink = std::function<void(SweepPointResult&& point)>;

/// Every point of `sweep` not in `finished`, on `options.threads` threads (the points that
/// may not share a process's threads afterwards, one at a time), each handed to `sink` as
/// it finishes; progress on `options.progress`.
SweepRunSummary run_sweep_points(const SweepSpec& sweep, const std::set<std::size_t>& finished, const SweepSink& sink,
                                 const RunOptions& options);

/// The same into the result file: every point it does not hold yet, then a sync.
SweepRunSummary run_sweep(const SweepSpec& sweep, SweepResultFile& out, const RunOptions& options);

/// Every point of `sweep` on `options.threads` threads.
SweepOutcome compute_sweep(const SweepSpec& sweep, const RunOptions& options);

/// The id of the published λ1 a sweep's points share: its base case's `[lyapunov] published`
/// and ".lambda1"; none when the base case names none.
std::optional<std::string> published_lambda1_id(const SweepSpec& sweep);

}  // namespace vibro
