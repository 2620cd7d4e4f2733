#pragma once
// Enclosures of the double pendulum's reference (docs/proofs.md "The double pendulum"): seed
// 004's pendulum whose first rod leans on the wall cos θ1 ≥ 0, with the impact law of seed 004
// (the kinetic metric's projection), from the exact initial state, as balls that contain the
// exact motion: every impact's time with the normal rate of the constraint g = −cos θ1 before
// and after it (g' = sin θ1 · θ1'), and the state (θ1, θ2, θ1', θ2') at the horizon. Each flight
// is a sequence of validated Taylor steps (proof/pendulum_taylor_step.hpp); on each step the
// first zero of the gap cos θ1 is proved as for the explicit flights (proof/first_contact.hpp).
// At the contact θ1 = ±π/2 exactly (the zero of cos θ1 next to the enclosed angle) and the law
// is, with c = cos(θ1 − θ2), B = m2 l1 l2, D = m2 l2²:
//   θ1'+ = −e θ1'−,  θ2'+ = θ2'− + (1 + e) θ1'− B c / D
// (u+ = u− − (1 + e) (∇g·u−) M⁻¹∇g / (∇gᵀM⁻¹∇g) with ∇g = (sin θ1, 0): the normal rate turns to
// −e times itself and the second rod takes the impulse through the coupling B c).
//
// Refused with the reason: a grazing the proof cannot exclude, e = 0, an accumulation of
// impacts, a step whose a-priori enclosure is not proved even when halved 20 times, a width
// past the bound, a start beyond the wall.

#include "vibro/proof/reference_enclosure.hpp"
#include "vibro/proof/system_enclosure.hpp"

#include <string>
#include <vector>

namespace vibro::proof {

/// The pendulum and its initial state as written (decimals or fractions P/Q).
struct PendulumEnclosureProblem {
  std::string m1, m2, l1, l2, gravity, e;
  std::vector<std::string> q0, v0;  ///< (θ1, θ2) and (θ1', θ2')
  bool q0_over_pi = false;          ///< q0 holds θ/π
  std::string t0 = "0";
};

/// The enclosure to the horizon (t_end or impacts; the pendulum has no forcing period), as a
/// SystemEnclosure whose impacts are on coordinate 0 with the normal rates before and after.
/// std::invalid_argument for a text that is not a number, a parameter out of range, a start
/// beyond the wall or no horizon.
SystemEnclosure enclose_pendulum(const PendulumEnclosureProblem& problem, const EnclosureHorizon& horizon,
                                 const EnclosureLimits& limits);

}  // namespace vibro::proof
