#pragma once
// The equations of motion of a general-inertia model (general_inertia.hpp, seed 004,
// docs/mathematics.md §7.2) as the event-driven reference integrates them, and its impact law.
//
// In flight: M(q) u' = f(t, q, u), solved by LDLᵀ (symmetric_solve.hpp).
//
// In contact with constraint j (g_j(q) = 0 held): M u' = f − λ ∇g_j, where the seed's
// reaction μ satisfies −μ ∈ N_L(q) = {c ∇g_j : c ≥ 0} (the outward normal cone of
// L = {g ≤ 0}), so μ = −λ∇g_j with λ ≥ 0: the reaction pushes INTO L. Keeping g_j(q(t)) = 0
// to second order, d²g_j/dt² = ∇g_j·u' + uᵀ∇²g_j u = 0, and with u' = M⁻¹f − λ M⁻¹∇g_j:
//   λ = (∇g_j·M⁻¹f + uᵀ∇²g_j u) / (∇g_jᵀ M⁻¹ ∇g_j).
// The numerator is the acceleration with which the free motion would leave L, so λ > 0
// exactly when the wall has to hold the system; the contact ends (release) when λ reaches 0.
// (For the double pendulum on the wall θ1 = π/2 with unit parameters this is
// λ = 2g − θ2'² cos θ2 − g sin² θ2, the closed form the tests check.)
//
// Impact law (seed 004, "loi d'impact"): u⁺ = −e u⁻ + (1 + e) proj_{M(q)}(u⁻, V(q)), the
// closed-form projection onto the half-space {∇g_j·v ≤ 0} of kinetic_projection.hpp, so the
// normal rate ∇g_j·u becomes −e times its value and the tangential part (in the kinetic
// metric) is kept: the kinetic energy drops by (1 − e²)(∇g_j·u⁻)²/(2 ∇g_jᵀM⁻¹∇g_j).
//
// The buffers are owned here, so an evaluation allocates nothing; an object is not
// thread-safe.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/symmetric_solve.hpp"
#include "vibro/model/double_pendulum.hpp"
#include "vibro/model/general_inertia.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scheme/kinetic_projection.hpp"

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

template <GeneralInertiaModel Model>
class InertiaDynamics {
 public:
  using Real = typename Model::real_type;

  explicit InertiaDynamics(Model model)
      : model_(std::move(model)), mass_(model_.dimension(), model_.dimension()), force_(model_.dimension()),
        gradient_(model_.dimension()), w_(model_.dimension()) {}

  const Model& model() const { return model_; }
  std::size_t dimension() const { return model_.dimension(); }

