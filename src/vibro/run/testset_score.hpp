#pragma once
// The test set's score of one run of a scheme (docs/testset.md, "The score"): the
// significant correct digits of its end state and of its impact times against the stored
// reference values, in the Bari test set's mixed sense, scd = −log10 max_i |x_i − x_i,ref| /
// (1 + |x_i,ref|); the impacts it saw against the reference's; its wall time. Computed from
// the texts of a study row after the run, never inside a step loop.

#include "vibro/analysis/study_result.hpp"
#include "vibro/run/testset_values.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace vibro {

/// Whether a run met the stored values exactly, beyond what its digits say.
enum class Exactness {
  not_exact,
  exact,        ///< every error is 0
  to_rounding,  ///< within the stored values' accuracy, and every error at most one rounding
                ///< unit of the run's type at the quantity's scale (StudyRow::rounding_units):
                ///< the run holds the exact values to every digit its type carries (VI-01's
                ///< ball at rest on the obstacle)
};

/// Significant correct digits, or none. `at_cap`: the error is within the stored values' own
/// accuracy, so the digits are at least `digits` (shown "≥ d"), not exactly.
struct CorrectDigits {
  double digits = 0;
  bool at_cap = false;
  Exactness exactness = Exactness::not_exact;
};

struct TestsetScore {
  std::string h;  ///< as written in the problem's ladder
  NumberText h_value;
  std::int64_t steps = 0;
  NumberText end_time;
  /// The run's last node is the end of the horizon (within h/2). A run that stopped before it
  /// (an escape, a scheme that gives up) has no end-state digits.
  bool reached_horizon = true;
  std::optional<CorrectDigits> state;
  /// Of the stored first impacts, each matched with the nearest impact the scheme saw (the
  /// convergence engine's matching); none when the problem stores no impact or the scheme saw
  /// none.
  std::optional<CorrectDigits> impact_times;
  std::int64_t impacts_seen = 0;
  std::optional<std::int64_t> impacts_reference;  ///< none: infinitely many (they accumulate)
  std::optional<double> seconds;                  ///< least wall time of the repeats
};

/// The score of one row of a study of the problem whose stored values are `reference`.
TestsetScore testset_score(const StudyRow& row, const TestsetReference& reference);

/// "6.3", "≥ 31.0", "exact", "exact to rounding" or "–" (none), for text and Markdown.
std::string digits_text(const std::optional<CorrectDigits>& d);

/// What the words of digits_text mean, as a sentence for a page that shows them.
std::string digits_terms();

}  // namespace vibro
