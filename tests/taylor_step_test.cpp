// The validated Taylor step of the Duffing oscillator (proof/taylor_step.hpp) and the enclosure
// built on it (proof/duffing_enclosure.hpp) against values from elsewhere: with β = 0 the
// flight is the linear oscillator's, whose closed form (proof/oscillator_flight.hpp: the
// fundamental matrix and the periodic particular solution, no Taylor series) every step must
// hold — at a low order, where the remainder carries the step, and at the working order, where
// the balls are narrow; an exact grazing (u = cos t touching u_min = −1) refused. The test set's
// VI-08, whose stored values the MPFR reference integrated by RKF 7(8) (another method), is
// checked in enclosure_outputs_test.cpp.

#include "support/ball_holds.hpp"

#include "vibro/proof/duffing_enclosure.hpp"
#include "vibro/proof/oscillator_flight.hpp"
#include "vibro/proof/taylor_step.hpp"

#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>

#include <optional>
#include <string>
#include <vector>

namespace {

using vibro::proof::Ball;
using vibro::proof::DuffingOscillator;
using vibro::proof::TaylorStep;
using vibro::testing::ball_holds;

/// The linear oscillator u'' + 0.2u' + u = cos(1.3t) with u_min = −1/2, as the Duffing
/// oscillator with β = 0 and as the closed form.
struct LinearCase {
  vibro::proof::BallPrecision precision{vibro::proof::proof_bits(40)};
  DuffingOscillator duffing{Ball::of_text("0.1"), Ball(0), Ball(1), Ball::of_text("1.3"), Ball::of_text("-1/2")};
  vibro::proof::ForcedOscillator closed{"0.1", "1", "1.3", "-1/2", "0.8", 40};
};

/// The closed form's flight from (t0, u0, v0).
vibro::proof::OscillatorFlight closed_flight(const LinearCase& c, const Ball& t0, const Ball& u0, const Ball& v0) {
  const auto [p, dp] = c.closed.particular(t0);
  return {c.closed, t0, u0 - p, v0 - dp};
}

/// A step of 1/4 at order 4 (its remainder near 10^−4 of the step), one of 1/2 at order 8 (whose
/// a-priori box takes several widenings) and one of 1/32 at order 52: at τ = 0, h/3 and h the
/// balls hold the closed form's position and velocity, and at order 52 they are narrower than
/// 1e−40.
TEST(TaylorStep, HoldsTheClosedFormOfTheLinearOscillator) {
  const LinearCase c;
  const Ball t0 = Ball::of_text("0.3"), u0 = Ball::of_text("0.1"), v0 = Ball::of_text("0.7");
  const vibro::proof::OscillatorFlight exact = closed_flight(c, t0, u0, v0);
  for (const auto& [h_text, order] : {std::pair{"1/4", 4}, std::pair{"1/2", 8}, std::pair{"1/32", 52}}) {
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

/// The Duffing enclosure of u'' + 2αu' + u + βu³ = a cos ωt above u_min from (u0, 0) to t_end.
vibro::proof::ReferenceEnclosure duffing_to(const char* alpha, const char* a, const char* omega, const char* beta,
                                           const char* u_min, const char* u0, const char* t_end,
                                           const vibro::proof::EnclosureLimits& limits = {}) {
  vibro::proof::EnclosureProblem p;
  p.alpha = alpha, p.a = a, p.omega = omega, p.beta = beta, p.u_min = u_min, p.e = "0.8", p.u0 = u0, p.v0 = "0";
  vibro::proof::EnclosureHorizon horizon;
  horizon.t_end = t_end;
  return vibro::proof::enclose_duffing(p, horizon, limits);
}

/// The Duffing oscillator of the test set's VI-08 (α = 0.05, β = 1, a = 1, ω = 1.2) from
/// (0, 0) with the obstacle far below (u_min = −10: no impact) over t ∈ [0, 2]: the enclosure's
/// state at t = 2 holds the Taylor series summed here at 80 digits, in 80 steps of 1/40 with 60
/// terms, its cubic term by the triple sum Σ_{i+j+l=k} u_i u_j u_l (not the enclosure's
/// Cauchy products).
TEST(DuffingEnclosure, HoldsATaylorSeriesSummedAtEightyDigits) {
  const vibro::proof::ReferenceEnclosure enclosure = duffing_to("0.05", "1", "1.2", "1", "-10", "0", "2");
  ASSERT_EQ(enclosure.stopped_because, "");
  ASSERT_TRUE(enclosure.final_u && enclosure.final_v);
  EXPECT_TRUE(enclosure.impacts.empty());

  const vibro::MpfrPrecisionGuard guard(80);
  using vibro::mpfr_real;
  const mpfr_real alpha("0.05"), omega("1.2"), half_pi = boost::math::constants::half_pi<mpfr_real>();
  constexpr int terms = 60, steps = 80;
  const mpfr_real h = mpfr_real(2) / steps;
  mpfr_real t(0), u(0), v(0);
  for (int step = 0; step < steps; ++step) {
    std::vector<mpfr_real> c(terms + 2, mpfr_real(0));
    c[0] = u, c[1] = v;
    mpfr_real forcing(1);  // ω^k / k!
    for (int k = 0; k + 2 < terms + 2; ++k) {
      mpfr_real cube(0);
      for (int i = 0; i <= k; ++i)
        for (int j = 0; i + j <= k; ++j) cube += c[i] * c[j] * c[k - i - j];
      c[k + 2] = (forcing * cos(omega * t + k * half_pi) - 2 * alpha * (k + 1) * c[k + 1] - c[k] - cube) /
                 ((k + 1) * (k + 2));
      forcing *= omega / (k + 1);
    }
    mpfr_real position(0), velocity(0);
    for (int k = terms + 1; k >= 0; --k) position = position * h + c[k];
    for (int k = terms + 1; k >= 1; --k) velocity = velocity * h + k * c[k];
    u = position, v = velocity, t += h;
  }
  EXPECT_TRUE(ball_holds(*enclosure.final_u, u, 1e-60)) << enclosure.final_u->text(45) << " vs " << u;
  EXPECT_TRUE(ball_holds(*enclosure.final_v, v, 1e-60)) << enclosure.final_v->text(45) << " vs " << v;
  EXPECT_LT(enclosure.final_u->radius(), 1e-40);
}

/// VI-08's oscillator (u_min = −0.5, e = 0.8, from (0, 0)) over its 4 periods at 42 digits: the
/// wrapping controlled (Lohner's form between impacts), the end state is narrower than 1e−44,
/// where the boxes carried from step to step gave about 1e−38 (measured on 2026-11-30 before the
/// control) and the control gives about 4e−48.
TEST(DuffingEnclosure, ControlsTheWrappingBetweenImpacts) {
  vibro::proof::EnclosureProblem p;
  p.alpha = "0.05", p.a = "1", p.omega = "1.2", p.beta = "1", p.u_min = "-0.5", p.e = "0.8", p.u0 = "0", p.v0 = "0";
  vibro::proof::EnclosureHorizon horizon;
  horizon.periods = 4;
  vibro::proof::EnclosureLimits limits;
  limits.digits = 42;
  const vibro::proof::ReferenceEnclosure enclosure = vibro::proof::enclose_duffing(p, horizon, limits);
  ASSERT_EQ(enclosure.stopped_because, "");
  EXPECT_EQ(enclosure.impacts.size(), 4u);
  ASSERT_TRUE(enclosure.final_u && enclosure.final_v);
  EXPECT_LT(enclosure.final_u->radius(), 1e-44) << enclosure.final_u->text(10);
  EXPECT_LT(enclosure.final_v->radius(), 1e-44) << enclosure.final_v->text(10);
}

/// Steps up to too long for their a-priori enclosure (1/8 to 4 time units at order 8) are
/// refused, or, where one is proved, its a-priori box holds the closed form's state at 33
/// times across the step and its end holds the closed form's: never a step without a proved box.
/// Two starts: a gentle one, and (0, 5), whose acceleration grows from −1 to about −4 as u grows,
/// so that a box guessed from the start's acceleration alone would not hold the motion.
TEST(TaylorStep, ALongStepIsRefusedOrRight) {
  const LinearCase c;
  for (const auto& [u0_text, v0_text] : {std::pair{"0.1", "0.7"}, std::pair{"0", "5"}})
  for (const char* h_text : {"1/8", "1/4", "1/2", "1", "2", "4"}) {
    SCOPED_TRACE(std::string(h_text) + " from " + u0_text + ", " + v0_text);
    const vibro::proof::OscillatorFlight exact =
        closed_flight(c, Ball::of_text("0.3"), Ball::of_text(u0_text), Ball::of_text(v0_text));
    const Ball h = Ball::of_text(h_text);
    const std::optional<TaylorStep> step = TaylorStep::from(c.duffing, exact.t0, Ball::of_text(u0_text),
                                                            Ball::of_text(v0_text), h, 8);
    if (!step) continue;
    const auto [u_box, v_box] = step->a_priori_box();
    for (int k = 0; k <= 32; ++k) {
      const auto [exact_gap, exact_velocity] = exact(h * Ball(k) / Ball(32));
      EXPECT_TRUE(u_box.contains(exact_gap + c.duffing.u_min)) << "τ = " << k << "h/32: " << u_box.text(10);
      EXPECT_TRUE(v_box.contains(exact_velocity)) << "τ = " << k << "h/32: " << v_box.text(10);
    }
    const auto [gap, velocity] = (*step)(h);
    const auto [exact_gap, exact_velocity] = exact(h);
    EXPECT_TRUE(overlaps(gap, exact_gap)) << gap.text(30) << " vs " << exact_gap.text(30);
    EXPECT_TRUE(overlaps(velocity, exact_velocity)) << velocity.text(30) << " vs " << exact_velocity.text(30);
  }
}

/// A flight of many steps stops at the step limit (the work limit's, from taylor_step_seconds),
/// saying so, rather than running on without an impact to count.
TEST(DuffingEnclosure, StopsAtTheStepLimit) {
  vibro::proof::EnclosureLimits limits;
  limits.max_taylor_steps = 10;
  const vibro::proof::ReferenceEnclosure enclosure = duffing_to("0.05", "1", "1.2", "1", "-10", "0", "100", limits);
  EXPECT_FALSE(enclosure.final_u.has_value());
  EXPECT_NE(enclosure.stopped_because.find("more than 10 validated Taylor steps"), std::string::npos)
      << enclosure.stopped_because;
}

/// u = cos t (α = a = β = 0) touches u_min = −1 at t = π with zero velocity: refused as a
/// grazing, never listed as an impact.
TEST(DuffingEnclosure, RefusesAnExactGrazing) {
  const vibro::proof::ReferenceEnclosure enclosure = duffing_to("0", "0", "1", "0", "-1", "1", "4");
  EXPECT_TRUE(enclosure.impacts.empty());
  EXPECT_FALSE(enclosure.final_u.has_value());
  EXPECT_NE(enclosure.stopped_because.find("grazing"), std::string::npos) << enclosure.stopped_because;
}

}  // namespace
