#pragma once
// Default settings of the exact-detection reference for a model and its initial data, at
// the scalar type's current precision. One place, so that the CLI, the tests and the
// benchmarks agree on what "the reference" means.
//
// - time scale τ: the forcing period (the free period 2π if it is shorter), or 1 under a
//   constant force; the contact search never looks further than τ/8 at once, so its
//   curvature bounds stay local;
// - size scale S = 1 + |u0| + |u_min| + |v0| τ + |a|/(1 + ω²): the magnitude of positions;
// - force scale F = |a| + |u_min| + (1 + ω²) S: the magnitude of the terms whose sum is an
//   acceleration (a cos ωt, u, and the forced response's ω² S), so of its rounding;
// - contact tolerance 64 ε S: a minimum of the gap within it of zero is a contact (grazing);
//   force tolerance 64 ε F: a net force within it of zero is zero. (A force tolerance on the
//   position scale would take rounding noise of u'' for a real acceleration when |a| is
//   large: at ω = 50, a = 2500 it did, and lift-off from rest failed.)

#include "vibro/model/constant_force.hpp"
#include "vibro/model/duffing_oscillator.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/scalar/traits.hpp"

#include <boost/math/constants/constants.hpp>

#include <cmath>

namespace vibro {

/// Tolerances in units of ε times the size scale.
inline constexpr int reference_tolerance_eps = 64;

template <class Real>
ReferenceSettings<Real> reference_settings(const Real& time_scale, const Real& size_scale, const Real& force_scale) {
  const Real unit = reference_tolerance_eps * epsilon<Real>();
  return ReferenceSettings<Real>{Real(time_scale / 8), Real(unit * size_scale), Real(unit * force_scale)};
}

/// The time, size and force scales of the list above.
template <class Real>
struct ReferenceScales {
  Real time, size, force;
};

template <class Real>
ReferenceScales<Real> oscillator_scales(const ImpactOscillator<Real>& model, const Real& u0, const Real& v0) {
  using std::abs;
  using std::min;
  const Real time_scale = min(model.period(), boost::math::constants::two_pi<Real>());
  const Real omega_squared = model.omega() * model.omega();
  const Real size = 1 + abs(u0) + abs(model.obstacle()) + abs(v0) * time_scale + abs(model.amplitude()) / (1 + omega_squared);
  const Real force = abs(model.amplitude()) + abs(model.obstacle()) + (1 + omega_squared) * size;
  return {time_scale, size, force};
}

template <class Real>
ReferenceSettings<Real> default_reference_settings(const ImpactOscillator<Real>& model, const Real& u0, const Real& v0) {
  const ReferenceScales<Real> s = oscillator_scales(model, u0, v0);
  return reference_settings(s.time, s.size, s.force);
}

/// The Duffing oscillator (docs/mathematics.md §5): the scales of its linear part, with |β| S³
/// added to the force scale (the cubic term is one more term of the acceleration's sum).
template <class Real>
ReferenceSettings<Real> default_reference_settings(const DuffingOscillator<Real>& model, const Real& u0, const Real& v0) {
  using std::abs;
  const ReferenceScales<Real> s = oscillator_scales(model.linear_part(), u0, v0);
  return reference_settings(s.time, s.size, Real(s.force + abs(model.beta()) * s.size * s.size * s.size));
}

template <class Real>
ReferenceSettings<Real> default_reference_settings(const ConstantForce<Real>& model, const Real& u0, const Real& v0) {
  using std::abs;
  return reference_settings(Real(1), Real(1 + abs(u0) + abs(model.obstacle()) + abs(v0)), Real(1 + abs(model.gravity())));
}

}  // namespace vibro
