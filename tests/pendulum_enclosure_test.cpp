// The double pendulum's validated Taylor steps (proof/pendulum_taylor_step.hpp) and the
// enclosure built on them (proof/pendulum_enclosure.hpp) against values from elsewhere:
// - a flight with gravity and unequal masses and lengths against a Taylor series summed in the
//   test at 80 digits by another recurrence (the trigonometric functions through complex
//   exponentials). The general-inertia reference (RKF 7(8) in MPFR) would be another method,
//   but at 60 digits it takes about 10 minutes for this quarter second (its steps shrink as
//   ε^(1/8)); it made the test set's stored values at 38 digits, which verify proves;
// - a closed form: without gravity, two aligned rods turning together (θ1 = θ2, θ1' = θ2') turn
//   rigidly (sin δ = 0 and the equations give ω' = 0), so the impact is at (π/2 − θ0)/ω and the
//   law's coupling gives θ2'+ = ω (1 + (1 + e) B/D) in closed form;
// - invariants: the energy over an elastic run with three impacts, and its loss at an inelastic
//   impact, ½(1 − e²)(v−)² det M / D (the closed form of seed 004's law: the normal part of the
//   kinetic energy, (∇g·u)²/(2∇gᵀM⁻¹∇g) with ∇gᵀM⁻¹∇g = D/det M on the wall);
// - refusals: a start beyond the wall, a start on it at rest, e = 0.
// The test set's VI-12 and VI-13, whose stored values the same RKF 7(8) computed at 38 digits,
// are proved by `vibro testset verify` (enclosure_outputs_test.cpp, the docs' table).

#include "support/ball_holds.hpp"

#include "vibro/proof/pendulum_enclosure.hpp"
#include "vibro/proof/pendulum_taylor_step.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using vibro::proof::Ball;
using vibro::proof::PendulumEnclosureProblem;
using vibro::proof::SystemEnclosure;
using vibro::testing::ball_holds;

PendulumEnclosureProblem pendulum(std::vector<std::string> q0_over_pi, std::vector<std::string> v0, std::string e,
                                  std::string gravity = "9.81") {
  PendulumEnclosureProblem p;
  p.m1 = "1", p.m2 = "1", p.l1 = "1", p.l2 = "1", p.gravity = std::move(gravity), p.e = std::move(e);
  p.q0 = std::move(q0_over_pi), p.v0 = std::move(v0), p.q0_over_pi = true;
  return p;
}

SystemEnclosure enclose(const PendulumEnclosureProblem& p, const char* t_end, long digits = 40) {
  vibro::proof::EnclosureHorizon horizon;
  horizon.t_end = t_end;
  vibro::proof::EnclosureLimits limits;
  limits.digits = digits;
  return vibro::proof::enclose_pendulum(p, horizon, limits);
}

SystemEnclosure enclose_to_impact(const PendulumEnclosureProblem& p, std::int64_t impacts) {
  vibro::proof::EnclosureHorizon horizon;
  horizon.impacts = impacts;
  return vibro::proof::enclose_pendulum(p, horizon, {});
}

/// ½ uᵀM(θ)u + (m1 + m2) g l1 cos θ1 + m2 g l2 cos θ2 for unit masses and lengths, in balls.
Ball energy(const std::vector<Ball>& q, const std::vector<Ball>& u, const Ball& g) {
  const Ball c12 = sin_cos(q[0] - q[1]).second;
  const Ball kinetic = (Ball(2) * u[0] * u[0] + u[1] * u[1]) / Ball(2) + c12 * u[0] * u[1];
  return kinetic + Ball(2) * g * sin_cos(q[0]).second + g * sin_cos(q[1]).second;
}

