#pragma once
// The event half of the reference's error estimate (catalog/entries/reference_entry.hpp):
// each event of a run is matched to the nearest event of the same kind in the same case run
// at more digits, and the largest of these distances is the estimate's event-time difference.
// Nearest, not the same index: a smaller tolerance resolves more impacts of a chatter sequence
// before summing it, so the two lists differ in length, not in content.
//
// Both runs hand their events over in time order as they find them (run/run_case.cpp runs
// them in step), and the comparison holds only what is still needed: the run's events not yet
// matched, and, per kind, the precise run's events a later event of the run may still be
// nearest to. So its memory does not grow with the horizon, where comparing the two finished
// lists held both (docs/reliability.md). A run event is matched once the precise run has an
// event of its kind at or after it, or has gone on so far past it that its previous event of
// that kind is nearer than any to come, or has finished.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace vibro {

/// The error estimate runs the case again at this many more decimal digits (MPFR).
inline constexpr long error_estimate_extra_digits = 20;

/// What the comparison found, once the precise run has finished.
struct EventTimeDifference {
  std::string largest;  ///< the largest distance, three significant digits ("0" with no event)
  /// A run event whose kind the precise run never had (left out of `largest`).
  bool kind_missing = false;
};

class EventTimeComparison {
 public:
  /// Times are read and subtracted in MPFR at `digits` decimal digits (the precise run's).
  explicit EventTimeComparison(long digits);
  ~EventTimeComparison();
  EventTimeComparison(const EventTimeComparison&) = delete;
  EventTimeComparison& operator=(const EventTimeComparison&) = delete;

  /// An event of the run: its kind and time (a decimal text); times never decrease.
  void run_event(std::string_view kind, std::string_view time);
  /// The run has no more events: the precise run's later events are not held.
  void run_finished();
  /// An event of the precise run, the same way.
  void precise_event(std::string_view kind, std::string_view time);
  /// The precise run has no more events: every waiting run event is matched now.
  void precise_finished();

  /// Run events not yet matched.
  std::size_t waiting() const;
  /// Precise events held for run events to come.
  std::size_t held() const;

  /// After precise_finished().
  EventTimeDifference difference() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace vibro
