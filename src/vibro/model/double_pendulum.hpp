#pragma once
// Seed 004's double pendulum whose first link leans on a wall (docs/mathematics.md §7):
// two point masses m1, m2 on massless rods of lengths l1, l2, angles θ1, θ2 measured from
// the UPWARD vertical — the seed's f has +g sin θ, so gravity pushes the angles away from
// 0, and its potential is (m1 + m2) g l1 cos θ1 + m2 g l2 cos θ2 — and the constraint
// g(q) = −cos θ1 ≤ 0: the first rod stays in the upper half-plane, the wall is θ1 = ±π/2.
//   M(q) = [[(m1+m2) l1², m2 l1 l2 cos(θ1−θ2)], [m2 l1 l2 cos(θ1−θ2), m2 l2²]],
//   f = ((m1+m2) g l1 sin θ1 − m2 l1 l2 θ2'² sin(θ1−θ2), m2 g l2 sin θ2 + m2 l1 l2 θ1'² sin(θ1−θ2))
// (seed 004, "Problème modèle"; f is the Lagrangian's, so the energy is conserved in flight).
// M is positive definite for every q: det M = m2 l1² l2² (m1 + m2 sin²(θ1−θ2)) > 0.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/validate.hpp"

#include <cmath>
#include <cstddef>
#include <utility>

namespace vibro {

template <class Real>
class DoublePendulum {
 public:
  using real_type = Real;
  using coordinates_type = Vector<Real>;  ///< (θ1, θ2) or (θ1', θ2')

  /// m1, m2, l1, l2 > 0, gravity ≥ 0, e ∈ [0, 1]; std::invalid_argument otherwise.
  DoublePendulum(Real m1, Real m2, Real l1, Real l2, Real gravity, Real e)
      : m1_(std::move(m1)), m2_(std::move(m2)), l1_(std::move(l1)), l2_(std::move(l2)), gravity_(std::move(gravity)),
        e_(std::move(e)) {
    detail::require_positive(m1_, "m1");
    detail::require_positive(m2_, "m2");
    detail::require_positive(l1_, "l1");
    detail::require_positive(l2_, "l2");
    detail::require_at_least(gravity_, Real(0), "gravity");
    detail::require_in_closed_range(e_, Real(0), Real(1), "e");
  }

  std::size_t dimension() const { return 2; }
  std::size_t constraint_count() const { return 1; }
  const Real& restitution() const { return e_; }
  const Real& m1() const { return m1_; }
  const Real& m2() const { return m2_; }
  const Real& l1() const { return l1_; }
  const Real& l2() const { return l2_; }
  const Real& gravity() const { return gravity_; }

  void mass_matrix(const Vector<Real>& q, Matrix<Real>& out) const {
    using std::cos;
    const Real coupling = m2_ * l1_ * l2_ * cos(q[0] - q[1]);
    out(0, 0) = (m1_ + m2_) * l1_ * l1_;
    out(0, 1) = coupling;
    out(1, 0) = coupling;
    out(1, 1) = m2_ * l2_ * l2_;
  }

  /// f(t, q, M(q)u): gravity and the centrifugal terms (autonomous: t is unused).
  void force(const Real&, const Vector<Real>& q, const Vector<Real>& u, Vector<Real>& out) const {
    using std::sin;
    const Real s12 = m2_ * l1_ * l2_ * sin(q[0] - q[1]);
    out.resize(2);
    out[0] = (m1_ + m2_) * gravity_ * l1_ * sin(q[0]) - s12 * u[1] * u[1];
    out[1] = m2_ * gravity_ * l2_ * sin(q[1]) + s12 * u[0] * u[0];
  }

  /// g(q) = −cos θ1.
  Real constraint(std::size_t, const Vector<Real>& q) const {
    using std::cos;
    return Real(-cos(q[0]));
  }
  /// ∇g = (sin θ1, 0).
  void constraint_gradient(std::size_t, const Vector<Real>& q, Vector<Real>& out) const {
    using std::sin;
    out.resize(2);
    out[0] = sin(q[0]);
    out[1] = Real(0);
  }
  /// uᵀ∇²g u = cos θ1 · θ1'².
  Real constraint_curvature(std::size_t, const Vector<Real>& q, const Vector<Real>& u) const {
    using std::cos;
    return Real(cos(q[0]) * u[0] * u[0]);
  }

  /// ½ uᵀM(q)u + (m1 + m2) g l1 cos θ1 + m2 g l2 cos θ2.
  Real energy(const Vector<Real>& q, const Vector<Real>& u) const {
    using std::cos;
    const Real kinetic = ((m1_ + m2_) * l1_ * l1_ * u[0] * u[0] + m2_ * l2_ * l2_ * u[1] * u[1]) / 2 +
                         m2_ * l1_ * l2_ * cos(q[0] - q[1]) * u[0] * u[1];
    return kinetic + (m1_ + m2_) * gravity_ * l1_ * cos(q[0]) + m2_ * gravity_ * l2_ * cos(q[1]);
  }

 private:
  Real m1_, m2_, l1_, l2_, gravity_, e_;
};

}  // namespace vibro
