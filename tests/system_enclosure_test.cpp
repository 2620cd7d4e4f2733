// The enclosure of the linear N-DOF system in Arb (proof/system_flight.hpp,
// proof/system_enclosure.hpp) against values from elsewhere: a flight of a 3-DOF forced system
// with unequal masses against its Taylor series summed at 80 digits here (the ODE's own
// recurrence, no eigenvector in sight); the closed form of a symmetric mode's first impact
// (q_i = −sin t hits −1/2 at t = π/6 with velocity −√3/2); and refusals where a proof could lie:
// two coordinates reaching their faces at the same instant, an exact grazing, a resonance, a
// repeated mode frequency, a start at rest on a face. The test set's VI-09 to VI-11, whose
// stored values the MPFR N-DOF reference computed, are checked in enclosure_outputs_test.cpp.

#include "support/ball_holds.hpp"

#include "vibro/proof/system_enclosure.hpp"
#include "vibro/proof/system_flight.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace {

using vibro::mpfr_real;
using vibro::proof::Ball;
using vibro::proof::EnclosureHorizon;
using vibro::proof::EnclosureLimits;
using vibro::proof::SystemEnclosure;
using vibro::proof::SystemEnclosureProblem;
using vibro::proof::SystemModes;
using vibro::proof::SystemTexts;
using vibro::testing::ball_holds;

mpfr_real number(const std::string& text) { return vibro::parse_real<mpfr_real>(text); }

/// M² q'' + A² q = f cos Ωt summed as Taylor series from (t0, q0, v0) to t0 + τ in steps of
/// 1/20 with 60 terms: the coefficients' recurrence x_{k+2} = (f_i c_k − Σ_j A²_ij x_{j,k}) /
/// (m_i (k+1)(k+2)), c_k those of cos Ω(t_s + s), c_k = Ω^k cos(Ωt_s + kπ/2)/k!. Each step's
/// truncation is below (max ω · h)^60/60! — far below 10^−60 here.
void taylor(const SystemTexts& s, const std::string& t0, std::vector<mpfr_real>& q, std::vector<mpfr_real>& v,
            const mpfr_real& tau) {
  const std::size_t n = q.size();
  constexpr int terms = 60;
  const mpfr_real omega = number(s.omega), half_pi = boost::math::constants::half_pi<mpfr_real>();
  const int steps = static_cast<int>(tau * 20 + mpfr_real("0.5"));
  const mpfr_real h = tau / steps;
  mpfr_real t = number(t0);
  for (int step = 0; step < steps; ++step) {
    std::vector<std::vector<mpfr_real>> x(n, std::vector<mpfr_real>(terms + 2, mpfr_real(0)));
    std::vector<mpfr_real> c(terms + 2);
    mpfr_real power(1), factorial(1);
    for (int k = 0; k < terms + 2; ++k) {
      c[k] = power * cos(omega * t + k * half_pi) / factorial;
      power *= omega;
      factorial *= k + 1;
    }
    for (std::size_t i = 0; i < n; ++i) x[i][0] = q[i], x[i][1] = v[i];
    for (int k = 0; k + 2 < terms + 2; ++k)
      for (std::size_t i = 0; i < n; ++i) {
        mpfr_real rhs = s.force.empty() ? mpfr_real(0) : number(s.force[i]) * c[k];
        for (std::size_t j = 0; j < n; ++j) rhs -= number(s.stiffness[i][j]) * x[j][k];
        x[i][k + 2] = rhs / (number(s.mass[i]) * (k + 1) * (k + 2));
      }
    for (std::size_t i = 0; i < n; ++i) {
      mpfr_real position(0), velocity(0);
      for (int k = terms + 1; k >= 0; --k) position = position * h + x[i][k];
      for (int k = terms + 1; k >= 1; --k) velocity = velocity * h + k * x[i][k];
      q[i] = position, v[i] = velocity;
    }
    t += h;
  }
}