/// One step of length h of M(θ)θ'' = f(θ, θ') by its Taylor series of `terms` terms in MPFR,
/// written here apart from the enclosure's: the trigonometric functions through the complex
/// exponentials z_j = e^{iθ_j} (z' = iθ'z, so k z_k = i Σ_{j≤k} jθ_j z_{k−j}) and e^{iδ} = z1 z̄2 as
/// a product of series (the enclosure takes the sine and cosine of δ = θ1 − θ2 by their own
/// recurrence), and each order's 2×2 system solved by Cramer's rule from the full M_0.
void taylor_step_in_mpfr(const std::vector<vibro::mpfr_real>& parameters, std::vector<vibro::mpfr_real>& y,
                         const vibro::mpfr_real& h, int terms) {
  using vibro::mpfr_real;
  using Series = std::vector<mpfr_real>;
  const mpfr_real &m1 = parameters[0], &m2 = parameters[1], &l1 = parameters[2], &l2 = parameters[3],
                  &g = parameters[4];
  const mpfr_real A = (m1 + m2) * l1 * l1, B = m2 * l1 * l2, D = m2 * l2 * l2;
  const auto zero = [&] { return Series(terms + 1, mpfr_real(0)); };
  Series x1 = zero(), x2 = zero(), w1 = zero(), w2 = zero(), a1 = zero(), a2 = zero();
  Series re1 = zero(), im1 = zero(), re2 = zero(), im2 = zero(), cos_d = zero(), sin_d = zero();
  x1[0] = y[0], x2[0] = y[1], w1[0] = y[2], w2[0] = y[3];
  re1[0] = cos(y[0]), im1[0] = sin(y[0]), re2[0] = cos(y[1]), im2[0] = sin(y[1]);
  for (int k = 0; k < terms; ++k) {
    if (k > 0)
      for (auto [x, re, im] : {std::tuple{&x1, &re1, &im1}, std::tuple{&x2, &re2, &im2}}) {
        mpfr_real sum_re(0), sum_im(0);  // Σ jθ_j z_{k−j}, then times i/k
        for (int j = 1; j <= k; ++j) sum_re += j * (*x)[j] * (*re)[k - j], sum_im += j * (*x)[j] * (*im)[k - j];
        (*re)[k] = -sum_im / k, (*im)[k] = sum_re / k;
      }
    cos_d[k] = 0, sin_d[k] = 0;  // e^{iδ} = z1 · conj(z2)
    for (int j = 0; j <= k; ++j) {
      cos_d[k] += re1[j] * re2[k - j] + im1[j] * im2[k - j];
      sin_d[k] += im1[j] * re2[k - j] - re1[j] * im2[k - j];
    }
    // The k-th coefficients of f1 − B cos δ ω2' and f2 − B cos δ ω1' with ω'_k left out.
    mpfr_real r1 = (m1 + m2) * g * l1 * im1[k], r2 = m2 * g * l2 * im2[k];
    for (int i = 0; i <= k; ++i)
      for (int j = 0; i + j <= k; ++j) {
        r1 -= B * sin_d[i] * w2[j] * w2[k - i - j];
        r2 += B * sin_d[i] * w1[j] * w1[k - i - j];
      }
    for (int i = 1; i <= k; ++i) r1 -= B * cos_d[i] * a2[k - i], r2 -= B * cos_d[i] * a1[k - i];
    const mpfr_real m12 = B * cos_d[0], det = A * D - m12 * m12;
    a1[k] = (D * r1 - m12 * r2) / det, a2[k] = (A * r2 - m12 * r1) / det;
    x1[k + 1] = w1[k] / (k + 1), x2[k + 1] = w2[k] / (k + 1), w1[k + 1] = a1[k] / (k + 1), w2[k + 1] = a2[k] / (k + 1);
  }
  for (auto [series, out] : {std::pair{&x1, 0}, std::pair{&x2, 1}, std::pair{&w1, 2}, std::pair{&w2, 3}}) {
    mpfr_real sum(0);
    for (int k = terms; k >= 0; --k) sum = sum * h + (*series)[k];
    y[out] = sum;
  }
}

