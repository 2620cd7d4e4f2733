#pragma once
// The initial (Paoli–Schatzman) scheme, seed 000 eq. (14), seed 001 eq. (7)–(9):
//
//   U^{n+1} = −e U^{n−1} + P( h² F^n + 2U^n − (1 − e) U^{n−1} ),  P(x) = max(x, (1+e) u_min),
//
// with F^n = f(t_n, U^n, velocity approximation). The discrete state is
// X^n = (U^n, V^n), V^n = (U^{n+1} − U^n)/h (seed 001 §3.2); it is kept as U^n and the
// increment D^n = U^{n+1} − U^n = h V^n, so with T = N h one forcing period maps X^0 to X^N.
//
// Increment form (the default, RecurrenceForm::increment; derived). In the numbering of
// eq. (14), write D = U^n − U^{n−1} (carried), D' = U^{n+1} − U^n (wanted) and
// W = h²F^n + 2U^n − (1 − e)U^{n−1} the argument of P. Subtracting (1 + e)U^n,
//
//   Y := W − (1 + e)U^n = h²F^n + (1 − e)D,
//   D' = P(W) − eU^{n−1} − U^n = max(Y, B) + e D,   B := (1 + e)(u_min − U^n),
//
// and the projection is active exactly when Y < B (⇔ W < (1 + e)u_min). Without contact
// D' = D + h²F^n: the rounding of each step enters U^{n+1} = U^n + D' once instead of being
// carried by the second difference, so it grows like ε·N, not ε·N² (docs/mathematics.md §2).
// The velocity inside F^n in terms of D and D':
//   backward (U^n − U^{n−1})/h = D/h (explicit);
//   centered (U^{n+1} − U^{n−1})/(2h) = (D' + D)/(2h);
//   forward  (U^{n+1} − U^n)/h = D'/h.
// Implicit and affine, f(t, u, v) = f0 − k v with f0 = f(t, U^n, 0): with D' = Y⁺ + eD,
// Y⁺ := max(Y, B), h²F^n = h²f0 − γ(Y⁺ + mD) where (γ, m) = (kh/2, 1 + e) centered and
// (kh, e) forward, so Y = R − γY⁺ with R = h²f0 + (1 − e − γm)D independent of Y; as for
// W below (the normal cone of [B, ∞) is a cone), Y⁺ = max(R/(1 + γ), B). Every step is
// the two-step form's sum rearranged: in exact arithmetic the two forms are the same
// sequence (tests/paoli_schatzman_test.cpp asserts it in rationals).

#include "vibro/model/admissible.hpp"
#include "vibro/model/concepts.hpp"
#include "vibro/model/linear_force.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/paoli_schatzman_options.hpp"
#include "vibro/scheme/scheme.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

namespace detail {

/// What a model without a forcing grid (model/linear_force.hpp) puts in the step's scratch.
struct NoForcingGrid {
  struct Cursor {};
};

template <class Model>
auto forcing_grid(const Model& model, const typename Model::real_type& t0, const typename Model::real_type& h) {
  if constexpr (ForcingOnGrid<Model>)
    return LinearForce<Model>::on_grid(model, t0, h);
  else
    return NoForcingGrid{};
}

}  // namespace detail

template <ImpactModel Model>
class PaoliSchatzman {
  using ForcingGrid = decltype(detail::forcing_grid(std::declval<const Model&>(), std::declval<const typename Model::real_type&>(),
                                                    std::declval<const typename Model::real_type&>()));

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

  /// A step computes the node after the new state's (its result is that step's projection):
  /// scheme/node_contact.hpp gives the flag with the node it made.
  static constexpr bool contact_makes_next_node = true;

  /// Working values of the increment step, kept with the state so that a step in MPFR creates
  /// no number (each would be a heap allocation): written before read in every step, not
  /// part of X^n.
  struct StepScratch {
    Real bound{}, y{}, f{}, product{};
    Real g{};  ///< g(t_n) of the forcing grid, for the models with one
    typename ForcingGrid::Cursor forcing{};
  };

  /// X^n = (U^n, V^n), stored as U^n, D^n = U^{n+1} − U^n = h V^n and the index n
  /// (t_n = t0 + n h).
  struct State {
    Real u;
    Real d;
    std::int64_t n = 0;
    StepScratch scratch = {};
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
      // centered: c = k h/2; forward: c = k h, for f = f(t, u, 0) − k v. In the increment
      // form (top of the file) c is γ and m the multiple of D that the velocity adds.
      const Real& k = model_.velocity_coefficient();
      const Real& e = model_.restitution();
      if (options_.velocity == VelocityApproximation::centered) {
        implicit_c_ = k * h_ / 2;
        increment_coefficient_ = one_minus_e_ - implicit_c_ * (1 + e);
      }
      if (options_.velocity == VelocityApproximation::forward) {
        implicit_c_ = k * h_;
        increment_coefficient_ = one_minus_e_ - implicit_c_ * e;
      }
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
  Real velocity(const State& x) const { return x.d / h_; }

