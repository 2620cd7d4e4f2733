#include "vibro/report/nonstandard_report.hpp"

#include "vibro/analysis/nonstandard_experiments.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"

#include <boost/math/constants/constants.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace vibro {
namespace {

using nlohmann::json;

std::string shown(const json& text, int digits = 4) { return display_number(text.get<std::string>(), digits); }

template <class Real>
std::string shown(const Real& x, int digits = 4) {
  return display_number(to_text(x), digits);
}

/// Example 5.1 with the paper's settings (ω = 10, Δt = 0.001, y0 = 1, v0 = 0, z0 = 0,
/// e = 0.5), non-standard scheme, exact start, 2000 steps: the claims of MATH.md §5 read
/// precisely — exact to rounding before the first impact; afterwards each flight is the
/// exact one delayed (by 2(n+1)Δt, measured) with the amplitude e^{n+1}; energy constant
/// in flight and multiplied by e² at each impact.
template <class Real>
std::string piecewise_exactness_row(const std::string& precision) {
  using std::abs;
  using std::max;
  const Real omega(10), dt = parse_real<Real>("0.001"), e = parse_real<Real>("0.5");
  const ConservativeOscillator<Real> model(omega, Real(0), ConstraintSet<Real>::obstacle(Real(0)), e);
  const NonstandardImpact<ConservativeOscillator<Real>> scheme(model, dt);
  const Example51Solution<Real> exact(omega, e);
  constexpr std::int64_t steps = 2000;
  auto x = scheme.start(Real(1), Real(0));
  Real before_impact(0);
  do before_impact = max(before_impact, Real(abs(x.u - exact.position(scheme.time(x)))));
  while (!scheme.step(x));
  const FlightLog<Real> log = log_flights(scheme, scheme.start(Real(1), Real(0)), steps);
  Real in_flight(0), ratio_defect(0), amplitude_defect(0);
  for (const auto& f : log.flights) in_flight = max(in_flight, f.energy_variation());
  for (const Real& r : impact_energy_ratios(log)) ratio_defect = max(ratio_defect, Real(abs(r - e * e)));
  std::string delays;
  for (const auto& s : example51_shifts(scheme, log, exact)) {
    amplitude_defect = max(amplitude_defect, Real(abs(s.amplitude_ratio - 1)));
    delays += (delays.empty() ? "" : ", ") + display_number(to_text(Real(s.delay / dt)), 6);
  }
  return markdown_row({precision, shown(before_impact), shown(in_flight), shown(ratio_defect), delays, shown(amplitude_defect)});
}

/// The stability sweep of seed 003 §3 (no constraint, ω = 10, y0 = 1, v0 = 0, exact start,
/// 1000 steps): Störmer–Verlet grows without bound for ωΔt > 2, the exact scheme stays on
/// cos ωt for every ωΔt.
std::string stability_table() {
  std::vector<double> thetas = {0.5, 1, 1.5, 1.9, 2.1, 2.5, 3, 4, 5, 7, 9, 10};
  constexpr std::int64_t steps = 1000;
  const double escape = 1e3;
  std::string md = markdown_header({"ωΔt", "non-standard max \\|y\\|", "Störmer–Verlet max \\|y\\| (sampled)", "Störmer–Verlet amplitude (closed form)"});
  for (const auto& r : stability_sweep(10.0, thetas, InitialStep::exact, steps, escape)) {
    const std::string standard = r.standard.escaped
                                     ? fmt::format("> {:g} after {} steps", escape, r.standard.steps)
                                     : fmt::format("{:.8g}", r.standard.max_abs_position);
    md += markdown_row({fmt::format("{:g}", r.omega_dt), fmt::format("{:.17g}", r.nonstandard.max_abs_position), standard,
                 r.omega_dt < 2 ? fmt::format("{:.8g}", r.standard_amplitude) : "none (\\|r\\| > 1)"});
  }
  return md;
}

/// Two stops at ±(1 + 1e−6) around cos ωt (ω = 10, exact start, 10⁶ steps), with e = 0,
/// where the projection constrains y^{k+1} itself: every active step is a spurious impact.
std::string spurious_impacts_table() {
  const double omega = 10, bound = 1 + 1e-6;
  constexpr std::int64_t steps = 1'000'000;
  std::string md = markdown_header({"Δt", "scheme", "active steps (spurious impacts)", "first at k", "nodes outside K",
                                 "max \\|y\\|"});
  for (const double dt : {0.05, 0.001}) {
    const ConservativeOscillator<double> model(omega, 0.0, ConstraintSet<double>::stops(-bound, bound), 0.0);
    for (const Denominator d : {Denominator::nonstandard, Denominator::standard}) {
      const NonstandardImpact<ConservativeOscillator<double>> scheme(model, dt, 0.0, {d, InitialStep::exact});
      const auto s = summarize_run(scheme, scheme.start(1.0, 0.0), steps, 1e3);
      md += markdown_row({fmt::format("{:g}", dt), std::string(to_string(d)), std::to_string(s.active_steps),
                   s.first_active_step < 0 ? "—" : std::to_string(s.first_active_step), std::to_string(s.nodes_outside),
                   fmt::format("{:.10g}", s.max_abs_position)});
    }
  }
  return md;
}

/// Rows [t, y, v, energy] of a run's plot samples.
const json& samples(const json& run) { return run["run"]["samples"]["rows"]; }

PlotSeries energy_series(const std::string& title, const json& run) {
  PlotSeries s{title, {}};
  for (const json& r : samples(run)) s.points.emplace_back(r[0].get<double>(), r[3].get<double>());
  return s;
}

/// E/E(0) − 1 over the first flight: the samples up to the first drop of the energy by more
/// than 1 % (the first impact multiplies it by e² ≤ 0.81 in the shipped cases).
PlotSeries first_flight_series(const std::string& title, const json& run) {
  PlotSeries s{title, {}};
  const double e0 = samples(run)[0][3].get<double>();
  for (const json& r : samples(run)) {
    const double relative = r[3].get<double>() / e0 - 1;
    if (relative < -0.01) break;
    s.points.emplace_back(r[0].get<double>(), relative);
  }
  return s;
}

PlotSeries phase_series(const std::string& title, const json& run) {
  PlotSeries s{title, {}};
  for (const json& r : samples(run)) s.points.emplace_back(r[1].get<double>(), r[2].get<double>());
  return s;
}

}  // namespace