SystemTexts three_masses() {
  SystemTexts s;
  s.mass = {"1", "2", "1/3"};
  s.stiffness = {{"3", "-1", "0"}, {"-1", "2", "-1"}, {"0", "-1", "1"}};
  s.force = {"1", "0", "1/2"};
  s.omega = "7/5";
  return s;
}

/// Two unit masses coupled by a spring, A² = [[2, −1], [−1, 2]]: modes (1, 1) at ω = 1 and
/// (1, −1) at ω = √3. The symmetric start moves along the first alone.
SystemEnclosureProblem symmetric_pair(const std::string& v1, const std::string& v2) {
  SystemEnclosureProblem p;
  p.system.mass = {"1", "1"};
  p.system.stiffness = {{"2", "-1"}, {"-1", "2"}};
  p.lower = {"-1/2", "-1/2"};
  p.upper = {"", ""};
  p.e = {"1/2", "1/2"};
  p.q0 = {"0", "0"};
  p.v0 = {v1, v2};
  return p;
}

EnclosureHorizon until(const std::string& t_end) {
  EnclosureHorizon h;
  h.t_end = t_end;
  return h;
}

/// Every coordinate's position and velocity along a flight of three unequal masses, forced,
/// from a start at t0 = 3/10, lies in the enclosure at 40 digits, whose radius is below 1e−35.
TEST(SystemFlight, HoldsItsTaylorSeriesAtEightyDigits) {
  const SystemTexts s = three_masses();
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(40));
  const SystemModes modes(s);
  ASSERT_EQ(modes.dimension(), 3u);
  const std::vector<std::string> q0 = {"1/10", "-1/5", "1/4"}, v0 = {"1", "1/2", "-1"};
  std::vector<Ball> q_ball, v_ball;
  for (std::size_t i = 0; i < 3; ++i) q_ball.push_back(Ball::of_text(q0[i])), v_ball.push_back(Ball::of_text(v0[i]));
  const vibro::proof::SystemFlight flight = modes.flight(Ball::of_text("3/10"), q_ball, v_ball);
  for (const char* tau_text : {"1/4", "1", "5/2"}) {
    SCOPED_TRACE(tau_text);
    const vibro::MpfrPrecisionGuard guard(80);
    std::vector<mpfr_real> q, v;
    for (std::size_t i = 0; i < 3; ++i) q.push_back(number(q0[i])), v.push_back(number(v0[i]));
    taylor(s, "3/10", q, v, number(tau_text));
    std::vector<Ball> q_enclosed, v_enclosed;
    flight.state(Ball::of_text(tau_text), q_enclosed, v_enclosed);
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_TRUE(ball_holds(q_enclosed[i], q[i], 1e-60)) << i << ": " << q_enclosed[i].text(45) << " vs " << q[i];
      EXPECT_TRUE(ball_holds(v_enclosed[i], v[i], 1e-60)) << i << ": " << v_enclosed[i].text(45) << " vs " << v[i];
      EXPECT_LT(q_enclosed[i].radius(), 1e-35);
      EXPECT_LT(v_enclosed[i].radius(), 1e-35);
    }
  }
}

