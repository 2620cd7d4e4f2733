#include "vibro/report/verdict_summary.hpp"

#include "vibro/analysis/order_band.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/study_outputs.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace vibro {
namespace {

const std::vector<std::string>& relation_outcomes() {
  static const std::vector<std::string> names = {
      std::string(to_string(GateOutcome::holds)), std::string(to_string(GateOutcome::contradicted_as_recorded)),
      std::string(to_string(GateOutcome::changed)), std::string(to_string(GateOutcome::not_evaluated))};
  return names;
}

/// The declared order of `metric` against the study of `r` (docs/convergence.md): sharp only
/// where the scheme says so and the study has impacts (scheme_orders_test applies the same).
OrderVerdict order_verdict(const RunResult& r, ErrorMetric metric, const DeclaredOrder& declared) {
  const StudyResult& study = *r.convergence;
  const bool with_impacts = std::any_of(study.rows.begin(), study.rows.end(),
                                        [](const StudyRow& row) { return row.impacts.reference > 0; });
  OrderVerdict v{r.case_info.name, std::string(name(metric)), r.provenance.precision.name, declared.order,
                 !(declared.sharp && with_impacts), std::string(declared.source), {}, {}, {}, {}, {}};
  const OrderAnalysis& o = study.orders[index_of(metric)];
  const bool exact =
      !o.status.empty() && std::all_of(o.status.begin(), o.status.end(), [](PointStatus s) { return s == PointStatus::exact; });
  if (exact) {
    v.verdict = order_verdicts()[2];
    return v;
  }
  const OrderCheck check = check_order(study, metric, declared.order, v.at_least);
  if (!check.has_range) {
    v.verdict = order_verdicts()[3];
    v.points = point_statuses(o);
    return v;
  }
  v.observed = check.observed;
  v.standard_error = o.fit->standard_error;
  v.band = check.band;
  v.verdict = order_verdicts()[check.shown ? 0 : 1];
  return v;
}

std::string link(const std::string& text, const std::string& anchor) { return "[" + text + "](#" + anchor + ")"; }

std::string counts_text(const std::map<std::string, std::size_t>& counts, const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + std::to_string(counts.at(n)) + " " + n;
  return text;
}

/// A JSON key from a verdict name: "no asymptotic range" → "no_asymptotic_range".
std::string json_key(std::string name) {
  std::string key;
  for (const char c : name)
    if (c == ' ' || c == '-') key += '_';
    else if (c != '(' && c != ')') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

/// How many rows have each value of `key(row)`, for every value of `names` (zeros included).
template <class Row, class Key>
std::map<std::string, std::size_t> count_by(const std::vector<Row>& rows, const std::vector<std::string>& names, Key key) {
  std::map<std::string, std::size_t> counts;
  for (const std::string& n : names) counts[n] = 0;
  for (const Row& row : rows) ++counts[key(row)];
  return counts;
}

const std::vector<std::string>& expectation_outcomes() {
  static const std::vector<std::string> names = {"pass", "fail"};
  return names;
}

/// How many rows of a part have each verdict, by the verdict's name as index.md shows it.
std::map<std::string, std::size_t> named_counts(const OrderVerdicts& part) {
  return count_by(part.rows, order_verdicts(), [](const OrderVerdict& v) { return v.verdict; });
}
std::map<std::string, std::size_t> named_counts(const ExpectationVerdicts& part) {
  return count_by(part.rows, expectation_outcomes(), [](const ExpectationRow& e) { return e.pass ? "pass" : "fail"; });
}
std::map<std::string, std::size_t> named_counts(const RelationVerdicts& part) {
  return count_by(part.rows, relation_outcomes(), [](const RelationRow& r) { return r.outcome; });
}
std::map<std::string, std::size_t> named_counts(const PublishedStatuses& part) {
  return count_by(part.rows, published_status_names(), [](const PublishedRow& p) { return p.status; });
}

/// The same counts keyed by the names' JSON keys.
std::map<std::string, std::size_t> json_keyed(const std::map<std::string, std::size_t>& counts) {
  std::map<std::string, std::size_t> keyed;
  for (const auto& [name, count] : counts) keyed[json_key(name)] = count;
  return keyed;
}

}  // namespace

const std::vector<std::string>& order_verdicts() {
  static const std::vector<std::string> names = {"agrees", "differs", "exact (zero error)", "no asymptotic range"};
  return names;
}

VerdictSummary summarise_verdicts(const ReportRuns& report, const std::vector<PublishedTable>& tables) {
  VerdictSummary summary;
  for (const CaseRuns& runs : report.cases)
    for (const RunResult& r : runs.runs) {
      for (const ExpectationVerdict& e : r.expected)
        summary.expectations.rows.push_back({r.case_info.name, e.quantity, r.provenance.precision.name, e.passed()});
      // A study whose orders are only measured (convergence.orders = "measured") has no verdict.
      if (!r.convergence || !runs.spec.convergence_orders_checked) continue;
      const DeclaredOrders& declared = declared_orders_of(r);
      for (const ErrorMetric m : error_metrics)
        if (const auto& order = declared[index_of(m)]) summary.orders.rows.push_back(order_verdict(r, m, *order));
    }
  summary.relations.evaluated = !report.lyapunov.empty();
  if (summary.relations.evaluated)
    for (const RelationVerdict& relation : check_published(tables, report.relations, report.reproductions).relations) {
      // As the gate counts: the relation itself when it cannot be evaluated (its recorded
      // members, if any, are then changes), then each member.
      if (relation.not_evaluable)
        summary.relations.rows.push_back({relation.name, "", std::string(to_string(GateOutcome::not_evaluated))});
      for (const MemberVerdict& m : relation.members)
        summary.relations.rows.push_back({relation.name, m.evaluation.family, std::string(to_string(m.outcome))});
    }
  for (const PublishedTable& table : tables)
    for (const PublishedValue& v : table.values)
      summary.published_values.rows.push_back(
          {v.id, v.value.text, std::string(status_name(v.status)), static_cast<double>(v.value.exact), v.relations});
  return summary;
}

std::string summary_markdown(const VerdictSummary& s) {
  std::string md = "## Summary of verdicts\n\n";
  // Orders: one row per case and metric, one column per precision any case was run at.
  std::vector<std::string> precisions;
  for (const OrderVerdict& v : s.orders.rows)
    if (std::find(precisions.begin(), precisions.end(), v.precision) == precisions.end()) precisions.push_back(v.precision);
  md += "**Convergence orders**, declared by the scheme's sources against observed in each study, at every precision "
        "(agrees: within the study's own band of three standard errors plus the drift of its successive slopes, "
        "at most 0.1, over at least 5 points; \"≥\": the declared order is a lower bound there; docs/convergence.md): " +
        counts_text(named_counts(s.orders), order_verdicts()) +
        ".\n\n";
  if (!s.orders.rows.empty()) {
    std::vector<std::string> columns = {"study", "metric", "declared"};
    for (const std::string& p : precisions) columns.push_back(p);
    md += markdown_header(columns);
    // Rows in the order of first appearance of each (case, metric); a cell per precision.
    std::vector<std::pair<std::string, std::string>> keys;
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> rows;
    for (const OrderVerdict& v : s.orders.rows) {
      const auto key = std::make_pair(v.case_name, v.metric);
      auto [row, added] = rows.try_emplace(key);
      if (added) {
        keys.push_back(key);
        row->second = {link(v.case_name, "convergence-" + v.case_name), v.metric,
                       (v.at_least ? "≥ " : "") + fmt::format("{:g}", v.declared)};
        row->second.resize(columns.size(), "—");
      }
      const auto column = std::find(precisions.begin(), precisions.end(), v.precision) - precisions.begin();
      row->second[3 + static_cast<std::size_t>(column)] =
          v.observed && v.standard_error ? display_with_uncertainty(*v.observed, *v.standard_error) + ", " + v.verdict
          : v.observed ? display(v.observed, 4) + ", " + v.verdict
          : v.points.empty() ? v.verdict
                             : v.verdict + " (" + v.points + ")";
    }
    for (const auto& key : keys) {
      const std::vector<std::string>& cells = rows.at(key);
      md += markdown_row(cells);
    }
    md += "\n";
  }
  if (!s.expectations.rows.empty()) {
    md += "**Expectations written in the case files** ([[expected]], at every precision): " +
          counts_text(named_counts(s.expectations), expectation_outcomes()) + ".";
    std::vector<std::string> cases;
    for (const ExpectationRow& e : s.expectations.rows)
      if (std::find(cases.begin(), cases.end(), e.case_name) == cases.end()) cases.push_back(e.case_name);
    for (const std::string& c : cases) md += " " + link(c, "case-" + c);
    md += "\n\n";
  }
  md += "**Relations of the published tables** on every member of the chaotic family (" + link("`vibro check`", "relations") +
        "): ";
  if (!s.relations.evaluated) {
    md += "not evaluated (no Lyapunov case among the cases).\n\n";
  } else {
    md += counts_text(named_counts(s.relations), relation_outcomes()) +
          ".\n\n" + markdown_header({"relation", "family member", "outcome"});
    for (const RelationRow& r : s.relations.rows) md += markdown_row({link(r.relation, "relations"), r.family, r.outcome});
    md += "\n";
  }
  md += "**Published values**: " +
        counts_text(named_counts(s.published_values), published_status_names()) +
        " (reproduced: re-computed to the digits printed; relation-only: belongs to parameters the seeds do not give, "
        "only the relations listed are checked; not-reproducible: neither).\n\n" +
        markdown_header({"value", "as printed", "status", "checked through"});
  for (const PublishedRow& p : s.published_values.rows) {
    std::string relations;
    for (const std::string& r : p.relations) relations += (relations.empty() ? "" : ", ") + link(r, "relations");
    md += markdown_row({p.id, p.printed, p.status, relations.empty() ? "—" : relations});
  }
  return md + "\n";
}

std::map<std::string, std::size_t> counts_of(const OrderVerdicts& part) { return json_keyed(named_counts(part)); }
std::map<std::string, std::size_t> counts_of(const ExpectationVerdicts& part) { return json_keyed(named_counts(part)); }
std::map<std::string, std::size_t> counts_of(const RelationVerdicts& part) { return json_keyed(named_counts(part)); }
std::map<std::string, std::size_t> counts_of(const PublishedStatuses& part) { return json_keyed(named_counts(part)); }

}  // namespace vibro