  /// X^0 from the Cauchy data (u0, v0) at t0, with D^0 = U^1 − U^0 from the starting rule.
  /// Throws std::invalid_argument when the data are not admissible.
  State start(const Real& u0, const Real& v0) const {
    require_admissible(model_, u0, v0);
    Real d = h_ * v0;
    if (options_.start == StartingValue::taylor) d += h_ * h_ / 2 * model_.acceleration(t0_, u0, v0);
    return State{u0, std::move(d), 0};
  }

  /// X^n = (U, V) given directly as a discrete state, as the Poincaré map needs it.
  State from_discrete(const Real& u, const Real& v, std::int64_t n = 0) const { return State{u, h_ * v, n}; }

  /// X^n → X^{n+1}: computes U^{n+2} by seed 000 eq. (14) from U^n, U^{n+1} at t_{n+1}, in
  /// the form of options().form. Returns true when the projection was active (the argument
  /// was below (1+e)u_min).
  bool step(State& x) const {
    const bool active = options_.form == RecurrenceForm::increment ? increment_step(x) : two_step(x, time(x.n + 1));
    ++x.n;
    return active;
  }

  /// X^n → X^{n+1} for trajectories at one node n (the Poincaré map's base and perturbed
  /// points, analysis/paoli_schatzman_flow.hpp): where the step reads the forcing grid,
  /// g(t_n) is evaluated for the first state and given to the others, which is the value each
  /// would evaluate alone (the grid's value depends on n only), so every state ends bitwise
  /// where step() takes it. In double, cos was 83 % of an NSND run's time (3 states a step).
  /// The states' flags, in order.
  template <std::size_t M>
  std::array<bool, M> step_together(std::array<State, M>& xs) const {
    std::array<bool, M> active{};
    if constexpr (ForcingOnGrid<Model> && M > 0) {
      // A step that does not read the grid (backward velocity, a fixed-point iteration) ignores
      // the given value, so only the form decides.
      const bool one_node = std::all_of(xs.begin(), xs.end(), [&](const State& x) { return x.n == xs[0].n; });
      if (one_node && options_.form == RecurrenceForm::increment) {
        for (std::size_t i = 0; i < M; ++i) {
          if (i > 0) xs[i].scratch.g = xs[0].scratch.g;
          active[i] = increment_step(xs[i], i == 0 ? Forcing::evaluate : Forcing::given);
          ++xs[i].n;
        }
        return active;
      }
    }
    for (std::size_t i = 0; i < M; ++i) active[i] = step(xs[i]);
    return active;
  }

 private:
  /// Whether a step evaluates g(t_n) on the forcing grid or finds it in its scratch.
  enum class Forcing { evaluate, given };

  /// The increment form (top of the file): D = x.d, U^n = x.u + D; leaves U^n and D' in x.
  /// The closed form works in place on the state's scratch (no number is created).
  bool increment_step(State& x, Forcing forcing = Forcing::evaluate) const {
    StepScratch& s = x.scratch;
    const Real& e = model_.restitution();
    x.u += x.d;  // U^n of eq. (14)'s numbering
    s.bound = x.u;  // B = (1+e)u_min − (1+e)U^n
    s.bound *= minus_one_plus_e_;
    s.bound += lower_;
    if (options_.velocity == VelocityApproximation::backward) {
      s.y = h_squared_ * model_.acceleration(time(x.n + 1), x.u, x.d / h_) + one_minus_e_ * x.d;
    } else if constexpr (AffineInVelocity<Model>) {
      at_rest_acceleration(x, s.f, forcing);  // f0 = f(t_n, U^n, 0)
      s.y = s.f;  // Y⁺ before the projection: R/(1 + γ) = (h²f0 + (1 − e − γm)D)/(1 + γ)
      s.y *= h_squared_;
      s.product = x.d;
      s.product *= increment_coefficient_;
      s.y += s.product;
      s.y *= implicit_scale_;
    } else {
      const Real& d = x.d;
      auto implied_velocity = [&](const Real& projected_y) {
        return options_.velocity == VelocityApproximation::centered ? (projected_y + e * d + d) / (2 * h_)
                                                                    : (projected_y + e * d) / h_;
      };
      s.y = fixed_point(time(x.n + 1), x.u, d / h_, one_minus_e_ * d, s.bound, implied_velocity);
    }
    const bool active = s.y < s.bound;
    s.product = x.d;  // D' = max(Y, B) + eD
    s.product *= e;
    x.d = active ? s.bound : s.y;
    x.d += s.product;
    return active;
  }

