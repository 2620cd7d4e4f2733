#pragma once
// The forced, damped Duffing oscillator with an obstacle (seed 003 §5, docs/mathematics.md §5):
//   u'' + 2α u' + u + β u³ = a cos(ω t),  u ≥ u_min,  u'(t+0) = −e u'(t−0) at contact.
// With β = 0 it is the impact oscillator of docs/mathematics.md §1; docs/mathematics.md §5's conservative
// y'' + ω0² y (1 + β y²) = 0 is the case α = a = 0 in the time ω0 t. Its flights have no
// closed form: the reference integrates them (reference/.../nonlinear_reference.hpp).

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/model/validate.hpp"

#include <utility>

namespace vibro {

template <class Real>
class DuffingOscillator {
 public:
  using real_type = Real;

  /// α ≥ 0 (damping), β (cubic stiffness, any sign: β > 0 hardening, β < 0 softening),
  /// a (forcing amplitude), ω > 0 (forcing frequency), u_min, e ∈ [0, 1].
  DuffingOscillator(Real alpha, Real beta, Real amplitude, Real omega, Real u_min, Real e)
      : linear_(std::move(alpha), std::move(amplitude), std::move(omega), std::move(u_min), std::move(e)),
        beta_(std::move(beta)) {
    detail::require_finite(beta_, "beta");
  }

  /// f(t, u, v) = g(t) − 2αv − u − βu³: the linear part's f, to the bit, minus βu³.
  Real acceleration(const Real& t, const Real& u, const Real& v) const {
    return linear_.acceleration(t, u, v) - beta_ * u * u * u;
  }

  /// The impact oscillator u'' + 2αu' + u = a cos ωt with the same α, a, ω, u_min, e (β = 0).
  const ImpactOscillator<Real>& linear_part() const { return linear_; }

  /// g(t) = a cos(ω t).
  Real forcing(const Real& t) const { return linear_.forcing(t); }
  /// k in f(t, u, v) = f(t, u, 0) − k v, here 2α.
  const Real& velocity_coefficient() const { return linear_.velocity_coefficient(); }
  /// Forcing period T = 2π/ω.
  Real period() const { return linear_.period(); }

  const Real& beta() const { return beta_; }
  const Real& alpha() const { return linear_.alpha(); }
  const Real& amplitude() const { return linear_.amplitude(); }
  const Real& omega() const { return linear_.omega(); }
  const Real& obstacle() const { return linear_.obstacle(); }
  const Real& restitution() const { return linear_.restitution(); }

 private:
  ImpactOscillator<Real> linear_;
  Real beta_;
};

}  // namespace vibro
