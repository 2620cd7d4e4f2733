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
//
// This header defines the scheme's members; the class (state, options, declared orders) is
// scheme/paoli_schatzman_class.hpp. Include this one to run the scheme with a model of your
// own. The library compiles it for ImpactOscillator and ConstantForce
// (scheme/paoli_schatzman_compiled.cpp): a unit that runs those models may include the class's
// header alone and link the compiled scheme.

#include "vibro/model/admissible.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/paoli_schatzman_class.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

template <ImpactModel Model>
inline PaoliSchatzman<Model>::PaoliSchatzman(Model model, Real h, Real t0, PaoliSchatzmanOptions options)
    : model_(std::move(model)),
      h_(std::move(h)),
      t0_(std::move(t0)),
      options_(options),
      h_squared_(h_ * h_),
      lower_((1 + model_.restitution()) * model_.obstacle()),
      forcing_(detail::forcing_grid(model_, t0_, h_)),
      position_coefficient_(position_coefficient(model_)),
      one_minus_e_(1 - model_.restitution()),
      minus_one_plus_e_(-(1 + model_.restitution())),
      implicit_c_(Real(0)),
      implicit_scale_(Real(1)),
      increment_coefficient_(one_minus_e_) {
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

template <ImpactModel Model>
inline auto PaoliSchatzman<Model>::start(const Real& u0, const Real& v0) const -> State {
  require_admissible(model_, u0, v0);
  Real d = h_ * v0;
  if (options_.start == StartingValue::taylor) d += h_ * h_ / 2 * model_.acceleration(t0_, u0, v0);
  return State{u0, std::move(d), 0};
}

template <ImpactModel Model>
inline bool PaoliSchatzman<Model>::step(State& x) const {
  const bool active = options_.form == RecurrenceForm::increment ? increment_step(x) : two_step(x, time(x.n + 1));
  ++x.n;
  return active;
}

/// The increment form (top of the file): D = x.d, U^n = x.u + D; leaves U^n and D' in x.
/// The closed form works in place on the state's scratch (no number is created).
template <ImpactModel Model>
inline bool PaoliSchatzman<Model>::increment_step(State& x, Forcing forcing) const {
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
template <ImpactModel Model>
inline void PaoliSchatzman<Model>::at_rest_acceleration(State& x, Real& out, Forcing forcing) const {
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
template <ImpactModel Model>
inline bool PaoliSchatzman<Model>::two_step(State& x, const Real& t) const {
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
template <ImpactModel Model>
template <class ImpliedVelocity>
inline auto PaoliSchatzman<Model>::fixed_point(const Real& t, const Real& position, const Real& explicit_velocity,
                                               const Real& base, const Real& bound,
                                               const ImpliedVelocity& implied_velocity) const -> Real {
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

template <ImpactModel Model>
inline auto PaoliSchatzman<Model>::position_coefficient(const Model& model) -> Real {
  if constexpr (ForcingOnGrid<Model>)
    return LinearForce<Model>::position_coefficient(model);
  else
    return Real(0);
}

}  // namespace vibro
