#pragma once
// `vibro run CASE --precision double,mpfr:50`: the same case run at several precisions, every
// number of the runs' results side by side with its difference from the run at the widest
// precision (docs/outputs.md "vibro run with a list of precisions").
//
// The numbers compared are the leaves of each run's JSON (io/result_json.hpp), so that every
// quantity a run reports is compared, whatever its scheme, without a list to keep up to date:
// each number is found by its JSON pointer, the same in every run. What the case gave (model,
// initial state, scheme, provenance) is left out, as are the plot samples.

#include "vibro/results/precision_differences.hpp"
#include "vibro/results/provenance.hpp"
#include "vibro/scalar/number_text.hpp"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

struct RunResult;  // results/run_result.hpp

class ListingSpool;  // io/spooled_run_json.hpp

/// One run's number at a pointer, against the widest run's.
struct ComparedValue {
  std::optional<NumberText> value;  ///< none when this run has no number there
  /// value − the widest run's value, exactly; none for the widest run itself or when either
  /// value is missing.
  std::optional<NumberText> difference;
  /// Significant digits the value shares with the widest run's (analysis/significant_digits.hpp);
  /// none when there is no difference or it is 0 (the values are identical).
  std::optional<int> agreeing_digits;
};

/// One number of the results, at every precision (one value per run, in the runs' order).
struct ComparedNumber {
  std::string pointer;  ///< JSON pointer (RFC 6901) into each run's JSON, e.g. "/run/final/u"
  std::vector<ComparedValue> values;
};

struct RunComparison {
  std::vector<std::string> precisions;  ///< each run's, e.g. "double", "mpfr:50"
  std::size_t widest = 0;               ///< the run the others are compared with
  /// In the order the first run that has each lists it: `run` first, then the other
  /// sections, each object's keys in alphabetical order (as the JSON writes them).
  std::vector<ComparedNumber> numbers;
};

/// The index of the widest precision: the exact type when it is there, else the most
/// significand bits (the first of equals).
std::size_t widest_precision(const std::vector<PrecisionInfo>& precisions);

/// Every number of the runs' JSON (`runs[i]` is to_json of the run at `precisions[i]`).
/// A number is a string that parses as a decimal or a fraction (parse_exact) or a JSON
/// number; where an object has both `key` and `key_text`, the exact text is the number.
RunComparison compare_runs(const std::vector<nlohmann::json>& runs, const std::vector<PrecisionInfo>& precisions);

/// The `difference` object of the JSON output, as it is written (one entry per run but the
/// widest, each difference rounded to a double beside its exact text).
PrecisionDifferences differences(const RunComparison& comparison);

/// One element of the `difference` object's `numbers`, as it is written: `number` of runs at
/// `precisions` against the run `widest`.
NumberDifferences number_differences(const ComparedNumber& number, const std::vector<std::string>& precisions,
                                     std::size_t widest);

/// `vibro run CASE --precision P1,P2,…`: the runs, each with the spool of its lists (or none
/// when it held them), compared without holding their numbers.
class ComparedRuns {
 public:
  /// `results` and `spools` (one per result, or empty) outlive this.
  ComparedRuns(const std::vector<RunResult>& results, const std::vector<const ListingSpool*>& spools);
  ~ComparedRuns();

  const std::vector<std::string>& precisions() const { return precisions_; }
  std::size_t widest() const { return widest_; }
  /// Every number, one at a time, as often as called, without holding them: a list a run's
  /// spool holds is read element by element, every run's side by side, its numbers in the
  /// list's place up to the longest run's last element (compare_runs, which holds the lists,
  /// puts the elements of a longer list after every other number).
  void for_each_number(const std::function<void(const ComparedNumber&)>& each) const;
  /// The JSON output, {"schema_version", "runs", "difference"}, dumped with an indent of 2 and
  /// a line break, in pieces to `write`.
  void write_json(const std::function<void(std::string_view)>& write) const;

 private:
  struct Marked;  // each run's JSON with its lists marked, and the arrays that go there
  std::unique_ptr<Marked> marked_;
  std::vector<const ListingSpool*> spools_;
  std::vector<PrecisionInfo> infos_;
  std::vector<std::string> precisions_;
  std::size_t widest_ = 0;
};

}  // namespace vibro