/// m1 = 3/2, m2 = 1, l1 = 1, l2 = 3/4, g = 9.81 from θ = (π/5, −π/7), θ' = (1/2, −1) over
/// t ∈ [0, 1/4] (θ1 stays below about 0.9: no impact): the enclosure at 60 digits holds the
/// Taylor series of taylor_step_in_mpfr summed at 80 digits in 32 steps of 1/128 with 60 terms
/// (its truncation near 1e−70), and is narrower than 1e−45.
TEST(PendulumEnclosure, HoldsATaylorSeriesSummedAtEightyDigits) {
  PendulumEnclosureProblem p;
  p.m1 = "3/2", p.m2 = "1", p.l1 = "1", p.l2 = "3/4", p.gravity = "9.81", p.e = "1";
  p.q0 = {"1/5", "-1/7"}, p.v0 = {"1/2", "-1"}, p.q0_over_pi = true;
  const SystemEnclosure enclosure = enclose(p, "1/4", 60);
  ASSERT_EQ(enclosure.stopped_because, "");
  ASSERT_TRUE(enclosure.final_q && enclosure.final_v);
  EXPECT_TRUE(enclosure.impacts.empty());

  const vibro::MpfrPrecisionGuard guard(80);
  using vibro::mpfr_real;
  const mpfr_real pi = boost::math::constants::pi<mpfr_real>();
  const std::vector<mpfr_real> parameters{mpfr_real(3) / 2, mpfr_real(1), mpfr_real(1), mpfr_real(3) / 4,
                                          mpfr_real("9.81")};
  std::vector<mpfr_real> y{pi / 5, -pi / 7, mpfr_real(1) / 2, mpfr_real(-1)};
  for (int step = 0; step < 32; ++step) taylor_step_in_mpfr(parameters, y, mpfr_real(1) / 128, 60);
  for (std::size_t i = 0; i < 2; ++i) {
    const Ball& q = (*enclosure.final_q)[i];
    const Ball& v = (*enclosure.final_v)[i];
    EXPECT_TRUE(ball_holds(q, y[i], 1e-65)) << q.text(55) << " vs " << y[i];
    EXPECT_TRUE(ball_holds(v, y[2 + i], 1e-65)) << v.text(55) << " vs " << y[2 + i];
    EXPECT_LT(q.radius(), 1e-45);
    EXPECT_LT(v.radius(), 1e-45);
  }
}

/// Steps of 1/256 to 1/16 at order 6 from θ = (6/5, 2), θ' = (3, −4) (m1 = 3/2, l2 = 3/4 as above;
/// accelerations near 50): each is refused or its a-priori box holds the series' state at 17
/// times across the step and its end holds the series' end — at this order the remainder
/// carries most of the width, so a remainder too small or a box not proved would show. At least
/// the three shortest are proved (the interval Picard test fails from about 1/32 here).
TEST(PendulumTaylorStep, ALowOrderStepIsRefusedOrHoldsTheSeries) {
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(40));
  const vibro::proof::DoublePendulumBalls balls{Ball::of_text("3/2"), Ball(1), Ball(1), Ball::of_text("3/4"),
                                                Ball::of_text("9.81")};
  const vibro::proof::PendulumState y0{Ball::of_text("6/5"), Ball(2), Ball(3), Ball(-4)};
  const vibro::MpfrPrecisionGuard guard(60);
  using vibro::mpfr_real;
  const std::vector<mpfr_real> parameters{mpfr_real(3) / 2, mpfr_real(1), mpfr_real(1), mpfr_real(3) / 4,
                                          mpfr_real("9.81")};
  // The series' state at τ, in 8 steps of τ/8 with 40 terms each (far more accurate than the
  // order-6 step's width).
  const auto series_at = [&](const mpfr_real& tau) {
    std::vector<mpfr_real> y{mpfr_real(6) / 5, mpfr_real(2), mpfr_real(3), mpfr_real(-4)};
    for (int k = 0; k < 8; ++k) taylor_step_in_mpfr(parameters, y, tau / 8, 40);
    return y;
  };
  int proved = 0;
  for (const int over : {256, 128, 64, 32, 16}) {
    SCOPED_TRACE("h = 1/" + std::to_string(over));
    const Ball h = Ball(1) / Ball(over);
    const mpfr_real h_exact = mpfr_real(1) / over;
    const std::optional<vibro::proof::PendulumTaylorStep> step = vibro::proof::PendulumTaylorStep::from(balls, y0, h, 6);
    if (!step) continue;
    ++proved;
    for (int k = 0; k <= 16; ++k) {
      const std::vector<mpfr_real> y = series_at(h_exact * k / 16);
      for (std::size_t i = 0; i < 4; ++i)
        EXPECT_TRUE(ball_holds(step->a_priori_box()[i], y[i])) << "τ = " << k << "h/16, " << i << ": "
                                                              << step->a_priori_box()[i].text(10);
    }
    const std::vector<mpfr_real> end = series_at(h_exact);
    const vibro::proof::PendulumState at_h = (*step)(h);
    for (std::size_t i = 0; i < 4; ++i) EXPECT_TRUE(ball_holds(at_h[i], end[i])) << i << ": " << at_h[i].text(20) << " vs " << end[i];
    // The width is the remainder's (1e−13 at 1/256 and more for longer steps): the polynomial's
    // own at 40 digits is near 1e−45.
    EXPECT_GT(at_h[0].radius(), 1e-20);
  }
  EXPECT_GE(proved, 3);
}

