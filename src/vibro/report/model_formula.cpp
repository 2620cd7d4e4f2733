#include "vibro/report/model_formula.hpp"

#include <optional>
#include <string>
#include <vector>

namespace vibro {
namespace {

std::optional<std::string> value_of(const ModelDescription& model, const std::string& key) {
  for (const Parameter& p : model.parameters)
    if (p.key == key && !p.texts.empty()) return p.texts.front();
  return std::nullopt;
}

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

std::string constraint(const ModelDescription& m) {
  return ", u ≥ " + value_of(m, "u_min").value_or("?") + ", e = " + value_of(m, "e").value_or("?");
}

/// u'' + 2α u' + u [+ β u³] = a cos(ω t) in the time `time` (docs/mathematics.md §1, §5).
std::string normalised(const ModelDescription& m, const std::string& time) {
  const std::string alpha = value_of(m, "alpha").value_or("?");
  std::string formula = "u''";
  if (alpha != "0") formula += " + 2·" + factor(alpha) + "·u'";
  formula += " + u";
  if (const auto beta = value_of(m, "beta")) formula += term(*beta, "u³");
  return formula + " = " + forcing(value_of(m, "a").value_or("?"), value_of(m, "omega").value_or("?"), time);
}

/// docs/mathematics.md §1: u'' + 2α u' + u = a cos(ω t), u ≥ u_min (seed 000 eq. (15)); a case
/// written with m, c, k, F, Ω shows that equation in t, then the normalised one in τ = ω0 t.
std::string impact_oscillator(const ModelDescription& m) {
  const auto mass = value_of(m, "m");
  if (!mass) return normalised(m, "t") + constraint(m);
  const std::string physical = (*mass == "1" ? std::string("ü") : factor(*mass) + "·ü") +
                               term(value_of(m, "c").value_or("?"), "u̇") + " + " +
                               factor(value_of(m, "k").value_or("?")) + "·u = " +
                               forcing(value_of(m, "F").value_or("?"), value_of(m, "Omega").value_or("?"), "t");
  return physical + constraint(m) + "; in τ = ω0·t with ω0 = " + value_of(m, "omega0").value_or("?") + ": " +
         normalised(m, "τ");
}

/// docs/mathematics.md §5: the forced Duffing oscillator u'' + 2α u' + u + β u³ = a cos ωt above u_min.
std::string duffing_oscillator(const ModelDescription& m) { return normalised(m, "t") + constraint(m); }

/// docs/mathematics.md §2: u'' = −g, u ≥ u_min (the free fall of seed 000 §2 when g = 0).
std::string constant_force(const ModelDescription& m) {
  return "u'' = " + negated(value_of(m, "g").value_or("?")) + ", u ≥ " + value_of(m, "u_min").value_or("?") +
         ", e = " + value_of(m, "e").value_or("?");
}

/// docs/mathematics.md §5: y'' + ω² y (1 + β y²) = 0 with the constraint set K (seed 003 §3, §5).
std::string conservative_oscillator(const ModelDescription& m) {
  const std::string beta = value_of(m, "beta").value_or("?");
  std::string formula = "y'' + " + factor(value_of(m, "omega").value_or("?")) + "²·y";
  if (beta != "0") formula += "·(1 + " + factor(beta) + "·y²)";
  formula += " = 0";
  if (const auto obstacle = value_of(m, "obstacle"))
    return formula + ", y ≥ " + *obstacle + ", e = " + value_of(m, "e").value_or("?");
  for (const Parameter& p : m.parameters)
    if (p.key == "stops" && p.texts.size() == 2)
      return formula + ", " + p.texts[0] + " ≤ y ≤ " + p.texts[1] + ", e = " + value_of(m, "e").value_or("?");
  return formula + " (no constraint)";
}

/// "(a, b, c)" of a list parameter.
std::string list_of(const ModelDescription& m, const std::string& key) {
  for (const Parameter& p : m.parameters)
    if (p.key == key) {
      std::string text;
      for (const std::string& x : p.texts) text += (text.empty() ? "" : ", ") + x;
      return "(" + text + ")";
    }
  return "?";
}

/// M² q'' + A² q = h(t) with its matrices, box and restitutions (seed 002 eq. (1)).
std::string linear_system(const ModelDescription& m) {
  std::string prefix, stiffness, box;
  if (const auto mu_k = value_of(m, "mu_k")) prefix = "seed 002's 2-DOF system, μ_k = " + *mu_k + ", μ_m = " + *value_of(m, "mu_m") + ": ";
  std::vector<std::string> lower, upper;
  for (const Parameter& p : m.parameters) {
    if (p.key.starts_with("stiffness[")) {
      std::string row;
      for (const std::string& x : p.texts) row += (row.empty() ? "" : ", ") + x;
      stiffness += (stiffness.empty() ? "" : "; ") + row;
    }
    if (p.key == "lower") lower = p.texts;
    if (p.key == "upper") upper = p.texts;
  }
  for (std::size_t i = 0; i < lower.size() && i < upper.size(); ++i) {
    const bool free = lower[i] == "-inf" && upper[i] == "inf";
    box += std::string(i ? " × " : "") + (free ? "ℝ" : (lower[i] == "-inf" ? "(−∞" : "[" + lower[i]) + ", " +
                                                            (upper[i] == "inf" ? "∞)" : upper[i] + "]"));
  }
  const auto omega = value_of(m, "Omega");
  return prefix + "M² q'' + A² q = " + (omega ? "f·cos " + factor(*omega) + "t, f = " + list_of(m, "force") : "0") +
         " with M² = diag" + list_of(m, "mass") + ", A² = [" + stiffness + "], q ∈ K = " + box + ", e = " + list_of(m, "e");
}

/// Seed 004's double pendulum (docs/mathematics.md §7): its parameters and the wall.
std::string double_pendulum(const ModelDescription& m) {
  const auto v = [&](const char* key) { return value_of(m, key).value_or("?"); };
  return "seed 004's double pendulum M(q)q'' = f(q, q'), angles from the upward vertical, m1 = " + v("m1") +
         ", m2 = " + v("m2") + ", l1 = " + v("l1") + ", l2 = " + v("l2") + ", gravity " + v("gravity") +
         "; wall g(q) = −cos θ1 ≤ 0, e = " + v("e");
}

}  // namespace

std::string model_formula(const ModelDescription& model) {
  if (model.type == "linear-system" || model.type == "two-mass-spring") return linear_system(model);
  if (model.type == "impact-oscillator") return impact_oscillator(model);
  if (model.type == "duffing-oscillator") return duffing_oscillator(model);
  if (model.type == "constant-force") return constant_force(model);
  if (model.type == "conservative-oscillator") return conservative_oscillator(model);
  if (model.type == "double-pendulum") return double_pendulum(model);
  std::string parameters;
  for (const Parameter& p : model.parameters) {
    parameters += (parameters.empty() ? "" : ", ") + p.key + " =";
    for (const std::string& text : p.texts) parameters += " " + text;
  }
  return model.type + " (" + parameters + ")";
}

}  // namespace vibro
