#pragma once
// A proof, in Arb's ball arithmetic (proof/ball.hpp), of the impact phases of the (1, n)
// orbits of the impact oscillator u'' + 2αu' + u = a cos ωt, u ≥ u_min, u'(t+) = −e u'(t−)
// (analysis/periodic_orbits.hpp and docs/periodic_orbits.md §2 derive the equation): with the
// parameters taken exactly as written, the impact-phase equation
//
//   f(θ) = P cos θ + Q sin θ + g u_min = 0,   g = Φ21 Φ12 + (Φ22 + 1/e)(1 − Φ11),
//   P = cB − gA,  Q = −cA − gB,  c = (1 + 1/e) ω Φ12,  Φ = Φ(nT),
//
// is a first harmonic: it has exactly two roots in a period when |g u_min| < R = √(P² + Q²),
// none when |g u_min| > R, and the enclosures decide which (or say they cannot). Each root's
// box around θ = δ ± arccos(−g u_min/R) is then checked by the interval Newton operator
// N(X) = m − f(m)/f'(X): N(X) inside the interior of X proves that X holds exactly one root,
// and that it lies in N(X) (proof/interval_newton.hpp). The incoming velocity v− is enclosed
// on that box, and v− < 0 proved or not; then the Floquet multipliers, their kind (real or
// complex) when the discriminant's sign is proved, and stability when max |μ| is clear of 1.
//
// Admissibility: on a transverse root the flight's gap u − u_min is proved positive on the open
// flight (0, nT) (proof/gap_exclusion.hpp).

#include "vibro/proof/ball.hpp"

#include <optional>
#include <string>
#include <vector>

namespace vibro::proof {

/// The oscillator's parameters as written in the case: decimals or fractions P/Q.
struct OscillatorTexts {
  std::string alpha, a, omega, u_min, e;
};

/// The Floquet multipliers of the monodromy M = S Φ(nT) (S the saltation matrix at the impact,
/// seed 001 Theorem 3.1) on the root's enclosure: a real pair or a complex-conjugate pair, when
/// the discriminant tr² − 4 det M is proved of one sign.
struct ProvedMultipliers {
  bool real = true;
  Ball first, second;  ///< real: μ1, μ2 with |μ1| ≥ |μ2| (the larger by its sign's root); complex: re, im > 0
  Ball log_first, log_second;  ///< ln|μ1|, ln|μ2|; the exact Lyapunov exponents per period are these ÷ n
  /// Proved stable (max |μ| < 1) or unstable (> 1); none when max |μ| encloses 1.
  std::optional<bool> stable;
};

/// One root of the phase equation, proved unique in its box, or why it is not.
struct ProvedPhase {
  Ball theta;            ///< the root's enclosure in [0, 2π), when proved
  Ball velocity_before;  ///< v− on that enclosure
  bool unique = false;   ///< N(X) ⊂ interior(X): exactly one root in the box
  bool impact = false;   ///< v− < 0 on the whole enclosure: the flight hits the obstacle
  std::string not_proved;  ///< why `unique` or `impact` does not hold (empty when both do)
  /// When unique and impact: whether the flight between the impacts is proved to stay above
  /// the obstacle (then the root is an orbit), and if not, where it may not.
  bool admissible = false;
  std::string admissibility_not_proved;
  bool penetrating = false;  ///< proved not admissible: the flight goes below the obstacle
  /// When unique and impact and their kind is proved: the multipliers; why a claim about them
  /// (their kind, stability) is not proved.
  std::optional<ProvedMultipliers> multipliers;
  std::string multipliers_not_proved;
};

struct PhaseProof {
  /// Proved: exactly two roots (both listed) or none; not decided: `undecided` says why.
  std::optional<std::size_t> roots;
  std::string undecided;
  std::vector<ProvedPhase> phases;
};

/// The phases of the (1, n) orbits of the oscillator, at `digits` decimal digits of working
/// precision. Throws std::invalid_argument for a text that is not a number, e ≤ 0, or the
/// resonance α = 0, ω = 1.
PhaseProof prove_orbit_phases(const OscillatorTexts& parameters, int n, long digits);

}  // namespace vibro::proof
