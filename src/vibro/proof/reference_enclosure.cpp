#include "vibro/proof/reference_enclosure.hpp"

#include "vibro/proof/centred_impact_map.hpp"
#include "vibro/proof/chatter_tail.hpp"
#include "vibro/proof/first_contact.hpp"
#include "vibro/proof/oscillator_flight.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/support/cancellation.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace vibro::proof {

namespace {

/// Why a piece may have stayed undecided, when the balls' width can be the cause: after many
/// impacts the start of a flight is known only to the radius the impacts passed on, which
/// grows even on a stable orbit (the wrapping effect, docs/proofs.md "How the widths grow"),
/// and a gap enclosed that widely cannot be proved positive near its minimum although the
/// exact motion is transverse. Nothing when the first flight is undecided (a contact too
/// close to tangent for the precision).
std::string undecided_because(const std::vector<EnclosedImpact>& impacts, const Ball& v) {
  if (impacts.size() < 2) return "";
  const double first = impacts.front().t.radius(), last = impacts.back().t.radius();
  if (!(first > 0) || !(last > first)) return "";
  const double growth = std::pow(last / first, 1.0 / static_cast<double>(impacts.size() - 1));
  return fmt::format(
      " (after {} impacts this flight starts from a time known to ±{:.2g} and v+ to ±{:.2g}, the radius grown about "
      "{:.2g}× an impact by the wrapping of balls: an enclosure that wide may not decide a transverse contact; more "
      "--digits carry it further)",
      impacts.size(), last, v.radius(), growth);
}

/// u'' = −g from the gap g0 = u − u_min and velocity v0: the gap and velocity at flight time τ.
struct ParabolicFlight {
  Ball g, gap0, v0;
  std::pair<Ball, Ball> operator()(const Ball& tau) const {
    return {gap0 + v0 * tau - g * tau * tau / Ball(2), v0 - g * tau};
  }
};

/// The stop a contact is with: the obstacle u_min below, or the second stop u_max above.
enum class Stop { lower, upper };

/// The gap u_max − u to the stop above and its rate, from a flight given as (u − u_min, u').
template <class Flight>
struct GapBelowUpperStop {
  const Flight& flight;
  Ball span;  ///< u_max − u_min
  std::pair<Ball, Ball> operator()(const Ball& tau) const {
    const auto [gap, v] = flight(tau);
    return {span - gap, -v};
  }
};

/// A flight's first contact and the stop it is with.
struct StopContact {
  FirstContact first;
  Stop stop = Stop::lower;
};

/// The model's flights, from a state (t0, u, v), and the length of the search's pieces.
class Motion {
 public:
  Motion(const EnclosureProblem& p, long digits)
      : oscillator_(p.oscillator ? std::optional<ForcedOscillator>(std::in_place, p.alpha, p.a, p.omega, p.u_min,
                                                                   p.e, digits)
                                 : std::nullopt),
        g_(p.oscillator ? Ball(0) : Ball::of_text(p.g)),
        span_(p.u_max.empty() ? std::nullopt : std::optional<Ball>(Ball::of_text(p.u_max) - Ball::of_text(p.u_min))) {}

  bool oscillator() const { return oscillator_.has_value(); }
  /// The oscillator's parameters (oscillator() only).
  const ForcedOscillator& forced_oscillator() const { return *oscillator_; }
  const Ball& g() const { return g_; }
  Ball period() const { return Ball(2) * pi() / oscillator_->omega; }
  /// u_max − u_min, with a second stop.
  const std::optional<Ball>& span() const { return span_; }

