#pragma once
// The impact oscillator's physical parameters converted to the normalised form at a scalar
// type's precision (model/physical_oscillator.hpp has the derivation, docs/mathematics.md §1,
// "Physical parameters"): each number correctly rounded from its exact value.

#include "vibro/model/physical_oscillator.hpp"
#include "vibro/scalar/rounded_from_rational.hpp"

namespace vibro {

/// The normalised parameters at Real, and the time scale ω0.
template <class Real>
struct NormalisedOscillator {
  Real alpha, amplitude, omega, omega0;
};

/// The conversion of a physical oscillator at Real's current precision (the derivation at
/// the top of model/physical_oscillator.hpp). Throws std::invalid_argument for parameters out
/// of range, a value outside Real's range, or (rational type) an irrational root.
template <class Real>
NormalisedOscillator<Real> normalised(const PhysicalOscillator& p) {
  p.validate();
  return {rounded_sqrt_of_rational<Real>(p.alpha_squared(), "alpha = c/(2 sqrt(k m))"),
          rounded_from_rational<Real>(p.amplitude(), "a = F/k"),
          rounded_sqrt_of_rational<Real>(p.omega_squared(), "omega = Omega sqrt(m/k)"),
          rounded_sqrt_of_rational<Real>(p.omega0_squared(), "omega0 = sqrt(k/m)")};
}

}  // namespace vibro