  /// f(t_n, U^n, 0) into `out` for the step from x (U^n = x.u, n = x.n + 1): from the forcing
  /// grid where the model has one, g(t_n) − c U^n, which is the model's value to the bit where
  /// the grid evaluates g directly (model/harmonic_forcing_grid.hpp). g(t_n) is left in the
  /// scratch, or taken from it when `forcing` says it is given (step_together).
  void at_rest_acceleration(State& x, Real& out, Forcing forcing) const {
    if constexpr (ForcingOnGrid<Model>) {
      if (forcing == Forcing::evaluate) forcing_.evaluate(x.n + 1, x.scratch.forcing, x.scratch.g);
      out = x.scratch.g;
      x.scratch.product = x.u;
      x.scratch.product *= position_coefficient_;
      out -= x.scratch.product;
    } else {
      out = model_.acceleration(time(x.n + 1), x.u, Real(0));
    }
  }

  /// Seed 000 eq. (14) as printed: U^{n+1} from U^{n−1} = x.u and U^n = x.u + x.d.
  bool two_step(State& x, const Real& t) const {
    const Real previous = x.u;           // U^{n−1} in the seed's numbering of this step
    const Real current = x.u + x.d;      // U^n
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
      auto implied_velocity = [&](const Real& projected_w) {
        const Real next = projected_w - e * previous;
        return options_.velocity == VelocityApproximation::centered ? (next - previous) / (2 * h_)
                                                                    : (next - current) / h_;
      };
      w = fixed_point(t, current, (current - previous) / h_, inertia, lower_, implied_velocity);
    }
    const bool active = w < lower_;
    x.d = (active ? lower_ : w) - e * previous - current;
    x.u = current;
    return active;
  }

  /// Implicit velocity approximation for f not affine in v: iterate
  /// A ← h² f(t, position, v(max(A, bound))) + base (seed 001 Lemma 3.2), starting from the
  /// explicit velocity, and return the unprojected A at the fixed point so that the step
  /// can report the active set. A is W (two-step form) or Y (increment form), and it is
  /// converged when a sweep changes it by 4 ε of the larger of |A| and |base|: the sizes of
  /// the terms it sums (h²f is their difference), D-sized in the increment form.
  template <class ImpliedVelocity>
  Real fixed_point(const Real& t, const Real& position, const Real& explicit_velocity, const Real& base,
                   const Real& bound, const ImpliedVelocity& implied_velocity) const {
    static_assert(!is_exact_v<Real>, "the fixed-point iteration needs a floating-point scalar");
    using std::abs;
    using std::max;
    Real argument = h_squared_ * model_.acceleration(t, position, explicit_velocity) + base;
    const Real tolerance = 4 * epsilon<Real>();
    for (int iteration = 0; iteration < max_fixed_point_iterations; ++iteration) {
      const Real projected = argument < bound ? bound : argument;
      Real updated = h_squared_ * model_.acceleration(t, position, implied_velocity(projected)) + base;
      const Real scale = max(abs(updated), abs(base));
      const bool converged = abs(updated - argument) <= tolerance * scale;
      argument = std::move(updated);
      if (converged) return argument;
    }
    throw std::runtime_error("Paoli–Schatzman: the implicit velocity iteration did not converge in " +
                             std::to_string(max_fixed_point_iterations) + " iterations at t = " + to_text(t) +
                             " (seed 001 Lemma 3.2 needs L h < 1: reduce h)");
  }

  static Real position_coefficient(const Model& model) {
    if constexpr (ForcingOnGrid<Model>)
      return LinearForce<Model>::position_coefficient(model);
    else
      return Real(0);
  }

  Model model_;
  Real h_;
  Real t0_;
  PaoliSchatzmanOptions options_;
  Real h_squared_ = h_ * h_;
  Real lower_ = (1 + model_.restitution()) * model_.obstacle();  // (1+e)u_min: P projects on [lower_, ∞)
  ForcingGrid forcing_ = detail::forcing_grid(model_, t0_, h_);
  Real position_coefficient_ = position_coefficient(model_);  // c in f = g − k v − c u (grid models)
  Real one_minus_e_ = 1 - model_.restitution();
  Real minus_one_plus_e_ = -(1 + model_.restitution());
  Real implicit_c_ = Real(0);
  Real implicit_scale_ = Real(1);
  Real increment_coefficient_ = one_minus_e_;  // 1 − e − γm of the increment form (top of the file)
};

}  // namespace vibro
