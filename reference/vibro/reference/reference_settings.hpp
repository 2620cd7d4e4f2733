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

#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/model/constant_force.hpp"
#include "vibro/model/double_pendulum.hpp"
#include "vibro/model/duffing_oscillator.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/scalar/traits.hpp"

#include <boost/math/constants/constants.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>

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

/// The linear N-DOF system of seed 002 (system_reference.hpp), with the modes ω_k of
/// M⁻¹A²M⁻¹ and Λ = M⁻¹Q: time scale the shortest of the forcing period and the free
/// periods 2π/ω_k; size S = 1 + |q0|∞ + max |finite bound| + |v0|∞/ω_min + the forced
/// amplitude max_i Σ_k |Λ_ik| |(Λᵀf)_k| / |ω_k² − Ω²|; force scale (as an acceleration)
/// max_i (|f_i| + Σ_j |A²_ij| S)/m_i², the terms whose sum is q_i''.
template <class Real>
ReferenceSettings<Real> default_reference_settings(const LinearImpactSystem<Real>& system, const Vector<Real>& q0,
                                                   const Vector<Real>& v0) {
  using std::abs;
  using std::max;
  using std::min;
  const ModalBasis<Real> basis(system.mass_squared(), system.stiffness());
  const std::size_t n = system.dimension();
  const Real two_pi = boost::math::constants::two_pi<Real>();
  Real omega_min = basis.omega()[0], omega_max = basis.omega()[0];
  for (const Real& w : basis.omega()) {
    omega_min = min(omega_min, w);
    omega_max = max(omega_max, w);
  }
  Real time_scale = two_pi / omega_max;
  if (system.forced()) time_scale = min(time_scale, system.period());
  Real size = 1 + max_abs(q0) + max_abs(v0) / omega_min;
  Real widest_bound(0);
  for (const auto& b : system.all_bounds()) {
    if (b.lower) widest_bound = max(widest_bound, Real(abs(*b.lower)));
    if (b.upper) widest_bound = max(widest_bound, Real(abs(*b.upper)));
  }
  size += widest_bound;
  if (system.forced()) {
    const Real& frequency = system.forcing_frequency();
    Real forced(0);
    for (std::size_t i = 0; i < n; ++i) {
      Real row(0);
      for (std::size_t k = 0; k < n; ++k) {
        Real modal(0);
        for (std::size_t j = 0; j < n; ++j) modal += basis.modes()(j, k) * system.force_amplitude()[j];
        const Real& w = basis.omega()[k];
        row += abs(basis.modes()(i, k) * modal / ((w - frequency) * (w + frequency)));
      }
      forced = max(forced, row);
    }
    size += forced;
  }
  Real force(0);
  for (std::size_t i = 0; i < n; ++i) {
    Real terms = abs(system.force_amplitude()[i]);
    for (std::size_t j = 0; j < n; ++j) terms += abs(system.stiffness()(i, j)) * size;
    force = max(force, Real(terms / system.mass_squared()[i]));
  }
  return reference_settings(time_scale, size, force);
}

/// Seed 004's double pendulum (docs/mathematics.md §7.2), angles in radians: time scale the
/// small-oscillation period 2π√(l/g) of the shorter rod (1 without gravity); size scale
/// S = 1 + |q0|∞ + |u0|∞ τ (angles, and the gap −cos θ1 ≤ 1); force scale, for the contact
/// force λ (a torque), F = (m1 + m2) g (l1 + l2) + 2 T_max, the gravity and centrifugal terms
/// of its sum, with T_max = T0 + 2(m1 + m2) g (l1 + l2) the most kinetic energy the motion can
/// reach (its initial one plus the whole potential range; centrifugal torques are at most
/// twice the kinetic energy per radian for unit lengths).
template <class Real>
ReferenceScales<Real> pendulum_scales(const DoublePendulum<Real>& model, const Vector<Real>& q0,
                                      const Vector<Real>& u0) {
  using std::min;
  using std::sqrt;
  const Real shorter = min(model.l1(), model.l2());
  const Real time = model.gravity() > 0 ? Real(boost::math::constants::two_pi<Real>() * sqrt(shorter / model.gravity()))
                                        : Real(1);
  const Real size = 1 + max_abs(q0) + max_abs(u0) * time;
  const Real potential_range = (model.m1() + model.m2()) * model.gravity() * (model.l1() + model.l2());
  const Vector<Real> rest(u0.size(), Real(0));
  const Real kinetic = model.energy(q0, u0) - model.energy(q0, rest);
  const Real force = potential_range + 2 * (kinetic + 2 * potential_range);
  return {time, size, force};
}

}  // namespace vibro
