#include "vibro/report/orbit_report.hpp"

#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"

namespace vibro {

namespace {

/// The asymptotic exponents as proved: the value to its proved digits, or why not proved.
std::string proved_cell(const ExactOnOrbit& exact) {
  if (!exact.proved_lambda1) return markdown_cell("not proved: " + exact.not_proved);
  const auto digits = [](const Enclosure& x) {
    return x.proved_value + " (" + std::to_string(x.proved_digits) + " digits)";
  };
  return digits(*exact.proved_lambda1) + ", " + digits(*exact.proved_lambda2);
}

}  // namespace

std::string orbit_lyapunov_section(const ReportRuns& report) {
  std::string rows;
  for (const LyapunovCaseRun& run : report.lyapunov) {
    const auto& exact = run.on_orbit;
    if (!exact) continue;
    const LyapunovFindings& l = run.result.lyapunov;
    rows += markdown_row({run.spec.name, "(1, " + std::to_string(exact->n) + ")" + (exact->stable ? " stable" : " unstable"),
                          l.method + (l.epsilon == "exact" ? "" : ", ε = " + l.epsilon), run.spec.precision.name(),
                          std::to_string(l.periods_done), display(l.lambda1_per_period, 8),
                          display(exact->lambda1_after_k, 8), display(exact->difference1, 2),
                          display(l.lambda2_per_period, 8), display(exact->lambda2_after_k, 8),
                          display(exact->difference2, 2),
                          display(exact->lambda1_asymptotic, 8) + ", " + display(exact->lambda2_asymptotic, 8),
                          proved_cell(*exact)});
  }
  if (rows.empty()) return "";
  return "## Lyapunov exponents on closed-form periodic orbits\n\n"
         "The Lyapunov cases that start on a (1, n) periodic orbit of their impact oscillator (n ≤ 3; "
         "docs/periodic_orbits.md), where the exponents are known exactly: after K periods from e1 the engine's "
         "Gram–Schmidt recurrence gives λ1 = (1/K) ln ‖J_K ⋯ J_1 e1‖ and λ1 + λ2 = (1/K) Σ ln |det J_k| with the "
         "orbit's exact period Jacobians J_k (\"exact after K\"), which tend to ln|μi|/n (\"asymptotic\") as K grows; "
         "\"proved\" gives ln|μi|/n to the digits a proof in ball arithmetic decides (docs/proofs.md: the orbit's "
         "uniqueness, admissibility and multipliers proved, the value correctly rounded to the digits shown). "
         "Every method is compared with the exact value of its own K, at the case's precision: IDED to rounding, "
         "the forward-difference methods to their ε and step.\n\n" +
         markdown_header({"case", "orbit", "method", "precision", "K", "λ1 computed", "λ1 exact after K", markdown_cell("|Δλ1|"),
                          "λ2 computed", "λ2 exact after K", markdown_cell("|Δλ2|"),
                          markdown_cell("asymptotic ln|μ1|/n, ln|μ2|/n"), markdown_cell("proved ln|μ1|/n, ln|μ2|/n")}) +
         rows + "\n";
}

}  // namespace vibro
