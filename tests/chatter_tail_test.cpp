// The oscillator's chattering, rest and release in ball arithmetic (proof/chatter_tail.hpp,
// used by proof/reference_enclosure.cpp) against values from elsewhere:
// - a closed form: the unforced u'' = −u above u_min = 1 (α = a = 0, ω = 1): a flight from the
//   obstacle with velocity w is the arc cos τ + w sin τ, back at τ = 2 atan w with the same
//   speed, so after a start at w the impacts accumulate at Σ_n 2 atan(e^n w), summed here in
//   MPFR; the mass then rests for good (the net force −u_min never turns);
// - the test set's VI-06 (α = 0.05, a = 0.8, ω = 1.3, u_min = 0.5, e = 0.5 from (2, 0)): its first
//   accumulation t_inf_1 as stored in reference/testset/VI-06.toml (the MPFR impact reference at
//   80 and 96 digits, which sums a chattering by its own rule: another method), which the tail
//   from each of the chattering's explicit impacts must hold, its width shrinking as w²; its
//   releases against the closed form of the zeros of a cos ωt − u_min, ωt = 2πk − acos(u_min/a);
// - refusals: a tail where the force does not hold the mass, and one not proved geometric.

#include "support/ball_holds.hpp"

#include "vibro/proof/chatter_tail.hpp"
#include "vibro/proof/reference_enclosure.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <string>

namespace {

using vibro::mpfr_real;
using vibro::proof::Ball;
using vibro::proof::ForcedOscillator;
using vibro::testing::ball_holds;

/// VI-06's oscillator and its stored first accumulation (reference/testset/VI-06.toml, 32 digits,
/// bound 2e−42: within 1e−31).
const char* const vi06_t_inf_1 = "7.9006564959082714566076064074269";

/// VI-06's enclosure at 50 digits to `horizon`.
vibro::proof::ReferenceEnclosure vi06_at_50_digits(const vibro::proof::EnclosureHorizon& horizon) {
  vibro::proof::EnclosureProblem p;
  p.alpha = "0.05", p.a = "0.8", p.omega = "1.3", p.u_min = "0.5", p.e = "0.5", p.u0 = "2", p.v0 = "0";
  vibro::proof::EnclosureLimits limits;
  limits.digits = 50;
  return vibro::proof::enclose_reference(p, horizon, limits);
}

/// From the obstacle at w = 1/10 (e = 1/2) the impacts accumulate at Σ 2 atan(2^−n/10): the
/// enclosure to t = 3 has one accumulation holding the sum (to 1e−30 at 40 digits), no release,
/// and the mass at rest at the end.
TEST(ChatterTail, AccumulatesAtTheUnforcedOscillatorsClosedForm) {
  vibro::proof::EnclosureProblem p;
  p.alpha = "0", p.a = "0", p.omega = "1", p.u_min = "1", p.e = "1/2", p.u0 = "1", p.v0 = "1/10";
  vibro::proof::EnclosureHorizon horizon;
  horizon.t_end = "3";
  const vibro::proof::ReferenceEnclosure enclosure = vibro::proof::enclose_reference(p, horizon, {});
  ASSERT_EQ(enclosure.stopped_because, "");
  ASSERT_EQ(enclosure.accumulations.size(), 1u);
  EXPECT_TRUE(enclosure.releases.empty());
  const vibro::MpfrPrecisionGuard guard(60);
  mpfr_real sum(0), w = mpfr_real(1) / 10;
  for (int n = 0; n < 220; ++n, w /= 2) sum += 2 * atan(w);
  EXPECT_TRUE(ball_holds(enclosure.accumulations[0], sum)) << enclosure.accumulations[0].text(40) << " vs " << sum;
  EXPECT_LT(enclosure.accumulations[0].radius(), 1e-30);
  ASSERT_TRUE(enclosure.final_u && enclosure.final_v);
  EXPECT_TRUE(enclosure.final_u->contains(Ball(1)) && enclosure.final_u->radius() == 0);
  EXPECT_TRUE(enclosure.final_v->contains(Ball(0)) && enclosure.final_v->radius() == 0);
}

/// The tail from VI-06's impacts 12 to 60 (velocities after them from about 1e−3 to 1e−18) holds
/// the stored t_inf_1, and is narrower than 100 w² (the deceleration varies by O(w) over it).
TEST(ChatterTail, HoldsTheStoredAccumulationOfVi06FromEachImpact) {
  vibro::proof::EnclosureHorizon horizon;
  horizon.impacts = 60;
  const vibro::proof::ReferenceEnclosure enclosure = vi06_at_50_digits(horizon);
  ASSERT_EQ(enclosure.stopped_because, "");
  ASSERT_EQ(enclosure.impacts.size(), 60u);
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(50));
  const ForcedOscillator o("0.05", "0.8", "1.3", "0.5", "0.5", 50);
  const vibro::MpfrPrecisionGuard guard(60);
  for (std::size_t k = 11; k < 60; k += 4) {
    SCOPED_TRACE("impact " + std::to_string(k + 1));
    const auto& impact = enclosure.impacts[k];
    const vibro::proof::ChatterTail tail = vibro::proof::chatter_tail(o, impact.t, impact.velocity_after);
    ASSERT_TRUE(tail.accumulation) << tail.why_not;
    EXPECT_TRUE(ball_holds(*tail.accumulation, mpfr_real(vi06_t_inf_1), 1e-31)) << tail.accumulation->text(40);
    const double w = impact.velocity_after.midpoint_double();
    EXPECT_LT(tail.accumulation->radius(), 100 * w * w) << "w = " << w;
  }
}

