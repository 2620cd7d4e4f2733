#pragma once
// The net force on a mass resting on the obstacle, F(t) = f(t, u_min, 0) (docs/mathematics.md §1.3):
// while F ≤ 0 the obstacle holds the mass (sticking); it is released when F turns positive.
// Each model gives F, F' and a bound on |F''| so that the release time is located by the
// same certified search as the contacts.

#include "vibro/model/constant_force.hpp"
#include "vibro/model/impact_oscillator.hpp"

#include <cmath>

namespace vibro {

template <class Model>
struct StickingForce;

/// F(t) = a cos ωt − u_min (α plays no part at rest).
template <class Real>
struct StickingForce<ImpactOscillator<Real>> {
  const ImpactOscillator<Real>& model;
  Real value(const Real& t) const { return model.acceleration(t, model.obstacle(), Real(0)); }
  Real slope(const Real& t) const {
    using std::sin;
    return -model.amplitude() * model.omega() * sin(model.omega() * t);
  }
  Real curvature_bound(const Real&, const Real&) const {
    using std::abs;
    return abs(model.amplitude()) * model.omega() * model.omega();
  }
};

/// F = −g, constant.
template <class Real>
struct StickingForce<ConstantForce<Real>> {
  const ConstantForce<Real>& model;
  Real value(const Real&) const { return -model.gravity(); }
  Real slope(const Real&) const { return Real(0); }
  Real curvature_bound(const Real&, const Real&) const { return Real(0); }
};

}  // namespace vibro
