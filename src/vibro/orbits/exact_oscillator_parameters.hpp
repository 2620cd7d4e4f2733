#pragma once
// The impact oscillator's α, a, ω as the proofs read them (proof::Ball::of_text): exact texts,
// as written, or a physical case's conversion (docs/case_files.md "Physical parameters"),
// 2α = c/√(km), a = F/k, ω = Ω √(m/k), each a fraction or sqrt(P/Q) of the exact rationals,
// never a rounded number. Times and velocities of a physical case are the normalised ones
// already (τ = ω0 t), so nothing else converts.

#include "vibro/case/case_spec.hpp"  // PhysicalSpec, and with it PhysicalOscillator and root_text

#include <string>

namespace vibro {

struct ExactOscillatorParameters {
  std::string alpha, a, omega;
};

inline ExactOscillatorParameters exact_oscillator_parameters(const OscillatorSpec& spec) {
  if (!spec.physical) return {spec.alpha.text, spec.amplitude.text, spec.omega.text};
  const PhysicalOscillator p = spec.physical->exact();
  return {root_text(p.alpha_squared()), p.amplitude().str(), root_text(p.omega_squared())};
}

}  // namespace vibro
