#include "vibro/report/verdict_summary.hpp"

#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/results/run_result.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace vibro {
namespace {

const std::vector<std::string>& relation_outcomes() {
  static const std::vector<std::string> names = {
      std::string(to_string(GateOutcome::holds)), std::string(to_string(GateOutcome::contradicted_as_recorded)),
      std::string(to_string(GateOutcome::changed)), std::string(to_string(GateOutcome::not_evaluated))};
  return names;
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

/// The studies without an order verdict, one row per reason with every study it applies to, so
/// that the summary accounts for every convergence study of the report.
std::string unchecked_markdown(const VerdictSummary& s) {
  std::set<std::string> judged;
  for (const OrderVerdict& v : s.orders.rows) judged.insert(v.case_name);
  const std::size_t studies = judged.size() + s.orders_not_checked.size();
  std::string md = fmt::format("**Every convergence study**: {} of the {} have the order verdicts above", judged.size(), studies);
  if (s.orders_not_checked.empty()) return md + ".\n\n";
  md += fmt::format("; the other {} have none: their observed orders are on their pages, and no declared order is "
                    "judged on them, for the reason beside each.\n\n",
                    s.orders_not_checked.size()) +
        markdown_header({"studies without an order verdict", "why"});
  std::vector<std::string> reasons;
  std::map<std::string, std::string> studies_of;
  for (const UncheckedStudy& u : s.orders_not_checked) {
    auto [it, added] = studies_of.try_emplace(u.why);
    if (added) reasons.push_back(u.why);
    it->second += (it->second.empty() ? "" : ", ") + link(u.case_name, "convergence-" + u.case_name);
  }
  for (const std::string& why : reasons) md += markdown_row({studies_of.at(why), markdown_cell(why)});
  return md + "\n";
}

}  // namespace

VerdictSummary summarise_verdicts(const ReportRuns& report) {
  VerdictSummary summary;
  for (const CaseRuns& runs : report.cases)
    for (const RunResult& r : runs.runs)
      for (const ExpectationVerdict& e : r.expected)
        summary.expectations.rows.push_back({r.case_info.name, e.quantity, r.provenance.precision.name, e.passed()});
  summary.orders = report.order_judgement.orders;
  summary.orders_not_checked = report.order_judgement.not_checked;
  summary.relations.evaluated = !report.lyapunov.empty();
  if (summary.relations.evaluated)
    for (const RelationVerdict& relation : report.check.relations) {
      // As the gate counts: the relation itself when it cannot be evaluated (its recorded
      // members, if any, are then changes), then each member.
      if (relation.not_evaluable)
        summary.relations.rows.push_back({relation.name, "", std::string(to_string(GateOutcome::not_evaluated))});
      for (const MemberVerdict& m : relation.members)
        summary.relations.rows.push_back({relation.name, m.evaluation.family, std::string(to_string(m.outcome))});
    }
  for (const PublishedTable& table : report.published_tables)
    for (const PublishedValue& v : table.values)
      summary.published_values.rows.push_back(
          {v.id, v.value.text, std::string(status_name(v.status)), static_cast<double>(v.value.exact), v.relations});
  return summary;
}

namespace {

/// The terms the summary's cells use, each defined where the reader meets it: the order
/// verdicts, the statuses of a study's points and the gate's outcomes.
const std::vector<std::pair<std::string, std::string>>& summary_terms() {
  static const std::vector<std::pair<std::string, std::string>> terms = {
      {"agrees", "the observed order is within the study's own band of the declared one (three standard errors plus "
                 "the drift of its successive slopes, at most 0.1) over at least 5 points (docs/convergence.md)"},
      {"differs", "the observed order is outside that band"},
      {"≥", "the declared order is a lower bound there (not sharp, or no impact in the study): agrees when the "
            "observed order is not below it"},
      {"exact (zero error)", "every error of the study is 0: there is no order to fit"},
      {"no asymptotic range", "fewer than the points an order needs lie in the asymptotic range; in brackets, how many "
                              "points have each status"},
      {"rounding floor", "a point whose error is at or below what rounding alone leaves"},
      {"asymptotic", "a point in the range an order is fitted on (too few of them here)"},
      {"pre-asymptotic", "a point whose step is too coarse for the order to show yet"},
      {"outside the asymptotic range", "a point past that range, neither asymptotic nor at the rounding floor"},
      {"holds", "the relation holds on that family member, as reference/published/ records"},
      {"contradicted as recorded", "the relation does not hold on that member, and reference/published/ records "
                                   "that it does not (the reason is on lyapunov.md): expected, `vibro check` passes"},
      {"CHANGED", "the outcome differs from the record, or nothing is recorded: `vibro check` fails"},
      {"not evaluated", "a case the relation needs is not among the cases run"}};
  return terms;
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& summary_term_definitions() { return summary_terms(); }

namespace {

std::string how_to_read_summary() {
  std::string md = "How to read the verdicts:\n\n";
  for (const auto& [term, meaning] : summary_terms()) md += "- **" + term + "**: " + meaning + ".\n";
  return md + "\n";
}

}  // namespace

std::string summary_markdown(const VerdictSummary& s) {
  std::string md = "## Summary of verdicts\n\n" + how_to_read_summary();
  // Orders: one row per case and metric, one column per precision any case was run at.
  std::vector<std::string> precisions;
  for (const OrderVerdict& v : s.orders.rows)
    if (std::find(precisions.begin(), precisions.end(), v.precision) == precisions.end()) precisions.push_back(v.precision);
  md += "**Convergence orders**, declared by the scheme's sources against observed in each study, at every precision: " +
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
  md += unchecked_markdown(s);
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
