#pragma once
// The initial (Paoli–Schatzman) scheme, seed 000 eq. (14), seed 001 eq. (7)–(9):
//
//   U^{n+1} = −e U^{n−1} + P( h² F^n + 2U^n − (1 − e) U^{n−1} ),  P(x) = max(x, (1+e) u_min),
//
// with F^n = f(t_n, U^n, velocity approximation). The discrete state is
// X^n = (U^n, V^n), V^n = (U^{n+1} − U^n)/h (seed 001 §3.2); it is kept as the pair
// (U^n, U^{n+1}), so with T = N h one forcing period maps X^0 to X^N.

#include "vibro/model/admissible.hpp"
#include "vibro/model/concepts.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/paoli_schatzman_options.hpp"
#include "vibro/scheme/scheme.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace vibro {

template <ImpactModel Model>
class PaoliSchatzman {
 public:
  using model_type = Model;
  using real_type = typename Model::real_type;
  using Real = real_type;

  /// Seed 000 §1 ("the error on the position is at best O(h) in L∞, and the error on the
  /// velocity is at best O(h) in L1") and the free-fall reversal of seed 000 §2 (docs/mathematics.md
  /// §2.1: the velocity is O(1) in L∞ across the two-step reversal).
  static constexpr DeclaredOrders declared_orders =
      declare_orders({{ErrorMetric::position_linf, {1, true, "seed 000 §1-2"}},
                      {ErrorMetric::velocity_l1, {1, true, "seed 000 §1-2"}},
                      {ErrorMetric::velocity_linf, {0, true, "seed 000 §2"}}});
  /// +, −, ×, max: the free-fall reversal holds with exact equality in rationals (seed 000 §2).
  static constexpr bool rational_arithmetic = true;

  /// X^n = (U^n, V^n), stored as (U^n, U^{n+1}) and the index n (t_n = t0 + n h).
  struct State {
    Real u;
    Real u_next;
    std::int64_t n = 0;
  };

  /// Largest number of fixed-point iterations for an implicit velocity approximation
  /// when f is not affine in v (seed 001 Lemma 3.2: a contraction when L h < 1).
  static constexpr int max_fixed_point_iterations = 200;

  PaoliSchatzman(Model model, Real h, Real t0 = Real(0), PaoliSchatzmanOptions options = {})
      : model_(std::move(model)), h_(std::move(h)), t0_(std::move(t0)), options_(options) {
    if (!is_finite(h_) || !(h_ > 0)) throw std::invalid_argument("step h = " + to_text(h_) + " must be > 0 and finite");
    if (!is_finite(t0_)) throw std::invalid_argument("t0 must be finite");
    if constexpr (AffineInVelocity<Model>) {
      // docs/mathematics.md §2 (derived): with W = U^{n+1} + e U^{n−1} and F^n = G − c U^{n+1}/h²,
      // W = P(R − cW) ⇔ W = P(R/(1 + c)) because the normal cone is a cone.
      // centered: c = k h/2; forward: c = k h, for f = f(t, u, 0) − k v.
      const Real& k = model_.velocity_coefficient();
      if (options_.velocity == VelocityApproximation::centered) implicit_c_ = k * h_ / 2;
      if (options_.velocity == VelocityApproximation::forward) implicit_c_ = k * h_;
      implicit_scale_ = 1 / (1 + implicit_c_);
    }
  }

  const Model& model() const { return model_; }
  const Real& step_size() const { return h_; }
  const Real& initial_time() const { return t0_; }
  const PaoliSchatzmanOptions& options() const { return options_; }

  Real time(std::int64_t n) const { return t0_ + h_ * n; }
  Real time(const State& x) const { return time(x.n); }
  const Real& position(const State& x) const { return x.u; }
  Real velocity(const State& x) const { return (x.u_next - x.u) / h_; }

  /// X^0 from the Cauchy data (u0, v0) at t0, with U^1 from the starting rule.
  /// Throws std::invalid_argument when the data are not admissible.
  State start(const Real& u0, const Real& v0) const {
    require_admissible(model_, u0, v0);
    Real u1 = u0 + h_ * v0;
    if (options_.start == StartingValue::taylor) u1 += h_ * h_ / 2 * model_.acceleration(t0_, u0, v0);
    return State{u0, std::move(u1), 0};
  }

