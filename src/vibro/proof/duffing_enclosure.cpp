#include "vibro/proof/duffing_enclosure.hpp"

#include "vibro/proof/first_contact.hpp"
#include "vibro/proof/taylor_step.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/support/cancellation.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace vibro::proof {

namespace {

/// The Taylor order at `digits`: the remainder of a step of 1/32 near 10^−(digits+10) for the
/// test set's Duffing oscillator, whose coefficients decay about as 2^−k.
std::size_t taylor_order(long digits) { return static_cast<std::size_t>(digits) + 12; }

}  // namespace

ReferenceEnclosure enclose_duffing(const EnclosureProblem& p, const EnclosureHorizon& horizon,
                                   const EnclosureLimits& limits) {
  const BallPrecision precision(proof_bits(limits.digits));
  const DuffingOscillator d{Ball::of_text(p.alpha), Ball::of_text(p.beta), Ball::of_text(p.a),
                            Ball::of_text(p.omega), Ball::of_text(p.u_min)};
  const Ball e = Ball::of_text(p.e), t0 = Ball::of_text(p.t0);
  if (e.certainly_negative() || certainly_less(Ball(1), e)) throw std::invalid_argument("e = " + p.e + " is not in [0, 1]");
  if (!d.omega.certainly_positive()) throw std::invalid_argument("omega = " + p.omega + " is not positive");
  Ball t = t0, u = Ball::of_text(p.u0), v = Ball::of_text(p.v0);
  if ((u - d.u_min).certainly_negative()) throw std::invalid_argument("u0 = " + p.u0 + " is below the obstacle");
  const std::optional<rational> u0_exact = parse_exact(p.u0), u_min_exact = parse_exact(p.u_min);
  bool on = u0_exact && u_min_exact && *u0_exact == *u_min_exact;
  if (on) u = d.u_min;

  ReferenceEnclosure result;
  const Ball period = Ball(2) * pi() / d.omega;
  std::optional<Ball> end;
  if (horizon.t_end) end = Ball::of_text(*horizon.t_end);
  else if (horizon.periods) end = t0 + period * Ball(*horizon.periods);
  if (horizon.impacts) end.reset();
  if (!end && !horizon.impacts) throw std::invalid_argument("no horizon: t_end, periods or impacts");
  const auto stop = [&](std::string why) {
    result.stopped_because = std::move(why);
    if (end) result.horizon = *end;
    return result;
  };
  const auto impact_at = [&](const Ball& when, const Ball& before) -> std::optional<std::string> {
    if (!before.certainly_negative())
      return "the impact at t ≈ " + when.midpoint_text(10) + " is not proved transverse (v− encloses 0: grazing)";
    if (!e.certainly_positive()) return "e = 0: the mass sticks at its first impact, which is not enclosed";
    if (auto why = past_the_width_bound(when, before, result.impacts.size() + 1, limits)) return why;
    result.impacts.push_back({when, before, -(e * before)});
    if (limits.progress) limits.progress->advance(static_cast<std::int64_t>(result.impacts.size()));
    throw_if_cancelled();
    return std::nullopt;
  };
  if (on) {
    if (v.certainly_negative()) {
      if (auto why = impact_at(t, v)) return stop(*why);
      v = result.impacts.back().velocity_after;
    } else if (!v.certainly_positive()) {
      return stop("the start is on the obstacle at rest (v0 encloses 0): sticking is not enclosed");
    }
  }

  const std::size_t order = taylor_order(limits.digits);
  const Ball nominal = Ball(1) / Ball(32);
  std::int64_t steps = 0;
  // The set of states (t, u, u') the flight's steps carry (taylor_step.hpp, 4.): none after an
  // impact, whose balls start the next flight.
  std::optional<LohnerSet> set;
  while (true) {
    // As many more bits as t has before the point: the time keeps its absolute accuracy.
    const BallPrecision step_precision(proof_bits(limits.digits) + bits_before_the_point(t));
    if (horizon.impacts && static_cast<std::int64_t>(result.impacts.size()) >= *horizon.impacts) break;
    if (auto why = taylor_work_limit(result.impacts.size(), ++steps, t, limits, result.stopped_at_max_impacts))
      return stop(*why);
    // The step: the nominal length, or to the horizon's upper point, halved until its
    // a-priori enclosure is proved.
    auto [h, last] = taylor_step_length(nominal, end, t);
    std::optional<TaylorStep> step;
    int halvings = 0;
    const LohnerSet start = set ? *set : LohnerSet::around({t, u, v});
    for (; halvings <= 20; ++halvings, h = (h / Ball(2)).midpoint())
      if ((step = TaylorStep::from(d, start, h, order))) break;
    if (!step) return stop("no a-priori enclosure of a step from t ≈ " + t.midpoint_text(10) + " (even halved 20 times)");
    const bool reaches_end = last && halvings == 0;
    const FirstContact contact = first_contact(*step, h, h, on, t);
    if (!contact.undecided.empty()) return stop(contact.undecided);
    if (contact.tau) {
      const Ball when = t + *contact.tau;
      if (end && !certainly_less(when, *end)) {
        if (!certainly_less(*end, when))
          return stop("an impact at t ≈ " + when.midpoint_text(10) + " is not proved before or after the horizon");
      } else {
        if (on && !certainly_less(Ball::of_text("1e-12") * period, *contact.tau))
          return stop("the impacts accumulate at t ≈ " + when.midpoint_text(10) +
                      " (a flight shorter than 1e-12 periods): chattering and sticking are not enclosed");
        if (auto why = impact_at(when, (*step)(*contact.tau).second)) return stop(*why);
        t = when, u = d.u_min, v = result.impacts.back().velocity_after, on = true;
        set.reset();
        continue;
      }
    }
    if (reaches_end) {
      const auto [gap, velocity] = (*step)(*end - t);
      result.horizon = *end;
      result.final_u = gap + d.u_min;
      result.final_v = velocity;
      return result;
    }
    // The next step starts from the set in Lohner's form; t is t + h (the set's box holds it,
    // wider: its rows mix the components).
    set = step->set_at(h);
    const std::vector<Ball> box = set->box();
    t = t + h, u = box[1], v = box[2], on = false;
    // A flight may take many steps between impacts: Ctrl-C is heard at each.
    throw_if_cancelled();
  }
  result.horizon = t;
  result.final_u = u;
  result.final_v = v;
  return result;
}

}  // namespace vibro::proof
