#pragma once
// `vibro testset run` (docs/testset.md): every (scheme, problem) pair the catalog allows, each
// a convergence study of the problem with the scheme put in its case's place, over the
// problem's step ladder, timed, and each step scored against the stored reference values
// (testset/testset_score.hpp). A pair the catalog or the scheme refuses is listed with the reason.

#include "vibro/case/case_spec.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/testset/testset_score.hpp"
#include "vibro/testset/testset_values.hpp"
#include "vibro/results/testset_result.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

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

/// The problems of `problems_dir` (those of `ids` when given) with the schemes that run each
/// at `precision` (default: the problem's own).
std::vector<TestsetListing> testset_listing(const std::filesystem::path& problems_dir,
                                            const std::vector<std::string>& ids,
                                            const std::optional<Precision>& precision);

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
