#include "vibro/report/nonstandard_report.hpp"

#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/model_formula.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/results/run_result.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/io/json_number.hpp"
#include "vibro/results/projection_activity.hpp"
#include "vibro/results/conservative_findings.hpp"
#include "vibro/results/plot_samples.hpp"

#include <boost/math/constants/constants.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <variant>

namespace vibro {
namespace {

const ConservativeFindings& conservative(const RunFindings& run) { return *run.conservative; }

/// Rows [t, y, v, energy] of a run's plot samples.
const std::vector<std::vector<double>>& samples(const RunResult& run) { return run.run.samples->rows; }

PlotSeries energy_series(const std::string& title, const RunResult& run) {
  PlotSeries s{title, {}};
  for (const auto& r : samples(run)) s.points.emplace_back(r[0], r[3]);
  return s;
}

/// E/E(0) − 1 over the first flight: the samples up to the first drop of the energy by more
/// than 1 % (the first impact multiplies it by e² ≤ 0.81 in the shipped cases).
PlotSeries first_flight_series(const std::string& title, const RunResult& run) {
  PlotSeries s{title, {}};
  const double e0 = samples(run)[0][3];
  for (const auto& r : samples(run)) {
    const double relative = r[3] / e0 - 1;
    if (relative < -0.01) break;
    s.points.emplace_back(r[0], relative);
  }
  return s;
}

PlotSeries phase_series(const std::string& title, const RunResult& run) {
  PlotSeries s{title, {}};
  for (const auto& r : samples(run)) s.points.emplace_back(r[1], r[2]);
  return s;
}

/// ω of a shipped seed-003 case, in double.
double omega_of(const CaseRuns& runs) {
  return parse_real<double>(std::get<ConservativeSpec>(runs.spec.model.kind).omega.text);
}

/// The claims section's view of the shipped runs: by case name, in double.
class ShippedRuns {
 public:
  explicit ShippedRuns(const std::map<std::string, const CaseRuns*>& runs) : runs_(runs) {}

  /// The double run of case `name`, or nullptr when the case is not shipped.
  const RunResult* double_run(const std::string& name) const { return vibro::double_run(runs_, name); }
  const CaseRuns* case_runs(const std::string& name) const {
    const auto it = runs_.find(name);
    return it == runs_.end() ? nullptr : it->second;
  }
  /// "The case … is not among the shipped cases." when any is missing.
  std::optional<std::string> missing(std::initializer_list<const char*> names) const {
    for (const char* name : names)
      if (!double_run(name)) return std::string("Not shown: case `") + name + "` is not among the shipped cases.\n";
    return std::nullopt;
  }

