#include "vibro/report/orbit_report.hpp"

#include "vibro/io/json_number.hpp"
#include "vibro/report/lyapunov_report.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"

#include <cmath>
#include <map>

namespace vibro {

const std::vector<std::string>& exponent_verdicts() {
  static const std::vector<std::string> names = {"within its error", "outside its error", "wrong sign, within its error",
                                                 "wrong sign, outside its error", "no stated error"};
  return names;
}

std::string exponent_verdict(double computed, double exact, std::optional<double> stated_error) {
  const bool wrong_sign = (computed > 0 && exact < 0) || (computed < 0 && exact > 0);
  if (!stated_error) return wrong_sign ? "wrong sign, " + exponent_verdicts()[4] : exponent_verdicts()[4];
  const bool within = std::abs(computed - exact) <= *stated_error;
  return exponent_verdicts()[(wrong_sign ? 2 : 0) + (within ? 0 : 1)];
}

namespace {

double as_double(const NumberText& x) { return *nearest_double(x.text); }

/// "24 and 25 significant digits", or "29 significant digits each" when the two agree.
std::string proved_digits_text(const Enclosure& lambda1, const Enclosure& lambda2) {
  if (lambda1.proved_digits == lambda2.proved_digits)
    return std::to_string(lambda1.proved_digits) + " significant digits each";
  return std::to_string(lambda1.proved_digits) + " and " + std::to_string(lambda2.proved_digits) + " significant digits";
}

/// One orbit: its kind, its asymptotic exponents and their proof, as the page's heading line.
std::string orbit_line(const ExactOnOrbit& exact) {
  std::string line = "**The " + std::string(exact.stable ? "stable" : "unstable") + " (1, " + std::to_string(exact.n) +
                     ") orbit**: ln|μ1|/n = " + display(exact.lambda1_asymptotic) +
                     ", ln|μ2|/n = " + display(exact.lambda2_asymptotic) + " per forcing period";
  if (exact.proved_lambda1 && exact.proved_lambda2)
    line += ", proved to " + proved_digits_text(*exact.proved_lambda1, *exact.proved_lambda2) +
            " (every proved digit and the enclosures in index.json, under `lyapunov.exponents[].on_orbit`)";
  else
    line += "; not proved: " + exact.not_proved;
  return markdown_cell(line) + ".\n\n";
}

/// "λ ± its error" for exponent `j` of a run, with the error lyapunov.md shows for it.
std::optional<double> stated_error(const ShownUncertainty& u, int j) {
  const auto& half_width = j == 1 ? u.lambda1 : u.lambda2;
  if (!half_width || (u.from != "golden" && u.from != "batch means")) return std::nullopt;
  return as_double(*half_width);
}

std::string with_error(const NumberText& value, std::optional<double> error) {
  return display(value, 8) + (error ? " ± " + display(*error, 2) : "");
}

}  // namespace

std::pair<std::string, std::string> orbit_verdicts(const LyapunovFindings& l, const ExactOnOrbit& exact,
                                                   const ShownUncertainty& u) {
  return {exponent_verdict(as_double(l.lambda1_per_period), as_double(exact.lambda1_after_k), stated_error(u, 1)),
          exponent_verdict(as_double(l.lambda2_per_period), as_double(exact.lambda2_after_k), stated_error(u, 2))};
}

namespace {

struct OrbitRows {
  const ExactOnOrbit* exact = nullptr;
  std::string lambda1_rows, lambda2_rows;
};

}  // namespace

std::string orbit_lyapunov_section(const ReportRuns& report) {
  // Cases in the report's order, grouped by the orbit they start on (the same orbit: the
  // same n, stability and asymptotic exponents).
  std::vector<std::string> order;
  std::map<std::string, OrbitRows> orbits;
  for (const LyapunovCaseRun& run : report.lyapunov) {
    if (!run.on_orbit) continue;
    const ExactOnOrbit& exact = *run.on_orbit;
    const LyapunovFindings& l = run.result.lyapunov;
    const std::string key = std::to_string(exact.n) + (exact.stable ? "s" : "u") + exact.lambda1_asymptotic.text;
    auto [it, added] = orbits.try_emplace(key, OrbitRows{&exact, "", ""});
    if (added) order.push_back(key);
    const ShownUncertainty u = shown_uncertainty(run);
    const std::optional<double> error1 = stated_error(u, 1), error2 = stated_error(u, 2);
    const auto [verdict1, verdict2] = orbit_verdicts(l, exact, u);
    it->second.lambda1_rows += markdown_row(
        {run.spec.name, l.method + (l.epsilon == "exact" ? "" : ", ε = " + l.epsilon),
         run.spec.precision.name() + ", K = " + std::to_string(l.periods_done), with_error(l.lambda1_per_period, error1),
         display(exact.lambda1_after_k, 8), display(exact.difference1, 2), verdict1});
    it->second.lambda2_rows += markdown_row(
        {run.spec.name, with_error(l.lambda2_per_period, error2), display(exact.lambda2_after_k, 8),
         display(exact.difference2, 2), verdict2});
  }
  if (order.empty()) return "";
  std::string md =
      "## Lyapunov exponents on closed-form periodic orbits\n\n"
      "The Lyapunov cases that start on a (1, n) periodic orbit of their impact oscillator (n ≤ 3; "
      "docs/periodic_orbits.md), where the exponents are known exactly. Each method is compared with the exact "
      "exponents after its own K periods, at the case's precision: IDED agrees to rounding, the forward-difference "
      "methods to their ε and step.\n\n"
      "How to read this page:\n\n"
      "- **λ1, λ2** are per forcing period T = 2π/ω (the log of the growth over K periods, divided by K), "
      "as on lyapunov.md.\n"
      "- **± its error**: the 95 % half-width the method states for its own λ on lyapunov.md: the tolerance of the "
      "case's computed golden, else the batch means of its run alone.\n"
      "- **exact after K**: the engine's Gram–Schmidt recurrence on the orbit's exact period Jacobians J_k: "
      "λ1 = (1/K) ln ‖J_K ⋯ J_1 e1‖ and λ1 + λ2 = (1/K) Σ ln |det J_k|; it tends to ln|μi|/n (μi the orbit's "
      "multipliers) as K grows.\n"
      "- **|Δλ|**: |computed − exact after K|.\n"
      "- **within its error**: |Δλ| ≤ the method's own error.\n"
      "- **outside its error**: |Δλ| > the method's own error.\n"
      "- **wrong sign**: the computed λ and the exact one have opposite signs — on a stable orbit, λ1 > 0 reports "
      "chaos where there is none. Flagged whatever |Δλ| is, with whether it is within the error.\n"
      "- **no stated error**: the run states none (no golden and no batch means).\n"
      "- **proved to N digits**: ln|μi|/n decided by a proof in ball arithmetic (docs/proofs.md: the orbit's "
      "uniqueness, admissibility and multipliers proved); the page shows 10 digits, index.json every proved one and "
      "the enclosure.\n\n";
  for (const std::string& key : order) {
    const OrbitRows& o = orbits.at(key);
    md += orbit_line(*o.exact) +
          markdown_header({"case", "method", "precision, K", "λ1 per forcing period ± its error", "λ1 exact after K",
                           markdown_cell("|Δλ1|"), "verdict on λ1"}) +
          o.lambda1_rows + "\nλ2 of the same runs:\n\n" +
          markdown_header({"case", "λ2 per forcing period ± its error", "λ2 exact after K", markdown_cell("|Δλ2|"),
                           "verdict on λ2"}) +
          o.lambda2_rows + "\n";
  }
  return md;
}

}  // namespace vibro