/// VI-06 at 50 digits: five accumulations, the first holding the stored t_inf_1, each followed by
/// a release at the first zero after it of 0.8 cos 1.3t − 0.5 where it turns positive,
/// ωt = 2πk − acos(5/8), known to 1e−45; the end state reached.
TEST(ChatterTail, ReleasesAtTheForcesClosedFormZeros) {
  vibro::proof::EnclosureHorizon horizon;
  horizon.periods = 6;
  const vibro::proof::ReferenceEnclosure enclosure = vi06_at_50_digits(horizon);
  ASSERT_EQ(enclosure.stopped_because, "");
  ASSERT_EQ(enclosure.accumulations.size(), 5u);
  ASSERT_EQ(enclosure.releases.size(), 5u);
  ASSERT_TRUE(enclosure.final_u.has_value());
  const vibro::MpfrPrecisionGuard guard(60);
  EXPECT_TRUE(ball_holds(enclosure.accumulations[0], mpfr_real(vi06_t_inf_1), 1e-31));
  const mpfr_real two_pi = boost::math::constants::two_pi<mpfr_real>(), phase = acos(mpfr_real(5) / 8);
  for (std::size_t j = 0; j < 5; ++j) {
    SCOPED_TRACE("release " + std::to_string(j + 1));
    EXPECT_TRUE(certainly_less(enclosure.accumulations[j], enclosure.releases[j]));
    // The first such zero after the accumulation: the least k with (2πk − acos(5/8))/1.3 ≥ t∞.
    const mpfr_real after = mpfr_real(enclosure.accumulations[j].midpoint_double());
    const long turns = static_cast<long>(ceil((after * mpfr_real("1.3") + phase) / two_pi));
    const mpfr_real zero = (two_pi * turns - phase) / mpfr_real("1.3");
    EXPECT_TRUE(ball_holds(enclosure.releases[j], zero)) << enclosure.releases[j].text(50) << " vs " << zero;
    EXPECT_LT(enclosure.releases[j].radius(), 1e-45);
  }
}

/// No tail where the force pulls the mass off the obstacle (VI-06's oscillator at t = 0, where
/// a cos 0 − u_min = 0.3 > 0), nor where e = 0.999 and w = 1 make the tail so long (about
/// 2w/(G(1 − e))) that its region reaches where the force no longer holds the mass.
TEST(ChatterTail, IsRefusedWhereItIsNotProved) {
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(40));
  const ForcedOscillator o("0.05", "0.8", "1.3", "0.5", "0.5", 40);
  const vibro::proof::ChatterTail pulled = vibro::proof::chatter_tail(o, Ball(0), Ball::of_text("1e-10"));
  EXPECT_FALSE(pulled.accumulation);
  EXPECT_NE(pulled.why_not.find("does not hold"), std::string::npos) << pulled.why_not;
  const ForcedOscillator nearly_elastic("0.05", "0.8", "1.3", "0.5", "0.999", 40);
  const vibro::proof::ChatterTail long_flights = vibro::proof::chatter_tail(nearly_elastic, Ball(8), Ball(1));
  EXPECT_FALSE(long_flights.accumulation) << long_flights.accumulation->text(10);
  EXPECT_NE(long_flights.why_not.find("not proved positive"), std::string::npos) << long_flights.why_not;
}

}  // namespace
