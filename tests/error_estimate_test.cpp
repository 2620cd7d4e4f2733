// The reference's error estimate run in step (run/error_estimate_in_step.hpp) gives what the
// comparison of the two finished runs gives. Independent method: the case run twice without an
// estimate, at its precision and at 20 more digits, every event kept; each event of the first
// matched to the nearest of its kind in the second by a binary search over the whole sorted
// list, in MPFR at the second's digits. On the sticking oscillator (chatter: the two lists
// differ in length) and on the periodic case over 10^4 periods (more events than the two runs
// hold between turns, so they take turns many times); in double and in MPFR. The final state's
// differences are the two runs' final states subtracted.

#include "vibro/io/case_file.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/results/reference_findings.hpp"

#include "support/build_paths.hpp"
#include "support/read_text.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace vibro::testing {
namespace {

RunResult run_without_estimate(const CaseSpec& c, const Precision& precision) {
  RunOptions options;
  options.precision = precision;
  options.error_estimate = false;
  return run_case(c, options);
}

/// The largest distance from an event of `run` to the nearest of its kind in `precise`.
std::string largest_event_distance(const RunResult& run, const RunResult& precise, long digits) {
  const MpfrPrecisionGuard guard(digits);
  std::map<std::string, std::vector<mpfr_real>> times;
  for (const ReferenceEventText& e : precise.run.reference->events) times[e.kind].push_back(parse_real<mpfr_real>(e.t.text));
  mpfr_real largest(0);
  for (const ReferenceEventText& e : run.run.reference->events) {
    const std::vector<mpfr_real>& candidates = times[e.kind];
    if (candidates.empty()) continue;
    const mpfr_real t = parse_real<mpfr_real>(e.t.text);
    const auto after = std::lower_bound(candidates.begin(), candidates.end(), t);
    mpfr_real nearest = after == candidates.end() ? mpfr_real(t - candidates.back()) : mpfr_real(*after - t);
    if (after != candidates.begin() && after != candidates.end() && t - *std::prev(after) < nearest)
      nearest = t - *std::prev(after);
    largest = std::max(largest, nearest);
  }
  return to_text_significant(largest, 3);
}

void expect_estimate_of_the_two_runs(const CaseSpec& c, const Precision& precision) {
  RunOptions options;
  options.precision = precision;
  const RunResult estimated = run_case(c, options);
  const long digits = estimated.provenance.precision.decimal_digits;
  const Precision more{ScalarKind::mpfr, digits + 20};
  const RunResult run = run_without_estimate(c, precision), precise = run_without_estimate(c, more);
  ASSERT_TRUE(estimated.run.reference->error_estimate);
  const ErrorEstimate& estimate = *estimated.run.reference->error_estimate;
  EXPECT_EQ(estimate.compared_with, more.name());
  EXPECT_EQ(estimate.max_event_time_difference, largest_event_distance(run, precise, more.mpfr_digits));
  EXPECT_EQ(estimate.event_counts_at_more_digits, precise.run.reference->event_counts);
  EXPECT_EQ(estimated.run.reference->event_counts, run.run.reference->event_counts);
  const MpfrPrecisionGuard guard(more.mpfr_digits);
  const auto difference = [](const NumberText& a, const NumberText& b) {
    return to_text_significant(mpfr_real(abs(parse_real<mpfr_real>(a.text) - parse_real<mpfr_real>(b.text))), 3);
  };
  EXPECT_EQ(estimate.final_position_difference, difference(run.run.final.u, precise.run.final.u));
  EXPECT_EQ(estimate.final_velocity_difference, difference(run.run.final.v, precise.run.final.v));
}

TEST(ErrorEstimateInStep, EqualsTheComparisonOfTheFinishedRunsOnAChatteringCase) {
  const CaseSpec c = load_case(std::string(test_paths::cases_dir) + "/reference_sticking_oscillator.toml");
  const RunResult run = run_without_estimate(c, Precision{ScalarKind::double_, 0});
  const RunResult precise = run_without_estimate(c, Precision{ScalarKind::mpfr, 35});
  // The case is worth it only if the two lists differ: chatter resolved differently.
  ASSERT_NE(run.run.reference->events.size(), precise.run.reference->events.size());
  expect_estimate_of_the_two_runs(c, Precision{ScalarKind::double_, 0});
  expect_estimate_of_the_two_runs(c, Precision{ScalarKind::mpfr, 30});
}

TEST(ErrorEstimateInStep, EqualsTheComparisonOfTheFinishedRunsOverManyTurns) {
  std::string text = read_text(std::filesystem::path(test_paths::cases_dir) / "reference_periodic.toml");
  text.replace(text.find("periods = 10"), std::string("periods = 10").size(), "periods = 10000");
  const CaseSpec c = parse_case(text, "periodic_10000.toml");
  expect_estimate_of_the_two_runs(c, Precision{ScalarKind::double_, 0});
}

}  // namespace
}  // namespace vibro::testing
