#pragma once
// `vibro sweep`: the points of a sweep file (io/sweep_file.hpp) computed on threads, each
// appended as one JSON line to the result file as it finishes (docs/sweeps.md). In io/
// because it reads each point's cases, makes JSON and writes a file; what a point computes,
// and how, is run/sweep_point.hpp. The pieces are public so that the MPI coordinator
// (cli/sweep_verb.cpp) schedules the same points, computes them the same way and writes
// the same file.

#include "vibro/io/sweep_file.hpp"
#include "vibro/run/period_doubling_prediction.hpp"
#include "vibro/run/run_options.hpp"
#include "vibro/run/sweep_header.hpp"
#include "vibro/run/sweep_point.hpp"
#include "vibro/run/sweep_summary.hpp"

#include <nlohmann/json_fwd.hpp>

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace vibro {

/// The result file of a sweep: a header line naming the sweep and its hash, then one JSON
/// line per finished point, in the order they finished. Each line is one write(2) of the
/// whole line with its newline on an O_APPEND descriptor: a kill of the process leaves
/// whole lines and at most a last line without its newline, which the next open cuts off
/// (that point is computed again). The lines reach the disk (fdatasync) at most
/// sync_interval after they are written, and when the sweep ends: a crash of the machine
/// loses at most that long's points. A sync per line would cost more than a cheap point
/// (5 ms of IDED) and serialise the threads.
class SweepResultFile {
 public:
  /// Opens `path`, making it (and its directory) when missing. An existing file must start
  /// with the header of a sweep with the same hash (else InputError: another definition
  /// wrote it); its finished points are read. A point whose line holds `error` (a run that
  /// failed, or that --max-steps refused) is not finished: its line is removed (the file
  /// replaced in one step) and the point is computed again. Held with an exclusive lock
  /// (flock), so two sweeps cannot write one file; a second one is refused.
  /// `precision`: the run's --precision (none: each point at its case's own); a file written
  /// at another is refused.
  SweepResultFile(const std::filesystem::path& path, const SweepSpec& sweep, const std::optional<Precision>& precision);
  ~SweepResultFile();
  SweepResultFile(const SweepResultFile&) = delete;
  SweepResultFile& operator=(const SweepResultFile&) = delete;

  /// The points the file already holds.
  const std::set<std::size_t>& finished() const { return finished_; }
  /// How often the appended lines are synced to the disk.
  static constexpr std::chrono::milliseconds sync_interval{100};

  /// Appends one point's line (synced within sync_interval); safe to call from several threads.
  void append(const nlohmann::json& point);
  /// fdatasync now; throws RunFailure when the system reports an error.
  void sync();
  const std::filesystem::path& path() const { return path_; }

 private:
  void write_line(const std::string& line);
  /// Replaces the file by one holding `text` (a temporary file renamed over it, so a crash
  /// leaves the old or the new file), and moves the descriptor and the lock to it.
  void replace_with(const std::string& text);

  std::filesystem::path path_;
  int fd_ = -1;
  std::set<std::size_t> finished_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point synced_ = std::chrono::steady_clock::now();
};

/// The header line of `sweep`'s result file, its points run at `precision` (none: each at its
/// case's own), written by to_json (io/result_json.hpp).
SweepHeader sweep_header(const SweepSpec& sweep, const std::optional<Precision>& precision);

/// One point computed: its index, its precision and case hash, what the sweep computes
/// (run/sweep_point.hpp), and its wall time. A run that fails (a state that is no longer
/// finite, a work limit, a point the case reader refuses) gives a point with `error`: the
/// point is finished, with that outcome. `options` gives the precision and the work limit;
/// progress, error bars, error estimates and studies are off.
SweepPointResult compute_sweep_point(const SweepSpec& sweep, std::size_t index, const RunOptions& options);

/// A point's line in the result file (docs/sweeps.md "Result lines"), its parameters those of
/// its index in `sweep`; "seconds" only when the point carries its wall time.
nlohmann::json sweep_point_line(const SweepSpec& sweep, const SweepPointResult& point);

/// Relative cost of a point (the cost model of run/work_limit.hpp: steps × seconds per step
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

/// A whole sweep computed in memory, as `vibro report` draws it.
struct SweepOutcome {
  SweepSpec sweep;
  /// Every point in grid order, without its wall time, so that what the report writes
  /// from it is deterministic.
  std::vector<SweepPointResult> points;
  SweepRunSummary summary;
  unsigned threads = 1;
  /// With `strobe` on a sweep of one parameter of an impact oscillator: where the closed
  /// form predicts a period doubling (run/period_doubling_prediction.hpp).
  std::vector<PredictedDoubling> doublings;
  /// The precision every point ran at (--precision); none: each at its case's own.
  std::optional<Precision> precision;
};

/// Every point of `sweep` on `options.threads` threads.
SweepOutcome compute_sweep(const SweepSpec& sweep, const RunOptions& options);

}  // namespace vibro
