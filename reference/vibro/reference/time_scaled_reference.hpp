#pragma once
// A reference for y'' + ω² y = 0 (seed 003, docs/mathematics.md §5) from one for u'' + u = 0: with
// τ = ωt, y(t) = u(ωt) and y'(t) = ω u'(ωt), and impacts at t = τ/ω. The exact-detection
// reference of docs/mathematics.md §1 has natural frequency 1; this lets the seed-003 schemes, whose
// ω is a model parameter, be measured against it.

#include "vibro/model/position_velocity.hpp"

#include <utility>
#include <vector>

namespace vibro {

template <class Reference, class Real>
class TimeScaledReference {
 public:
  /// `unit` is the reference of u'' + u = 0 started at τ0 = ω t0 from (y0, v0/ω).
  TimeScaledReference(Reference unit, Real omega) : unit_(std::move(unit)), omega_(std::move(omega)) {}

  Real position(const Real& t) const { return unit_.position(omega_ * t); }
  Real velocity(const Real& t) const { return omega_ * unit_.velocity(omega_ * t); }
  PositionVelocity<Real> state(const Real& t) const {
    PositionVelocity<Real> x = unit_.state(omega_ * t);
    x.velocity *= omega_;
    return x;
  }
  std::vector<Real> impact_times() const {
    std::vector<Real> times = unit_.impact_times();
    for (Real& t : times) t /= omega_;
    return times;
  }

 private:
  Reference unit_;
  Real omega_;
};

}  // namespace vibro