/// The symmetric start moves along the mode q1 = q2 = −sin t: both coordinates reach −1/2 at
/// t = π/6 at once. Refused as near-simultaneous; with the faces on different coordinates
/// apart (q2's bound lowered), q1's first impact is the closed form: t = π/6, v− = −√3/2,
/// v+ = e √3/2.
TEST(SystemEnclosure, RefusesContactsNotToldApartAndHasTheClosedFormImpact) {
  EnclosureLimits limits;
  const SystemEnclosure both = enclose_system(symmetric_pair("-1", "-1"), until("1"), limits);
  EXPECT_TRUE(both.impacts.empty());
  EXPECT_NE(both.stopped_because.find("q1 ≥ -1/2 and q2 ≥ -1/2"), std::string::npos) << both.stopped_because;
  EXPECT_NE(both.stopped_because.find("not told apart"), std::string::npos) << both.stopped_because;

  SystemEnclosureProblem apart = symmetric_pair("-1", "-1");
  apart.lower[1] = "-3/4";
  const SystemEnclosure one = enclose_system(apart, until("3/5"), limits);
  ASSERT_TRUE(one.stopped_because.empty()) << one.stopped_because;
  ASSERT_EQ(one.impacts.size(), 1u);
  const vibro::MpfrPrecisionGuard guard(60);
  const mpfr_real root3 = sqrt(mpfr_real(3));
  EXPECT_EQ(one.impacts[0].coordinate, 0u);
  const double slack = 1e-45;
  EXPECT_TRUE(ball_holds(one.impacts[0].t, boost::math::constants::pi<mpfr_real>() / 6, slack)) << one.impacts[0].t.text(40);
  EXPECT_TRUE(ball_holds(one.impacts[0].velocity_before, -root3 / 2, slack));
  EXPECT_TRUE(ball_holds(one.impacts[0].velocity_after, root3 / 4, slack));
  EXPECT_LT(one.impacts[0].t.radius(), 1e-35);
  ASSERT_TRUE(one.final_q.has_value());
  EXPECT_EQ(one.final_q->size(), 2u);
}

/// q_i = cos t / 2 (the symmetric mode from rest at 1/2) touches q1 ≥ −1/2 at t = π with zero
/// velocity: an exact grazing, refused.
TEST(SystemEnclosure, RefusesAnExactGrazing) {
  SystemEnclosureProblem p = symmetric_pair("0", "0");
  p.q0 = {"1/2", "1/2"};
  p.lower = {"-1/2", ""};
  const SystemEnclosure graze = enclose_system(p, until("4"), EnclosureLimits{});
  EXPECT_TRUE(graze.impacts.empty());
  EXPECT_FALSE(graze.final_q.has_value());
  EXPECT_NE(graze.stopped_because.find("grazing"), std::string::npos) << graze.stopped_because;
  EXPECT_NE(graze.stopped_because.find("q1 ≥ -1/2"), std::string::npos) << graze.stopped_because;
}

/// What is not enclosed is refused with the reason: a forcing at a mode's frequency, a repeated
/// mode frequency, e = 0, a start at rest on a face, a start outside the box.
TEST(SystemEnclosure, RefusesWhatItDoesNotEnclose) {
  const auto refusal = [](const SystemEnclosureProblem& p) -> std::string {
    try {
      enclose_system(p, until("1"), EnclosureLimits{});
    } catch (const std::invalid_argument& why) {
      return why.what();
    }
    return "";
  };
  SystemEnclosureProblem resonance = symmetric_pair("-1", "-1");
  resonance.system.force = {"1", "0"};
  resonance.system.omega = "1";
  EXPECT_NE(refusal(resonance).find("resonance"), std::string::npos) << refusal(resonance);
  SystemEnclosureProblem repeated = symmetric_pair("-1", "-1");
  repeated.system.stiffness = {{"1", "0"}, {"0", "1"}};
  EXPECT_NE(refusal(repeated).find("not proved simple"), std::string::npos) << refusal(repeated);
  SystemEnclosureProblem outside = symmetric_pair("-1", "-1");
  outside.q0 = {"-1", "0"};
  EXPECT_NE(refusal(outside).find("not inside the box (q1 ≥ -1/2)"), std::string::npos) << refusal(outside);

  SystemEnclosureProblem sticking = symmetric_pair("-1", "0");
  sticking.lower[1] = "-3/4";
  sticking.e = {"0", "0"};
  const SystemEnclosure stuck = enclose_system(sticking, until("1"), EnclosureLimits{});
  EXPECT_NE(stuck.stopped_because.find("e = 0 on q1"), std::string::npos) << stuck.stopped_because;
  SystemEnclosureProblem at_rest = symmetric_pair("0", "0");
  at_rest.q0 = {"-1/2", "0"};
  const SystemEnclosure rest = enclose_system(at_rest, until("1"), EnclosureLimits{});
  EXPECT_NE(rest.stopped_because.find("at rest"), std::string::npos) << rest.stopped_because;
}

}  // namespace