  /// The first contact of the flight from (u, v) at t0 on (0, window] with either stop;
  /// `on`: the stop the flight leaves, if any.
  StopContact contact(const Ball& t0, const Ball& gap, const Ball& v, const Ball& window,
                      std::optional<Stop> on) const {
    if (!oscillator_) return {first_contact(ParabolicFlight{g_, gap, v}, window, window / Ball(16), on.has_value(), t0)};
    const auto [p, dp] = oscillator_->particular(t0);
    const OscillatorFlight flight{*oscillator_, t0, gap + oscillator_->u_min - p, v - dp};
    const Ball piece = period() / Ball(16);
    const FirstContact below = first_contact(flight, window, piece, on == Stop::lower, t0);
    if (!span_ || !below.undecided.empty()) return {below, Stop::lower};
    // The stop above, searched no further than the contact below could be: a contact of the
    // flight with it after that one is not a contact of the motion.
    const Ball upto = below.tau ? below.tau->upper_point() : window;
    const FirstContact above =
        first_contact(GapBelowUpperStop<OscillatorFlight>{flight, *span_}, upto, piece, on == Stop::upper, t0);
    if (!above.undecided.empty()) return {above, Stop::upper};
    if (!above.tau) return {below, Stop::lower};
    if (!below.tau || certainly_less(*above.tau, *below.tau)) return {above, Stop::upper};
    if (certainly_less(*below.tau, *above.tau)) return {below, Stop::lower};
    return {{std::nullopt, "contacts with both stops at t ≈ " + (t0 + *below.tau).midpoint_text(12) +
                               " not told apart (the two stops at once)"},
            Stop::lower};
  }

  /// The oscillator's next impact from the exact state (t0, u_min, v) after an impact, whose
  /// contact lies in `tau` (proved there, unique, for a box of states holding this one): its
  /// time and the velocity after it, −e u', the contact narrowed within `tau`.
  std::pair<Ball, Ball> impact_from(const Ball& t0, const Ball& v, const Ball& tau, const Ball& e) const {
    const auto [p, dp] = oscillator_->particular(t0);
    const OscillatorFlight flight{*oscillator_, t0, oscillator_->u_min - p, v - dp};
    const Ball contact = narrowed_zero(flight, tau);
    return {t0 + contact, -(e * flight(contact).second)};
  }

  /// The gap and velocity at time τ after t0 on the flight from (gap, v).
  std::pair<Ball, Ball> state(const Ball& t0, const Ball& gap, const Ball& v, const Ball& tau) const {
    if (oscillator_) {
      const auto [p, dp] = oscillator_->particular(t0);
      return OscillatorFlight{*oscillator_, t0, gap + oscillator_->u_min - p, v - dp}(tau);
    }
    return ParabolicFlight{g_, gap, v}(tau);
  }

  /// How far to search for the next contact from (gap, v): the oscillator 1000 periods; the
  /// constant force g > 0 a little past the parabola's landing (|v| + √(v² + 2g gap))/g; none
  /// (the horizon) for g ≤ 0.
  std::optional<Ball> reach(const Ball& gap, const Ball& v) const {
    if (oscillator_) return period() * Ball(1000);
    if (!g_.certainly_positive()) return std::nullopt;
    return (abs(v) + sqrt(v * v + Ball(2) * g_ * gap)) / g_ * Ball(17) / Ball(16);
  }

 private:
  std::optional<ForcedOscillator> oscillator_;
  Ball g_;
  std::optional<Ball> span_;
};



}  // namespace

std::optional<std::string> past_the_width_bound(const Ball& when, const Ball& before, std::size_t number,
                                                const EnclosureLimits& limits) {
  const auto wider = [&](const Ball& x) { return !(2 * x.radius() <= limits.max_width); };
  if (!wider(when) && !wider(before)) return std::nullopt;
  return "the enclosure would pass the width bound " + Ball::of_double(limits.max_width).midpoint_text(3) +
         " at impact " + std::to_string(number) + " (t ≈ " + when.midpoint_text(10) + "; radius of t " +
         when.radius_text() + ", of v− " + before.radius_text() +
         "): more digits go further; a chaotic motion, or a chattering's small velocities, widen the balls fast";
}

std::optional<std::string> taylor_work_limit(std::size_t impacts, std::int64_t steps, const Ball& t,
                                             const EnclosureLimits& limits, bool& at_max_impacts) {
  if (static_cast<std::int64_t>(impacts) >= limits.max_impacts) {
    at_max_impacts = true;
    return "more than " + std::to_string(limits.max_impacts) + " impacts";
  }
  if (steps > limits.max_taylor_steps)
    return "more than " + std::to_string(limits.max_taylor_steps) + " validated Taylor steps (t ≈ " +
           t.midpoint_text(10) + "), the limit of this enclosure's work";
  return std::nullopt;
}