std::string nonstandard_run_section(const CaseSpec& c, const std::vector<json>& runs) {
  const json& first = runs.front();
  std::string md = "## Seed-003 run: `" + c.name + "`\n\n" + c.description + "\n\nModel " + first["model"].dump() +
                   ", y0 = " + c.u0.text + ", v0 = " + c.v0.text + ", scheme `" + c.scheme.type + "` (start `" +
                   std::string(to_string(c.scheme.nonstandard.start)) + "`), Δt = " + c.step.text() + ", " +
                   std::to_string(first["run"]["steps"].get<long>()) + " steps. Energy: E^k of MATH.md §5 with the "
                   "non-standard φ, whatever the scheme; variation = (max − min)/min within one flight. Nodes outside K include the one inside each two-step reversal "
                   "(MATH.md §2.1): the schemes constrain (y^{k+1} + e y^{k−1})/(1 + e), not y^{k+1}.\n\n";
  md += markdown_header({"precision", "impacts / active steps", "nodes outside K", "max \\|y\\|", "energy variation in a flight",
                      "max \\|E ratio − e²\\| at impacts", "final energy"});
  for (const json& r : runs) {
    const json& run = r["run"];
    const json& energy = run["energy"];
    md += markdown_row({r["precision"]["name"].get<std::string>(),
                 fmt::format("{} / {}", run["projection_active"]["impacts"].get<long>(),
                             run["projection_active"]["count"].get<long>()),
                 std::to_string(run["nodes_outside_constraint"].get<long>()), shown(run["largest_abs_y"], 10),
                 shown(energy["largest_relative_variation_in_a_flight"]),
                 energy.contains("largest_ratio_deviation_from_e_squared")
                     ? shown(energy["largest_ratio_deviation_from_e_squared"])
                     : "—",
                 shown(run["final_energy"], 10)});
  }
  return md + "\n";
}

