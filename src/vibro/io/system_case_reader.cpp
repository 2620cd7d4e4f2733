#include "vibro/io/system_case_reader.hpp"

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace vibro {
namespace {

const toml::array& list_of(const TomlReader& r, const toml::node& node, const std::string& key, std::size_t size) {
  if (!node.is_array()) r.fail(key, "expected a list, found " + TomlReader::type_name(node));
  const toml::array& items = *node.as_array();
  if (size != 0 && items.size() != size)
    r.fail(key, "expected " + std::to_string(size) + " entries (one per coordinate), found " +
                    std::to_string(items.size()));
  return items;
}

/// A bound: a number, or none for "-inf" (lower) / "inf" (upper), as a string or TOML's inf.
std::optional<NumberInput> bound_value(const TomlReader& r, const toml::node& node, const std::string& key, bool lower) {
  const std::string none = lower ? "-inf" : "inf";
  if (const auto* s = node.as_string(); s && s->get() == none) return std::nullopt;
  if (const auto* f = node.as_floating_point(); f && std::isinf(f->get())) {
    if ((f->get() < 0) != lower)
      r.fail(key, std::string(lower ? "a lower" : "an upper") + " bound of " + (lower ? "+inf" : "-inf") +
                      " leaves no room (allowed: a number, or " + none + " for none)");
    return std::nullopt;
  }
  return r.number_value(node, key);
}

std::vector<std::optional<NumberInput>> bounds(const TomlReader& r, const toml::table& t, const std::string& key,
                                               std::size_t n, bool lower) {
  std::vector<std::optional<NumberInput>> out(n);
  const toml::node* node = t.get(key);
  if (!node) return out;
  const toml::array& items = list_of(r, *node, "model." + key, n);
  for (std::size_t i = 0; i < n; ++i) out[i] = bound_value(r, items[i], "model." + key + "[" + std::to_string(i) + "]", lower);
  return out;
}

/// e: one number for every coordinate, or a list; required when a coordinate has a bound
/// (without one it is never used, and 0 stands in).
std::vector<NumberInput> restitutions(const TomlReader& r, const toml::table& t, std::size_t n, bool bounded) {
  const toml::node* node = t.get("e");
  if (!node && !bounded) return std::vector<NumberInput>(n, NumberInput{"model.e", "0", rational(0)});
  if (!node) r.fail("model.e", "missing (the restitution of the constrained coordinates, in [0, 1])");
  std::vector<NumberInput> e = node->is_array() ? number_list(r, *node, "model.e", n)
                                                : std::vector<NumberInput>(n, r.number_value(*node, "model.e"));
  for (const NumberInput& x : e) r.require_range(x, x.exact >= 0 && x.exact <= 1, "[0, 1]");
  return e;
}

/// force and Omega: both or neither.
void read_forcing(const TomlReader& r, const toml::table& t, SystemSpec& s) {
  const toml::node* force = t.get("force");
  if ((force != nullptr) != (t.get("Omega") != nullptr))
    r.fail(force ? "model.Omega" : "model.force", "force and Omega go together: h(t) = force · cos(Omega t)");
  if (!force) return;
  s.force = number_list(r, *force, "model.force", s.dimension());
  s.forcing_frequency = r.required_number(t, "model", "Omega");
  r.require_range(*s.forcing_frequency, s.forcing_frequency->exact > 0, "(0, ∞)");
}

/// The checks that need only the numbers as written, exactly: positive masses, a symmetric
/// stiffness, a non-empty box. Positive definiteness is checked where the matrix is bound
/// (a Cholesky factorisation in the run's precision: model/linear_impact_system.hpp).
void check_system(const TomlReader& r, const SystemSpec& s) {
  const std::size_t n = s.dimension();
  for (const NumberInput& m : s.mass) r.require_range(m, m.exact > 0, "(0, ∞)");
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (s.stiffness[i][j].exact != s.stiffness[j][i].exact)
        r.fail(s.stiffness[i][j].key, "the stiffness matrix is not symmetric: " + s.stiffness[i][j].text + " here, " +
                                          s.stiffness[j][i].text + " at " + s.stiffness[j][i].key);
  for (std::size_t i = 0; i < n; ++i)
    if (s.lower[i] && s.upper[i] && !(s.lower[i]->exact < s.upper[i]->exact))
      r.fail(s.upper[i]->key, "the box is empty in coordinate " + std::to_string(i + 1) + ": upper " + s.upper[i]->text +
                                  " ≤ lower " + s.lower[i]->text);
}

}  // namespace

std::vector<NumberInput> number_list(const TomlReader& r, const toml::node& node, const std::string& key,
                                     std::size_t size) {
  const toml::array& items = list_of(r, node, key, size);
  if (items.empty() || items.size() > max_system_dimension)
    r.fail(key, "expected 1 to " + std::to_string(max_system_dimension) + " entries, found " +
                    std::to_string(items.size()));
  std::vector<NumberInput> out;
  for (std::size_t i = 0; i < items.size(); ++i) out.push_back(r.number_value(items[i], key + "[" + std::to_string(i) + "]"));
  return out;
}

SystemSpec read_linear_system(const TomlReader& r, const toml::table& t) {
  SystemSpec s;
  const toml::node* mass = t.get("mass");
  if (!mass) r.fail("model.mass", "missing (the diagonal of M², one positive number per coordinate)");
  s.mass = number_list(r, *mass, "model.mass", 0);
  const std::size_t n = s.dimension();
  const toml::node* stiffness = t.get("stiffness");
  if (!stiffness) r.fail("model.stiffness", "missing (A², a symmetric positive definite matrix: a list of rows)");
  const toml::array& rows = list_of(r, *stiffness, "model.stiffness", n);
  for (std::size_t i = 0; i < n; ++i) s.stiffness.push_back(number_list(r, rows[i], "model.stiffness[" + std::to_string(i) + "]", n));
  s.lower = bounds(r, t, "lower", n, true);
  s.upper = bounds(r, t, "upper", n, false);
  bool bounded = false;
  for (std::size_t i = 0; i < n; ++i) bounded = bounded || s.lower[i] || s.upper[i];
  s.restitution = restitutions(r, t, n, bounded);
  read_forcing(r, t, s);
  check_system(r, s);
  return s;
}

TwoMassSpringSpec read_two_mass_spring(const TomlReader& r, const toml::table& t) {
  TwoMassSpringSpec two{r.required_number(t, "model", "mu_k"), r.required_number(t, "model", "mu_m"),
                        r.number(t, "model", "q_min"), r.number(t, "model", "q_max"), {}};
  r.require_range(two.mu_k, two.mu_k.exact > 0, "(0, ∞)");
  r.require_range(two.mu_m, two.mu_m.exact > 0, "(0, ∞)");
  // Seed 002 eq. (24): M² = diag(1, μ_m), A² = [[1, −1], [−1, 1 + μ_k]], exactly.
  const auto exact = [](const std::string& key, const rational& x) { return NumberInput{key, x.str(), x}; };
  SystemSpec& s = two.system;
  s.mass = {exact("model (M² = diag(1, mu_m))", rational(1)), two.mu_m};
  s.stiffness = {{exact("model (A²)", rational(1)), exact("model (A²)", rational(-1))},
                 {exact("model (A²)", rational(-1)), exact("model (A² = 1 + mu_k)", rational(1) + two.mu_k.exact)}};
  s.lower = {two.q_min, std::nullopt};
  s.upper = {two.q_max, std::nullopt};
  s.restitution = restitutions(r, t, 1, two.q_min || two.q_max);
  r.require_range(s.restitution[0], s.restitution[0].exact >= 0 && s.restitution[0].exact <= 1, "[0, 1]");
  s.restitution.push_back(exact("model.e", rational(0)));
  read_forcing(r, t, s);
  if (two.q_min && two.q_max && !(two.q_min->exact < two.q_max->exact))
    r.fail("model.q_max", "the box is empty: q_max " + two.q_max->text + " ≤ q_min " + two.q_min->text);
  return two;
}

void read_system_initial(const TomlReader& r, const toml::table& initial, const SystemSpec& s, CaseSpec& c) {
  const std::size_t n = s.dimension();
  if (initial.get("u0"))
    r.fail("initial.u0", "an N-DOF system starts from initial.q0 (a list of " + std::to_string(n) + " coordinates)");
  const toml::node* q0 = initial.get("q0");
  const toml::node* v0 = initial.get("v0");
  if (!q0) r.fail("initial.q0", "missing (a list of " + std::to_string(n) + " coordinates)");
  if (!v0) r.fail("initial.v0", "missing (a list of " + std::to_string(n) + " velocities)");
  c.q0 = number_list(r, *q0, "initial.q0", n);
  c.q0_velocity = number_list(r, *v0, "initial.v0", n);
  for (std::size_t i = 0; i < n; ++i) {
    const NumberInput& q = c.q0[i];
    const NumberInput& v = c.q0_velocity[i];
    if (s.lower[i] && q.exact < s.lower[i]->exact)
      r.fail(q.key, q.text + " is below the lower bound " + s.lower[i]->text + " of coordinate " + std::to_string(i + 1));
    if (s.upper[i] && q.exact > s.upper[i]->exact)
      r.fail(q.key, q.text + " is above the upper bound " + s.upper[i]->text + " of coordinate " + std::to_string(i + 1));
    if (s.lower[i] && q.exact == s.lower[i]->exact && v.exact < 0)
      r.fail(v.key, v.text + " points out of K while coordinate " + std::to_string(i + 1) +
                        " is on its lower bound (allowed: ≥ 0 there)");
    if (s.upper[i] && q.exact == s.upper[i]->exact && v.exact > 0)
      r.fail(v.key, v.text + " points out of K while coordinate " + std::to_string(i + 1) +
                        " is on its upper bound (allowed: ≤ 0 there)");
  }
}

}  // namespace vibro
