// A run's findings hold their sections as Section (results/section.hpp): a value, not a shared
// pointer. A copy is deep and independent, an assignment replaces, a move carries the sections,
// and an absent section stays absent through copies. Expected values are the values
// written here.

#include "vibro/results/corrected_counters.hpp"
#include "vibro/results/inertia_findings.hpp"
#include "vibro/results/run_findings.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

namespace {

vibro::RunFindings with_counters(std::int64_t impacts) {
  vibro::RunFindings f;
  f.corrected = vibro::CorrectedCounters{impacts, 2, 3};
  return f;
}

TEST(RunFindings, ACopyHoldsItsOwnSections) {
  const vibro::RunFindings original = with_counters(1);
  vibro::RunFindings copy = original;
  ASSERT_TRUE(copy.corrected.has_value());
  copy.corrected->impacts = 7;
  EXPECT_EQ(original.corrected->impacts, 1);
  EXPECT_EQ(copy.corrected->impacts, 7);
  EXPECT_EQ(copy.corrected->dichotomies, 2);
  EXPECT_EQ(copy.corrected->fallbacks, 3);
  EXPECT_FALSE(copy.inertia.has_value());
  EXPECT_FALSE(copy.reference);
}

TEST(RunFindings, AnAssignmentReplacesAndEmptiesAsTheSourceIs) {
  vibro::RunFindings target = with_counters(1);
  const vibro::RunFindings source = with_counters(5);
  target = source;
  EXPECT_EQ(target.corrected->impacts, 5);
  target.corrected->impacts = 6;
  EXPECT_EQ(source.corrected->impacts, 5);

  target = vibro::RunFindings{};
  EXPECT_FALSE(target.corrected.has_value());
}

TEST(RunFindings, AMoveTakesTheSections) {
  vibro::RunFindings source = with_counters(4);
  const vibro::RunFindings moved = std::move(source);
  ASSERT_TRUE(moved.corrected.has_value());
  EXPECT_EQ(moved.corrected->impacts, 4);
}

TEST(RunFindings, EmplaceAndResetAsAnOptional) {
  vibro::RunFindings f;
  vibro::InertiaFindings& inertia = f.inertia.emplace();
  inertia.iterations_total = 12;
  EXPECT_EQ((*f.inertia).iterations_total, 12);
  f.inertia.reset();
  EXPECT_FALSE(f.inertia.has_value());
}

}  // namespace
