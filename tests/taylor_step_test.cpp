// The validated Taylor step of the Duffing oscillator (proof/taylor_step.hpp) and the enclosure
// built on it (proof/duffing_enclosure.hpp) against values from elsewhere: with β = 0 the
// flight is the linear oscillator's, whose closed form (proof/oscillator_flight.hpp: the
// fundamental matrix and the periodic particular solution, no Taylor series) every step must
// hold — at a low order, where the remainder carries the step, and at the working order, where
// the balls are narrow; an exact grazing (u = cos t touching u_min = −1) refused. The test set's
// VI-08, whose stored values the MPFR reference integrated by RKF 7(8) (another method), is
// checked in enclosure_outputs_test.cpp.

#include "vibro/proof/duffing_enclosure.hpp"
#include "vibro/proof/oscillator_flight.hpp"
#include "vibro/proof/taylor_step.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace {

using vibro::proof::Ball;
using vibro::proof::DuffingOscillator;
using vibro::proof::TaylorStep;

/// The linear oscillator u'' + 0.2u' + u = cos(1.3t) with u_min = −1/2, as the Duffing
/// oscillator with β = 0 and as the closed form.
struct LinearCase {
  vibro::proof::BallPrecision precision{vibro::proof::proof_bits(40)};
  DuffingOscillator duffing{Ball::of_text("0.1"), Ball(0), Ball(1), Ball::of_text("1.3"), Ball::of_text("-1/2")};
  vibro::proof::ForcedOscillator closed{"0.1", "1", "1.3", "-1/2", "0.8", 40};
};

/// A step of 1/4 at order 4 (its remainder near 10^−4 of the step) and one of 1/32 at order 52:
/// at τ = 0, h/3 and h the balls hold the closed form's position and velocity, and at order 52
/// they are narrower than 1e−40.
TEST(TaylorStep, HoldsTheClosedFormOfTheLinearOscillator) {
  const LinearCase c;
  const Ball t0 = Ball::of_text("0.3"), u0 = Ball::of_text("0.1"), v0 = Ball::of_text("0.7");
  const auto [p, dp] = c.closed.particular(t0);
  const vibro::proof::OscillatorFlight exact{c.closed, t0, u0 - p, v0 - dp};
  for (const auto& [h_text, order] : {std::pair{"1/4", 4}, std::pair{"1/32", 52}}) {
    SCOPED_TRACE(h_text);
    const Ball h = Ball::of_text(h_text);
    const std::optional<TaylorStep> step = TaylorStep::from(c.duffing, t0, u0, v0, h, order);
    ASSERT_TRUE(step.has_value());
    for (const Ball& tau : {Ball(0), (h / Ball(3)).midpoint(), h}) {
      const auto [gap, velocity] = (*step)(tau);
      const auto [exact_gap, exact_velocity] = exact(tau);
      // Both hold the exact value, so they share a point; the step's wrong by more than the two
      // radii would not.
      EXPECT_TRUE(overlaps(gap, exact_gap)) << gap.text(50) << " vs " << exact_gap.text(50);
      EXPECT_TRUE(overlaps(velocity, exact_velocity)) << velocity.text(50) << " vs " << exact_velocity.text(50);
      if (order > 10) {
        EXPECT_LT(gap.radius(), 1e-40);
        EXPECT_LT(velocity.radius(), 1e-40);
      }
    }
  }
}

/// u = cos t (α = a = β = 0) touches u_min = −1 at t = π with zero velocity: refused as a
/// grazing, never listed as an impact.
TEST(DuffingEnclosure, RefusesAnExactGrazing) {
  vibro::proof::EnclosureProblem p;
  p.alpha = "0", p.a = "0", p.omega = "1", p.beta = "0", p.u_min = "-1", p.e = "0.8", p.u0 = "1", p.v0 = "0";
  vibro::proof::EnclosureHorizon horizon;
  horizon.t_end = "4";
  const vibro::proof::ReferenceEnclosure enclosure = vibro::proof::enclose_duffing(p, horizon, {});
  EXPECT_TRUE(enclosure.impacts.empty());
  EXPECT_FALSE(enclosure.final_u.has_value());
  EXPECT_NE(enclosure.stopped_because.find("grazing"), std::string::npos) << enclosure.stopped_because;
}

}  // namespace
