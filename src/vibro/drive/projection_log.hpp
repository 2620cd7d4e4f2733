#pragma once
// The log a projection scheme's run keeps of the steps its projection acted on (the discrete
// impacts): observed inside the step loop, written once at the end into the run's findings as
// their projection_active section (results/projection_activity.hpp). The counters are the
// log's own and the section is written by one compiled function (projection_log.cpp), so that
// the section's header is included by that function and the units that read it, not by every
// projection entry: a field added to the section that is computed from what the log observes
// recompiles those alone.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vibro {

struct RunFindings;  // results/run_findings.hpp

/// The steps where a projection was active: all counted, the first listed, consecutive
/// ones (a two-step reversal, seed 000 §2) counted as one impact.
class ProjectionLog {
 public:
  /// How many of the first active steps a result lists (the count is always complete).
  static constexpr std::size_t listed = 64;

  /// After a step, whether the node n of the new state was made by a projection.
  void observe(bool active, std::int64_t n) {
    if (active) {
      ++count_;
      if (first_steps_.size() < listed) first_steps_.push_back(n);
      if (!previous_active_) ++impacts_;
    }
    previous_active_ = active;
  }

  /// The log as the findings' projection_active section (replacing one already there).
  void record(RunFindings& findings) const;

 private:
  std::int64_t count_ = 0;
  std::vector<std::int64_t> first_steps_;
  std::int64_t impacts_ = 0;
  bool previous_active_ = false;
};

}  // namespace vibro
