#include "vibro/analysis/event_time_comparison.hpp"

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <deque>
#include <map>
#include <optional>
#include <stdexcept>

namespace vibro {

struct EventTimeComparison::State {
  /// Per kind: the precise run's events still needed (ascending; the first is the last one at
  /// or before the run's latest event, when there is one) and the run's events waiting for
  /// the precise run to go past them (ascending; every one later than all of `precise`).
  struct Kind {
    std::deque<mpfr_real> precise, waiting;
  };
  long digits;
  std::map<std::string, Kind, std::less<>> kinds;
  std::optional<mpfr_real> run_reached, precise_reached;
  mpfr_real largest{0};
  bool kind_missing = false, precise_done = false, run_done = false;

  void match(const mpfr_real& distance) {
    if (distance > largest) largest = distance;
  }

  /// A precise event no later event of the run can have as its neighbour is dropped: one whose
  /// successor of its kind is at or before the run's latest event.
  void drop_passed(Kind& k) const {
    if (run_done) {  // only the waiting events' previous one is still needed
      while (k.precise.size() >= 2) k.precise.pop_front();
      return;
    }
    if (!run_reached) return;
    while (k.precise.size() >= 2 && k.precise[1] <= *run_reached) k.precise.pop_front();
  }

  /// Waiting events the precise run has gone far enough past: with its previous event p of
  /// the kind and its latest event T of any kind, a run event t with T − t ≥ t − p has p
  /// nearest (every later precise event comes at T or after). Without a previous event, of
  /// the waiting events at or before T only the first matters: each of them is at distance
  /// s − t from the kind's first precise event s ≥ T, largest for the first.
  void settle_by_progress(Kind& k) {
    if (!precise_reached) return;
    const mpfr_real& reached = *precise_reached;
    if (!k.precise.empty()) {
      const mpfr_real& previous = k.precise.back();
      while (!k.waiting.empty() && reached - k.waiting.front() >= k.waiting.front() - previous) {
        match(k.waiting.front() - previous);
        k.waiting.pop_front();
      }
      return;
    }
    while (k.waiting.size() >= 2 && k.waiting[1] <= reached) k.waiting.erase(k.waiting.begin() + 1);
  }
};

EventTimeComparison::EventTimeComparison(long digits) {
  const MpfrPrecisionGuard guard(digits);  // `largest` at the digits compared
  state_ = std::make_unique<State>();
  state_->digits = digits;
}

EventTimeComparison::~EventTimeComparison() = default;

void EventTimeComparison::run_event(std::string_view kind, std::string_view time) {
  State& s = *state_;
  const MpfrPrecisionGuard guard(s.digits);
  const mpfr_real t = parse_real<mpfr_real>(time);
  if (s.run_reached && t < *s.run_reached) throw std::logic_error("event comparison: the run's events went back in time");
  s.run_reached = t;
  auto found = s.kinds.find(kind);
  if (found == s.kinds.end()) found = s.kinds.emplace(std::string(kind), State::Kind{}).first;
  State::Kind& k = found->second;
  for (auto& [name, other] : s.kinds) s.drop_passed(other);
  // The first precise event of the kind at or after t, if the precise run has reached it.
  std::size_t after = 0;
  while (after < k.precise.size() && k.precise[after] < t) ++after;
  if (after < k.precise.size()) {
    mpfr_real nearest = k.precise[after] - t;
    if (after > 0 && t - k.precise[after - 1] < nearest) nearest = t - k.precise[after - 1];
    s.match(nearest);
  } else if (s.precise_done) {
    if (k.precise.empty()) s.kind_missing = true;
    else s.match(t - k.precise.back());
  } else {
    k.waiting.push_back(t);
    s.settle_by_progress(k);
  }
}

void EventTimeComparison::precise_event(std::string_view kind, std::string_view time) {
  State& s = *state_;
  const MpfrPrecisionGuard guard(s.digits);
  const mpfr_real t = parse_real<mpfr_real>(time);
  if (s.precise_reached && t < *s.precise_reached)
    throw std::logic_error("event comparison: the precise run's events went back in time");
  s.precise_reached = t;
  auto found = s.kinds.find(kind);
  if (found == s.kinds.end()) found = s.kinds.emplace(std::string(kind), State::Kind{}).first;
  State::Kind& k = found->second;
  // The waiting events of the kind at or before t: t is the first precise event after them.
  while (!k.waiting.empty() && k.waiting.front() <= t) {
    mpfr_real nearest = t - k.waiting.front();
    if (!k.precise.empty() && k.waiting.front() - k.precise.back() < nearest) nearest = k.waiting.front() - k.precise.back();
    s.match(nearest);
    k.waiting.pop_front();
  }
  k.precise.push_back(t);
  s.drop_passed(k);
  for (auto& [name, other] : s.kinds) s.settle_by_progress(other);
}

void EventTimeComparison::run_finished() {
  state_->run_done = true;
  for (auto& [name, k] : state_->kinds) state_->drop_passed(k);
}

void EventTimeComparison::precise_finished() {
  State& s = *state_;
  const MpfrPrecisionGuard guard(s.digits);
  for (auto& [name, k] : s.kinds) {
    if (!k.waiting.empty() && k.precise.empty()) s.kind_missing = true;
    if (!k.precise.empty())
      for (const mpfr_real& t : k.waiting) s.match(t - k.precise.back());
    k.waiting.clear();
  }
  s.precise_done = true;
}

std::size_t EventTimeComparison::waiting() const {
  std::size_t count = 0;
  for (const auto& [name, k] : state_->kinds) count += k.waiting.size();
  return count;
}

std::size_t EventTimeComparison::held() const {
  std::size_t count = 0;
  for (const auto& [name, k] : state_->kinds) count += k.precise.size();
  return count;
}

EventTimeDifference EventTimeComparison::difference() const {
  const State& s = *state_;
  if (!s.precise_done) throw std::logic_error("event comparison: asked before the precise run finished");
  const MpfrPrecisionGuard guard(s.digits);
  return {to_text_significant(s.largest, 3), s.kind_missing};
}

}  // namespace vibro
