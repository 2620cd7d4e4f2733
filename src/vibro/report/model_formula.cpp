#include "vibro/report/model_formula.hpp"

#include <optional>

namespace vibro {
namespace {

std::optional<std::string> value_of(const ModelDescription& model, const std::string& key) {
  for (const Parameter& p : model.parameters)
    if (p.key == key && !p.texts.empty()) return p.texts.front();
  return std::nullopt;
}

/// The number as a factor of a product: a negative one in parentheses, so that "2·-0.1" reads "2·(-0.1)".
std::string factor(const std::string& text) { return !text.empty() && text.front() == '-' ? "(" + text + ")" : text; }

/// −x as text: "-2" → "2", "9.81" → "−9.81", "0" → "0".
std::string negated(const std::string& text) {
  if (text == "0") return text;
  return !text.empty() && text.front() == '-' ? text.substr(1) : "−" + text;
}

/// docs/mathematics.md §1: u'' + 2α u' + u = a cos(ω t), u ≥ u_min (seed 000 eq. (15)).
std::string impact_oscillator(const ModelDescription& m) {
  const std::string alpha = value_of(m, "alpha").value_or("?");
  std::string formula = "u''";
  if (alpha != "0") formula += " + 2·" + factor(alpha) + "·u'";
  const std::string a = value_of(m, "a").value_or("?");
  formula += " + u = " + (a == "0" ? a : factor(a) + "·cos " + value_of(m, "omega").value_or("?") + "t");
  return formula + ", u ≥ " + value_of(m, "u_min").value_or("?") + ", e = " + value_of(m, "e").value_or("?");
}

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

}  // namespace

std::string model_formula(const ModelDescription& model) {
  if (model.type == "impact-oscillator") return impact_oscillator(model);
  if (model.type == "constant-force") return constant_force(model);
  if (model.type == "conservative-oscillator") return conservative_oscillator(model);
  std::string parameters;
  for (const Parameter& p : model.parameters) {
    parameters += (parameters.empty() ? "" : ", ") + p.key + " =";
    for (const std::string& text : p.texts) parameters += " " + text;
  }
  return model.type + " (" + parameters + ")";
}

}  // namespace vibro
