#pragma once
// `vibro check`: re-runs the experiments behind the published tables and gives one verdict
// per published value. The Lyapunov values of seeds 000 and 001 can
// only be checked through the relations of MATH.md §4, on the harness's chaotic case: their
// α, a, u_min are not published. Each relation takes the cases that reproduce the seed
// experiments it compares, found by their [lyapunov] published id ("001.IDED", …).

#include "vibro/run/case_spec.hpp"
#include "vibro/run/lyapunov_result.hpp"
#include "vibro/run/run_options.hpp"
#include "vibro/run/published_values.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace vibro {

/// One relation of MATH.md §4 evaluated on the chaotic case: holds or not, and the numbers.
struct RelationOutcome {
  bool computable = false;  ///< false: the harness cannot evaluate it (the detail says why)
  bool holds = false;
  std::string detail;
};

/// How the relations are evaluated: by default each Lyapunov case at its own precision and
/// horizon; tests evaluate them again in MPFR.
struct RelationSettings {
  std::optional<Precision> precision;   ///< overrides every case's precision
  std::optional<std::int64_t> periods;  ///< overrides every case's horizon
  std::set<std::string> skip;           ///< relations left out (reported as not evaluated)
  RunOptions run;  ///< progress and work limit of the runs (its precision is ignored: see above)
};

/// The exponents of Lyapunov cases by their published id, computed at the cases' own
/// settings by a caller that has them already (the report): reused instead of re-run when
/// the settings override nothing.
using ComputedExponents = std::map<std::string, LyapunovFindings>;

/// Evaluates every relation of published_relations() from `cases` (those with a
/// [lyapunov] published id take part).
std::map<std::string, RelationOutcome> evaluate_relations(const std::vector<CaseSpec>& cases,
                                                          const RelationSettings& settings = {},
                                                          const ComputedExponents& computed = {});

/// A relation as checked for one published value.
struct RelationCheck {
  std::string relation;
  RelationOutcome outcome;
};

/// The verdict on one published value.
struct ValueVerdict {
  std::string id, printed, status;
  std::optional<std::vector<RelationCheck>> relations;  ///< none for a not-reproducible value
  std::string verdict;  ///< "relation holds", "relation fails", "not reproducible: …"
};

struct CheckResult {
  std::vector<ValueVerdict> verdicts;
  bool passed = true;  ///< false when any relation that can be evaluated fails
};

/// The verdict of every published value: relation holds / relation fails / not
/// reproducible: reason.
CheckResult check_published(const std::vector<PublishedTable>& tables,
                            const std::map<std::string, RelationOutcome>& relations);

}  // namespace vibro
