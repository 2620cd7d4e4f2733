#include "vibro/proof/pendulum_enclosure.hpp"

#include "vibro/proof/first_contact.hpp"
#include "vibro/proof/pendulum_taylor_step.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/support/cancellation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace vibro::proof {

namespace {

/// The Taylor order at `digits`: with steps of 1/64 the test set's pendulum (angular
/// velocities up to about 5, g = 9.81) has coefficients decaying about as 10^−1.2 a step, so
/// about digits/1.2 terms reach the precision; the step is halved where they do not.
std::size_t taylor_order(long digits) { return static_cast<std::size_t>(digits) * 5 / 6 + 8; }

/// 2^−exponent, exactly.
Ball two_to_minus(slong exponent) {
  Ball x(1);
  arb_mul_2exp_si(x.get(), x.get(), -exponent);
  return x;
}

/// The gap cos θ1 and its rate −sin θ1 · θ1' along a step, as first_contact takes a flight.
struct WallGap {
  const PendulumTaylorStep* step;
  std::pair<Ball, Ball> operator()(const Ball& tau) const {
    const PendulumState y = (*step)(tau);
    const auto [s, c] = sin_cos(y[0]);
    return {c, -(s * y[2])};
  }
};

}  // namespace

SystemEnclosure enclose_pendulum(const PendulumEnclosureProblem& problem, const EnclosureHorizon& horizon,
                                 const EnclosureLimits& limits) {
  const BallPrecision precision(proof_bits(limits.digits));
  if (problem.q0.size() != 2 || problem.v0.size() != 2)
    throw std::invalid_argument("the double pendulum starts from two angles and two angular velocities");
  const DoublePendulumBalls p{Ball::of_text(problem.m1), Ball::of_text(problem.m2), Ball::of_text(problem.l1),
                              Ball::of_text(problem.l2), Ball::of_text(problem.gravity)};
  const std::pair<const Ball*, const char*> positive[] = {{&p.m1, "m1"}, {&p.m2, "m2"}, {&p.l1, "l1"}, {&p.l2, "l2"}};
  for (const auto& [x, name] : positive)
    if (!x->certainly_positive()) throw std::invalid_argument(std::string(name) + " is not positive");
  if (p.gravity.certainly_negative()) throw std::invalid_argument("gravity = " + problem.gravity + " is negative");
  const Ball e = Ball::of_text(problem.e), t0 = Ball::of_text(problem.t0);
  if (e.certainly_negative() || certainly_less(Ball(1), e)) throw std::invalid_argument("e = " + problem.e + " is not in [0, 1]");
  const Ball scale = problem.q0_over_pi ? pi() : Ball(1);
  PendulumState y{Ball::of_text(problem.q0[0]) * scale, Ball::of_text(problem.q0[1]) * scale,
                  Ball::of_text(problem.v0[0]), Ball::of_text(problem.v0[1])};
  if (sin_cos(y[0]).second.certainly_negative())
    throw std::invalid_argument("θ1 = " + problem.q0[0] + (problem.q0_over_pi ? " π" : "") + " is beyond the wall (cos θ1 < 0)");
  // On the wall: θ1 = (k + 1/2)π exactly, which only θ1/π given exactly can say.
  const std::optional<rational> over_pi = problem.q0_over_pi ? parse_exact(problem.q0[0]) : std::nullopt;
  bool on = over_pi && denominator(*over_pi - rational(1, 2)) == 1;
  const Ball B = p.m2 * p.l1 * p.l2, D = p.m2 * p.l2 * p.l2;

  SystemEnclosure result;
  std::optional<Ball> end;
  if (horizon.t_end && !horizon.impacts) end = Ball::of_text(*horizon.t_end);
  if (!end && !horizon.impacts) throw std::invalid_argument("no horizon: t_end or impacts");
  Ball t = t0;
  const auto stop = [&](std::string why) {
    result.stopped_because = std::move(why);
    if (end) result.horizon = *end;
    return result;
  };
  // The impact at `when` in state y (θ1 on the wall): the law of the header, into y.
  const auto impact_at = [&](const Ball& when) -> std::optional<std::string> {
    // The zero of cos θ1 next to the enclosed angle: (k + 1/2)π, within π/2 of it.
    const double turns = std::round((y[0] / pi()).midpoint_double() - 0.5);
    const Ball wall = (Ball(static_cast<slong>(turns)) + Ball(1) / Ball(2)) * pi();
    if (!certainly_less(abs(y[0] - wall), pi() / Ball(2)))
      return "the impact at t ≈ " + when.midpoint_text(10) + " is not told which zero of cos θ1 it is at";
    y[0] = wall;
    const Ball before = sin_cos(y[0]).first * y[2];
    if (!before.certainly_positive())
      return "the impact at t ≈ " + when.midpoint_text(10) + " is not proved transverse (g' encloses 0: grazing)";
    if (!e.certainly_positive()) return "e = 0: the rod sticks on the wall at its first impact, which is not enclosed";
    if (auto why = past_the_width_bound(when, before, result.impacts.size() + 1, limits)) return why;
    const Ball coupling = B * sin_cos(y[0] - y[1]).second / D;
    y[3] = y[3] + (Ball(1) + e) * y[2] * coupling;
    y[2] = -(e * y[2]);
    result.impacts.push_back({when, 0, before, -(e * before)});
    if (limits.progress) limits.progress->advance(static_cast<std::int64_t>(result.impacts.size()));
    throw_if_cancelled();
    return std::nullopt;
  };
  if (on) {
    const Ball rate = sin_cos(y[0]).first * y[2];
    if (rate.certainly_positive()) {
      if (auto why = impact_at(t)) return stop(*why);
    } else if (!rate.certainly_negative()) {
      return stop("the start is on the wall at rest (its normal rate encloses 0): sticking is not enclosed");
    }
  }

  // The set the flight's steps carry (pendulum_taylor_step.hpp, 4.): none after an impact,
  // whose balls start the next flight.
  std::optional<LohnerSet> set;
  const std::size_t order = taylor_order(limits.digits);
  const Ball nominal = Ball(1) / Ball(64);
  std::int64_t steps = 0;
  while (true) {
    // As many more bits as t has before the point: the time keeps its absolute accuracy.
    const BallPrecision step_precision(proof_bits(limits.digits) + bits_before_the_point(t));
    if (horizon.impacts && static_cast<std::int64_t>(result.impacts.size()) >= *horizon.impacts) break;
    if (auto why = taylor_work_limit(result.impacts.size(), ++steps, t, limits, result.stopped_at_max_impacts))
      return stop(*why);
    // The step: the nominal length, or to the horizon's upper point, halved until its a-priori
    // enclosure is proved and its remainder is below the precision.
    auto [h, last] = taylor_step_length(nominal, end, t);
    // At the working precision's last bit: the truncation adds no more than the rounding does.
    const Ball tolerance = two_to_minus(proof_bits(limits.digits));
    std::optional<PendulumTaylorStep> step;
    int halvings = 0;
    const LohnerSet start = set ? *set : LohnerSet::around(std::vector<Ball>(y.begin(), y.end()));
    for (; halvings <= 20; ++halvings, h = (h / Ball(2)).midpoint())
      if ((step = PendulumTaylorStep::from(p, start, h, order, tolerance))) break;
    if (!step) return stop("no validated Taylor step from t ≈ " + t.midpoint_text(10) + " (even halved 20 times)");
    ++result.taylor_steps;
    const bool reaches_end = last && halvings == 0;
    const WallGap gap{&*step};
    const FirstContact contact = first_contact(gap, h, h, on, t);
    if (!contact.undecided.empty()) return stop(contact.undecided);
    if (contact.tau) {
      const Ball when = t + *contact.tau;
      if (end && !certainly_less(when, *end)) {
        if (!certainly_less(*end, when))
          return stop("an impact at t ≈ " + when.midpoint_text(10) + " is not proved before or after the horizon");
      } else {
        if (on && !certainly_less(Ball::of_text("1e-12"), *contact.tau))
          return stop("the impacts accumulate at t ≈ " + when.midpoint_text(10) +
                      " (a flight shorter than 1e-12): chattering and sticking are not enclosed");
        y = (*step)(*contact.tau);
        set.reset();
        if (auto why = impact_at(when)) return stop(*why);
        t = when, on = true;
        continue;
      }
    }
    if (reaches_end) {
      y = (*step)(*end - t);
      result.horizon = *end;
      result.final_q = std::vector<Ball>{y[0], y[1]};
      result.final_v = std::vector<Ball>{y[2], y[3]};
      return result;
    }
    // The next step starts from the set in Lohner's form, its box the state's enclosure.
    set = step->set_at(h);
    const std::vector<Ball> box = set->box();
    std::copy(box.begin(), box.end(), y.begin());
    t = t + h, on = false;
    // A flight may take many steps between impacts: Ctrl-C is heard at each.
    throw_if_cancelled();
  }
  result.horizon = t;
  result.final_q = std::vector<Ball>{y[0], y[1]};
  result.final_v = std::vector<Ball>{y[2], y[3]};
  return result;
}

}  // namespace vibro::proof
