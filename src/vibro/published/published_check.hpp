#pragma once
// `vibro check`: a regression gate over the relations of the published tables. The Lyapunov
// values of seeds 000 and 001 belong to α, a, u_min the seeds do not print, so they are
// checked through the relations the seeds state (seed 001 §5, seed 000 §4), evaluated on each
// member of the harness's chaotic family: the cases with the same [lyapunov] family, each
// reproducing one seed experiment ([lyapunov] published = "001.IDED", …).
//
// Whether a relation holds on a member is a measured fact, not a pass or fail of the harness;
// the published tables record the expected outcome per relation and member, with its reason
// and evidence ([[outcome]]). The gate compares: holds / contradicted as recorded / changed.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/published_values.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/results/published_check_result.hpp"

#include <compare>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace vibro {

/// Exponents computed at the cases' own settings by a caller that has them already (the
/// report): reused instead of re-run when the settings override nothing.
struct ComputedExponents;  // published/computed_exponents.hpp

/// How the relations are evaluated: by default each Lyapunov case at its own precision and
/// horizon; tests evaluate them again in MPFR.
struct RelationSettings {
  std::optional<Precision> precision;   ///< overrides every case's precision
  std::optional<std::int64_t> periods;  ///< overrides every case's horizon
  std::set<std::string> skip;           ///< relations left out (reported as not evaluated)
  RunOptions run;  ///< progress and work limit of the runs (its precision is ignored: see above)
};

/// The names cases give to published things are checked against what exists: a case's
/// [case] reproduces must be the id of a value of `known` (every table of the published
/// directory, and those given), its [lyapunov] published an experiment a relation uses or one
/// whose λ1 and λ2 `known` holds. Otherwise an InputError naming the key: a mistyped name
/// would leave its case out of the gate without a word.
void require_published_names(const std::vector<CaseSpec>& cases, const std::vector<PublishedTable>& known);

/// Evaluates every relation of published_relations() on every family of `cases` (those with
/// a [lyapunov] family). A family whose cases differ in model or initial data, or with two
/// cases for one experiment, is an InputError.
RelationEvaluations evaluate_relations(const std::vector<CaseSpec>& cases, const RelationSettings& settings = {});
/// The same, reusing `computed` where a case runs at its own settings.
RelationEvaluations evaluate_relations(const std::vector<CaseSpec>& cases, const RelationSettings& settings,
                                       const ComputedExponents& computed);

/// The gate: every relation the tables' values list, on every member, against the outcomes
/// the tables record.
CheckResult check_published(const std::vector<PublishedTable>& tables, const RelationEvaluations& evaluations,
                            const std::vector<Reproduction>& reproductions = {});

}  // namespace vibro
