// The error estimate's event comparison as both runs go (analysis/event_time_comparison.hpp).
// Expected values from an independent method: for each run event, the nearest event of its kind
// in the whole list of the precise run, by brute force over both finished lists, in MPFR at the
// same digits — so the streamed comparison must give the same largest distance to the last
// digit, whatever the order in which the two runs take their turns. And its memory: in step, it
// holds about the events between two turns, not the horizon's.

#include "vibro/analysis/event_time_comparison.hpp"

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace vibro::testing {
namespace {

struct Event {
  std::string kind;
  std::int64_t ticks;  ///< the time in units of 10^-15
};

std::string time_text(std::int64_t ticks) {
  std::string digits = std::to_string(ticks);
  if (digits.size() < 16) digits.insert(0, 16 - digits.size(), '0');
  digits.insert(digits.size() - 15, ".");
  return digits;
}

constexpr long digits = 40;

EventTimeDifference brute_force(const std::vector<Event>& run, const std::vector<Event>& precise) {
  const MpfrPrecisionGuard guard(digits);
  mpfr_real largest(0);
  bool missing = false;
  for (const Event& e : run) {
    const mpfr_real t = parse_real<mpfr_real>(time_text(e.ticks));
    bool any = false;
    mpfr_real nearest(0);
    for (const Event& p : precise) {
      if (p.kind != e.kind) continue;
      const mpfr_real distance = abs(t - parse_real<mpfr_real>(time_text(p.ticks)));
      if (!any || distance < nearest) nearest = distance;
      any = true;
    }
    if (!any) missing = true;
    else if (nearest > largest) largest = nearest;
  }
  return {to_text_significant(largest, 3), missing};
}

/// The same by a binary search in each kind's sorted list (for long lists).
EventTimeDifference by_binary_search(const std::vector<Event>& run, const std::vector<Event>& precise) {
  const MpfrPrecisionGuard guard(digits);
  std::map<std::string, std::vector<mpfr_real>> times;
  for (const Event& p : precise) times[p.kind].push_back(parse_real<mpfr_real>(time_text(p.ticks)));
  mpfr_real largest(0);
  bool missing = false;
  for (const Event& e : run) {
    const std::vector<mpfr_real>& candidates = times[e.kind];
    if (candidates.empty()) {
      missing = true;
      continue;
    }
    const mpfr_real t = parse_real<mpfr_real>(time_text(e.ticks));
    const auto after = std::lower_bound(candidates.begin(), candidates.end(), t);
    mpfr_real nearest = after == candidates.end() ? mpfr_real(t - candidates.back()) : mpfr_real(*after - t);
    if (after != candidates.begin() && after != candidates.end() && t - *std::prev(after) < nearest)
      nearest = t - *std::prev(after);
    if (nearest > largest) largest = nearest;
  }
  return {to_text_significant(largest, 3), missing};
}

/// Both lists fed in the order `turns` gives (true: the run's next event), each run's end said
/// when its list is done.
EventTimeDifference streamed(const std::vector<Event>& run, const std::vector<Event>& precise, std::mt19937& random) {
  EventTimeComparison comparison(digits);
  std::size_t r = 0, p = 0;
  while (r < run.size() || p < precise.size()) {
    const bool run_turn = p == precise.size() || (r < run.size() && random() % 2 == 0);
    if (run_turn) {
      comparison.run_event(run[r].kind, time_text(run[r].ticks));
      if (++r == run.size()) comparison.run_finished();
    } else {
      comparison.precise_event(precise[p].kind, time_text(precise[p].ticks));
      if (++p == precise.size()) comparison.precise_finished();
    }
  }
  if (precise.empty()) comparison.precise_finished();
  return comparison.difference();
}

/// A run's events and the precise run's: the same times moved by up to 10^-9, a few events
/// only one of them has (a chatter impact resolved, a stick the other did not see).
std::pair<std::vector<Event>, std::vector<Event>> two_runs(std::mt19937& random, std::size_t count,
                                                           std::int64_t largest_gap = 2'000'000'000'000'000) {
  const std::vector<std::string> kinds = {"impact", "impact", "impact", "stick", "release"};
  std::vector<Event> run, precise;
  std::int64_t t = 0;
  for (std::size_t i = 0; i < count; ++i) {
    t += 1 + static_cast<std::int64_t>(random() % largest_gap);
    const std::string& kind = kinds[random() % kinds.size()];
    const int what = static_cast<int>(random() % 20);
    if (what != 0) run.push_back({kind, t});
    if (what != 1) precise.push_back({what == 2 ? "stick" : kind, t + static_cast<std::int64_t>(random() % 2'000'001) - 1'000'000});
  }
  std::stable_sort(precise.begin(), precise.end(), [](const Event& a, const Event& b) { return a.ticks < b.ticks; });
  std::stable_sort(run.begin(), run.end(), [](const Event& a, const Event& b) { return a.ticks < b.ticks; });
  return {run, precise};
}

TEST(EventTimeComparison, GivesTheBruteForceNearestWhateverTheTurns) {
  std::mt19937 random(20261129);
  for (int trial = 0; trial < 300; ++trial) {
    const auto [run, precise] = two_runs(random, 1 + random() % 60);
    const EventTimeDifference expected = brute_force(run, precise);
    for (int order = 0; order < 4; ++order) {
      const EventTimeDifference found = streamed(run, precise, random);
      ASSERT_EQ(found.largest, expected.largest) << "trial " << trial << ", order " << order;
      ASSERT_EQ(found.kind_missing, expected.kind_missing) << "trial " << trial << ", order " << order;
    }
  }
}

TEST(EventTimeComparison, AKindThePreciseRunNeverHadIsMissingAndLeftOut) {
  EventTimeComparison comparison(digits);
  comparison.precise_event("impact", "1.0");
  comparison.run_event("impact", "1.5");
  comparison.run_event("stick", "2");
  comparison.precise_event("impact", "3");
  comparison.run_finished();
  comparison.precise_finished();
  const EventTimeDifference found = comparison.difference();
  EXPECT_EQ(found.largest, "0.5");
  EXPECT_TRUE(found.kind_missing);
}

TEST(EventTimeComparison, ARunEventIsMatchedOnceThePreciseRunIsFarEnoughPastIt) {
  // The precise run stuck at 1 and never again; the run sticks at 5. Once the precise run's
  // events reach 9 (9 − 5 ≥ 5 − 1), its stick at 1 is the nearest there can be.
  EventTimeComparison comparison(digits);
  comparison.precise_event("stick", "1");
  comparison.run_event("stick", "5");
  EXPECT_EQ(comparison.waiting(), 1u);
  comparison.precise_event("impact", "8.9");
  EXPECT_EQ(comparison.waiting(), 1u);
  comparison.precise_event("impact", "9");
  EXPECT_EQ(comparison.waiting(), 0u);
  comparison.precise_finished();
  EXPECT_EQ(comparison.difference().largest, "4");
}

TEST(EventTimeComparison, InStepItHoldsTheEventsBetweenTurnsNotTheHorizons) {
  std::mt19937 random(7);
  const auto [run, precise] = two_runs(random, 200'000, 20'000'000'000'000);  // 0.02 apart at most
  EventTimeComparison comparison(digits);
  std::size_t r = 0, p = 0, most_held = 0, most_waiting = 0;
  constexpr std::size_t turn = 100;  // each run in turn gives this many events
  while (r < run.size() || p < precise.size()) {
    for (std::size_t i = 0; i < turn && r < run.size(); ++i, ++r) comparison.run_event(run[r].kind, time_text(run[r].ticks));
    if (r == run.size()) comparison.run_finished();
    for (std::size_t i = 0; i < turn && p < precise.size(); ++i, ++p)
      comparison.precise_event(precise[p].kind, time_text(precise[p].ticks));
    most_held = std::max(most_held, comparison.held());
    most_waiting = std::max(most_waiting, comparison.waiting());
  }
  comparison.precise_finished();
  EXPECT_LE(most_held, 3 * turn);
  EXPECT_LE(most_waiting, 3 * turn);
  const EventTimeDifference expected = by_binary_search(run, precise);
  EXPECT_EQ(comparison.difference().largest, expected.largest);
  EXPECT_EQ(comparison.difference().kind_missing, expected.kind_missing);
}

}  // namespace
}  // namespace vibro::testing
