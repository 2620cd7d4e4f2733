#pragma once
// The result file of a sweep (docs/sweeps.md): its header line, one JSON line per finished point
// appended as it finishes, and the resume that reads it back. sweep/sweep_results.hpp
// computes the points and hands each here.

#include "vibro/case/sweep_spec.hpp"
#include "vibro/results/sweep_result.hpp"
#include "vibro/scalar/precision.hpp"

#include <nlohmann/json_fwd.hpp>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>

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

/// A point's line in the result file (docs/sweeps.md "Result lines"), its parameters those of
/// its index in `sweep`; "seconds" only when the point carries its wall time.
nlohmann::json sweep_point_line(const SweepSpec& sweep, const SweepPointResult& point);

}  // namespace vibro
