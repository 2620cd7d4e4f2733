#include "vibro/report/lyapunov_report.hpp"

#include "vibro/io/json_number.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/table_of_contents.hpp"

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

/// The uncertainty the table shows for case `c`. Goldens are named by the case file's stem
/// and hold the case's name: a family member in a subdirectory with the same stem is not the
/// golden's case.
ShownUncertainty shown_uncertainty(const std::filesystem::path& golden_dir, const CaseSpec& c,
                                   const LyapunovFindings& l) {
  const std::filesystem::path file = golden_dir / (std::filesystem::path(c.file).stem().string() + ".json");
  std::ifstream in(file);
  if (in) {
    const LyapunovGolden golden = golden_from_json(nlohmann::json::parse(in), file.string());
    if (golden.case_info.name == c.name) {
      if (golden.case_info.hash != c.hash) return {"golden stale", std::nullopt, std::nullopt};
      return {"golden", NumberText{golden.long_horizon.tolerance_lambda1}, NumberText{golden.long_horizon.tolerance_lambda2}};
    }
  }
  if (!l.uncertainty) return {"none", std::nullopt, std::nullopt};
  return {"batch means", NumberText::of(l.uncertainty->lambda1.half_width),
          NumberText::of(l.uncertainty->lambda2.half_width)};
}

/// The table's cell for the uncertainty: "±tolerance_1, ±tolerance_2", or what it is instead.
std::string uncertainty_cell(const ShownUncertainty& u) {
  if (u.from == "golden") return "±" + u.lambda1->text + ", ±" + u.lambda2->text;
  if (u.from == "golden stale") return "golden stale";
  if (u.from == "none") return "no golden";
  return fmt::format("no golden; batch means alone ±{:.3g}, ±{:.3g}", *nearest_double(u.lambda1->text),
                     *nearest_double(u.lambda2->text));
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

/// The gate of `vibro check` on the same runs: each relation once with the published values it
/// covers, then one row per exponent it used on each family member, with the outcome against
/// the tables' record.
std::string relations_section(const CheckResult& check) {
  // The summary of index.md links here.
  std::string md = "\n" + anchor_line("relations") + "### Relations of the seeds on the chaotic family (`vibro check`)\n\n";
  for (const RelationVerdict& rel : check.relations) {
    md += "**" + rel.name + "**: " + rel.statement + ". Covers";
    for (const CoveredValue& v : rel.covers) md += (&v == &rel.covers.front() ? " " : ", ") + v.id + " = " + v.printed;
    md += ".\n\n";
    if (rel.not_evaluable) md += "Not evaluated: " + *rel.not_evaluable + ".\n\n";
    if (rel.members.empty()) continue;
    md += "| family | outcome | exponent | published | computed | case | test |\n|---|---|---|---|---|---|---|\n";
    for (const MemberVerdict& m : rel.members) {
      const MemberEvaluation& e = m.evaluation;
      std::string outcome(to_string(m.outcome));
      if (m.outcome == GateOutcome::changed) outcome += " (" + markdown_cell(m.why_changed) + ")";
      if (e.exponents.empty())
        md += fmt::format("| {} | {} | | | | | {} |\n", e.family, outcome, markdown_cell(e.why_not));
      for (const ComputedExponent& x : e.exponents) {
        const CoveredValue* published = rel.published(x);
        const bool first = &x == &e.exponents.front();
        md += fmt::format("| {} | {} | {} | {} | {:.6g} | {} | {} |\n", first ? e.family : "", first ? outcome : "",
                          x.id(), published ? published->printed : "none", x.value, x.case_file,
                          first ? markdown_cell(e.test) : "");
      }
    }
    md += "\n";
  }
  md += fmt::format("{} hold, {} contradicted as recorded, {} changed, {} not evaluated.\n", check.summary.holds,
                    check.summary.contradicted_as_recorded, check.summary.changed, check.summary.not_evaluated);
  return md;
}

}  // namespace

std::string lyapunov_section(const ReportRuns& report, const std::vector<PublishedTable>& tables,
                             const std::filesystem::path& golden_dir, const std::filesystem::path& out) {
  const std::map<std::string, const PublishedValue*> published = published_by_id(tables);
  std::string md =
      "## Lyapunov exponents (seed 001 §4–5, seed 000 §4)\n\n"
      "Each member of the chaotic family by every method, in double, per forcing period. The published numbers belong "
      "to α, a and u_min that the seeds do not give, so they are shown with their status, not compared as numbers; the "
      "relations below are what can be checked (`vibro check`). The uncertainty is the 95 % half-width of a finite-time "
      "exponent as an estimate of the asymptotic one (the larger of batch means and the spread of 8 nearby starts), "
      "from the case's computed golden (`vibro lyapunov CASE --write-golden`); for a member without a golden, the "
      "batch means of this run alone (`vibro lyapunov CASE` adds the ensemble).\n\n"
      "| case | method | ε | λ1 | λ2 | λ1 + λ2 | uncertainty of λ1, λ2 (95 %) | published λ1, λ2 (status) |\n"
      "|---|---|---|---|---|---|---|---|\n";
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
      md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", c.name, l.method, l.epsilon,
                        display(l.lambda1_per_period, 6), display(l.lambda2_per_period, 6),
                        display(l.sum_per_period, 6), uncertainty_cell(shown_uncertainty(golden_dir, c, l)),
                        counterpart);
      if (c.lyapunov->family == plotted_family) runs.emplace_back(c.name, &l);
    } else {
      md += fmt::format("| {} | {} | {} | undefined: {} | | | | {} |\n", c.name, l.method, l.epsilon, l.why_undefined,
                        counterpart);
    }
  }
  if (plot(runs, 1, out / "lyapunov1.svg") && plot(runs, 2, out / "lyapunov2.svg"))
    md += "\nRunning estimates against k" + (plotted_family ? " on member " + *plotted_family : std::string()) +
          ":\n\n" + markdown_plot("λ1,k", "lyapunov1.svg") + " " + markdown_plot("λ2,k", "lyapunov2.svg") + "\n";
  return md + relations_section(check_published(tables, report.relations, report.reproductions)) + "\n";
}

LyapunovTable lyapunov_table(const ReportRuns& report, const std::vector<PublishedTable>& tables,
                             const std::filesystem::path& golden_dir) {
  const std::map<std::string, const PublishedValue*> published = published_by_id(tables);
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
      row.uncertainty_95 = shown_uncertainty(golden_dir, c, l);
    } else {
      row.why_undefined = l.why_undefined;
    }
    if (const auto both = counterpart_of(published, c))
      row.published = PublishedCounterpart{*c.lyapunov->published, std::string(status_name(both->first->status)),
                                           NumberText{both->first->value.text}, NumberText{both->second->value.text}};
  }
  table.relations = check_published(tables, report.relations, report.reproductions);
  return table;
}

}  // namespace vibro
