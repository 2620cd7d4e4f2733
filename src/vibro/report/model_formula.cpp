#include "vibro/report/model_formula.hpp"

#include "vibro/model/physical_oscillator.hpp"

#include <string>
#include <variant>
#include <vector>

namespace vibro {
namespace {

/// The number as a factor of a product: a negative one or a fraction in parentheses, so that
/// "2·-0.1" reads "2·(-0.1)" and "cos 1/2t" reads "cos (1/2)t".
std::string factor(const std::string& text) {
  const bool group = !text.empty() && (text.front() == '-' || text.find('/') != std::string::npos);
  return group ? "(" + text + ")" : text;
}

/// −x as text: "-2" → "2", "9.81" → "−9.81", "0" → "0".
std::string negated(const std::string& text) {
  if (text == "0") return text;
  return !text.empty() && text.front() == '-' ? text.substr(1) : "−" + text;
}

/// "+ c·x" of a sum (nothing when c = 0, "x" alone when c = 1).
std::string term(const std::string& coefficient, const std::string& x) {
  if (coefficient == "0") return "";
  return " + " + (coefficient == "1" ? x : factor(coefficient) + "·" + x);
}

/// "a·cos ωt" on a right-hand side ("0" when a = 0).
std::string forcing(const std::string& a, const std::string& omega, const std::string& time) {
  return a == "0" ? a : factor(a) + "·cos " + factor(omega) + time;
}

std::string constraint(const ModelSpec& m) { return ", u ≥ " + m.u_min.text + ", e = " + m.e.text; }

/// u'' + 2α u' + u [+ β u³] = a cos(ω t) in the time `time` (docs/mathematics.md §1, §5).
std::string normalised(const std::string& alpha, const std::string* beta, const std::string& a,
                       const std::string& omega, const std::string& time) {
  std::string formula = "u''";
  if (alpha != "0") formula += " + 2·" + factor(alpha) + "·u'";
  formula += " + u";
  if (beta) formula += term(*beta, "u³");
  return formula + " = " + forcing(a, omega, time);
}

/// docs/mathematics.md §1: u'' + 2α u' + u = a cos(ω t), u ≥ u_min (seed 000 eq. (15)); a case
/// written with m, c, k, F, Ω shows that equation in t, then the normalised one in τ = ω0 t
/// with the normalised numbers it converts to, exactly.
std::string formula(const OscillatorSpec& osc, const ModelSpec& m) {
  if (!osc.physical) return normalised(osc.alpha.text, nullptr, osc.amplitude.text, osc.omega.text, "t") + constraint(m);
  const PhysicalSpec& p = *osc.physical;
  const PhysicalOscillator exact = p.exact();
  const std::string physical = (p.mass.text == "1" ? std::string("ü") : factor(p.mass.text) + "·ü") +
                               term(p.damping.text, "u̇") + " + " + factor(p.stiffness.text) +
                               "·u = " + forcing(p.force.text, p.forcing_frequency.text, "t");
  return physical + constraint(m) + "; in τ = ω0·t with ω0 = " + root_text(exact.omega0_squared()) + ": " +
         normalised(root_text(exact.alpha_squared()), nullptr, exact.amplitude().str(),
                    root_text(exact.omega_squared()), "τ");
}

/// docs/mathematics.md §5: the forced Duffing oscillator u'' + 2α u' + u + β u³ = a cos ωt above u_min.
std::string formula(const DuffingSpec& d, const ModelSpec& m) {
  return normalised(d.alpha.text, &d.beta.text, d.amplitude.text, d.omega.text, "t") + constraint(m);
}

/// docs/mathematics.md §2: u'' = −g, u ≥ u_min (the free fall of seed 000 §2 when g = 0).
std::string formula(const ConstantForceSpec& f, const ModelSpec& m) {
  return "u'' = " + negated(f.g.text) + constraint(m);
}

/// docs/mathematics.md §5: y'' + ω² y (1 + β y²) = 0 with the constraint set K (seed 003 §3, §5).
std::string formula(const ConservativeSpec& k, const ModelSpec& m) {
  std::string formula = "y'' + " + factor(k.omega.text) + "²·y";
  if (k.beta.text != "0") formula += "·(1 + " + factor(k.beta.text) + "·y²)";
  formula += " = 0";
  if (k.obstacle) return formula + ", y ≥ " + k.obstacle->text + ", e = " + m.e.text;
  if (k.stop_lower) return formula + ", " + k.stop_lower->text + " ≤ y ≤ " + k.stop_upper->text + ", e = " + m.e.text;
  return formula + " (no constraint)";
}

/// "a, b, c" of a list of numbers.
std::string joined(const std::vector<NumberInput>& xs) {
  std::string text;
  for (const NumberInput& x : xs) text += (text.empty() ? "" : ", ") + x.text;
  return text;
}

/// "(a, b, c)" of a list of numbers.
std::string list_of(const std::vector<NumberInput>& xs) { return "(" + joined(xs) + ")"; }

/// M² q'' + A² q = h(t) with its matrices, box and restitutions (seed 002 eq. (1)).
std::string formula(const SystemSpec& s, const ModelSpec&) {
  std::string stiffness, box;
  for (const std::vector<NumberInput>& row : s.stiffness) stiffness += (stiffness.empty() ? "" : "; ") + joined(row);
  for (std::size_t i = 0; i < s.dimension(); ++i) {
    const auto& lower = s.lower[i];
    const auto& upper = s.upper[i];
    box += std::string(i ? " × " : "") + (!lower && !upper ? "ℝ" : (lower ? "[" + lower->text : "(−∞") + ", " +
                                                                       (upper ? upper->text + "]" : "∞)"));
  }
  return "M² q'' + A² q = " +
         (s.forced() ? "f·cos " + factor(s.forcing_frequency->text) + "t, f = " + list_of(s.force) : "0") +
         " with M² = diag" + list_of(s.mass) + ", A² = [" + stiffness + "], q ∈ K = " + box + ", e = " +
         list_of(s.restitution);
}

/// Seed 002 §3's 2-DOF system: its two parameters, then the N-DOF system they define.
std::string formula(const TwoMassSpringSpec& two, const ModelSpec& m) {
  return "seed 002's 2-DOF system, μ_k = " + two.mu_k.text + ", μ_m = " + two.mu_m.text + ": " + formula(two.system, m);
}

/// Seed 004's double pendulum (docs/mathematics.md §7): its parameters and the wall.
std::string formula(const DoublePendulumSpec& p, const ModelSpec& m) {
  return "seed 004's double pendulum M(q)q'' = f(q, q'), angles from the upward vertical, m1 = " + p.m1.text +
         ", m2 = " + p.m2.text + ", l1 = " + p.l1.text + ", l2 = " + p.l2.text + ", gravity " + p.gravity.text +
         "; wall g(q) = −cos θ1 ≤ 0, e = " + m.e.text;
}

}  // namespace

std::string model_formula(const ModelSpec& model) {
  return std::visit([&](const auto& spec) { return formula(spec, model); }, model.kind);
}

}  // namespace vibro
