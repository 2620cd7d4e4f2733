#pragma once
// Enclosures of the Duffing oscillator's reference (docs/proofs.md "Validated Taylor steps"):
// u'' + 2αu' + u + βu³ = a cos ωt above the obstacle u ≥ u_min with u'(t+) = −e u'(t−), from the
// exact initial state, as balls that contain the exact motion: every impact time with the
// velocities before and after it, and the state at the horizon. Its flights have no closed
// form: each is a sequence of validated Taylor steps (proof/taylor_step.hpp) of a fixed length,
// and on each step the first contact is proved as for the explicit flights
// (proof/first_contact.hpp) on the step's Taylor polynomial with its remainder. An impact
// starts the steps again from the contact.
//
// Refused with the reason: a grazing the proof cannot exclude, e = 0, an accumulation of
// impacts, a step whose a-priori enclosure is not proved even when halved 20 times, a width
// past the bound.

#include "vibro/proof/reference_enclosure.hpp"

namespace vibro::proof {

/// The enclosure of `problem` (its `beta` set) to the horizon (t_end, periods or impacts).
/// std::invalid_argument as enclose_reference.
ReferenceEnclosure enclose_duffing(const EnclosureProblem& problem, const EnclosureHorizon& horizon,
                                   const EnclosureLimits& limits);

}  // namespace vibro::proof
