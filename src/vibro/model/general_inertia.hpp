#pragma once
// What the sweeping-process scheme and the event-driven reference of seed 004 ask of a
// mechanical system with a general inertia (docs/mathematics.md §7):
//   M(q) q'' = f(t, q, p) + μ,  p = M(q) q',  g_j(q) ≤ 0 (j = 1, …, m),
// with M(q) symmetric positive definite and C¹ in q, and at a contact the impact law
// q'(t+0) = −e q'(t−0) + (1 + e) proj_{M(q)}(q'(t−0), V(q)) (seed 004, "loi d'impact").
//
// The seed writes the force as a function of the momentum p = M(q)q'; since M(q) is
// invertible that is the same as a function of the velocity, and the models here take the
// velocity (the double pendulum's f is written with θ' in the seed). Everything that is a
// vector is written into a vector or matrix the caller owns, so that a step allocates nothing.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/symmetric_solve.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace vibro {

template <class M>
concept GeneralInertiaModel = requires(const M& m, const Vector<typename M::real_type>& q,
                                       const typename M::real_type& t, Matrix<typename M::real_type>& mass,
                                       Vector<typename M::real_type>& out, std::size_t j) {
  typename M::real_type;
  requires std::same_as<typename M::coordinates_type, Vector<typename M::real_type>>;
  { m.dimension() } -> std::same_as<std::size_t>;
  { m.mass_matrix(q, mass) };     // M(q) into a d×d matrix, both triangles
  { m.force(t, q, q, out) };      // f(t, q, M(q)u) for the velocity u
  { m.constraint_count() } -> std::same_as<std::size_t>;
  { m.constraint(j, q) } -> std::same_as<typename M::real_type>;  // g_j(q): admissible when ≤ 0
  { m.constraint_gradient(j, q, out) };                           // ∇g_j(q)
  { m.constraint_curvature(j, q, q) } -> std::same_as<typename M::real_type>;  // uᵀ ∇²g_j(q) u
  { m.restitution() } -> std::convertible_to<typename M::real_type>;
  { m.energy(q, q) } -> std::same_as<typename M::real_type>;  // ½ uᵀM(q)u + potential
};

/// Throws std::invalid_argument, with a one-line message naming `initial.q0` or
/// `initial.u0`, unless (q0, u0) ∈ L × V(q0) (seed 004, problem (P)): finite entries, M(q0)
/// positive definite, every g_j(q0) ≤ 0, and ∇g_j(q0)·u0 ≤ 0 for every constraint on its
/// boundary (g_j(q0) = 0: the velocity may not point out of L).
template <GeneralInertiaModel Model>
void require_admissible_start(const Model& model, const Vector<typename Model::real_type>& q0,
                              const Vector<typename Model::real_type>& u0) {
  using Real = typename Model::real_type;
  const std::size_t d = model.dimension();
  if (q0.size() != d || u0.size() != d)
    throw std::invalid_argument("initial data of " + std::to_string(q0.size()) + " and " +
                                std::to_string(u0.size()) + " entries, the model has " + std::to_string(d) +
                                " coordinates");
  // Finite first: a NaN angle compares false with every bound and would pass the checks.
  for (std::size_t k = 0; k < d; ++k)
    if (!is_finite(q0[k]) || !is_finite(u0[k]))
      throw std::invalid_argument("initial data q0, u0 must be finite (coordinate " + std::to_string(k + 1) + ")");
  Matrix<Real> mass(d, d);
  model.mass_matrix(q0, mass);
  require_ldlt_in_place(mass, "the mass matrix M(q0)");
  Vector<Real> gradient(d);
  for (std::size_t j = 0; j < model.constraint_count(); ++j) {
    const Real g = model.constraint(j, q0);
    if (g > 0)
      throw std::invalid_argument("initial.q0 violates constraint " + std::to_string(j + 1) + ": g(q0) = " +
                                  to_text(g) + " > 0");
    if (g < 0) continue;
    model.constraint_gradient(j, q0, gradient);
    Real rate(0);
    for (std::size_t i = 0; i < d; ++i) rate += gradient[i] * u0[i];
    if (rate > 0)
      throw std::invalid_argument("initial.u0 points out of the admissible set at a contact of constraint " +
                                  std::to_string(j + 1) + " (∇g·u0 = " + to_text(rate) + " > 0)");
  }
}

}  // namespace vibro
