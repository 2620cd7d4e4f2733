#include "vibro/testset/testset_run.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/io/testset_reference_file.hpp"
#include "vibro/external/external_scheme.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/case/runnable.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/shown_input.hpp"

#include <algorithm>
#include <map>

namespace vibro {

std::vector<CaseSpec> load_testset_problems(const std::filesystem::path& problems_dir,
                                            const std::vector<std::string>& ids) {
  std::vector<CaseSpec> all = load_cases(problems_dir, nullptr, CaseFileNames::as_given);
  std::map<std::string, std::string> file_of_id;
  for (const CaseSpec& c : all) {
    if (!c.testset)
      throw InputError(c.file, "testset", "missing: every case of the test-set directory is a problem with a [testset] table");
    const auto [it, fresh] = file_of_id.emplace(c.testset->id, c.file);
    if (!fresh) throw InputError(c.file, "testset.id", "'" + c.testset->id + "' is also the id of " + it->second);
  }
  std::sort(all.begin(), all.end(), [](const CaseSpec& a, const CaseSpec& b) { return a.testset->id < b.testset->id; });
  if (ids.empty()) return all;
  std::vector<CaseSpec> chosen;
  for (const std::string& id : ids) {
    const auto it = std::find_if(all.begin(), all.end(), [&](const CaseSpec& c) { return c.testset->id == id; });
    if (it == all.end()) {
      std::string known;
      for (const CaseSpec& c : all) known += (known.empty() ? "" : ", ") + c.testset->id;
      throw InputError("", "--problem", "no problem '" + shown_input(id) + "' in " + problems_dir.string() +
                                            " (known: " + known + ")");
    }
    if (std::none_of(chosen.begin(), chosen.end(), [&](const CaseSpec& c) { return c.testset->id == id; }))
      chosen.push_back(*it);
  }
  return chosen;
}

std::vector<TestsetProblem> load_testset(const std::filesystem::path& problems_dir,
                                         const std::filesystem::path& reference_dir,
                                         const std::vector<std::string>& ids) {
  std::vector<TestsetProblem> problems;
  for (CaseSpec& c : load_testset_problems(problems_dir, ids)) {
    const std::filesystem::path file = testset_reference_path(reference_dir, c.testset->id);
    TestsetReference reference = load_testset_reference(file);
    if (reference.id != c.testset->id)
      throw InputError(file.string(), "provenance.problem",
                       "'" + shown_input(reference.id) + "' is not the problem " + c.testset->id + " of " + c.file);
    problems.push_back({std::move(c), std::move(reference)});
  }
  return problems;
}

std::size_t known_scheme_entry(const std::string& name, const std::string& key) {
  const std::optional<std::size_t> entry = entry_named(name);
  if (!entry) throw InputError("", key, "unknown scheme '" + shown_input(name) + "' (known: " + scheme_names_text() + ")");
  return *entry;
}

CaseSpec with_scheme(const CaseSpec& problem, const std::string& scheme, const Precision& precision) {
  const std::size_t entry = known_scheme_entry(scheme, "--scheme");
  const SchemeInfo& info = scheme_infos()[entry];
  const std::string id = problem.testset ? problem.testset->id : problem.name;
  if (!info.has_step)
    throw InputError(problem.file, "scheme", "'" + scheme + "' has no step to score on a ladder (it is the truth the values come from)");
  if (!info.models.contains(problem.model.model_kind()))
    throw InputError(problem.file, "scheme", "'" + scheme + "' does not run the model " +
                                                 std::string(model_name(problem.model.model_kind())) + " of " + id);
  CaseSpec c = problem;
  c.scheme = SchemeSpec{scheme, entry, {}};
  c.step = c.convergence.front();
  c.convergence_orders_checked = false;
  info.options(c);
  info.validate(c);
  require_runnable(c, precision, "--precision");
  return c;
}

std::vector<std::string> schemes_running(const CaseSpec& problem, const Precision& precision) {
  std::vector<std::string> names;
  for (const SchemeInfo& info : scheme_infos())
    for (const std::string& name : info.names) {  // every name: an entry's names are variants (standard-impact)
      try {
        with_scheme(problem, name, precision);
        names.push_back(name);
      } catch (const InputError&) {
        // does not run this problem: not listed
      }
    }
  return names;
}

namespace {

/// The problem as an external program runs it: its ladder's coarsest step as the case's step
/// (the case's own scheme stays, for the program to read; it is not run).
CaseSpec as_problem_of_program(const CaseSpec& problem) {
  CaseSpec c = problem;
  c.step = c.convergence.front();
  c.convergence_orders_checked = false;
  return c;
}

/// The study of problem `p` as case `c` (its scheme, or the program of `options`) over the
/// ladder, each step scored; a run that gives up is the pair's failure.
TestsetPair run_pair(const TestsetProblem& p, const CaseSpec& c, const std::string& scheme, const Precision& precision,
                     const TestsetRunRequest& request, const RunOptions& options) {
  RunOptions run = options;
  run.precision = precision;
  run.timing_repeats = request.timing_repeats;
  run.rounding_floor = RoundingFloor::model;  // the score needs no floor; measuring it would double the cost
  run.error_estimate = false;
  run.label = p.problem.testset->id + " by " + scheme + " at " + precision.name();
  TestsetPair pair{p.problem.testset->id, p.problem.testset->title, scheme, precision.name(), "", {}, std::nullopt, ""};
  try {
    const RunResult result = run_case(c, run);
    if (!result.convergence) throw std::logic_error("run_testset: a study without its rows");
    pair.reference = result.convergence->reference;
    for (const StudyRow& row : result.convergence->rows) pair.scores.push_back(testset_score(row, p.reference));
  } catch (const InputError&) {
    throw;
  } catch (const std::runtime_error& why) {  // the run gave up (RunFailure, or a kernel's own)
    pair.failure = why.what();
  }
  return pair;
}

}  // namespace

TestsetRunResult run_testset(const std::vector<TestsetProblem>& problems, const TestsetRunRequest& request,
                             const RunOptions& options) {
  TestsetRunResult out;
  for (const TestsetProblem& p : problems) {
    const CaseSpec& problem = p.problem;
    TestsetStoredSummary stored{problem.testset->id, problem.testset->title, p.reference.digits, p.reference.precisions,
                                p.reference.values.size(), "0", p.reference.impacts};
    for (const StoredValue& v : p.reference.values)
      if (*parse_exact(v.bound) > *parse_exact(stored.largest_bound)) stored.largest_bound = v.bound;
    out.problems.push_back(std::move(stored));
    const Precision precision = request.precision.value_or(problem.precision);
    if (options.program) {  // a program of the user's in place of every scheme
      out.pairs.push_back(run_pair(p, as_problem_of_program(problem), options.program->name, precision, request, options));
      continue;
    }
    std::vector<std::string> schemes = request.schemes;
    if (request.all) schemes = schemes_running(problem, precision);
    if (schemes.empty() && !request.all) schemes = {problem.scheme.type};
    for (const std::string& scheme : schemes) {
      CaseSpec c;
      try {
        c = with_scheme(problem, scheme, precision);
      } catch (const InputError& why) {
        out.refused.push_back({problem.testset->id, scheme, why.message()});
        continue;
      }
      out.pairs.push_back(run_pair(p, c, scheme, precision, request, options));
    }
  }
  return out;
}

std::vector<TestsetListing> testset_listing(const std::filesystem::path& problems_dir,
                                            const std::vector<std::string>& ids,
                                            const std::optional<Precision>& precision) {
  std::vector<TestsetListing> listing;
  for (const CaseSpec& c : load_testset_problems(problems_dir, ids))
    listing.push_back({c.testset->id, c.testset->title, std::string(model_name(c.model.model_kind())),
                       c.testset->origin, c.testset->stresses, c.file,
                       schemes_running(c, precision.value_or(c.precision))});
  return listing;
}

}  // namespace vibro
