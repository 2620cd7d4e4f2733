#pragma once
// The measurements behind seed 002 §3.1's two experiments (docs/mathematics.md §6), for any
// of the N-DOF schemes (scheme/exact_two_step.hpp and its siblings): the closed-form free
// solution, the largest deviation of one coordinate from a reference function over a
// horizon, and the largest penetration of K per coordinate.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/model/linear_impact_system.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <utility>

namespace vibro {

/// Rounding bound, in units of ε·|q|max, on |q^n − q(t_n)| after n steps of the exact
/// one-step map (seed 002 eq. (17)) for N coordinates. Each step forms N-term products
/// Cq + Sb v and Cv − SBq, a perturbation of ≲ 2N ε in the energy norm ½(‖Mv‖² + ‖Aq‖²)^½;
/// the exact map is an isometry of that norm (Proposition 4), so the perturbations add up
/// without growth: 2Nεn. A factor 4 covers the passage between the energy norm and the
/// positions for the well-scaled systems it is used on (mode shapes of norm O(1)).
inline double one_step_rounding_bound(std::int64_t n, std::size_t dimension) {
  return 8.0 * static_cast<double>(dimension) * static_cast<double>(n + 1);
}

/// Rounding bound, in units of ε·|q|max, on |q^n − q(t_n)| after n steps of the exact
/// two-step recurrence q^{n+1} = 2Cq^n − q^{n−1} (seed 002 eq. (13)). Each step perturbs
/// q by ≲ (2N + 1) ε |q|max; the recurrence carries a perturbation δ over m steps to
/// Λ diag(sin(mθ_i)/sin θ_i) Λ⁻¹ δ, θ_i = ω_iΔt, and |sin(mθ)/sin θ| ≤ min(m, 1/|sin θ|):
/// the two-step form amplifies rounding by up to 1/|sin θ| (≈ 1/(ωΔt)) per step where the
/// one-step map does not. Hence 8N(n+1) min(n+1, 1/|sin θ_min|), θ_min the smallest ω_iΔt.
template <class Real>
double two_step_rounding_bound(std::int64_t n, const ModalBasis<Real>& basis, const Real& dt) {
  using std::abs;
  using std::min;
  using std::sin;
  Real smallest = basis.omega()[0];
  for (const Real& w : basis.omega()) smallest = min(smallest, w);
  const double amplification =
      min(static_cast<double>(n + 1), 1 / static_cast<double>(abs(sin(smallest * dt))));
  return one_step_rounding_bound(n, basis.dimension()) * amplification;
}

/// The free solution of M²q'' + A²q = 0 at time t (seed 002 eq. (6)):
/// q(t) = cos(tB) q0 + sin(tB)B⁻¹ v0, evaluated from the modal basis at t itself (no
/// stepping): the independent reference of the exact schemes.
template <class Real>
Vector<Real> free_solution(const ModalBasis<Real>& basis, const Vector<Real>& q0, const Vector<Real>& v0,
                           const Real& t) {
  using std::cos;
  using std::sin;
  Vector<Real> q = basis.function([&](const Real& w) { return Real(cos(t * w)); }) * q0;
  add_product_into(basis.function([&](const Real& w) { return Real(sin(t * w) / w); }), v0, q);
  return q;
}

/// max over the nodes t_n ≤ horizon of |q_i^n − reference(t_n)| for the scheme started at
/// (q0, v0). Experiment 1 of seed 002 §3.1 is coordinate 0 against cos t.
template <class S, class Reference>
typename S::real_type max_deviation(const S& scheme, const Vector<typename S::real_type>& q0,
                                    const Vector<typename S::real_type>& v0, const typename S::real_type& horizon,
                                    std::size_t coordinate, const Reference& reference) {
  using Real = typename S::real_type;
  using std::abs;
  auto x = scheme.start(q0, v0);
  Real worst(0);
  for (; scheme.time(x) <= horizon; scheme.step(x)) {
    const Real d = abs(scheme.position(x)[coordinate] - reference(scheme.time(x)));
    if (d > worst) worst = d;
  }
  return worst;
}

/// Per coordinate, max over the nodes t_n ≤ horizon of the distance of q_i^n outside
/// [q_i^min, q_i^max] (0 for a node in K and for a free coordinate): the penetration
/// seed 002 §3.1's experiment 2 compares.
template <class S>
Vector<typename S::real_type> max_penetration(const S& scheme, const Vector<typename S::real_type>& q0,
                                              const Vector<typename S::real_type>& v0,
                                              const typename S::real_type& horizon) {
  using Real = typename S::real_type;
  const auto& model = scheme.model();
  Vector<Real> worst(model.dimension(), Real(0));
  auto x = scheme.start(q0, v0);
  for (; scheme.time(x) <= horizon; scheme.step(x)) {
    const Vector<Real>& q = scheme.position(x);
    for (std::size_t i = 0; i < q.size(); ++i) {
      const CoordinateBounds<Real>& b = model.bounds(i);
      if (b.lower && *b.lower - q[i] > worst[i]) worst[i] = *b.lower - q[i];
      if (b.upper && q[i] - *b.upper > worst[i]) worst[i] = q[i] - *b.upper;
    }
  }
  return worst;
}

}  // namespace vibro