std::string nonstandard_claims_section(const std::map<std::string, json>& double_runs, const std::filesystem::path& out) {
  const auto run = [&](const std::string& name) -> const json& { return double_runs.at("nsfd-" + name); };
  std::string md =
      "## Seed 003's claims (MATH.md §5)\n\n"
      "### Piecewise exactness, example 5.1\n\n"
      "ω = 10, Δt = 0.001, y0 = 1, v0 = 0, z0 = 0, e = 0.5, non-standard scheme with the exact start, 2000 steps, "
      "against the exact solution (impacts at s_n = π/(2ω) + nπ/ω, y = e^{n+1} sin(ω(t − s_n))). Before the first "
      "impact the nodes are the exact solution to rounding. Afterwards each flight is exactly a free flight with the "
      "exact amplitude e^{n+1}, delayed: the two-step reversal (MATH.md §2.1) costs 2Δt per impact, an O(Δt) shift "
      "(delays in units of Δt). Because z0 = 0 is the equilibrium, the reflection y ↦ −e·y maps free solutions onto "
      "free solutions, so the energy ratio across an impact is e² to rounding, not only to O(Δt) (with z0 ≠ 0 it is "
      "e² + O(Δt): tests/nonstandard_claims_test.cpp).\n\n" +
      markdown_header({"precision", "max \\|y^k − y(t_k)\\| before the first impact", "energy variation in a flight",
                    "max \\|E ratio − e²\\|", "delay of flight n / Δt", "max \\|amplitude / e^{n+1} − 1\\|"}) +
      piecewise_exactness_row<double>("double") + [] {
        MpfrPrecisionGuard digits(30);
        return piecewise_exactness_row<mpfr_real>("mpfr:30");
      }();

  const double quarter = 1 - boost::math::constants::pi<double>() * boost::math::constants::pi<double>() / 32;
  md += "\n### Δt = π/(4ω): y² at the impact time\n\n"
        "Example 5.1 with steps_per_period = 8, so t2 = π/(2ω) = s0, where y = 0. Standard scheme (centered start): "
        "y¹ = 1 − π²/32 and, the projection being inactive, y² = 2(1 − π²/32)² − 1 (closed form).\n\n" +
        markdown_header({"scheme", "y¹", "y²", "closed form of y²"}) +
        markdown_row({"non-standard (exact start)", fmt::format("{:.17g}", samples(run("quarter-step-nonstandard"))[1][1].get<double>()),
               fmt::format("{:.17g}", samples(run("quarter-step-nonstandard"))[2][1].get<double>()), "0"}) +
        markdown_row({"standard (centered start)", fmt::format("{:.17g}", samples(run("quarter-step-standard"))[1][1].get<double>()),
               fmt::format("{:.17g}", samples(run("quarter-step-standard"))[2][1].get<double>()),
               fmt::format("{:.17g}", 2 * quarter * quarter - 1)});

  md += "\n### Stability: Störmer–Verlet against the exact scheme\n\n" + stability_table();

  md += "\n### Two stops at ±(1 + 10⁻⁶): spurious impacts\n\n"
        "The exact solution cos ωt never reaches the stops, so every active step is spurious. The projection "
        "constrains the weighted position (y^{k+1} + e y^{k−1})/(1 + e), not the node: with e = 0.5 "
        "(`cases/nsfd/two_stops_*.toml`, below) Störmer–Verlet's nodes leave K without any active step; with e = 0 "
        "(this table) the constraint is on y^{k+1} itself. With the exact start Störmer–Verlet's amplitude is "
        "A = √((1 − 2cosθ′ cosθ + cos²θ)/sin²θ′) > 1 (cos θ′ = 1 − θ²/2), A − 1 ≈ θ⁶/1152: 1.4e−5 at ωΔt = 0.5, "
        "1e−15 at the paper's ωΔt = 0.01, where neither scheme touches the stops.\n\n" +
        spurious_impacts_table() + "\nWith e = 0.5: " +
        fmt::format("non-standard {} active steps and {} nodes outside K; standard {} active steps and {} nodes "
                    "outside K (max |y| = {}).\n",
                    run("two-stops-nonstandard")["run"]["projection_active"]["count"].get<long>(),
                    run("two-stops-nonstandard")["run"]["nodes_outside_constraint"].get<long>(),
                    run("two-stops-standard")["run"]["projection_active"]["count"].get<long>(),
                    run("two-stops-standard")["run"]["nodes_outside_constraint"].get<long>(),
                    shown(run("two-stops-standard")["run"]["largest_abs_y"], 10));

  md += "\n### Duffing with an obstacle: energy between impacts\n\n" +
        markdown_header({"scheme", "impacts", "energy variation in a flight", "final energy"});
  for (const char* s : {"nonstandard", "standard"}) {
    const json& r = run(std::string("duffing-obstacle-") + s)["run"];
    md += markdown_row({s, std::to_string(r["projection_active"]["impacts"].get<long>()),
                 shown(r["energy"]["largest_relative_variation_in_a_flight"]), shown(r["final_energy"], 10)});
  }
  md += "\nThe system is autonomous with one degree of freedom: between impacts its orbit lies on a level set of the "
        "energy, and impacts only lower the energy (e < 1), so it cannot be chaotic; the phase portrait shows the "
        "orbit shrinking at each impact until it clears the obstacle. Seed 003's chaotic-looking portraits (its "
        "parameter tables are lost) are not reproduced by these parameters.\n";

  const bool energy_plot =
      line_plot_svg({energy_series("example 5.1, non-standard", run("example51-nonstandard")),
                     energy_series("example 5.1, standard", run("example51-standard"))},
                    {"Discrete energy (MATH.md 5) against t", "t", "E", false, true}, out / "nsfd_energy_example51.svg");
  const bool flight_plot = line_plot_svg(
      {first_flight_series("example 5.1, non-standard", run("example51-nonstandard")),
       first_flight_series("example 5.1, standard", run("example51-standard")),
       first_flight_series("Duffing, non-standard", run("duffing-obstacle-nonstandard")),
       first_flight_series("Duffing, standard", run("duffing-obstacle-standard"))},
      {"Energy over the first flight: E/E(0) - 1", "t", "E/E(0) - 1", false, false}, out / "nsfd_first_flight.svg");
  const bool phase_plot =
      line_plot_svg({phase_series("non-standard", run("duffing-obstacle-nonstandard")),
                     phase_series("standard", run("duffing-obstacle-standard"))},
                    {"Duffing with an obstacle at -0.5: phase portrait", "y", "v", false, false},
                    out / "nsfd_phase_duffing.svg");
  if (energy_plot && flight_plot && phase_plot)
    md += "\nPlots: [energy of example 5.1](nsfd_energy_example51.svg), [energy over the first flight, both "
          "schemes](nsfd_first_flight.svg), [Duffing phase portrait](nsfd_phase_duffing.svg).\n";
  return md + "\n";
}

}  // namespace vibro