TaylorStepLength taylor_step_length(const Ball& nominal, const std::optional<Ball>& end, const Ball& t) {
  if (end) {
    const Ball remaining = *end - t;
    if (!certainly_less(nominal, remaining)) return {remaining.upper_point(), true};
  }
  return {nominal, false};
}

ReferenceEnclosure enclose_reference(const EnclosureProblem& p, const EnclosureHorizon& horizon,
                                     const EnclosureLimits& limits) {
  const BallPrecision precision(proof_bits(limits.digits));
  const Motion motion(p, limits.digits);
  const Ball u_min = Ball::of_text(p.u_min), e = Ball::of_text(p.e), t0 = Ball::of_text(p.t0);
  if (e.certainly_negative() || certainly_less(Ball(1), e)) throw std::invalid_argument("e = " + p.e + " is not in [0, 1]");
  Ball t = t0, gap = Ball::of_text(p.u0) - u_min, v = Ball::of_text(p.v0);
  if (gap.certainly_negative()) throw std::invalid_argument("u0 = " + p.u0 + " is below the obstacle");
  if (!p.u_max.empty() && !p.oscillator) throw std::invalid_argument("a second stop is enclosed for the oscillator only");
  if (motion.span() && !motion.span()->certainly_positive())
    throw std::invalid_argument("the stops " + p.u_min + " and " + p.u_max + " are not in increasing order");
  if (motion.span() && certainly_less(*motion.span(), gap))
    throw std::invalid_argument("u0 = " + p.u0 + " is above the stop " + p.u_max);
  // A start on a stop, decided on the exact values (u0 = u_min = 0.1 gives a ball of
  // 0.1 − 0.1 that holds 0 without being 0).
  const std::optional<rational> u0_exact = parse_exact(p.u0), u_min_exact = parse_exact(p.u_min);
  std::optional<Stop> on;
  if (u0_exact && u_min_exact && *u0_exact == *u_min_exact) on = Stop::lower;
  if (const std::optional<rational> u_max_exact = p.u_max.empty() ? std::nullopt : parse_exact(p.u_max);
      u0_exact && u_max_exact && *u0_exact == *u_max_exact)
    on = Stop::upper;
  if (on) gap = on == Stop::lower ? Ball(0) : *motion.span();

  ReferenceEnclosure result;
  // The state after an impact on the obstacle in centred form (the oscillator's, from its
  // first such impact): the next impact's box is that of the centred map, within the box
  // the flights' own balls give.
  std::optional<CentredImpactState> centred;
  // The end: the horizon, or none when the impacts count (but see EnclosureHorizon).
  std::optional<Ball> end;
  if (horizon.t_end) end = Ball::of_text(*horizon.t_end);
  else if (horizon.periods && motion.oscillator()) end = t0 + motion.period() * Ball(*horizon.periods);
  else if (!horizon.impacts) throw std::invalid_argument("no horizon: t_end, periods (of the oscillator) or impacts");
  if (horizon.impacts && (motion.oscillator() || motion.g().certainly_positive())) end.reset();
  if (!end && !horizon.impacts) throw std::invalid_argument("no horizon");

  // From the obstacle: leaving it (v > 0), an impact at t0 (v < 0), or at rest (refused).
  const auto stop = [&](std::string why) {
    result.stopped_because = std::move(why);
    if (end) result.horizon = *end;
    return result;
  };
  // An impact on `stop` at `when` with velocity `before`: transverse when it moves into the stop.
  const auto impact_at = [&](const Ball& when, const Ball& before, Stop stop) -> std::optional<std::string> {
    if (!(stop == Stop::lower ? before.certainly_negative() : before.certainly_positive()))
      return "the impact at t ≈ " + when.midpoint_text(12) + " is not proved transverse (v− encloses 0: grazing)";
    if (!e.certainly_positive()) return "e = 0: the mass sticks at its first impact, which is not enclosed";
    const Ball after = -(e * before);
    if (auto why = past_the_width_bound(when, before, result.impacts.size() + 1, limits)) return why;
    result.impacts.push_back({when, before, after});
    if (limits.progress) limits.progress->advance(static_cast<std::int64_t>(result.impacts.size()));
    throw_if_cancelled();
    return std::nullopt;
  };
  // No contact before the horizon: the state there.
  const auto finish_at_end = [&] {
    const auto [final_gap, final_v] = motion.state(t, gap, v, *end - t);
    result.horizon = *end;
    result.final_u = final_gap + u_min;
    result.final_v = final_v;
    return result;
  };
  if (on) {
    // Into the stop: an impact at t0; out of it: a flight; at rest: refused.
    const Ball into = *on == Stop::lower ? -v : v;
    if (into.certainly_positive()) {
      if (auto why = impact_at(t, v, *on)) return stop(*why);
      v = result.impacts.back().velocity_after;
    } else if (!into.certainly_negative()) {
      return stop("the start is on the obstacle at rest (v0 encloses 0): sticking is not enclosed");
    }
  }

  // At rest on the obstacle after an accumulation, until the release.
  bool resting = false;
  // The oscillator's chattering on its one obstacle, from the impact at t with velocity after
  // v: its accumulation enclosed by the geometric tail (chatter_tail.hpp), the mass then at
  // rest; or why not.
  const auto accumulate = [&]() -> std::optional<std::string> {
    const ChatterTail tail = chatter_tail(motion.forced_oscillator(), t, v);
    if (!tail.accumulation) return tail.why_not;
    const Ball& at = *tail.accumulation;
    if (end && !certainly_less(at, *end))
      return "the horizon lies within the chattering accumulating at t∞ ≈ " + at.midpoint_text(12);
    if (horizon.impacts)
      return "impact " + std::to_string(*horizon.impacts) + " is one of the chattering's infinitely many before t∞ ≈ " +
             at.midpoint_text(12);
    result.accumulations.push_back(at);
    t = at, gap = Ball(0), v = Ball(0), resting = true;
    centred.reset();
    return std::nullopt;
  };

  while (true) {
    // The flight at as many more bits as t has bits before the point: the time keeps its
    // absolute accuracy as it grows (at a fixed precision its balls would widen like t).
    const BallPrecision flight_precision(proof_bits(limits.digits) + bits_before_the_point(t));
    if (resting) {
      // Held while the net force pushes the mass in, for a forcing period at most (then for
      // good): the release is the first zero of −F, proved as a flight's first contact.
      const ForcedOscillator& o = motion.forced_oscillator();
      Ball window = motion.period();
      if (end && certainly_less(*end - t, window)) window = *end - t;
      const FirstContact release = first_contact(HeldAtRest{o, t}, window, motion.period() / Ball(16), false, t);
      if (!release.undecided.empty()) return stop("the release from rest: " + release.undecided);
      if (!release.tau || (end && certainly_less(*end, t + *release.tau))) {
        if (!end) return stop("the mass rests on the obstacle for good after t ≈ " + t.midpoint_text(12));
        result.horizon = *end;
        result.final_u = u_min;
        result.final_v = Ball(0);
        return result;
      }
      // The release is a zero of F in absolute time, whatever the accumulation's width: narrowed
      // there (every zero in a box is in Newton's image of it), its time does not inherit t∞'s.
      const Ball released = narrowed_zero(HeldAtRest{o, Ball(0)}, t + *release.tau);
      if (end && !certainly_less(released, *end))
        return stop("the release at t ≈ " + released.midpoint_text(12) + " is not proved before or after the horizon");
      if (!HeldAtRest{o, released}(Ball(0)).second.certainly_negative())
        return stop("the release at t ≈ " + released.midpoint_text(12) + " is not proved transverse (F' encloses 0)");
      const std::optional<Ball> epsilon = leaving_from_rest(o, released, motion.period() / Ball(16));
      if (!epsilon) return stop("the mass released at t ≈ " + released.midpoint_text(12) + " is not proved to leave the obstacle");
      result.releases.push_back(released);
      std::tie(gap, v) = motion.state(released, Ball(0), Ball(0), *epsilon);
      t = released + *epsilon, on.reset(), resting = false;
      continue;
    }
    if (horizon.impacts && static_cast<std::int64_t>(result.impacts.size()) >= *horizon.impacts) break;
    if (static_cast<std::int64_t>(result.impacts.size()) >= limits.max_impacts) {
      result.stopped_at_max_impacts = true;
      return stop("more than " + std::to_string(limits.max_impacts) + " impacts");
    }
    // The constant force's accumulation, in closed form, from an impact: once its flights are
    // shorter than the width bound, the rest of the motion is t∞ and the rest after it.
    if (!motion.oscillator() && on == Stop::lower && motion.g().certainly_positive() && certainly_less(e, Ball(1))) {
      const Ball at = t + Ball(2) * v / (motion.g() * (Ball(1) - e));
      if (end && !certainly_less(at, *end) && !certainly_less(*end, at))
        return stop("the horizon lies within the enclosure of the impacts' accumulation point t∞ ≈ " +
                    at.midpoint_text(12));
      if ((!end || certainly_less(at, *end)) && certainly_less(Ball(2) * v / motion.g(), Ball::of_double(limits.max_width))) {
        result.accumulations.push_back(at);
        result.horizon = end ? *end : at;
        result.final_u = u_min;
        result.final_v = Ball(0);
        return result;
      }
    }
    std::optional<Ball> window = motion.reach(gap, v);
    const std::optional<Ball> remaining = end ? std::optional(*end - t) : std::nullopt;
    if (remaining && (!window || certainly_less(*remaining, *window))) window = remaining;
    if (!window) return stop("no horizon for this flight");
    const StopContact found = motion.contact(t, gap, v, *window, on);
    const FirstContact& contact = found.first;
    // Chattering: flights from the obstacle too short to search end in the geometric tail.
    const bool may_chatter = motion.oscillator() && on == Stop::lower && !motion.span();
    if (!contact.tau) {
      if (!contact.undecided.empty() && may_chatter) {
        const std::optional<std::string> no_tail = accumulate();
        if (!no_tail) continue;
        return stop(contact.undecided + undecided_because(result.impacts, v) + "; nor is a chattering proved from t ≈ " +
                    t.midpoint_text(12) + ": " + *no_tail);
      }
      if (!contact.undecided.empty()) return stop(contact.undecided + undecided_because(result.impacts, v));
      if (!remaining) return stop("no impact within the search's reach after t ≈ " + t.midpoint_text(12));
      return finish_at_end();
    }
    const Ball when = t + *contact.tau;
    if (end && !certainly_less(when, *end)) {
      if (!certainly_less(*end, when))
        return stop("an impact at t ≈ " + when.midpoint_text(12) + " is not proved before or after the horizon");
      return finish_at_end();
    }
    if (motion.oscillator() && on && !may_chatter && !certainly_less(Ball::of_text("1e-12") * motion.period(), *contact.tau))
      return stop("the impacts accumulate at t ≈ " + when.midpoint_text(10) +
                  " (a flight shorter than 1e-12 periods): chattering and sticking are not enclosed");
    Ball at = when, before = motion.state(t, gap, v, *contact.tau).second;
    std::optional<std::pair<Ball, Ball>> next_box;
    if (centred && on == Stop::lower && found.stop == Stop::lower) {
      // The centred form from the box (t, v) = centred->box(): P at the centre, DP over the box.
      const auto [t_next, v_next] = motion.impact_from(centred->centre_t(), centred->centre_v(), *contact.tau, e);
      centred = centred->next(t_next, v_next, impact_map_jacobian(motion.forced_oscillator(), e, t, v, *contact.tau));
      next_box = centred->box();
      const std::optional<Ball> narrower_t = intersection(at, next_box->first),
                                narrower_before = intersection(before, next_box->second / -e);
      if (!narrower_t || !narrower_before)
        throw std::logic_error("the centred and the direct enclosures of impact " +
                               std::to_string(result.impacts.size() + 1) + " are apart: one of them is wrong");
      at = *narrower_t, before = *narrower_before;
    }
    if (auto why = impact_at(at, before, found.stop)) return stop(*why);
    t = at;
    gap = found.stop == Stop::lower ? Ball(0) : *motion.span();
    v = result.impacts.back().velocity_after;
    on = found.stop;
    // The next flight starts from the centred box, which holds its centre (the map's mean-value
    // form needs the segment between them in the box the contact is proved for).
    if (next_box) t = next_box->first, v = next_box->second;
    if (motion.oscillator() && on == Stop::lower && !next_box) centred = CentredImpactState::around(t, v);
    if (on != Stop::lower) centred.reset();
  }
  // The impacts counted: the horizon is the last one, the state just after it.
  result.horizon = t;
  result.final_u = gap + u_min;
  result.final_v = v;
  return result;
}

}  // namespace vibro::proof
