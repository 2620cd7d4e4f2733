#pragma once
// Seed 000 §2's free-fall comparison of the Paoli–Schatzman scheme: the predicted two-step
// reversal against the computed positions (results/run_record.hpp and results/run_result.hpp
// carry it).

#include "vibro/scalar/number_text.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// One node of the free-fall comparison: the predicted and the computed U^n.
struct FreeFallRow {
  std::int64_t n = 0;
  NumberText predicted, computed, difference;
};

/// Seed 000 §2's predicted two-step reversal against the computed positions.
struct FreeFallReversalComparison {
  std::int64_t m = 0;
  std::string reversal_case;                     ///< U^(m+1) below, on or above the obstacle
  std::array<std::int64_t, 2> reversal_steps{};  ///< the two steps the seed places the reversal on
  std::int64_t line_start = 0;                   ///< from this n on, U^n is on the post-impact line
  NumberText slope_per_step;                     ///< of that line: −h e v0
  NumberText max_deviation_from_prediction;      ///< over the whole run
  std::vector<FreeFallRow> table;                ///< the nodes around the reversal
};

/// The free-fall comparison, or why the seed's assumptions do not hold for the case:
/// exactly one of the two is set.
struct FreeFallReversalResult {
  std::optional<std::string> reason;
  std::optional<FreeFallReversalComparison> comparison;
};

}  // namespace vibro
