#pragma once
// The first section of `vibro report`: every verdict of the report in one place, with links
// to the sections that show its evidence. The orders each scheme declares against the orders
// its studies show (the rule of analysis/order_band.hpp, at every precision), the cases'
// own [[expected]] results, the relations of the published tables on the chaotic family (the
// gate of `vibro check`), and the status of every published value (reproduced, relation-only,
// not reproducible). The same numbers go to index.json under "summary".

#include "vibro/run/published_check.hpp"
#include "vibro/run/published_values.hpp"
#include "vibro/run/report_runs.hpp"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// A declared order against one precision's study of one case.
struct OrderVerdict {
  std::string case_name, metric, precision;
  double declared = 0;
  bool at_least = false;  ///< a lower bound here (not sharp, or no impact in the study)
  std::string source;     ///< of the declared order
  std::optional<double> observed, standard_error, band;
  std::string verdict;    ///< one of order_verdicts()
  std::string points;     ///< without a range: how many points have each status (point_statuses)
};

/// "agrees", "differs", "exact (zero error)", "no asymptotic range".
const std::vector<std::string>& order_verdicts();

/// One [[expected]] entry of a case at one precision.
struct ExpectationRow {
  std::string case_name, quantity, precision;
  bool pass = false;
};

/// One relation on one family member, as `vibro check` judges it.
struct RelationRow {
  std::string relation, family, outcome;  ///< outcome: to_string(GateOutcome)
};

/// One published value and its status.
struct PublishedRow {
  std::string id, printed, status;
  double value = 0;
  std::vector<std::string> relations;
};

struct VerdictSummary {
  std::vector<OrderVerdict> orders;
  std::vector<ExpectationRow> expectations;
  bool relations_evaluated = false;  ///< a Lyapunov case ran
  std::vector<RelationRow> relations;
  std::vector<PublishedRow> published;
};

/// The verdicts of `report` (the relations judged against `tables`' records).
VerdictSummary summarise_verdicts(const ReportRuns& report, const std::vector<PublishedTable>& tables);

/// How many rows have each value of `key(row)`, for every value of `names` (zeros included).
template <class Row, class Key>
std::map<std::string, std::size_t> count_by(const std::vector<Row>& rows, const std::vector<std::string>& names, Key key) {
  std::map<std::string, std::size_t> counts;
  for (const std::string& n : names) counts[n] = 0;
  for (const Row& row : rows) ++counts[key(row)];
  return counts;
}

/// The section's Markdown; links go to the anchors `case-NAME`, `convergence-NAME`,
/// `lyapunov` and `relations` of index.md.
std::string summary_markdown(const VerdictSummary& summary);

/// The same verdicts and counts, numbers as JSON numbers (docs/outputs.md, "summary").
nlohmann::json summary_json(const VerdictSummary& summary);

}  // namespace vibro
