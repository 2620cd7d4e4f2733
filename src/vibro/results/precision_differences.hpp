#pragma once
// The `difference` object of `vibro run CASE --precision P1,P2,… --json`: every number of
// the runs against the run at the widest precision, as it is written (docs/outputs.md
// "`vibro run --json` with a list of precisions"). io/run_comparison.hpp computes it.

#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// One run's number against the widest run's.
struct PrecisionDifference {
  std::string precision;  ///< the run's, as --precision takes it
  /// value − the widest run's value, rounded to a double, and exactly; none when either run
  /// has no number there.
  std::optional<double> difference;
  std::optional<std::string> difference_text;
  /// Significant digits shared with the widest run's value; none when they are identical.
  std::optional<int> agreeing_digits;
};

/// One number of the results: where it is, and every run but the widest against it.
struct NumberDifferences {
  std::string pointer;  ///< JSON pointer (RFC 6901) into each run's JSON
  std::vector<PrecisionDifference> runs;
};

/// Every number of the runs, against the run at `against`.
struct PrecisionDifferences {
  std::string against;
  std::vector<NumberDifferences> numbers;
};

}  // namespace vibro
