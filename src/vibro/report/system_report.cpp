#include "vibro/report/system_report.hpp"

#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/model_formula.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/results/run_result.hpp"
#include "vibro/results/system_findings.hpp"
#include "vibro/results/plot_samples.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>

namespace vibro {
namespace {

/// The experiment-2 cases: (μ_m, NSPS case, NSMMM case).
struct Experiment2Pair {
  const char* mu_m;
  const char* nsps;
  const char* nsmmm;
};
constexpr Experiment2Pair experiment2[] = {{"1", "seed002-exp2-nsps-m1", "seed002-exp2-nsmmm-m1"},
                                           {"1000", "seed002-exp2-nsps-m1000", "seed002-exp2-nsmmm-m1000"}};

/// Coordinate 1's displacement against t from a run's plot samples [t, q1, …, energy].
PlotSeries q1_series(const std::string& title, const RunResult& run) {
  PlotSeries s{title, {}};
  for (const auto& row : run.run.samples->rows) s.points.emplace_back(row[0], row[1]);
  return s;
}

std::string experiment1_table(const std::map<std::string, const CaseRuns*>& runs,
                              const std::vector<Reproduction>& reproductions) {
  std::string md =
      "Experiment 1 (free motion, μ_k = 5, μ_m = 10¹², Δt = 0.01, q = (1, 0), v = (0, 0)): max over the nodes of "
      "|q1 − q1^exact| with q1^exact = cos t, the seed's comparison. A number of status `reproduced` must agree to its "
      "printed digits (`vibro check` fails otherwise); a relation-only one is judged by `order-of-magnitude` (within a "
      "factor 10). docs/mathematics.md §6 explains the NS schemes' values.\n\n" +
      markdown_header({"published value", "printed", "status", "computed (own precision)", "agrees to the printed digits",
                       "computed / printed"});
  // Two tables (one of nine columns was wider than a page): the comparison, then the case
  // of each value in MPFR at 50 digits.
  std::string wide_table =
      "\nThe same cases in MPFR at 50 digits: the max |q1 − cos t|, and the error against the closed-form 2-DOF "
      "solution, which separates the scheme's error from the 2-DOF solution's own O(1/μ_m) offset from cos t:\n\n" +
      markdown_header({"published value", "case", "mpfr:50: max \\|q1 − cos t\\|", "mpfr:50: max error (closed form)"});
  for (const Reproduction& r : reproductions) {
    if (r.id.rfind("002.", 0) != 0) continue;
    const auto it = runs.find(r.case_name);
    const RunResult* wide = it == runs.end() ? nullptr : run_at(*it->second, report_mpfr.name());
    const SystemFindings* f = wide && wide->run.system ? &*wide->run.system : nullptr;
    md += markdown_row({r.id, r.printed, std::string(status_name(r.status)),
                        r.computed ? display(*r.computed, 6) + " (" + r.precision + ")" : "— (" + r.why_not + ")",
                        r.computed ? (r.agrees ? "yes" : "no") : "—", r.ratio ? display(*r.ratio, 3) : "—"});
    wide_table += markdown_row({r.id, r.case_file, f ? display(f->max_error_rigid_wall_q1, 4) : "—",
                                f ? display(f->max_error_exact, 4) : "—"});
  }
  return md + wide_table;
}

std::string experiment2_table(const std::map<std::string, const CaseRuns*>& runs) {
  std::string md =
      "\nExperiment 2 (K = [0.2, 1] on q1, e = 0, μ_k = 5, Δt = 0.005, (q1, v1) = (1, −1), (q2, v2) = (0, 5)): the seed "
      "claims NSPS never penetrates while NSMMM penetrates during sticking, more for μ_m = 1000. Max penetration of q1 "
      "outside [0.2, 1] over the nodes, at every precision the report runs:\n\n" +
      markdown_header({"μ_m", "precision", "scheme", "max penetration", "nodes outside K", "impacts of q1"});
  for (const Experiment2Pair& pair : experiment2) {
    const auto nsps = runs.find(pair.nsps), nsmmm = runs.find(pair.nsmmm);
    if (nsps == runs.end() || nsmmm == runs.end()) {
      md += markdown_row({pair.mu_m, "—", "case not shipped", "", "", ""});
      continue;
    }
    // The two schemes on rows one under the other, at each precision.
    for (const RunResult& a : nsps->second->runs) {
      const RunResult* b = run_at(*nsmmm->second, a.provenance.precision.name);
      if (!b) continue;
      for (const auto& [scheme, run] : {std::pair{"NSPS", &a}, std::pair{"NSMMM", b}}) {
        const CoordinateRecord& q1 = run->run.system->coordinates[0];
        md += markdown_row({pair.mu_m, a.provenance.precision.name, scheme, display(q1.max_penetration, 4),
                            std::to_string(q1.nodes_outside), std::to_string(q1.impacts)});
      }
    }
  }
  return md;
}

/// The N-DOF convergence studies side by side: every shipped N-DOF case with a study, at
/// every precision, its observed orders (the full tables are in each case's section).
std::string convergence_table(const std::map<std::string, const CaseRuns*>& runs) {
  std::string md = "\nThe N-DOF convergence studies (full tables in each case's section; errors in the max norm over "
                   "the coordinates, against the N-DOF reference):\n\n" +
                   markdown_header({"case", "scheme", "precision", "impacts (reference)", "position L∞ order",
                                    "velocity L1 order", "velocity L∞ order"});
  bool any = false;
  for (const auto& [name, case_runs] : runs)
    for (const RunResult& r : case_runs->runs) {
      if (!r.run.system || !r.convergence) continue;
      any = true;
      const StudyResult& study = *r.convergence;
      md += markdown_row({"[`" + name + "`](#case-" + name + ")", r.scheme.type, r.provenance.precision.name,
                          std::to_string(study.rows.back().impacts.reference),
                          order_cell(study, ErrorMetric::position_linf), order_cell(study, ErrorMetric::velocity_l1),
                          order_cell(study, ErrorMetric::velocity_linf)});
    }
  return any ? md : "";
}

}  // namespace

std::string system_run_note() {
  return "An N-DOF run: energy E = ½(vᵀM²v + qᵀA²q) of the scheme's nodes (seed 002 eq. (20)); its variation is the "
         "largest |E − E_f|/E_f within a flight f (between steps with an active constraint).";
}

std::string system_run_section(const CaseSpec& c, const std::vector<RunResult>& runs) {
  const RunResult& first = runs.front();
  std::string md = "## " + first.scheme.display_name + " run: `" + c.name + "`\n\n" + c.description + "\n\nModel " +
                   model_formula(c.model) + "; Δt = " + display_step(*first.scheme.step) + ", " +
                   std::to_string(*first.run.steps) + " steps.\n\n";
  std::vector<std::string> header = {"precision"};
  const std::size_t n = first.run.system->coordinates.size();
  for (std::size_t i = 0; i < n; ++i)
    if (first.run.system->coordinates[i].constrained)
      header.push_back(fmt::format("q{}: impacts / active steps / max penetration", i + 1));
  for (const char* column : {"energy variation between impacts", "max error (closed form)", "max \\|q1 − cos t\\|",
                             "final energy"})
    header.push_back(column);
  md += markdown_header(header);
  for (const RunResult& r : runs) {
    const SystemFindings& f = *r.run.system;
    std::vector<std::string> row = {r.provenance.precision.name};
    for (const CoordinateRecord& c : f.coordinates)
      if (c.constrained)
        row.push_back(fmt::format("{} / {} / {}", c.impacts, c.contact_steps, display(c.max_penetration, 4)));
    row.push_back(display(f.largest_energy_variation_between_impacts, 4));
    row.push_back(display(f.max_error_exact, 4));
    row.push_back(display(f.max_error_rigid_wall_q1, 4));
    row.push_back(display(f.final_energy, 10));
    md += markdown_row(row);
  }
  return md + "\n";
}

std::string seed002_section(const std::map<std::string, const CaseRuns*>& runs,
                            const std::vector<Reproduction>& reproductions, const std::filesystem::path& out) {
  std::string md = "## Seed 002: the N-DOF non-standard schemes\n\n" + experiment1_table(runs, reproductions) +
                   experiment2_table(runs) + convergence_table(runs);
  std::vector<PlotSeries> series;
  for (const Experiment2Pair& pair : experiment2)
    for (const char* name : {pair.nsps, pair.nsmmm})
      if (const RunResult* r = double_run(runs, name)) series.push_back(q1_series(name, *r));
  if (!series.empty() &&
      line_plot_svg(series, {"Seed 002 experiment 2: q1 against t (K = [0.2, 1])", "t", "q1", false, false},
                    out / "seed002_exp2_q1.svg"))
    md += "\nPlot:\n\n" + markdown_plot("q1 of experiment 2, NSPS and NSMMM, μ_m = 1 and 1000", "seed002_exp2_q1.svg") +
          "\n";
  return md + "\n";
}

Seed002Claims seed002_claims(const std::map<std::string, const CaseRuns*>& runs,
                             const std::vector<Reproduction>& reproductions) {
  Seed002Claims claims;
  for (const Reproduction& r : reproductions) {
    if (r.id.rfind("002.", 0) != 0) continue;
    claims.experiment1.push_back({r.id, r.printed, std::string(status_name(r.status)), r.case_file, r.precision,
                                  r.computed ? std::optional(r.computed->text) : std::nullopt, r.agrees});
  }
  for (const Experiment2Pair& pair : experiment2)
    for (const char* name : {pair.nsps, pair.nsmmm}) {
      const auto it = runs.find(name);
      if (it == runs.end()) continue;
      for (const RunResult& r : it->second->runs)
        claims.experiment2_penetration.push_back({name, pair.mu_m, r.provenance.precision.name,
                                                  r.run.system->coordinates[0].max_penetration.text,
                                                  r.run.system->coordinates[0].nodes_outside});
    }
  return claims;
}

}  // namespace vibro
