#pragma once
// The free flight of the impact oscillator u'' + 2αu' + u = a cos ωt in balls (docs/proofs.md):
// the fundamental matrix Φ(τ) of x'' + 2αx' + x = 0 in the damping regime of the exact α, and
// the flight u = p + x from a state at a time given as balls, p(t) = A cos ωt + B sin ωt the
// periodic particular solution. Shared by the orbit proofs and the enclosure of the reference.

#include "vibro/proof/ball.hpp"

#include <string>
#include <utility>

namespace vibro::proof {

struct Matrix {
  Ball a11, a12, a21, a22;
};

/// The sign of α − 1 from its exact value (the damping regime: under, critical, over), or
/// std::invalid_argument when the balls cannot tell (never for a decimal or a fraction).
int damping_regime(const std::string& alpha_text, long digits);

/// Φ(τ) of x'' + 2αx' + x = 0 (docs/mathematics.md §1.1): exp(−ατ) L Y(τ) L⁻¹ with
/// L = [[1, 0], [−α, 1]] and Y the fundamental matrix of y'' + (1 − α²) y = 0, in the regime
/// the exact α gives (Arb's exponents do not underflow: no scaling is needed).
Matrix fundamental(const Ball& alpha, int regime, const Ball& tau);

/// The oscillator's parameters as balls, with its particular solution's coefficients.
struct ForcedOscillator {
  Ball alpha, a, omega, u_min, e;
  int regime = -1;  ///< damping_regime of α
  Ball big_a, big_b;  ///< p(t) = A cos ωt + B sin ωt (0 for a = 0); std::invalid_argument at the resonance α = 0, ω = 1, a ≠ 0

  ForcedOscillator(const std::string& alpha_text, const std::string& a_text, const std::string& omega_text,
                   const std::string& u_min_text, const std::string& e_text, long digits);
  /// p(t) and p'(t).
  std::pair<Ball, Ball> particular(const Ball& t) const;
};

/// The flight from the state (u, u') = (p(t0) + x0, p'(t0) + y0) at time t0 (balls: every
/// start they hold): at flight time τ (a ball: every τ in it), the gap u − u_min and u'.
struct OscillatorFlight {
  const ForcedOscillator& oscillator;
  Ball t0, x0, y0;

  std::pair<Ball, Ball> operator()(const Ball& tau) const {
    const ForcedOscillator& o = oscillator;
    const Matrix f = fundamental(o.alpha, o.regime, tau);
    const auto [s, c] = sin_cos(o.omega * (t0 + tau));
    return {o.big_a * c + o.big_b * s + f.a11 * x0 + f.a12 * y0 - o.u_min,
            o.omega * (o.big_b * c - o.big_a * s) + f.a21 * x0 + f.a22 * y0};
  }
};

}  // namespace vibro::proof
