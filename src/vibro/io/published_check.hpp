#pragma once
// `vibro check`: re-runs the experiments behind the published tables and gives one verdict
// per published value (ARCHITECTURE.md CLI, issue 5). The Lyapunov values of seeds 000 and
// 001 can only be checked through the relations of MATH.md §4, on the harness's chaotic
// case (cases/lyapunov/): their α, a, u_min are not published.

#include "vibro/io/published_table.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace vibro {

/// One relation of MATH.md §4 evaluated on the chaotic case: holds or not, and the numbers.
struct RelationOutcome {
  bool computable = false;  ///< false: the harness cannot evaluate it (the reason says why)
  bool holds = false;
  std::string detail;
};

/// How the relations are evaluated: by default each Lyapunov case at its own precision and
/// horizon; tests evaluate them again in MPFR.
struct RelationSettings {
  std::optional<Precision> precision;   ///< overrides every case's precision
  std::optional<std::int64_t> periods;  ///< overrides every case's horizon
  std::set<std::string> skip;           ///< relations left out (reported as not evaluated)
};

/// The `lyapunov` part of run_lyapunov_case() per case stem ("ided", …), computed at the
/// cases' own settings, for a caller that has them already (the report): reused instead of
/// re-run when `settings` override nothing.
using ComputedExponents = std::map<std::string, nlohmann::json>;

/// Evaluates every relation of published_relations() from the Lyapunov cases in
/// `lyapunov_cases` (ided, idnd, nsnd_small_epsilon, nsnd_3h, cnsp, insp).
std::map<std::string, RelationOutcome> evaluate_relations(const std::filesystem::path& lyapunov_cases,
                                                          const RelationSettings& settings = {},
                                                          const ComputedExponents& computed = {});

/// The verdict of every published value: reproduced / relation holds / relation fails /
/// not reproducible: reason. "passed" is false when any relation fails.
nlohmann::json check_published(const std::vector<PublishedTable>& tables,
                               const std::map<std::string, RelationOutcome>& relations);

}  // namespace vibro