 private:
  const std::map<std::string, const CaseRuns*>& runs_;
};

/// Example 5.1's runs (docs/mathematics.md §5) against its closed-form solution, at every precision.
std::string piecewise_exactness(const ShippedRuns& shipped) {
  const char* name = "nsfd-example51-nonstandard";
  if (const auto why = shipped.missing({name})) return *why;
  std::string md = markdown_header({"precision", "max \\|y^k − y(t_k)\\| before the first impact",
                                    "energy variation in a flight", "max \\|E ratio − e²\\|", "delay of flight n / Δt",
                                    "max \\|amplitude / e^{n+1} − 1\\|"});
  for (const RunResult& r : shipped.case_runs(name)->runs) {
    const ConservativeFindings& found = conservative(r.run);
    if (!found.example51) continue;
    std::string delays;
    for (const auto& d : found.example51->delays_in_steps) delays += (delays.empty() ? "" : ", ") + display(d, 6);
    md += markdown_row({r.provenance.precision.name, display(found.example51->max_error_before_first_impact, 4),
                        display(found.energy.largest_relative_variation_in_a_flight, 4),
                        display(found.energy.largest_ratio_deviation_from_e_squared, 4), delays,
                        display(found.example51->largest_amplitude_defect, 4)});
  }
  return md;
}

/// The stability sweep of seed 003 §3: Störmer–Verlet grows without bound for ωΔt > 2, the
/// exact scheme stays on cos ωt for every ωΔt.
std::string stability_table(const ShippedRuns& shipped) {
  const char *nonstandard = "nsfd-stability-nonstandard", *standard = "nsfd-stability-standard";
  if (const auto why = shipped.missing({nonstandard, standard})) return *why;
  const RunResult& ns = *shipped.double_run(nonstandard);
  const RunResult& sv = *shipped.double_run(standard);
  const CaseSpec& sv_case = shipped.case_runs(standard)->spec;
  const double omega = omega_of(*shipped.case_runs(standard));
  std::string md =
      fmt::format("From `{}` and `{}`: ω = {}, y0 = {}, v0 = {}, no constraint, exact start, {} steps at each ωΔt, a "
                  "run stopped at the first node with |y| > {}.\n\n",
                  ns.case_info.file, sv.case_info.file, display(omega), display_number(sv_case.u0.text),
                  display_number(sv_case.v0.text),
                  *sv_case.horizon.steps, sv_case.horizon.escape ? sv_case.horizon.escape->text : "∞") +
      markdown_header({"ωΔt", "non-standard max \\|y\\|", "Störmer–Verlet max \\|y\\| (sampled)",
                       "Störmer–Verlet amplitude (closed form)"});
  for (std::size_t i = 0; i < std::min(ns.sweep.size(), sv.sweep.size()); ++i) {
    const RunFindings &a = ns.sweep[i].run, &b = sv.sweep[i].run;
    const std::string standard_max =
        b.escaped ? fmt::format("> {} at step {}", sv_case.horizon.escape->text, b.escaped->step)
                  : display(conservative(b).largest_abs_y, 8);
    const auto& amplitude = conservative(b).discrete_amplitude;
    md += markdown_row({display(omega * std::stod(b.h->text), 6),
                        display(conservative(a).largest_abs_y), standard_max,
                        amplitude ? display(*amplitude, 8) : "none (\\|r\\| > 1)"});
  }
  return md;
}

/// Two stops at ±(1 + 1e−6) around cos ωt with e = 0, where the projection constrains
/// y^{k+1} itself: every active step is a spurious impact.
std::string spurious_impacts_table(const ShippedRuns& shipped) {
  const char *nonstandard = "nsfd-spurious-nonstandard", *standard = "nsfd-spurious-standard";
  if (const auto why = shipped.missing({nonstandard, standard})) return *why;
  std::string md = markdown_header(
      {"Δt", "scheme", "active steps (spurious impacts)", "first projected node k", "nodes outside K", "max \\|y\\|"});
  const RunResult& ns = *shipped.double_run(nonstandard);
  const RunResult& sv = *shipped.double_run(standard);
  for (std::size_t i = 0; i < std::min(ns.sweep.size(), sv.sweep.size()); ++i) {
    for (const SweepPoint* p : {&ns.sweep[i], &sv.sweep[i]}) {
      const ProjectionActivity& active = *p->run.projection_active;
      const ConservativeFindings& found = conservative(p->run);
      md += markdown_row({display(std::stod(p->step), 6), found.denominator, std::to_string(active.count),
                          active.first_steps.empty() ? "—" : std::to_string(active.first_steps.front()),
                          std::to_string(found.nodes_outside_constraint),
                          display(found.largest_abs_y)});
    }
  }
  return md;
}

}  // namespace

std::string nonstandard_run_note() {
  return "A seed-003 run: energy E^k of docs/mathematics.md §5 with the non-standard φ, whatever the scheme; variation "
         "= (max − min)/min within one flight. Nodes outside K include the one inside each two-step reversal "
         "(docs/mathematics.md §2.1): the schemes constrain (y^{k+1} + e y^{k−1})/(1 + e), not y^{k+1}.";
}

std::string nonstandard_run_section(const CaseSpec& c, const std::vector<RunResult>& runs) {
  const RunResult& first = runs.front();
  std::string options;
  for (const auto& [key, value] : first.scheme.options) options += (options.empty() ? "" : ", ") + key + " `" + value + "`";
  std::string md = "## Seed-003 run: `" + c.name + "`\n\n" + c.description + "\n\nModel " + model_formula(c.model) +
                   "; y0 = " + display_number(c.u0.text) + ", v0 = " + display_number(c.v0.text) + ", scheme `" +
                   c.scheme.type + "` (" + options +
                   "), Δt = " + display_step(c.step.text()) + ", " + std::to_string(*first.run.steps) + " steps.\n\n";
  md += markdown_header({"precision", "impacts / active steps", "nodes outside K", "max \\|y\\|",
                         "energy variation in a flight", "max \\|E ratio − e²\\| at impacts", "final energy"});
  for (const RunResult& r : runs) {
    const ConservativeFindings& found = conservative(r.run);
    md += markdown_row({r.provenance.precision.name,
                        fmt::format("{} / {}", r.run.projection_active->impacts, r.run.projection_active->count),
                        std::to_string(found.nodes_outside_constraint), display(found.largest_abs_y, 10),
                        display(found.energy.largest_relative_variation_in_a_flight, 4),
                        display(found.energy.largest_ratio_deviation_from_e_squared, 4), display(found.final_energy, 10)});
  }
  if (!first.sweep.empty()) {
    md += "\nThe same run at every step of the case's `[sweep]`, at " + first.provenance.precision.name + ":\n\n" +
          markdown_header({"Δt", "steps", "impacts / active steps", "first projected node", "nodes outside K", "max \\|y\\|",
                           "stopped"});
    for (const SweepPoint& p : first.sweep) {
      const ConservativeFindings& found = conservative(p.run);
      const ProjectionActivity& active = *p.run.projection_active;
      md += markdown_row({display_step(p.step), std::to_string(*p.run.steps),
                          fmt::format("{} / {}", active.impacts, active.count),
                          active.first_steps.empty() ? "—" : std::to_string(active.first_steps.front()),
                          std::to_string(found.nodes_outside_constraint), display(found.largest_abs_y, 10),
                          p.run.escaped ? "\\|y\\| > escape at step " + std::to_string(p.run.escaped->step) : "—"});
    }
  }
  return md + "\n";
}

std::string nonstandard_claims_section(const std::map<std::string, const CaseRuns*>& runs,
                                       const std::filesystem::path& out) {
  const ShippedRuns shipped(runs);
  std::string md =
      "## Seed 003's claims (docs/mathematics.md §5)\n\n"
      "### Piecewise exactness, example 5.1\n\n"
      "ω = 10, Δt = 0.001, y0 = 1, v0 = 0, z0 = 0, e = 0.5, non-standard scheme with the exact start, 2000 steps "
      "(`cases/nsfd/example51_nonstandard.toml`), against the exact solution (impacts at s_n = π/(2ω) + nπ/ω, "
      "y = e^{n+1} sin(ω(t − s_n))). Before the first impact the nodes are the exact solution to rounding. Afterwards "
      "each flight is exactly a free flight with the exact amplitude e^{n+1}, delayed: the two-step reversal "
      "(docs/mathematics.md §2.1) costs 2Δt per impact, an O(Δt) shift (delays in units of Δt). Because z0 = 0 is the "
      "equilibrium, the reflection y ↦ −e·y maps free solutions onto free solutions, so the energy ratio across an "
      "impact is e² to rounding, not only to O(Δt) (with z0 ≠ 0 it is e² + O(Δt): "
      "tests/nonstandard_claims_test.cpp).\n\n" +
      piecewise_exactness(shipped);

  md += "\n### Δt = π/(4ω): y² at the impact time\n\n";
  if (const auto why = shipped.missing({"nsfd-quarter-step-nonstandard", "nsfd-quarter-step-standard"})) {
    md += *why;
  } else {
    const double quarter = 1 - boost::math::constants::pi<double>() * boost::math::constants::pi<double>() / 32;
    const auto& ns = samples(*shipped.double_run("nsfd-quarter-step-nonstandard"));
    const auto& st = samples(*shipped.double_run("nsfd-quarter-step-standard"));
    md += "Example 5.1 with steps_per_period = 8, so t2 = π/(2ω) = s0, where y = 0. Standard scheme (centered start): "
          "y¹ = 1 − π²/32 and, the projection being inactive, y² = 2(1 − π²/32)² − 1 (closed form).\n\n" +
          markdown_header({"scheme", "y¹", "y²", "closed form of y²"}) +
          markdown_row({"non-standard (exact start)", display(ns[1][1]), display(ns[2][1]), "0"}) +
          markdown_row({"standard (centered start)", display(st[1][1]), display(st[2][1]),
                        display(2 * quarter * quarter - 1)});
  }

  md += "\n### Stability: Störmer–Verlet against the exact scheme\n\n" + stability_table(shipped);

  md += "\n### Two stops at ±(1 + 10⁻⁶): spurious impacts\n\n"
        "The exact solution cos ωt never reaches the stops, so every active step is spurious. The projection "
        "constrains the weighted position (y^{k+1} + e y^{k−1})/(1 + e), not the node: with e = 0.5 "
        "(`cases/nsfd/two_stops_*.toml`, below) Störmer–Verlet's nodes leave K without any active step; with e = 0 "
        "(this table, `cases/nsfd/spurious_*.toml`) the constraint is on y^{k+1} itself. With the exact start "
        "Störmer–Verlet's amplitude is A = √((1 − 2cosθ′ cosθ + cos²θ)/sin²θ′) > 1 (cos θ′ = 1 − θ²/2), "
        "A − 1 ≈ θ⁶/1152: 1.4e−5 at ωΔt = 0.5, 1e−15 at the paper's ωΔt = 0.01, where neither scheme touches the "
        "stops.\n\n" +
        spurious_impacts_table(shipped);
  if (const auto why = shipped.missing({"nsfd-two-stops-nonstandard", "nsfd-two-stops-standard"})) {
    md += *why;
  } else {
    const RunFindings& ns = shipped.double_run("nsfd-two-stops-nonstandard")->run;
    const RunFindings& st = shipped.double_run("nsfd-two-stops-standard")->run;
    md += "\nWith e = 0.5: " +
          fmt::format("non-standard {} active steps and {} nodes outside K; standard {} active steps and {} nodes "
                      "outside K (max |y| = {}).\n",
                      ns.projection_active->count, conservative(ns).nodes_outside_constraint,
                      st.projection_active->count, conservative(st).nodes_outside_constraint,
                      display(conservative(st).largest_abs_y, 10));
  }

  md += "\n### Duffing with an obstacle: energy between impacts\n\n";
  if (const auto why = shipped.missing({"nsfd-duffing-obstacle-nonstandard", "nsfd-duffing-obstacle-standard"})) {
    md += *why;
  } else {
    md += markdown_header({"scheme", "impacts", "energy variation in a flight", "final energy"});
    for (const char* s : {"nonstandard", "standard"}) {
      const RunFindings& r = shipped.double_run(std::string("nsfd-duffing-obstacle-") + s)->run;
      md += markdown_row({s, std::to_string(r.projection_active->impacts),
                          display(conservative(r).energy.largest_relative_variation_in_a_flight, 4),
                          display(conservative(r).final_energy, 10)});
    }
    md += "\nThe system is autonomous with one degree of freedom: between impacts its orbit lies on a level set of "
          "the energy, and impacts only lower the energy (e < 1), so it cannot be chaotic; the phase portrait shows "
          "the orbit shrinking at each impact until it clears the obstacle. Seed 003's chaotic-looking portraits (its "
          "parameter tables are lost) are not reproduced by these parameters.\n";
  }

  if (!shipped.missing({"nsfd-example51-nonstandard", "nsfd-example51-standard", "nsfd-duffing-obstacle-nonstandard",
                        "nsfd-duffing-obstacle-standard"})) {
    const auto run = [&](const char* name) -> const RunResult& { return *shipped.double_run(name); };
    const bool energy_plot = line_plot_svg(
        {energy_series("example 5.1, non-standard", run("nsfd-example51-nonstandard")),
         energy_series("example 5.1, standard", run("nsfd-example51-standard"))},
        {"Discrete energy (docs/mathematics.md §5) against t", "t", "E", false, true}, out / "nsfd_energy_example51.svg");
    const bool flight_plot = line_plot_svg(
        {first_flight_series("example 5.1, non-standard", run("nsfd-example51-nonstandard")),
         first_flight_series("example 5.1, standard", run("nsfd-example51-standard")),
         first_flight_series("Duffing, non-standard", run("nsfd-duffing-obstacle-nonstandard")),
         first_flight_series("Duffing, standard", run("nsfd-duffing-obstacle-standard"))},
        {"Energy over the first flight: E/E(0) - 1", "t", "E/E(0) - 1", false, false}, out / "nsfd_first_flight.svg");
    const bool phase_plot = line_plot_svg({phase_series("non-standard", run("nsfd-duffing-obstacle-nonstandard")),
                                           phase_series("standard", run("nsfd-duffing-obstacle-standard"))},
                                          {"Duffing with an obstacle at -0.5: phase portrait", "y", "v", false, false},
                                          out / "nsfd_phase_duffing.svg");
    if (energy_plot && flight_plot && phase_plot)
      md += "\nPlots:\n\n" + markdown_plot("energy of example 5.1", "nsfd_energy_example51.svg") + " " +
            markdown_plot("energy over the first flight, both schemes", "nsfd_first_flight.svg") + " " +
            markdown_plot("Duffing phase portrait", "nsfd_phase_duffing.svg") + "\n";
  }
  return md + "\n";
}

namespace {

std::optional<std::vector<PiecewiseExactnessRow>> piecewise_exactness_numbers(const ShippedRuns& shipped) {
  const CaseRuns* runs = shipped.case_runs("nsfd-example51-nonstandard");
  if (!runs) return std::nullopt;
  std::vector<PiecewiseExactnessRow> rows;
  for (const RunResult& r : runs->runs) {
    const ConservativeFindings& found = conservative(r.run);
    if (!found.example51) continue;
    rows.push_back({r.provenance.precision.name, r.provenance.precision.significand_bits,
                    found.example51->max_error_before_first_impact, found.energy.largest_relative_variation_in_a_flight,
                    found.energy.largest_ratio_deviation_from_e_squared, found.example51->delays_in_steps,
                    found.example51->largest_amplitude_defect});
  }
  return rows;
}

/// y¹ and y² of a run, from its plot samples (doubles), as the table shows them, and y²'s closed form.
FirstNodes first_nodes(const RunResult& run, double y2_closed_form) {
  return {number_text_of(samples(run)[1][1]), number_text_of(samples(run)[2][1]), number_text_of(y2_closed_form)};
}

std::optional<QuarterStep> quarter_step_numbers(const ShippedRuns& shipped) {
  if (shipped.missing({"nsfd-quarter-step-nonstandard", "nsfd-quarter-step-standard"})) return std::nullopt;
  const double quarter = 1 - boost::math::constants::pi<double>() * boost::math::constants::pi<double>() / 32;
  return QuarterStep{first_nodes(*shipped.double_run("nsfd-quarter-step-nonstandard"), 0),
                     first_nodes(*shipped.double_run("nsfd-quarter-step-standard"), 2 * quarter * quarter - 1)};
}

std::optional<std::vector<StabilityRow>> stability_numbers(const ShippedRuns& shipped) {
  const char *nonstandard = "nsfd-stability-nonstandard", *standard = "nsfd-stability-standard";
  if (shipped.missing({nonstandard, standard})) return std::nullopt;
  const RunResult& ns = *shipped.double_run(nonstandard);
  const RunResult& sv = *shipped.double_run(standard);
  const double omega = omega_of(*shipped.case_runs(standard));
  std::vector<StabilityRow> rows;
  for (std::size_t i = 0; i < std::min(ns.sweep.size(), sv.sweep.size()); ++i) {
    const RunFindings &a = ns.sweep[i].run, &b = sv.sweep[i].run;
    rows.push_back({number_text_of(omega * *nearest_double(b.h->text)), conservative(a).largest_abs_y,
                    conservative(b).largest_abs_y,
                    b.escaped ? std::optional<std::int64_t>(b.escaped->step) : std::nullopt,
                    conservative(b).discrete_amplitude});
  }
  return rows;
}

/// A seed-003 run's projection counts, nodes outside K and max |y|, for the spurious-impact tables.
ConstrainedRun constrained_run(const RunFindings& run) {
  const ConservativeFindings& found = conservative(run);
  const ProjectionActivity& active = *run.projection_active;
  return {found.denominator, active.count,
          active.first_steps.empty() ? std::nullopt : std::optional<std::int64_t>(active.first_steps.front()),
          found.nodes_outside_constraint, found.largest_abs_y};
}

std::optional<std::vector<SpuriousImpactRow>> spurious_impacts_numbers(const ShippedRuns& shipped) {
  const char *nonstandard = "nsfd-spurious-nonstandard", *standard = "nsfd-spurious-standard";
  if (shipped.missing({nonstandard, standard})) return std::nullopt;
  const RunResult& ns = *shipped.double_run(nonstandard);
  const RunResult& sv = *shipped.double_run(standard);
  std::vector<SpuriousImpactRow> rows;
  for (std::size_t i = 0; i < std::min(ns.sweep.size(), sv.sweep.size()); ++i)
    for (const SweepPoint* p : {&ns.sweep[i], &sv.sweep[i]}) rows.push_back({NumberText{p->step}, constrained_run(p->run)});
  return rows;
}

std::optional<TwoStops> two_stops_numbers(const ShippedRuns& shipped) {
  if (shipped.missing({"nsfd-two-stops-nonstandard", "nsfd-two-stops-standard"})) return std::nullopt;
  return TwoStops{constrained_run(shipped.double_run("nsfd-two-stops-nonstandard")->run),
                  constrained_run(shipped.double_run("nsfd-two-stops-standard")->run)};
}

std::optional<std::vector<DuffingObstacleRow>> duffing_obstacle_numbers(const ShippedRuns& shipped) {
  if (shipped.missing({"nsfd-duffing-obstacle-nonstandard", "nsfd-duffing-obstacle-standard"})) return std::nullopt;
  std::vector<DuffingObstacleRow> rows;
  for (const char* s : {"nonstandard", "standard"}) {
    const RunFindings& r = shipped.double_run(std::string("nsfd-duffing-obstacle-") + s)->run;
    rows.push_back({s, r.projection_active->impacts, conservative(r).energy.largest_relative_variation_in_a_flight,
                    conservative(r).final_energy});
  }
  return rows;
}

}  // namespace

Seed003Claims seed003_claims(const std::map<std::string, const CaseRuns*>& runs) {
  const ShippedRuns shipped(runs);
  return {piecewise_exactness_numbers(shipped), quarter_step_numbers(shipped), stability_numbers(shipped),
          spurious_impacts_numbers(shipped),    two_stops_numbers(shipped),    duffing_obstacle_numbers(shipped)};
}

}  // namespace vibro
