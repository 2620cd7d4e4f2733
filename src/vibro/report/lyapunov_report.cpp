#include "vibro/report/lyapunov_report.hpp"

#include "vibro/io/result_json.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/orbit_report.hpp"
#include "vibro/report/table_of_contents.hpp"
#include "vibro/scalar/number_text_of.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <optional>

namespace vibro {
namespace {

/// Plots the running estimate λ_{j,k} (j = 1 or 2) of every run against k into `svg`.
bool plot(const std::vector<std::pair<std::string, const LyapunovFindings*>>& runs, int j,
          const std::filesystem::path& svg) {
  std::vector<PlotSeries> series;
  for (const auto& [name, run] : runs) {
    PlotSeries s{name, {}};
    for (const auto& p : run->running_samples) s.points.emplace_back(static_cast<double>(p.k), j == 1 ? p.lambda1 : p.lambda2);
    series.push_back(std::move(s));
  }
  const std::string lambda = "λ" + std::to_string(j);
  return line_plot_svg(series, {"Running estimate of " + lambda + " on the chaotic case (double)", "forcing periods k",
                                lambda + ",k (per forcing period)", true, false},
                       svg);
}

/// The table's cell for the uncertainty: "±tolerance_1, ±tolerance_2 (golden)", or what it is
/// instead; both sources in one format (3 significant digits).
std::string uncertainty_cell(const ShownUncertainty& u) {
  if (u.from == "golden stale") return "golden stale";
  if (u.from == "none") return "none";
  const std::string pair = "±" + display(*u.lambda1, 3) + ", ±" + display(*u.lambda2, 3);
  return pair + (u.from == "golden" ? " (golden)" : " (batch means)");
}

/// "IDED, ε exact", "C.N.S.P, ε = 1h".
std::string method_cell(const LyapunovFindings& l) {
  return l.method + (l.epsilon == "exact" ? ", ε exact" : ", ε = " + l.epsilon);
}

/// The published λ1 and λ2 a case names, when the tables hold both.
std::optional<std::pair<const PublishedValue*, const PublishedValue*>> counterpart_of(
    const std::map<std::string, const PublishedValue*>& published, const CaseSpec& c) {
  if (!c.lyapunov->published) return std::nullopt;
  const std::string& id = *c.lyapunov->published;
  const auto a = published.find(id + ".lambda1"), b = published.find(id + ".lambda2");
  if (a == published.end() || b == published.end()) return std::nullopt;
  return std::pair{a->second, b->second};
}

std::map<std::string, const PublishedValue*> published_by_id(const std::vector<PublishedTable>& tables) {
  std::map<std::string, const PublishedValue*> published;
  for (const auto& t : tables)
    for (const auto& v : t.values) published[v.id] = &v;
  return published;
}

/// The exponents a relation used on one member, by experiment: "001.IDED: 0.0557969, -0.320808".
std::string computed_cell(const std::vector<ComputedExponent>& exponents) {
  if (exponents.empty()) return "—";
  std::vector<std::string> experiments;
  std::map<std::string, std::string> values;
  for (const ComputedExponent& x : exponents) {
    auto [it, added] = values.try_emplace(x.experiment, x.experiment + ":");
    if (added) experiments.push_back(x.experiment);
    it->second += (it->second.back() == ':' ? " " : ", ") + display(x.value, 6);
  }
  std::string cell;
  for (const std::string& e : experiments) cell += (cell.empty() ? "" : "; ") + values.at(e);
  return cell;
}

/// The terms the page's verdicts use, defined where they are used.
std::string how_to_read() {
  return "How to read this page:\n\n"
         "- **λ1, λ2, λ1 + λ2** are per forcing period T = 2π/ω (seed 001 eq. (28): the log of the growth over K "
         "periods, divided by K; docs/lyapunov.md). The published values are read in the same unit (the seeds do "
         "not say it outright; reference/published/ says how it is inferred).\n"
         "- **method, ε**: IDED uses the exact derivative of the period map (ε shown as \"exact\"); IDND, "
         "NSND / I.N.S.P and C.N.S.P use forward differences with step ε, given as a number, in steps h of the case "
         "(\"1h\", \"3h\") or in periods (\"1/2513T\").\n"
         "- **uncertainty (95 %)**: the half-width within which the finite-time exponent estimates the asymptotic "
         "one: from the case's computed golden (\"golden\": the larger of batch means and the spread of 8 nearby "
         "starts, `vibro lyapunov CASE --write-golden`), else the batch means of this run alone (\"batch "
         "means\"); \"golden stale\": the golden was written for another version of the case file.\n"
         "- **relation-only** (a published value's status): the value belongs to α, a and u_min that the seeds do "
         "not give, so it is not compared as a number; only the relations it lists are checked.\n"
         "- **holds**: the relation holds on this member's computed exponents, and reference/published/ records "
         "that it holds.\n"
         "- **contradicted as recorded**: the relation does not hold on this member, and reference/published/ "
         "records that it does not, with a reason (quoted under the relation's table). Expected: `vibro check` "
         "passes.\n"
         "- **CHANGED**: the outcome differs from the record, or nothing is recorded: `vibro check` fails.\n"
         "- **not evaluated**: a case the relation needs is not among the cases run.\n"
         "- **test**: the comparison the relation's statement makes, with its numbers; <, ≤, > and ≥ are those "
         "comparisons, |Δλ1| the distance between two methods' λ1.\n\n";
}

/// The gate of `vibro check` on the same runs: each relation once with the published values it
/// covers, then one row per family member with the exponents it used, its outcome against the
/// tables' record and the test that decided it; the record's reason for each contradiction.
std::string relations_section(const CheckResult& check) {
  // The summary of index.md links here.
  std::string md = "\n" + anchor_line("relations") + "### Relations of the seeds on the chaotic family (`vibro check`)\n\n";
  for (const RelationVerdict& rel : check.relations) {
    md += "**" + rel.name + "**: " + rel.statement + ". Covers the published";
    for (const CoveredValue& v : rel.covers) md += (&v == &rel.covers.front() ? " " : ", ") + v.id + " = " + v.printed;
    md += " (at parameters the seeds do not give: not compared with the computed numbers).\n\n";
    if (rel.not_evaluable) md += "Not evaluated: " + *rel.not_evaluable + ".\n\n";
    if (rel.members.empty()) continue;
    md += markdown_header({"family member", "outcome", "computed λ1, λ2 per forcing period", "test"});
    // The record's reason for each contradiction, once for the members that share it.
    std::vector<std::string> reasons;
    std::map<std::string, std::string> members_of;
    for (const MemberVerdict& m : rel.members) {
      const MemberEvaluation& e = m.evaluation;
      std::string outcome(to_string(m.outcome));
      if (m.outcome == GateOutcome::changed) outcome += " (" + m.why_changed + ")";
      const std::string& test = e.computable ? e.test : e.why_not;
      md += markdown_row({e.family, markdown_cell(outcome), computed_cell(e.exponents),
                          test.empty() ? "—" : markdown_cell(display_numbers_in(test))});
      if (m.outcome == GateOutcome::contradicted_as_recorded && m.recorded) {
        auto [it, added] = members_of.try_emplace(m.recorded->reason);
        if (added) reasons.push_back(m.recorded->reason);
        it->second += (it->second.empty() ? "" : ", ") + e.family;
      }
    }
    md += "\n";
    if (!reasons.empty()) {
      md += "Why contradicted, as recorded in reference/published/:\n\n";
      for (const std::string& why : reasons) md += "- " + members_of.at(why) + ": " + why + "\n";
      md += "\n";
    }
  }
  md += fmt::format("{} hold, {} contradicted as recorded, {} changed, {} not evaluated.\n", check.summary.holds,
                    check.summary.contradicted_as_recorded, check.summary.changed, check.summary.not_evaluated);
  return md;
}

}  // namespace

ShownUncertainty shown_uncertainty(const LyapunovCaseRun& run) {
  if (run.golden) {
    if (run.golden->case_info.hash != run.spec.hash) return {"golden stale", std::nullopt, std::nullopt};
    return {"golden", NumberText{run.golden->long_horizon.tolerance_lambda1},
            NumberText{run.golden->long_horizon.tolerance_lambda2}};
  }
  const LyapunovFindings& l = run.result.lyapunov;
  if (!l.uncertainty) return {"none", std::nullopt, std::nullopt};
  return {"batch means", number_text_of(l.uncertainty->lambda1.half_width),
          number_text_of(l.uncertainty->lambda2.half_width)};
}

std::string lyapunov_section(const ReportRuns& report, const std::filesystem::path& out) {
  const std::map<std::string, const PublishedValue*> published = published_by_id(report.published_tables);
  std::string md =
      "## Lyapunov exponents (seed 001 §4–5, seed 000 §4)\n\n"
      "Each member of the chaotic family by every method, in double. The published numbers belong to α, a and u_min "
      "that the seeds do not give, so they are shown with their status, not compared as numbers; the relations "
      "below are what can be checked (`vibro check`). For a member without a golden, `vibro lyapunov CASE` adds the "
      "ensemble of nearby starts to the batch means shown.\n\n" +
      how_to_read() +
      markdown_header({"case", "method, ε", "λ1 per forcing period", "λ2 per forcing period", "λ1 + λ2 per forcing period",
                       "uncertainty of λ1, λ2 (95 %)", "published λ1, λ2 (status)"});
  // The plots show one member (the first case's), every method of it: 21 curves would hide each other.
  std::vector<std::pair<std::string, const LyapunovFindings*>> runs;
  const std::optional<std::string> plotted_family =
      report.lyapunov.empty() ? std::nullopt : report.lyapunov.front().spec.lyapunov->family;
  for (const LyapunovCaseRun& run : report.lyapunov) {
    const CaseSpec& c = run.spec;
    const LyapunovFindings& l = run.result.lyapunov;
    std::string counterpart = "none published";
    if (const auto both = counterpart_of(published, c))
      counterpart = both->first->value.text + ", " + both->second->value.text + " (" +
                    std::string(status_name(both->first->status)) + ", " + *c.lyapunov->published + ")";
    if (l.defined) {
      md += markdown_row({c.name, method_cell(l), display(l.lambda1_per_period, 6), display(l.lambda2_per_period, 6),
                          display(l.sum_per_period, 6), uncertainty_cell(shown_uncertainty(run)),
                          counterpart});
      if (c.lyapunov->family == plotted_family) runs.emplace_back(c.name, &l);
    } else {
      md += markdown_row({c.name, method_cell(l), markdown_cell("undefined: " + l.why_undefined), "—", "—", "—",
                          counterpart});
    }
  }
  if (plot(runs, 1, out / "lyapunov1.svg") && plot(runs, 2, out / "lyapunov2.svg"))
    md += "\nRunning estimates against k" + (plotted_family ? " on member " + *plotted_family : std::string()) +
          ":\n\n" + markdown_plot("λ1,k", "lyapunov1.svg") + " " + markdown_plot("λ2,k", "lyapunov2.svg") + "\n";
  return md + relations_section(report.check) + "\n";
}

LyapunovTable lyapunov_table(const ReportRuns& report) {
  const std::map<std::string, const PublishedValue*> published = published_by_id(report.published_tables);
  LyapunovTable table;
  for (const LyapunovCaseRun& run : report.lyapunov) {
    const CaseSpec& c = run.spec;
    const LyapunovFindings& l = run.result.lyapunov;
    LyapunovTableRow& row = table.exponents.emplace_back();
    row.case_name = c.name;
    row.precision = run.result.provenance.precision.name;
    row.significand_bits = run.result.provenance.precision.significand_bits;
    row.method = l.method;
    row.epsilon = l.epsilon;
    row.defined = l.defined;
    if (l.defined) {
      row.lambda1_per_period = l.lambda1_per_period;
      row.lambda2_per_period = l.lambda2_per_period;
      row.sum_per_period = l.sum_per_period;
      row.uncertainty_95 = shown_uncertainty(run);
    } else {
      row.why_undefined = l.why_undefined;
    }
    if (run.on_orbit) {
      const auto [verdict1, verdict2] = orbit_verdicts(l, *run.on_orbit, row.uncertainty_95);
      row.on_orbit = OrbitExponents{*run.on_orbit, verdict1, verdict2};
    }
    if (const auto both = counterpart_of(published, c))
      row.published = PublishedCounterpart{*c.lyapunov->published, std::string(status_name(both->first->status)),
                                           NumberText{both->first->value.text}, NumberText{both->second->value.text}};
  }
  table.relations = report.check;
  return table;
}

}  // namespace vibro
