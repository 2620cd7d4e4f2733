#include "vibro/io/double_pendulum_case_reader.hpp"

#include "vibro/io/system_case_reader.hpp"

#include <boost/multiprecision/gmp.hpp>

#include <string>

namespace vibro {

void read_double_pendulum(const TomlReader& r, const toml::table& t, ModelSpec& model) {
  DoublePendulumSpec p{r.required_number(t, "model", "m1"), r.required_number(t, "model", "m2"),
                       r.required_number(t, "model", "l1"), r.required_number(t, "model", "l2"),
                       r.number(t, "model", "gravity").value_or(NumberInput{"model.gravity", "9.81", rational(981, 100)})};
  for (const NumberInput* x : {&p.m1, &p.m2, &p.l1, &p.l2}) r.require_range(*x, x->exact > 0, "(0, ∞)");
  r.require_range(p.gravity, p.gravity.exact >= 0, "[0, ∞)");
  model.kind = p;
  model.e = r.required_number(t, "model", "e");
  r.require_range(model.e, model.e.exact >= 0 && model.e.exact <= 1, "[0, 1]");
}

void read_double_pendulum_initial(const TomlReader& r, const toml::table& initial, CaseSpec& c) {
  if (initial.get("u0"))
    r.fail("initial.u0", "the double pendulum starts from initial.q0 (or q0_over_pi) and initial.v0, lists of 2");
  const toml::node* radians = initial.get("q0");
  const toml::node* over_pi = initial.get("q0_over_pi");
  if ((radians != nullptr) == (over_pi != nullptr))
    r.fail("initial.q0", "give exactly one of q0 (the angles θ1, θ2 in radians) and q0_over_pi (θ/π)");
  const toml::node* v0 = initial.get("v0");
  if (!v0) r.fail("initial.v0", "missing (the angular velocities θ1', θ2')");
  c.q0_over_pi = over_pi != nullptr;
  c.q0 = number_list(r, c.q0_over_pi ? *over_pi : *radians, c.q0_over_pi ? "initial.q0_over_pi" : "initial.q0", 2);
  c.q0_velocity = number_list(r, *v0, "initial.v0", 2);
  if (!c.q0_over_pi) return;
  // θ1 = rπ with r reduced to [−1, 1): cos θ1 < 0 exactly when |r| > 1/2, θ1 is on the wall
  // when |r| = 1/2, where ∇g·u0 = sin θ1 · θ1' must be ≤ 0 (sin θ1 = ±1 for r = ±1/2).
  const NumberInput& theta1 = c.q0[0];
  const rational turns = (theta1.exact + 1) / 2;  // θ1/2π + 1/2: its floor is the number of full turns to remove
  const bmp::mpz_int numerator = bmp::numerator(turns);
  const bmp::mpz_int denominator = bmp::denominator(turns);
  bmp::mpz_int whole = numerator / denominator;  // rounds towards zero
  if (whole * denominator > numerator) --whole;  // towards −∞
  const rational reduced = theta1.exact - 2 * rational(whole);
  const rational half(1, 2);
  if (reduced > half || reduced < -half)
    r.fail(theta1.key, theta1.text + " (θ1 = " + theta1.text +
                           "π) violates the constraint g(q) = −cos θ1 ≤ 0: the first rod must stay in the upper "
                           "half-plane (allowed: θ1/π in [−1/2, 1/2] modulo 2)");
  const NumberInput& rate = c.q0_velocity[0];
  if ((reduced == half && rate.exact > 0) || (reduced == -half && rate.exact < 0))
    r.fail(rate.key, rate.text + " points through the wall while θ1 = " + theta1.text +
                         "π is on it (allowed: θ1' of the other sign or 0)");
}

}  // namespace vibro
