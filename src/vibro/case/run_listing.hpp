#pragma once
// Where a run's long lists go as it finds them, when its output lists them all (`vibro run
// --json`): every event and sticking interval of a reference run, and every stroboscopic
// sample. The run then keeps in memory only what its text shows (RunOptions::events_kept,
// keep_sections_from), so that its memory stays flat in the horizon, and the JSON is written
// from the listing (io/spooled_run_json.hpp).

namespace vibro {

struct ReferenceEventText;  // results/run_result.hpp
struct StickingInterval;    // results/run_result.hpp
struct StroboscopicSample;  // results/run_result.hpp

class RunListing {
 public:
  virtual ~RunListing() = default;
  virtual void event(const ReferenceEventText& event) = 0;
  /// A closed interval when its release comes; an open one (no end) after the run's last event.
  virtual void sticking_interval(const StickingInterval& interval) = 0;
  virtual void stroboscopic_sample(const StroboscopicSample& sample) = 0;
};

}  // namespace vibro
