#pragma once
// The impact oscillator as a user writes it, m u'' + c u' + k u = F cos(Ω t) with u ≥ u_min,
// and its exact conversion to the normalised form of impact_oscillator.hpp (docs/mathematics.md
// §1, "Physical parameters"): with ω0 = √(k/m) and τ = ω0 t, dividing by k gives
//   d²u/dτ² + 2α du/dτ + u = a cos(ω τ),  2α = c/√(km),  a = F/k,  ω = Ω/ω0,
// the displacement u unscaled. Every normalised number is the square root of an exact
// rational (α² = c²/(4km), ω² = Ω²m/k, ω0² = k/m) or a rational (a), so each is computed
// from the exact values: correctly rounded at the run's precision, exact in the rational type
// when the roots are rational (k/m the square of a rational), refused otherwise
// (model/normalised_oscillator.hpp). This header holds the exact parameters alone, so that a
// case's description (case/case_spec.hpp) sees no floating type.

#include "vibro/scalar/rational.hpp"

#include <optional>
#include <stdexcept>
#include <string>

namespace vibro {

/// m > 0, c ≥ 0, k > 0, F, Ω > 0, as exact values.
struct PhysicalOscillator {
  rational mass, damping, stiffness, force, forcing_frequency;

  bool operator==(const PhysicalOscillator&) const = default;

  /// Throws std::invalid_argument naming the first parameter out of its range.
  void validate() const {
    if (!(mass > 0)) throw std::invalid_argument("m = " + mass.str() + " must be > 0");
    if (!(damping >= 0)) throw std::invalid_argument("c = " + damping.str() + " must be ≥ 0");
    if (!(stiffness > 0)) throw std::invalid_argument("k = " + stiffness.str() + " must be > 0");
    if (!(forcing_frequency > 0)) throw std::invalid_argument("Omega = " + forcing_frequency.str() + " must be > 0");
  }

  /// ω0² = k/m: the natural frequency's square, the time scale τ = ω0 t.
  rational omega0_squared() const { return rational(stiffness / mass); }
  /// α² = c²/(4km).
  rational alpha_squared() const { return rational(damping * damping / (4 * stiffness * mass)); }
  /// a = F/k.
  rational amplitude() const { return rational(force / stiffness); }
  /// ω² = Ω²/ω0² = Ω² m/k.
  rational omega_squared() const { return rational(forcing_frequency * forcing_frequency * mass / stiffness); }
};

/// The exact text of √q (q ≥ 0): "P/Q" (or "P") when the root is rational, else "sqrt(P/Q)":
/// what outputs show of a converted parameter, unrounded.
inline std::string root_text(const rational& q) {
  if (const std::optional<rational> root = rational_sqrt(q)) return root->str();
  return "sqrt(" + q.str() + ")";
}

}  // namespace vibro