  /// X^n = (U, V) given directly as a discrete state, as the Poincaré map needs it.
  State from_discrete(const Real& u, const Real& v, std::int64_t n = 0) const { return State{u, u + h_ * v, n}; }

  /// X^n → X^{n+1}: computes U^{n+2} by seed 000 eq. (14) from U^n, U^{n+1} at t_{n+1}.
  /// Returns true when the projection was active (the argument was below (1+e)u_min).
  bool step(State& x) const {
    const Real& previous = x.u;  // U^{n−1} in the seed's numbering of this step
    const Real& current = x.u_next;  // U^n
    const Real t = time(x.n + 1);
    const Real& e = model_.restitution();
    const Real inertia = 2 * current - (1 - e) * previous;

    Real w;  // W = U^{n+1} + e U^{n−1} before the projection
    if (options_.velocity == VelocityApproximation::backward) {
      w = h_squared_ * model_.acceleration(t, current, (current - previous) / h_) + inertia;
    } else if constexpr (AffineInVelocity<Model>) {
      const Real f0 = model_.acceleration(t, current, Real(0));
      // R of docs/mathematics.md §2: the terms of h²F^n that do not depend on U^{n+1}.
      const Real known_velocity_terms = options_.velocity == VelocityApproximation::centered
                                            ? implicit_c_ * (1 + e) * previous
                                            : implicit_c_ * (e * previous + current);
      w = (h_squared_ * f0 + known_velocity_terms + inertia) * implicit_scale_;
    } else {
      w = fixed_point(t, previous, current, inertia);
    }
    const bool active = w < lower_;
    Real next = (active ? lower_ : w) - e * previous;
    x.u = current;
    x.u_next = std::move(next);
    ++x.n;
    return active;
  }

 private:
  /// Implicit velocity approximation for f not affine in v: iterate
  /// W ← P(h² f(t, U^n, v(W)) + 2U^n − (1 − e)U^{n−1}) (seed 001 Lemma 3.2), returning the
  /// unprojected argument at the fixed point so that step() can report the active set.
  Real fixed_point(const Real& t, const Real& previous, const Real& current, const Real& inertia) const {
    static_assert(!is_exact_v<Real>, "the fixed-point iteration needs a floating-point scalar");
    using std::abs;
    using std::max;
    const Real& e = model_.restitution();
    auto implied_velocity = [&](const Real& projected_w) {
      const Real next = projected_w - e * previous;
      return options_.velocity == VelocityApproximation::centered ? (next - previous) / (2 * h_)
                                                                  : (next - current) / h_;
    };
    Real argument = h_squared_ * model_.acceleration(t, current, (current - previous) / h_) + inertia;
    const Real tolerance = 4 * epsilon<Real>();
    for (int iteration = 0; iteration < max_fixed_point_iterations; ++iteration) {
      const Real projected = argument < lower_ ? lower_ : argument;
      Real updated = h_squared_ * model_.acceleration(t, current, implied_velocity(projected)) + inertia;
      const Real scale = max(abs(updated), max(abs(current), abs(lower_)));
      const bool converged = abs(updated - argument) <= tolerance * scale;
      argument = std::move(updated);
      if (converged) return argument;
    }
    throw std::runtime_error("Paoli–Schatzman: the implicit velocity iteration did not converge in " +
                             std::to_string(max_fixed_point_iterations) + " iterations at t = " + to_text(t) +
                             " (seed 001 Lemma 3.2 needs L h < 1: reduce h)");
  }

  Model model_;
  Real h_;
  Real t0_;
  PaoliSchatzmanOptions options_;
  Real h_squared_ = h_ * h_;
  Real lower_ = (1 + model_.restitution()) * model_.obstacle();  // (1+e)u_min: P projects on [lower_, ∞)
  Real implicit_c_ = Real(0);
  Real implicit_scale_ = Real(1);
};

}  // namespace vibro
