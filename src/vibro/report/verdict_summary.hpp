#pragma once
// The first section of `vibro report`: every verdict of the report in one place, with links
// to the sections that show its evidence. The orders each scheme declares against the orders
// its studies show (the rule of analysis/order_band.hpp, at every precision), the cases'
// own [[expected]] results, the relations of the published tables on the chaotic family (the
// gate of `vibro check`), and the status of every published value (reproduced, relation-only,
// not reproducible). The same numbers go to index.json under "summary".

#include "vibro/results/order_verdict.hpp"
#include "vibro/results/published_check_result.hpp"
#include "vibro/results/published_values.hpp"
#include "vibro/results/report_runs_result.hpp"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

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

/// The summary's four parts, each its rows; counts_of gives how many rows have each verdict.
struct ExpectationVerdicts {
  std::vector<ExpectationRow> rows;
};
struct RelationVerdicts {
  bool evaluated = false;  ///< a Lyapunov case ran
  std::vector<RelationRow> rows;
};
struct PublishedStatuses {
  std::vector<PublishedRow> rows;
};

struct VerdictSummary {
  OrderVerdicts orders;
  std::vector<UncheckedStudy> orders_not_checked;  ///< every other study, once, in the report's order
  ExpectationVerdicts expectations;
  RelationVerdicts relations;
  PublishedStatuses published_values;
};

/// The verdicts of `report` as the summary shows them: its order verdicts and the gate, judged
/// when the runs were made, the cases' [[expected]] outcomes, and the status of every value of
/// `tables`.
VerdictSummary summarise_verdicts(const ReportRuns& report);

/// How many rows of a part have each verdict (zeros included), by the verdict's name in JSON
/// ("no asymptotic range" → "no_asymptotic_range"): the `counts` of index.json's summary.
std::map<std::string, std::size_t> counts_of(const OrderVerdicts& part);
std::map<std::string, std::size_t> counts_of(const ExpectationVerdicts& part);
std::map<std::string, std::size_t> counts_of(const RelationVerdicts& part);
std::map<std::string, std::size_t> counts_of(const PublishedStatuses& part);

/// The terms the summary's verdicts use, with the definition index.md gives each.
const std::vector<std::pair<std::string, std::string>>& summary_term_definitions();

/// The section's Markdown; links go to the anchors `case-NAME`, `convergence-NAME`,
/// `lyapunov` and `relations` of index.md.
std::string summary_markdown(const VerdictSummary& summary);

}  // namespace vibro
