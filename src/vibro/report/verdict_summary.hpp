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

#include <filesystem>
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

/// The summary's four parts, each its rows; counts_of gives how many rows have each verdict.
struct OrderVerdicts {
  std::vector<OrderVerdict> rows;
};
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

/// A convergence study the order verdicts leave out, and why: its case says the orders are
/// only measured (convergence.why_measured), or its scheme declares none for what it measures.
struct UncheckedStudy {
  std::string case_name, why;
};

struct VerdictSummary {
  OrderVerdicts orders;
  std::vector<UncheckedStudy> orders_not_checked;  ///< every other study, once, in the report's order
  ExpectationVerdicts expectations;
  RelationVerdicts relations;
  PublishedStatuses published_values;
};

/// The verdicts of `report` (the relations judged against `tables`' records). `case_files_root`
/// is the directory the cases' file names are relative to (the parent of the cases directory,
/// as load_cases names them): a study left out gives the reason its case file states there.
VerdictSummary summarise_verdicts(const ReportRuns& report, const std::vector<PublishedTable>& tables,
                                  const std::filesystem::path& case_files_root);

/// How many rows of a part have each verdict (zeros included), by the verdict's name in JSON
/// ("no asymptotic range" → "no_asymptotic_range"): the `counts` of index.json's summary.
std::map<std::string, std::size_t> counts_of(const OrderVerdicts& part);
std::map<std::string, std::size_t> counts_of(const ExpectationVerdicts& part);
std::map<std::string, std::size_t> counts_of(const RelationVerdicts& part);
std::map<std::string, std::size_t> counts_of(const PublishedStatuses& part);

/// The reason a study of a case with convergence.orders = "measured" and no why_measured shows.
inline constexpr const char* no_reason_given = "measured only; the case gives no reason (convergence.why_measured)";
/// The reason a checked study whose scheme declares no order for any metric it measures shows.
inline constexpr const char* no_declared_order = "its scheme declares no order for the errors it measures";

/// The terms the summary's verdicts use, with the definition index.md gives each.
const std::vector<std::pair<std::string, std::string>>& summary_term_definitions();

/// The section's Markdown; links go to the anchors `case-NAME`, `convergence-NAME`,
/// `lyapunov` and `relations` of index.md.
std::string summary_markdown(const VerdictSummary& summary);

}  // namespace vibro