/// Short steps at order 2 from a gentle start, θ = (21/20, 21/20) (near π/3),
/// θ' = (1, −1): the a-priori box is narrow (its width about h times the acceleration), so the
/// remainder's coefficient over it is near its value at the start and the step's end is the
/// polynomial plus a remainder term known to a few per cent — a remainder bound too small by half
/// would miss the series' end.
TEST(PendulumTaylorStep, AShortStepsRemainderIsNotTooSmall) {
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(40));
  const vibro::proof::DoublePendulumBalls balls{Ball::of_text("3/2"), Ball(1), Ball(1), Ball::of_text("3/4"),
                                                Ball::of_text("9.81")};
  const vibro::proof::PendulumState y0{Ball::of_text("21/20"), Ball::of_text("21/20"), Ball(1), Ball(-1)};
  const vibro::MpfrPrecisionGuard guard(60);
  using vibro::mpfr_real;
  const std::vector<mpfr_real> parameters{mpfr_real(3) / 2, mpfr_real(1), mpfr_real(1), mpfr_real(3) / 4,
                                          mpfr_real("9.81")};
  for (const int over : {4096, 1024, 256}) {
    SCOPED_TRACE("h = 1/" + std::to_string(over));
    const Ball h = Ball(1) / Ball(over);
    const std::optional<vibro::proof::PendulumTaylorStep> step = vibro::proof::PendulumTaylorStep::from(balls, y0, h, 2);
    ASSERT_TRUE(step.has_value());
    std::vector<mpfr_real> end{mpfr_real(21) / 20, mpfr_real(21) / 20, mpfr_real(1), mpfr_real(-1)};
    taylor_step_in_mpfr(parameters, end, mpfr_real(1) / over, 40);
    const vibro::proof::PendulumState at_h = (*step)(h);
    for (std::size_t i = 0; i < 4; ++i) EXPECT_TRUE(ball_holds(at_h[i], end[i])) << i << ": " << at_h[i].text(20) << " vs " << end[i];
  }
}

/// Without gravity, m1 = 2, m2 = 1, l1 = 1, l2 = 1/2 (B = 1/2, D = 1/4) from θ = (π/6, π/6) turning
/// at 2 together: the impact at t = π/6 with v− = 2, v+ = −2e, and just after it θ = (π/2, π/2),
/// θ' = (−2e, 2(1 + 2(1 + e))): e = 3/4 gives θ2'+ = 9.
TEST(PendulumEnclosure, HoldsTheClosedFormOfARigidRotationAndItsImpact) {
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(40));
  PendulumEnclosureProblem p;
  p.m1 = "2", p.m2 = "1", p.l1 = "1", p.l2 = "1/2", p.gravity = "0", p.e = "3/4";
  p.q0 = {"1/6", "1/6"}, p.v0 = {"2", "2"}, p.q0_over_pi = true;
  const SystemEnclosure enclosure = enclose_to_impact(p, 1);
  ASSERT_EQ(enclosure.stopped_because, "");
  ASSERT_EQ(enclosure.impacts.size(), 1u);
  const auto& impact = enclosure.impacts[0];
  EXPECT_EQ(impact.coordinate, 0u);
  EXPECT_TRUE(impact.t.contains(vibro::proof::pi() / Ball(6))) << impact.t.text(45);
  EXPECT_TRUE(impact.velocity_before.contains(Ball(2))) << impact.velocity_before.text(45);
  EXPECT_TRUE(impact.velocity_after.contains(Ball::of_text("-3/2"))) << impact.velocity_after.text(45);
  ASSERT_TRUE(enclosure.final_q && enclosure.final_v);
  for (const Ball& q : *enclosure.final_q) EXPECT_TRUE(q.contains(vibro::proof::pi() / Ball(2))) << q.text(45);
  EXPECT_TRUE((*enclosure.final_v)[0].contains(Ball::of_text("-3/2"))) << (*enclosure.final_v)[0].text(45);
  EXPECT_TRUE((*enclosure.final_v)[1].contains(Ball(9))) << (*enclosure.final_v)[1].text(45);
  EXPECT_LT(impact.t.radius(), 1e-40);
  EXPECT_LT((*enclosure.final_v)[1].radius(), 1e-40);
}

