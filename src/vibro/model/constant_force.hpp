#pragma once
// A mass under a constant force above an obstacle: u'' = −g, u ≥ u_min. With g = 0 it is
// the free fall of seed 000 §2 (the two-step reversal); with g > 0, the bouncing ball.
// Rational arithmetic only: usable with the exact scalar type.

#include "vibro/model/validate.hpp"

namespace vibro {

template <class Real>
class ConstantForce {
 public:
  using real_type = Real;

  /// g (downward acceleration, any sign), u_min, e ∈ [0, 1].
  ConstantForce(Real g, Real u_min, Real e) : g_(std::move(g)), u_min_(std::move(u_min)), e_(std::move(e)) {
    detail::require_finite(g_, "g");
    detail::require_finite(u_min_, "u_min");
    detail::require_in_closed_range(e_, Real(0), Real(1), "e");
  }

  /// f(t, u, v) = −g.
  Real acceleration(const Real&, const Real&, const Real&) const { return -g_; }

  /// f does not depend on v.
  Real velocity_coefficient() const { return Real(0); }

  const Real& gravity() const { return g_; }
  const Real& obstacle() const { return u_min_; }
  const Real& restitution() const { return e_; }

 private:
  Real g_, u_min_, e_;
};

}  // namespace vibro
