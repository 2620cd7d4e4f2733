#pragma once
// Enclosures of the 1-DOF reference (docs/proofs.md, "Enclosures of the reference"): the
// motion of the impact oscillator u'' + 2αu' + u = a cos ωt or of a mass under a constant
// force u'' = −g above the obstacle u ≥ u_min, with the impact law u'(t+) = −e u'(t−), from
// the exact initial state, as balls that contain the exact motion — or, for the unforced
// oscillator (α = a = 0, seed 003's conservative oscillator with ω = 1), between two stops
// u_min ≤ u ≤ u_max, each impact on either: every impact time, the
// velocities before and after it, and the state at the horizon. Each flight's flight is
// explicit (proof/oscillator_flight.hpp, or a parabola), and its first contact is proved
// (proof/first_contact.hpp): no earlier zero of the gap, exactly one in a box around the
// impact, and a transverse impact (v− < 0 on its enclosure).
//
// What is not enclosed is refused with the reason: a grazing or sticking the proof cannot
// exclude, an accumulation of impacts of the oscillator (chattering), e = 0 (the mass sticks
// at its first impact), and a width past the bound (a chaotic horizon: the balls grow like
// the largest Lyapunov exponent, and a wider ball says nothing). For the constant force with
// g > 0 and e < 1 the accumulation is handled in closed form: after the impact at t_k with
// v+_k the impacts accumulate at t∞ = t_k + 2v+_k/(g(1 − e)), where the mass comes to rest
// on the obstacle and stays (the force holds it there).

#include "vibro/proof/ball.hpp"
#include "vibro/support/progress.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro::proof {

/// The model's parameters and the initial state as written (decimals or fractions P/Q).
struct EnclosureProblem {
  bool oscillator = true;   ///< the impact oscillator; else the constant force
  std::string alpha, a, omega;  ///< the oscillator's
  std::string g;                ///< the constant force's
  std::string u_min, e, u0, v0, t0 = "0";
  /// A second stop above (the oscillator only): empty for none. Its contacts are searched as
  /// the lower stop's, on the gap u_max − u, and the earlier of the two must be proved
  /// earlier (two contacts not told apart are refused).
  std::string u_max;
  /// The Duffing oscillator's cubic stiffness β (u'' + 2αu' + u + βu³ = a cos ωt, the
  /// oscillator's flights integrated by validated Taylor steps: proof/duffing_enclosure.hpp);
  /// empty: the linear oscillator.
  std::string beta;
};

struct EnclosureLimits {
  long digits = 40;              ///< working precision in decimal digits
  double max_width = 1e-10;      ///< stop before an impact time or velocity wider than this
  std::int64_t max_impacts = 100'000;  ///< and after this many impacts
  /// And after this many validated Taylor steps (the Duffing oscillator's flights, which may
  /// take many steps and no impact).
  std::int64_t max_taylor_steps = 10'000'000;
  /// Told of each impact enclosed (advance(impacts so far)); begin() is the caller's, which
  /// knows the estimate. None: silent.
  Progress* progress = nullptr;
};

/// Why impact number `number` (from 1) at `when` with velocity `before` is not listed: one of the
/// two is wider than `limits.max_width` (a wider ball would say little, and the bound is the
/// user's); nothing when both are within it. Every enclosure's impacts pass this.
std::optional<std::string> past_the_width_bound(const Ball& when, const Ball& before, std::size_t number,
                                                const EnclosureLimits& limits);

/// Why an enclosure by validated Taylor steps stops before its next step: more than
/// `limits.max_impacts` impacts (`at_max_impacts` set) or more than `limits.max_taylor_steps`
/// steps (`steps` counts this one); nothing when it goes on. `t`: where, for the message.
std::optional<std::string> taylor_work_limit(std::size_t impacts, std::int64_t steps, const Ball& t,
                                             const EnclosureLimits& limits, bool& at_max_impacts);

/// The length of a flight's next validated Taylor step from t: `nominal`, or, when the horizon
/// `end` is nearer, the rest of the way to its upper point (then `last`).
struct TaylorStepLength {
  Ball h;
  bool last = false;
};
TaylorStepLength taylor_step_length(const Ball& nominal, const std::optional<Ball>& end, const Ball& t);

struct EnclosedImpact {
  Ball t, velocity_before, velocity_after;
};

struct ReferenceEnclosure {
  std::vector<EnclosedImpact> impacts;
  /// The state at `horizon` when the enclosure reached it.
  std::optional<Ball> final_u, final_v;
  Ball horizon;
  /// The accumulation points before the horizon, in time order: the impacts listed before each
  /// are the first of infinitely many, the mass rests on the obstacle after it (the constant
  /// force's, in closed form, for good; the oscillator's until the release that follows).
  std::vector<Ball> accumulations;
  /// The oscillator's releases from rest, one after each accumulation the horizon does not end
  /// the rest of.
  std::vector<Ball> releases;
  /// Why the enclosure stopped before the horizon (empty when it reached it).
  std::string stopped_because;
  /// It stopped at EnclosureLimits::max_impacts (a work limit, not a property of the motion).
  bool stopped_at_max_impacts = false;
};

/// Where the enclosure ends: at t_end (a text), or t0 + `periods` forcing periods, or with
/// `impacts` at that impact (the state just after it), however long it takes — but for a
/// constant force g ≤ 0, whose mass may never come back, at the horizon still.
struct EnclosureHorizon {
  std::optional<std::string> t_end;
  std::optional<std::int64_t> periods;
  std::optional<std::int64_t> impacts;
};

/// The enclosure of the motion from (u0, v0) at t0. std::invalid_argument for a text that is
/// not a number, a start below the obstacle, e outside [0, 1], or no horizon.
ReferenceEnclosure enclose_reference(const EnclosureProblem& problem, const EnclosureHorizon& horizon,
                                     const EnclosureLimits& limits);

}  // namespace vibro::proof
