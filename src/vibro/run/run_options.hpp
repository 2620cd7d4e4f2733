#pragma once
// How a case is run: the precision (overriding the case's), where the rows of a
// trajectory go, progress on long runs, the reference's error estimate, and threads for
// the step sizes of a study.

#include "vibro/scalar/precision.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// Where a run's rows go, one per node (or per event for the reference): `vibro run
/// --csv` gives a file (io/csv_file.hpp). Called only when given, never inside a run
/// that was not asked for rows.
class RowSink {
 public:
  virtual ~RowSink() = default;
  virtual void header(const std::vector<std::string>& columns) = 0;
  virtual void row(const std::vector<std::string>& cells) = 0;
};

struct RunOptions {
  std::optional<Precision> precision;             ///< overrides the case's precision
  RowSink* rows = nullptr;                        ///< the trajectory's rows, when wanted
  std::function<void(double fraction)> progress;  ///< called now and then on long runs
  bool error_estimate = true;  ///< reference runs: rerun at more digits and compare
  unsigned threads = 1;        ///< convergence studies: step sizes run on this many threads

  /// Calls `progress` every 2^16 steps of a run of `total` steps, `done` being the count so far.
  void step_done(std::int64_t done, std::int64_t total) const {
    constexpr std::int64_t interval = 1 << 16;
    if (progress && done % interval == 0) progress(static_cast<double>(done) / static_cast<double>(total));
  }
};

}  // namespace vibro
