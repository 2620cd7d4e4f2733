#pragma once
// `vibro testset run` (docs/testset.md): every (scheme, problem) pair the catalog allows, each
// a convergence study of the problem with the scheme put in its case's place, over the
// problem's step ladder, timed, and each step scored against the stored reference values
// (run/testset_score.hpp). A pair the catalog or the scheme refuses is listed with the reason.

#include "vibro/run/case_spec.hpp"
#include "vibro/run/run_options.hpp"
#include "vibro/run/testset_score.hpp"
#include "vibro/run/testset_values.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// A problem of the test set with its stored reference values.
struct TestsetProblem {
  CaseSpec problem;
  TestsetReference reference;
};

/// Every case of `problems_dir` with a [testset] table, by id, each with its stored values
/// from `reference_dir` (ID.toml). `ids`, when not empty, selects problems (an unknown id is
/// an InputError naming the known ones). Throws InputError for a case without [testset], two
/// problems with one id, or stored values of another problem.
std::vector<TestsetProblem> load_testset(const std::filesystem::path& problems_dir,
                                         const std::filesystem::path& reference_dir,
                                         const std::vector<std::string>& ids = {});

/// The problems of `problems_dir` without their stored values (`vibro testset list`, and
/// `vibro testset reference`, which makes them).
std::vector<CaseSpec> load_testset_problems(const std::filesystem::path& problems_dir,
                                            const std::vector<std::string>& ids = {});

/// The catalog entry of the scheme `name` (a case-file name); InputError naming `key` and the
/// known names when there is none.
std::size_t known_scheme_entry(const std::string& name, const std::string& key);

/// The problem's case with `scheme` (a case-file name) in its scheme's place, default options,
/// the coarsest step of its ladder as its step; throws InputError when the scheme does not run
/// the problem (its models, its checks of the case) or not at `precision`.
CaseSpec with_scheme(const CaseSpec& problem, const std::string& scheme, const Precision& precision);

/// The case-file names of the registered schemes with a step that run `problem` at
/// `precision` (every name of an entry: its names are variants, as standard-impact of
/// nonstandard-impact).
std::vector<std::string> schemes_running(const CaseSpec& problem, const Precision& precision);

/// One problem as `vibro testset list` shows it.
struct TestsetListing {
  std::string id, title, model, origin, stresses, file;
  std::vector<std::string> schemes;  ///< the registered schemes that run it at its precision
};

/// The problems of `problems_dir` (those of `ids` when given) with the schemes that run each
/// at `precision` (default: the problem's own).
std::vector<TestsetListing> testset_listing(const std::filesystem::path& problems_dir,
                                            const std::vector<std::string>& ids,
                                            const std::optional<Precision>& precision);

struct TestsetPair {
  std::string problem, title, scheme, precision;
  std::string reference;  ///< what the study measured against (its own check, besides the score)
  std::vector<TestsetScore> scores;  ///< one per step of the ladder, coarse to fine
  /// Why the scheme gave up on the problem (a state that is no longer finite, a contact phase
  /// it has no rule for: the run's std::runtime_error); no scores then.
  std::optional<std::string> failure;
};

struct TestsetRefusal {
  std::string problem, scheme, reason;
};

/// What a problem's stored values are, for the report: their digits, the two precisions,
/// how many, the largest bound, the impacts over the horizon (none: infinitely many).
struct TestsetStoredSummary {
  std::string problem, title;
  int digits = 0;
  std::vector<std::string> precisions;
  std::size_t values = 0;
  std::string largest_bound;
  std::optional<std::int64_t> impacts;
};

struct TestsetRunResult {
  std::vector<TestsetStoredSummary> problems;  ///< one per problem run, in order
  std::vector<TestsetPair> pairs;
  std::vector<TestsetRefusal> refused;  ///< pairs asked for by name that do not run
};

struct TestsetRunRequest {
  std::vector<std::string> schemes;  ///< by name; empty: each problem's own scheme
  bool all = false;                  ///< every registered scheme that runs the problem
  std::optional<Precision> precision;
  unsigned timing_repeats = 3;
};

/// Runs the pairs asked for. `options` gives threads, progress and the step limit.
TestsetRunResult run_testset(const std::vector<TestsetProblem>& problems, const TestsetRunRequest& request,
                             const RunOptions& options);

}  // namespace vibro
