#pragma once
// What `vibro sweep` did, as it says at the end (docs/sweeps.md "The summary"): the points
// of the sweep, those finished before, computed now and failed, the workers and the time.

#include <cstddef>
#include <string>

namespace vibro {

/// The counts of one run of a sweep: its points, those the result file held already
/// (skipped), those computed now, how many of them failed, and the wall time.
struct SweepRunSummary {
  std::size_t points = 0, skipped = 0, computed = 0, failed = 0;
  double seconds = 0;
};

/// The summary `vibro sweep --json` prints: the sweep's name, its result file, the counts,
/// and the workers (threads or MPI ranks) that computed the points.
struct SweepSummary {
  std::string sweep, file;
  SweepRunSummary counts;
  unsigned workers = 0;
};

}  // namespace vibro
