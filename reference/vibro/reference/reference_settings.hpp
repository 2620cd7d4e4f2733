#pragma once
// Default settings of the exact-detection reference for a model and its initial data, at
// the scalar type's current precision. One place, so that the CLI, the tests and the
// benchmarks agree on what "the reference" means.
//
// - time scale τ: the forcing period (the free period 2π if it is shorter), or 1 under a
//   constant force; the contact search never looks further than τ/8 at once, so its
//   curvature bounds stay local;
// - size scale S = 1 + |u0| + |u_min| + |v0| τ + |a|/(1 + ω²): the magnitude of positions;
// - contact and force tolerances: 64 ε S — a minimum of the gap within 64 ε S of zero is a
//   contact (grazing), a net force within 64 ε S of zero is zero.

#include "vibro/model/constant_force.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/scalar/traits.hpp"

#include <boost/math/constants/constants.hpp>

#include <cmath>

namespace vibro {

/// Tolerances in units of ε times the size scale.
inline constexpr int reference_tolerance_eps = 64;

template <class Real>
ReferenceSettings<Real> reference_settings(const Real& time_scale, const Real& size_scale) {
  const Real tolerance = reference_tolerance_eps * epsilon<Real>() * size_scale;
  return ReferenceSettings<Real>{Real(time_scale / 8), tolerance, tolerance};
}

template <class Real>
ReferenceSettings<Real> default_reference_settings(const ImpactOscillator<Real>& model, const Real& u0, const Real& v0) {
  using std::abs;
  using std::min;
  const Real time_scale = min(model.period(), boost::math::constants::two_pi<Real>());
  const Real size = 1 + abs(u0) + abs(model.obstacle()) + abs(v0) * time_scale +
                    abs(model.amplitude()) / (1 + model.omega() * model.omega());
  return reference_settings(time_scale, size);
}

template <class Real>
ReferenceSettings<Real> default_reference_settings(const ConstantForce<Real>& model, const Real& u0, const Real& v0) {
  using std::abs;
  return reference_settings(Real(1), Real(1 + abs(u0) + abs(model.obstacle()) + abs(v0)));
}

}  // namespace vibro
