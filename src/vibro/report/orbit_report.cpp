#include "vibro/report/orbit_report.hpp"

#include "vibro/analysis/periodic_orbits.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/run/model_binding.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <type_traits>

namespace vibro {

namespace {

/// The most impacts per orbit looked for: a case is matched against the (1, n) orbits with
/// n up to this.
constexpr int largest_n = 3;

/// The exact values for a case that starts on an orbit, as texts at the case's precision.
struct ExactOnOrbit {
  int n = 1;
  bool stable = false;
  NumberText lambda1_after_k, lambda2_after_k, lambda1_asymptotic, lambda2_asymptotic;
  NumberText difference1, difference2;  ///< |computed − exact after K|
};

std::optional<ExactOnOrbit> exact_on_orbit(const LyapunovCaseRun& run) {
  const CaseSpec& c = run.spec;
  const LyapunovFindings& l = run.result.lyapunov;
  if (c.model.model_kind() != ModelKind::impact_oscillator || !l.defined || c.precision.kind == ScalarKind::rational)
    return std::nullopt;
  std::optional<ExactOnOrbit> exact;
  with_scalar(c.precision, [&](auto type) {
    using Real = typename decltype(type)::type;
    if constexpr (!std::is_same_v<Real, rational>) {
      using std::abs;
      const ImpactOscillator<Real> model = bind_oscillator<Real>(c.model);
      const auto orbit = orbit_through(model, parse_real<Real>(c.u0.text), parse_real<Real>(c.v0.text), largest_n);
      if (!orbit) return;
      const auto [k1, k2] = finite_k_exponents(model, *orbit, l.periods_done);
      const auto [m1, m2] = orbit->multipliers.log_moduli();
      ExactOnOrbit e;
      e.n = orbit->n;
      e.stable = orbit->stable();
      e.lambda1_after_k = NumberText::of(k1);
      e.lambda2_after_k = NumberText::of(k2);
      e.lambda1_asymptotic = NumberText::of(Real(m1 / orbit->n));
      e.lambda2_asymptotic = NumberText::of(Real(m2 / orbit->n));
      e.difference1 = NumberText::of(Real(abs(parse_real<Real>(l.lambda1_per_period.text) - k1)));
      e.difference2 = NumberText::of(Real(abs(parse_real<Real>(l.lambda2_per_period.text) - k2)));
      exact = e;
    }
  });
  return exact;
}

}  // namespace

std::string orbit_lyapunov_section(const ReportRuns& report) {
  std::string rows;
  for (const LyapunovCaseRun& run : report.lyapunov) {
    const auto exact = exact_on_orbit(run);
    if (!exact) continue;
    const LyapunovFindings& l = run.result.lyapunov;
    rows += markdown_row({run.spec.name, "(1, " + std::to_string(exact->n) + ")" + (exact->stable ? " stable" : " unstable"),
                          l.method + (l.epsilon == "exact" ? "" : ", ε = " + l.epsilon), run.spec.precision.name(),
                          std::to_string(l.periods_done), display(l.lambda1_per_period, 8),
                          display(exact->lambda1_after_k, 8), display(exact->difference1, 2),
                          display(l.lambda2_per_period, 8), display(exact->lambda2_after_k, 8),
                          display(exact->difference2, 2),
                          display(exact->lambda1_asymptotic, 8) + ", " + display(exact->lambda2_asymptotic, 8)});
  }
  if (rows.empty()) return "";
  return "## Lyapunov exponents on closed-form periodic orbits\n\n"
         "The Lyapunov cases that start on a (1, n) periodic orbit of their impact oscillator (n ≤ 3; "
         "docs/periodic_orbits.md), where the exponents are known exactly: after K periods from e1 the engine's "
         "Gram–Schmidt recurrence gives λ1 = (1/K) ln ‖J_K ⋯ J_1 e1‖ and λ1 + λ2 = (1/K) Σ ln |det J_k| with the "
         "orbit's exact period Jacobians J_k (\"exact after K\"), which tend to ln|μi|/n (\"asymptotic\") as K grows. "
         "Every method is compared with the exact value of its own K, at the case's precision: IDED to rounding, "
         "the forward-difference methods to their ε and step.\n\n" +
         markdown_header({"case", "orbit", "method", "precision", "K", "λ1 computed", "λ1 exact after K", markdown_cell("|Δλ1|"),
                          "λ2 computed", "λ2 exact after K", markdown_cell("|Δλ2|"),
                          markdown_cell("asymptotic ln|μ1|/n, ln|μ2|/n")}) +
         rows + "\n";
}

}  // namespace vibro
