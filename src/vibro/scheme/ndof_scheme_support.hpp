#pragma once
// What the six N-DOF schemes of seed 002 (docs/mathematics.md §6) share: the checks of
// their constructor and start, the forcing M⁻²h(t), the state of a one-step scheme, and
// the projection on the tangent cone of the box in the kinetic metric.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// The state of a one-step scheme (exact one-step, standard, MMM, NSMMM): (q^n, v^n) and the
/// buffers a step writes into, so that a step allocates nothing.
template <class Real>
struct OneStepState {
  Vector<Real> q, v;
  Vector<Real> q_next, v_next, scratch;
  Vector<Real> argument;                   ///< the argument of the velocity projection (NSMMM)
  Vector<Real> forcing_now, forcing_next;  ///< M⁻²h(t_n), M⁻²h(t_{n+1}) (forced systems only)
  std::vector<char> active;                ///< per coordinate: the projection acted in the last step
  std::int64_t n = 0;
};

namespace detail {

/// The one-step state at n = 0 with every buffer sized, so that no step allocates.
template <class Real>
OneStepState<Real> one_step_state(Vector<Real> q0, Vector<Real> v0) {
  const std::size_t n = q0.size();
  OneStepState<Real> x;
  x.q = std::move(q0);
  x.v = std::move(v0);
  x.q_next = x.v_next = x.scratch = x.argument = x.forcing_now = x.forcing_next = Vector<Real>(n);
  x.active.assign(n, 0);
  return x;
}

/// Δt finite and > 0, t0 finite (the messages of the 1-DOF schemes).
template <class Real>
void require_step(const Real& dt, const Real& t0) {
  if (!is_finite(dt) || !(dt > 0)) throw std::invalid_argument("step dt = " + to_text(dt) + " must be > 0 and finite");
  if (!is_finite(t0)) throw std::invalid_argument("t0 must be finite");
}

/// The free-motion schemes ignore K: refuse a system with a bound rather than leave K
/// silently, and name the scheme that handles it.
template <class Real>
void require_free_motion(const LinearImpactSystem<Real>& model, const std::string& scheme,
                         const std::string& instead) {
  for (std::size_t i = 0; i < model.dimension(); ++i)
    if (model.bounds(i).constrained())
      throw std::invalid_argument("the " + scheme + " scheme is for free motion but coordinate " + std::to_string(i + 1) +
                                  " has a bound: use the " + instead + " scheme");
}

/// The starting velocity from the Cauchy data (q0, v0): sizes and finiteness checked, q0 ∈ K
/// required, and a coordinate on a bound whose velocity points out of K is a collision at
/// t0, so its velocity becomes −e_i v0_i (seed 002 eq. (3); the 1-DOF schemes do the same).
template <class Real>
Vector<Real> start_velocity(const LinearImpactSystem<Real>& model, const Vector<Real>& q0, const Vector<Real>& v0) {
  const std::size_t n = model.dimension();
  if (q0.size() != n || v0.size() != n)
    throw std::invalid_argument("initial data of " + std::to_string(q0.size()) + " positions and " +
                                std::to_string(v0.size()) + " velocities, the system has " + std::to_string(n) +
                                " coordinates");
  for (std::size_t i = 0; i < n; ++i)
    if (!is_finite(q0[i]) || !is_finite(v0[i]))
      throw std::invalid_argument("initial data q0, v0 must be finite (coordinate " + std::to_string(i + 1) + ")");
  Vector<Real> v = v0;
  for (std::size_t i = 0; i < n; ++i) {
    const CoordinateBounds<Real>& b = model.bounds(i);
    if ((b.lower && q0[i] < *b.lower) || (b.upper && q0[i] > *b.upper))
      throw std::invalid_argument("q0[" + std::to_string(i + 1) + "] = " + to_text(q0[i]) +
                                  " lies outside its bounds");
    if ((b.lower && q0[i] == *b.lower && v[i] < 0) || (b.upper && q0[i] == *b.upper && v[i] > 0))
      v[i] = -b.restitution * v[i];
  }
  return v;
}

/// The diagonal of M⁻².
template <class Real>
Vector<Real> inverse_mass_squared(const LinearImpactSystem<Real>& model) {
  Vector<Real> inverse(model.dimension());
  for (std::size_t i = 0; i < inverse.size(); ++i) inverse[i] = 1 / model.mass_squared()[i];
  return inverse;
}

/// M⁻²h(t) into out.
template <class Real>
void scaled_forcing_into(const LinearImpactSystem<Real>& model, const Vector<Real>& inverse_mass_squared,
                         const Real& t, Vector<Real>& out) {
  model.forcing_into(t, out);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] *= inverse_mass_squared[i];
}

/// B² = M⁻²A²: what the velocity update of the standard and MMM schemes multiplies q^{n+1}
/// by (seed 002 eq. (16), (28)).
template <class Real>
Matrix<Real> b_squared(const LinearImpactSystem<Real>& model) {
  Matrix<Real> b = model.stiffness();
  for (std::size_t i = 0; i < b.rows(); ++i)
    for (std::size_t j = 0; j < b.cols(); ++j) b(i, j) /= model.mass_squared()[i];
  return b;
}

/// The acceleration of the standard and MMM schemes at t_{n+1}, with the sign that the
/// velocity update subtracts: x.scratch = B² q^{n+1} − M⁻²h(t_{n+1}) (x.forcing_next set
/// too). Unforced, the forcing is skipped, so the update is eq. (16)'s to the bit.
template <class Real>
void retarding_acceleration_into(const LinearImpactSystem<Real>& model, const Matrix<Real>& acceleration,
                                 const Vector<Real>& inverse_mass_squared, const Real& t_next,
                                 OneStepState<Real>& x) {
  multiply_into(acceleration, x.q_next, x.scratch);
  if (model.forced()) {
    scaled_forcing_into(model, inverse_mass_squared, t_next, x.forcing_next);
    for (std::size_t i = 0; i < x.scratch.size(); ++i) x.scratch[i] -= x.forcing_next[i];
  }
}

/// Whether the projection of a velocity component w on the tangent cone T_K(q) moves it
/// (docs/mathematics.md §6). For a box K the cone is the product of the per-coordinate
/// cones: [0, ∞) where q_i ≤ q_i^min, (−∞, 0] where q_i ≥ q_i^max, ℝ elsewhere. The kinetic
/// metric ‖x‖² = xᵀM²x is Σ m_i² x_i² for diagonal M², so minimising ‖x − w‖ over the
/// product cone splits into N independent problems min m_i²(x_i − w_i)² over one
/// interval, and m_i² > 0 does not move the minimiser: each component is clamped on its own
/// cone, to 0 when it points out of K. (A non-diagonal M² would couple them.)
template <class Real>
bool leaves_tangent_cone(const CoordinateBounds<Real>& b, const Real& q, const Real& w) {
  return (b.lower && q <= *b.lower && w < 0) || (b.upper && q >= *b.upper && w > 0);
}

}  // namespace detail
}  // namespace vibro
