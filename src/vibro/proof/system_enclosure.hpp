#pragma once
// Enclosures of the linear N-DOF system's reference (docs/proofs.md "N-DOF systems"): the
// motion of M² q'' + A² q = f cos Ωt in the box K = Π [lower_i, upper_i] with the impact law
// q_i'(t+) = −e_i q_i'(t−) of seed 002 eq. (3) (M² diagonal: an impact on q_i's face changes
// q_i' alone), from the exact initial state, as balls that contain the exact motion: every
// impact's time, coordinate and that coordinate's velocities before and after, and the state
// at the horizon. Each flight is the enclosed modal one of proof/system_flight.hpp; every face
// (a finite bound of a coordinate) has its first contact proved (proof/first_contact.hpp), each
// searched no further than the earliest found so far, and the earliest must be proved earlier
// than every other face's contact: two contacts the balls cannot order are refused as
// near-simultaneous, not guessed. An impact is transverse when the coordinate's velocity into
// the face is proved nonzero.
//
// Refused with the reason: a grazing the proof cannot exclude, two contacts not told apart,
// e_i = 0 (sticking), an accumulation of impacts (a flight from a face back to it shorter than
// 1e−12 of the slowest mode's period), a start at rest on a face, a width past the bound, and
// the system's own refusals (a repeated mode frequency, a resonance).

#include "vibro/proof/reference_enclosure.hpp"
#include "vibro/proof/system_flight.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro::proof {

/// The system, its box and the initial state as written (decimals or fractions P/Q).
struct SystemEnclosureProblem {
  SystemTexts system;
  std::vector<std::string> lower, upper;  ///< per coordinate; an empty text: no bound (∓∞)
  std::vector<std::string> e;             ///< e_i per coordinate
  std::vector<std::string> q0, v0;
  std::string t0 = "0";
};

struct EnclosedSystemImpact {
  Ball t;
  std::size_t coordinate = 0;  ///< 0-based
  Ball velocity_before, velocity_after;  ///< of that coordinate
};

struct SystemEnclosure {
  std::vector<EnclosedSystemImpact> impacts;
  /// The state at `horizon` when the enclosure reached it.
  std::optional<std::vector<Ball>> final_q, final_v;
  Ball horizon;
  /// Why the enclosure stopped before the horizon (empty when it reached it).
  std::string stopped_because;
  bool stopped_at_max_impacts = false;
  /// The validated Taylor steps taken (the double pendulum's flights; 0 for the linear ones).
  std::int64_t taylor_steps = 0;
};

/// The enclosure from (q0, v0) at t0 to the horizon (t_end, periods of a forced system, or
/// impacts). std::invalid_argument for sizes that disagree, a text that is not a number, a start
/// outside the box, e_i outside [0, 1], no horizon, or the system's refusals (SystemModes).
SystemEnclosure enclose_system(const SystemEnclosureProblem& problem, const EnclosureHorizon& horizon,
                               const EnclosureLimits& limits);

}  // namespace vibro::proof
