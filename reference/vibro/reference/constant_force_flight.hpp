#pragma once
// Closed-form free flight under a constant force, u'' = −g (the free fall and the bouncing
// ball of seed 000 §2), through (t0, u0, v0), ignoring the obstacle. With s = t − t0:
//   u = u0 + v0 s − g s²/2,  u' = v0 − g s.
// Rational operations only, so it is exact with the exact scalar type.

#include "vibro/model/constant_force.hpp"
#include "vibro/model/position_velocity.hpp"
#include "vibro/model/validate.hpp"
#include "vibro/reference/matrix2.hpp"
#include "vibro/scalar/format.hpp"

#include <cmath>
#include <stdexcept>

namespace vibro {

template <class Real>
class ConstantForceFlight {
 public:
  using real_type = Real;

  ConstantForceFlight(const ConstantForce<Real>& model, Real t0, Real u0, Real v0)
      : g_(model.gravity()), t0_(std::move(t0)), u0_(std::move(u0)), v0_(std::move(v0)) {
    detail::require_finite(t0_, "t0");
    detail::require_finite(u0_, "u0");
    detail::require_finite(v0_, "v0");
  }

  Real position(const Real& t) const {
    const Real s = t - t0_;
    return u0_ + v0_ * s - g_ * s * s / 2;
  }
  Real velocity(const Real& t) const { return v0_ - g_ * (t - t0_); }
  PositionVelocity<Real> state(const Real& t) const { return {position(t), velocity(t)}; }
  Real acceleration(const Real&) const { return -g_; }

  /// ∂(u(t), v(t))/∂(u0, v0) = [[1, s], [0, 1]]; determinant 1 (no damping, docs/mathematics.md §1.2).
  Matrix2<Real> fundamental(const Real& t) const { return {Real(1), Real(t - t0_), Real(0), Real(1)}; }

  /// u^(order)(t): position, velocity, −g, then 0.
  Real derivative(int order, const Real& t) const {
    return order == 0 ? position(t) : order == 1 ? velocity(t) : order == 2 ? Real(-g_) : Real(0);
  }

  /// An upper bound of |u^(order)| on [t_from, t_to] for order ≥ 2: |g| for order 2 (attained
  /// everywhere), 0 above.
  Real derivative_bound(int order, const Real& t_from, const Real& t_to) const {
    using std::abs;
    if (!(t_from <= t_to))
      throw std::invalid_argument("derivative_bound: needs t_from ≤ t_to, got [" + to_text(t_from) + ", " +
                                  to_text(t_to) + "]");
    if (order < 2) throw std::invalid_argument("derivative_bound: orders below 2 are not bounded on a whole line");
    return order == 2 ? Real(abs(g_)) : Real(0);
  }

  const Real& start_time() const { return t0_; }

 private:
  Real g_, t0_, u0_, v0_;
};

}  // namespace vibro