/// Seed 004's start (θ = (π/3, π/3) at rest), e = 1, to t = 2 (the test set's VI-12: three
/// impacts): the energy of the enclosed end state holds the start's, 3g/2 (elastic impacts and
/// the Lagrangian flight keep it), within 1e−30.
TEST(PendulumEnclosure, KeepsTheEnergyOfAnElasticRun) {
  const SystemEnclosure enclosure = enclose(pendulum({"1/3", "1/3"}, {"0", "0"}, "1"), "2");
  ASSERT_EQ(enclosure.stopped_because, "");
  EXPECT_EQ(enclosure.impacts.size(), 3u);
  ASSERT_TRUE(enclosure.final_q && enclosure.final_v);
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(40));
  const Ball g = Ball::of_text("9.81"), end = energy(*enclosure.final_q, *enclosure.final_v, g);
  EXPECT_TRUE(end.contains(Ball(3) * g / Ball(2))) << end.text(40);
  EXPECT_LT(end.radius(), 1e-30);
  // The wrapping controlled (Lohner's form between impacts): the end state to 1e−40 at 40
  // digits, where the balls carried from step to step gave 3e−37 (measured on 2026-11-30 before
  // the control) and the control gives about 5e−43.
  for (const Ball& q : *enclosure.final_q) EXPECT_LT(q.radius(), 1e-40) << q.text(10);
}

/// The same start with e = 1/2 to just after the first impact: the energy there plus the loss
/// ½(1 − e²)(v−)² det M / D (det M = 2 − cos²(θ1 − θ2), D = 1 for unit parameters) holds 3g/2.
TEST(PendulumEnclosure, LosesTheNormalEnergyOfAnInelasticImpact) {
  const SystemEnclosure enclosure = enclose_to_impact(pendulum({"1/3", "1/3"}, {"0", "0"}, "1/2"), 1);
  ASSERT_EQ(enclosure.stopped_because, "");
  ASSERT_EQ(enclosure.impacts.size(), 1u);
  ASSERT_TRUE(enclosure.final_q && enclosure.final_v);
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(40));
  const std::vector<Ball>& q = *enclosure.final_q;
  const Ball g = Ball::of_text("9.81"), c12 = sin_cos(q[0] - q[1]).second, v = enclosure.impacts[0].velocity_before;
  const Ball loss = (Ball(1) - Ball::of_text("1/4")) * v * v * (Ball(2) - c12 * c12) / Ball(2);
  const Ball before = energy(q, *enclosure.final_v, g) + loss;
  EXPECT_TRUE(before.contains(Ball(3) * g / Ball(2))) << before.text(40);
  EXPECT_LT(before.radius(), 1e-30);
  // And the loss is not nothing: a law that kept the energy would fail the line above.
  EXPECT_TRUE(certainly_less(Ball(1), loss)) << loss.text(10);
}

/// A start beyond the wall is an error; one on it at rest, and e = 0, are refused with the reason;
/// one on it moving away leaves it.
TEST(PendulumEnclosure, RefusesWhatItCannotEnclose) {
  EXPECT_THROW(enclose(pendulum({"3/5", "0"}, {"0", "0"}, "1"), "1"), std::invalid_argument);
  const SystemEnclosure at_rest = enclose(pendulum({"1/2", "1/3"}, {"0", "0"}, "1"), "1");
  EXPECT_NE(at_rest.stopped_because.find("at rest"), std::string::npos) << at_rest.stopped_because;
  EXPECT_FALSE(at_rest.final_q.has_value());
  const SystemEnclosure plastic = enclose(pendulum({"1/3", "1/3"}, {"0", "0"}, "0"), "1");
  EXPECT_NE(plastic.stopped_because.find("e = 0"), std::string::npos) << plastic.stopped_because;
  EXPECT_TRUE(plastic.impacts.empty());
  const SystemEnclosure leaving = enclose(pendulum({"1/2", "1/2"}, {"-3", "0"}, "1", "0"), "1/10");
  EXPECT_EQ(leaving.stopped_because, "");
  EXPECT_TRUE(leaving.impacts.empty());
}

}  // namespace
