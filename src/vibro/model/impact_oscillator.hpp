#pragma once
// The forced, damped impact oscillator of seed 000 eq. (15) and seed 001 §2 (docs/mathematics.md §1):
//   u'' + 2α u' + u = a cos(ω t),  u ≥ u_min,  u'(t+0) = −e u'(t−0) at contact.

#include "vibro/model/validate.hpp"

#include <boost/math/constants/constants.hpp>

#include <cmath>

namespace vibro {

template <class Real>
class ImpactOscillator {
 public:
  using real_type = Real;

  /// α ≥ 0 (damping), a (forcing amplitude), ω > 0 (forcing frequency), u_min, e ∈ [0, 1].
  ImpactOscillator(Real alpha, Real amplitude, Real omega, Real u_min, Real e)
      : alpha_(std::move(alpha)), amplitude_(std::move(amplitude)), omega_(std::move(omega)),
        u_min_(std::move(u_min)), e_(std::move(e)) {
    detail::require_at_least(alpha_, Real(0), "alpha");
    detail::require_finite(amplitude_, "a");
    detail::require_positive(omega_, "omega");
    detail::require_finite(u_min_, "u_min");
    detail::require_in_closed_range(e_, Real(0), Real(1), "e");
  }

  /// g(t) = a cos(ω t).
  Real forcing(const Real& t) const {
    using std::cos;
    return amplitude_ * cos(omega_ * t);
  }

  /// f(t, u, v) = g(t) − 2αv − u.
  Real acceleration(const Real& t, const Real& u, const Real& v) const {
    return forcing(t) - velocity_coefficient_ * v - u;
  }

  /// k in f(t, u, v) = f(t, u, 0) − k v, here 2α.
  const Real& velocity_coefficient() const { return velocity_coefficient_; }

  /// Forcing period T = 2π/ω.
  Real period() const { return boost::math::constants::two_pi<Real>() / omega_; }

  const Real& alpha() const { return alpha_; }
  const Real& amplitude() const { return amplitude_; }
  const Real& omega() const { return omega_; }
  const Real& obstacle() const { return u_min_; }
  const Real& restitution() const { return e_; }

 private:
  Real alpha_, amplitude_, omega_, u_min_, e_;
  Real velocity_coefficient_ = 2 * alpha_;
};

}  // namespace vibro