  /// u' into `out` for the state (q, u) at t: the free motion, or the motion in contact
  /// with constraint `contact` (header comment). Returns λ (0 in flight).
  Real acceleration(const Real& t, const Vector<Real>& q, const Vector<Real>& u, std::optional<std::size_t> contact,
                    Vector<Real>& out) {
    factor_mass(t, q);
    model_.force(t, q, u, force_);
    ldlt_solve_into(mass_, force_, out);
    if (!contact) return Real(0);
    const Real lambda = multiplier_from(*contact, q, u, out);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] -= lambda * w_[i];
    return lambda;
  }

  /// λ_j(t, q, u) = (∇g_j·M⁻¹f + uᵀ∇²g_j u)/(∇g_jᵀM⁻¹∇g_j): the contact force constraint j
  /// would need to hold the system on its boundary (> 0: it is needed; ≤ 0: the system leaves).
  Real multiplier(const Real& t, const Vector<Real>& q, const Vector<Real>& u, std::size_t j) {
    factor_mass(t, q);
    model_.force(t, q, u, force_);
    ldlt_solve_into(mass_, force_, free_);
    return multiplier_from(j, q, u, free_);
  }

  /// ∇g_jᵀ M(q)⁻¹ ∇g_j: the inverse effective mass of the constraint's normal direction
  /// (the gap's acceleration is −λ times it).
  Real normal_weight(const Real& t, const Vector<Real>& q, std::size_t j) {
    factor_mass(t, q);
    model_.constraint_gradient(j, q, gradient_);
    ldlt_solve_into(mass_, gradient_, w_);
    return dot(gradient_, w_);
  }

  /// ∇g_j(q)·u: the rate of g_j, > 0 towards the boundary.
  Real normal_rate(const Vector<Real>& q, const Vector<Real>& u, std::size_t j) {
    model_.constraint_gradient(j, q, gradient_);
    return dot(gradient_, u);
  }

  /// The impact law on constraint j at q: u⁺ = −e u⁻ + (1 + e) proj(u⁻) into `u`.
  void impact(const Real& t, const Vector<Real>& q, std::size_t j, Vector<Real>& u) {
    const Real& e = model_.restitution();
    project(t, q, j, u, projected_);
    for (std::size_t i = 0; i < u.size(); ++i) u[i] = -e * u[i] + (1 + e) * projected_[i];
  }

  /// Removes the normal rate of constraint j in the kinetic metric, whatever its sign:
  /// u ← u − (∇g_j·u)/(∇g_jᵀM⁻¹∇g_j) M⁻¹∇g_j (the state of a system that stays on the
  /// boundary: the end of a summed chatter sequence, a graze, the start of a contact phase).
  void remove_normal_rate(const Real& t, const Vector<Real>& q, std::size_t j, Vector<Real>& u) {
    const Real weight = normal_weight(t, q, j);
    const Real factor = dot(gradient_, u) / weight;
    for (std::size_t i = 0; i < u.size(); ++i) u[i] -= factor * w_[i];
  }

  /// Moves q back onto g_j = 0 by one Newton step along M⁻¹∇g_j (the kinetic-metric
  /// normal), q ← q − g_j(q)/(∇g_jᵀM⁻¹∇g_j) M⁻¹∇g_j: the integrated contact motion keeps
  /// g_j'' = 0 only to the integrator's tolerance, so g_j drifts; this removes the drift
  /// to second order when the contact ends.
  void project_onto_boundary(const Real& t, Vector<Real>& q, std::size_t j) {
    const Real g = model_.constraint(j, q);
    const Real weight = normal_weight(t, q, j);
    for (std::size_t i = 0; i < q.size(); ++i) q[i] -= g / weight * w_[i];
  }

 private:
  void factor_mass(const Real& t, const Vector<Real>& q) {
    model_.mass_matrix(q, mass_);
    if (ldlt_in_place(mass_))
      throw std::runtime_error("general-inertia reference: the mass matrix M(q) is not positive definite at t = " +
                               to_text(t));
  }

  /// λ from M⁻¹f already in `free` (and M factored at q); leaves ∇g_j in gradient_ and
  /// M⁻¹∇g_j in w_.
  Real multiplier_from(std::size_t j, const Vector<Real>& q, const Vector<Real>& u, const Vector<Real>& free) {
    model_.constraint_gradient(j, q, gradient_);
    ldlt_solve_into(mass_, gradient_, w_);
    return (dot(gradient_, free) + model_.constraint_curvature(j, q, u)) / dot(gradient_, w_);
  }

  /// proj_{M(q)}(u, {∇g_j·v ≤ 0}) into `out`.
  void project(const Real& t, const Vector<Real>& q, std::size_t j, const Vector<Real>& u, Vector<Real>& out) {
    factor_mass(t, q);
    model_.constraint_gradient(j, q, gradient_);
    project_onto_half_space(mass_, gradient_, u, out, w_);
  }

  Model model_;
  Matrix<Real> mass_;  ///< M(q), then its LDLᵀ factor
  Vector<Real> force_, gradient_, w_, free_, projected_;
};

// The double pendulum is the one general-inertia model: compiled once per floating type.
VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(InertiaDynamics, DoublePendulum)

}  // namespace vibro
