// The enclosure of the 1-DOF reference in Arb (proof/reference_enclosure.hpp) against values
// from elsewhere, and its first-contact search (proof/first_contact.hpp) on flights whose
// zeros are known: the certified reference (reference/impact_reference.hpp) run in MPFR at 150
// digits, another arithmetic and code path, whose impact times and velocities every enclosure
// must contain (to the reference's own error, below 1e−100: its contact tolerance is 64 ε of
// the size at 150 digits), on the periodic study problem and on seed 001's chaotic case; the
// closed forms of the free fall (one impact at t = 1 exactly) and of the bouncing ball
// (impacts at 1 + Σ 2v_k/g, accumulation at t∞ = 3, then rest); and refusals where a proof
// could lie: an exact grazing (u = cos t touching u_min = −1 with zero velocity), e = 0, a
// chaotic horizon past the width bound, a start at rest on the obstacle.

#include "support/ball_holds.hpp"
#include "support/v_shaped_dip.hpp"

#include "vibro/model/constant_force.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/proof/centred_impact_map.hpp"
#include "vibro/proof/first_contact.hpp"
#include "vibro/proof/reference_enclosure.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace {

using vibro::mpfr_real;
using vibro::proof::Ball;
using vibro::proof::EnclosureHorizon;
using vibro::proof::EnclosureLimits;
using vibro::proof::EnclosureProblem;
using vibro::proof::ReferenceEnclosure;
using vibro::testing::ball_holds;

EnclosureProblem oscillator(const std::string& alpha, const std::string& a, const std::string& omega,
                            const std::string& u_min, const std::string& e, const std::string& u0,
                            const std::string& v0) {
  EnclosureProblem p;
  p.alpha = alpha, p.a = a, p.omega = omega, p.u_min = u_min, p.e = e, p.u0 = u0, p.v0 = v0;
  return p;
}

/// The certified reference at 150 digits over `periods` periods, or to `until` when given:
/// its impacts.
std::vector<vibro::ReferenceEvent<mpfr_real>> reference_impacts(const EnclosureProblem& p, std::int64_t periods,
                                                                 const std::optional<mpfr_real>& until,
                                                                 mpfr_real& final_u, mpfr_real& final_v) {
  // A parameter as the enclosure reads it: a number, or sqrt(P/Q) (a physical case's conversion).
  const auto x = [](const std::string& text) {
    if (text.starts_with("sqrt(")) return mpfr_real(sqrt(vibro::parse_real<mpfr_real>(text.substr(5, text.size() - 6))));
    return vibro::parse_real<mpfr_real>(text);
  };
  const vibro::ImpactOscillator<mpfr_real> model(x(p.alpha), x(p.a), x(p.omega), x(p.u_min), x(p.e));
  const vibro::ImpactReference<vibro::ImpactOscillator<mpfr_real>> reference(
      model, vibro::default_reference_settings(model, x(p.u0), x(p.v0)));
  auto state = reference.start(mpfr_real(0), x(p.u0), x(p.v0));
  std::vector<vibro::ReferenceEvent<mpfr_real>> events;
  reference.advance(state, until ? *until : mpfr_real(model.period() * periods),
                    [&](const auto& event) { events.push_back(event); });
  final_u = state.u, final_v = state.v;
  return events;
}

/// Every enclosed impact holds the reference's, in order; the counts agree when the
/// enclosure reached the horizon.
void expect_enclosures_hold_the_reference(const EnclosureProblem& p, std::int64_t periods,
                                          const ReferenceEnclosure& enclosure) {
  const vibro::MpfrPrecisionGuard guard(150);
  mpfr_real final_u, final_v;
  // A stopped enclosure is compared up to its last impact (and a little after).
  std::optional<mpfr_real> until;
  if (!enclosure.stopped_because.empty() && !enclosure.impacts.empty())
    until = vibro::parse_real<mpfr_real>(enclosure.impacts.back().t.midpoint_text(30)) + mpfr_real("1e-3");
  const auto events = reference_impacts(p, periods, until, final_u, final_v);
  const double slack = 1e-100;
  ASSERT_LE(enclosure.impacts.size(), events.size());
  for (std::size_t i = 0; i < enclosure.impacts.size(); ++i) {
    SCOPED_TRACE("impact " + std::to_string(i + 1));
    ASSERT_EQ(events[i].kind, vibro::EventKind::impact);
    EXPECT_TRUE(ball_holds(enclosure.impacts[i].t, events[i].t, slack))
        << enclosure.impacts[i].t.text(30) << " vs " << vibro::to_text(events[i].t);
    EXPECT_TRUE(ball_holds(enclosure.impacts[i].velocity_before, events[i].v_minus, slack));
    EXPECT_TRUE(ball_holds(enclosure.impacts[i].velocity_after, events[i].v_plus, slack));
  }
  if (enclosure.stopped_because.empty()) {
    EXPECT_EQ(enclosure.impacts.size(), events.size());
    ASSERT_TRUE(enclosure.final_u && enclosure.final_v);
    EXPECT_TRUE(ball_holds(*enclosure.final_u, final_u, slack)) << enclosure.final_u->text(30);
    EXPECT_TRUE(ball_holds(*enclosure.final_v, final_v, slack)) << enclosure.final_v->text(30);
  }
}

/// The first contact of flights whose zeros are known, from a contact at τ = 0, on (0, 1]:
/// g(τ) = τ((τ − a)(τ − b) + δ)(c − τ) with g' by the product rule. The first zero must be
/// found and enclosed, a near miss (δ > 0) passed over, a later zero after a near miss found,
/// and a double zero refused as grazing.
TEST(FirstContact, FindsTheFirstZeroOfKnownFlights) {
  const vibro::proof::BallPrecision precision(200);
  const auto flight = [](const char* a_text, const char* b_text, const char* delta_text, const char* c_text) {
    return [a = Ball::of_text(a_text), b = Ball::of_text(b_text), delta = Ball::of_text(delta_text),
            c = Ball::of_text(c_text)](const Ball& t) {
      const Ball inner = (t - a) * (t - b) + delta, inner_rate = Ball(2) * t - a - b;
      const Ball outer = t * (c - t), outer_rate = c - Ball(2) * t;
      return std::pair{outer * inner, outer_rate * inner + outer * inner_rate};
    };
  };
  const auto contact = [&](const char* a, const char* b, const char* delta, const char* c) {
    return vibro::proof::first_contact(flight(a, b, delta, c), Ball(1), Ball(1) / Ball(16), true, Ball(0));
  };
  const auto expect_contact_at = [&](const vibro::proof::FirstContact& found, const char* at) {
    ASSERT_TRUE(found.tau.has_value()) << found.undecided;
    EXPECT_TRUE(found.tau->contains(Ball::of_text(at))) << found.tau->text(30) << " vs " << at;
    EXPECT_LT(found.tau->radius(), 1e-50);
  };
  expect_contact_at(contact("0.3", "0.6", "0", "2"), "0.3");
  expect_contact_at(contact("0.55", "0.6", "0", "2"), "0.55");
  expect_contact_at(contact("0.3", "0.300000001", "0", "2"), "0.3");      // two zeros 1e−9 apart
  expect_contact_at(contact("0.2", "0.2", "1e-12", "0.7"), "0.7");         // a near miss at 0.2, then 0.7
  const vibro::proof::FirstContact none = contact("0.5", "0.5", "1e-20", "2");  // a near miss only
  EXPECT_FALSE(none.tau.has_value());
  EXPECT_EQ(none.undecided, "");
  const vibro::proof::FirstContact grazing = contact("0.5", "0.5", "0", "2");  // a double zero
  EXPECT_FALSE(grazing.tau.has_value());
  EXPECT_NE(grazing.undecided.find("grazing not excluded on [4.99999"), std::string::npos) << grazing.undecided;
}

/// V-shaped dips g(τ) = τ(2 − τ)(|τ − c| − δ) (support/v_shaped_dip.hpp): a derivative bound
/// taken too small passes over the contact at c − δ.
TEST(FirstContact, FindsEveryVShapedDip) {
  const vibro::proof::BallPrecision precision(200);
  const Ball delta = Ball::of_text("1e-6");
  for (const char* c_text : {"0.3", "0.37", "0.41", "0.55", "0.62", "0.7", "0.77", "0.83", "0.9", "0.95"}) {
    const Ball c = Ball::of_text(c_text);
    const auto flight = vibro::testing::v_shaped_dip(c, delta, Ball(2));
    const vibro::proof::FirstContact found =
        vibro::proof::first_contact(flight, Ball(1), Ball(1) / Ball(16), true, Ball(0));
    ASSERT_TRUE(found.tau.has_value()) << "c = " << c_text << ": " << found.undecided;
    EXPECT_TRUE(found.tau->contains(c - delta)) << "c = " << c_text << ": " << found.tau->text(20);
  }
}

/// The periodic study problem (cases/reference_periodic.toml), 10 periods: every impact, the
/// final state; the radii stay far below the bound (a stable orbit: they hardly grow).
TEST(ReferenceEnclosure, HoldsTheCertifiedReferenceOnThePeriodicProblem) {
  const EnclosureProblem p = oscillator("0.1", "1", "2", "0", "0.8", "0.5", "0");
  const ReferenceEnclosure enclosure = vibro::proof::enclose_reference(p, {std::nullopt, 10, std::nullopt}, {});
  EXPECT_EQ(enclosure.stopped_because, "");
  ASSERT_GE(enclosure.impacts.size(), 9u);
  for (const auto& impact : enclosure.impacts) {
    EXPECT_LT(impact.t.radius(), 1e-40);
    EXPECT_LT(impact.velocity_after.radius(), 1e-40);
  }
  expect_enclosures_hold_the_reference(p, 10, enclosure);
}

/// Parameters given as exact square roots, as a physical case converts them (m = 1, c = 1/5,
/// k = 2, F = 2, Ω = 2: α = √(1/200), a = 1, ω = √2): the enclosure reads sqrt(P/Q) as a ball of
/// the root, and every impact holds the reference's, run in MPFR from the roots at 150 digits.
TEST(ReferenceEnclosure, HoldsTheReferenceWithParametersGivenAsSquareRoots) {
  const EnclosureProblem p = oscillator("sqrt(1/200)", "1", "sqrt(2)", "0", "0.8", "0.5", "0");
  const ReferenceEnclosure enclosure = vibro::proof::enclose_reference(p, {std::nullopt, 10, std::nullopt}, {});
  EXPECT_EQ(enclosure.stopped_because, "");
  ASSERT_GE(enclosure.impacts.size(), 5u);
  EXPECT_LT(enclosure.impacts.back().t.radius(), 1e-40);
  expect_enclosures_hold_the_reference(p, 10, enclosure);
}

/// Seed 001's chaotic case (cases/reference_chaotic.toml): the radii grow like e^{λ1 t}, and
/// the enclosure stops at the width bound with the reason instead of printing a wide ball;
/// every impact before it holds the reference's.
TEST(ReferenceEnclosure, StopsAtTheWidthBoundOnAChaoticHorizon) {
  const EnclosureProblem p = oscillator("0.9", "2500", "50", "0", "0.5", "0", "0.1");
  EnclosureLimits limits;
  limits.digits = 30;
  const ReferenceEnclosure enclosure = vibro::proof::enclose_reference(p, {std::nullopt, 3000, std::nullopt}, limits);
  EXPECT_NE(enclosure.stopped_because.find("width bound"), std::string::npos) << enclosure.stopped_because;
  ASSERT_GE(enclosure.impacts.size(), 10u);
  EXPECT_GT(enclosure.impacts.back().t.radius(), enclosure.impacts.front().t.radius() * 1e6);
  expect_enclosures_hold_the_reference(p, 3000, enclosure);
}

/// Free fall (g = 0) from u0 = 1, v0 = −1 onto 0 with e = 1/2: one impact at t = 1 exactly
/// (v− = −1, v+ = 1/2), then u(2) = 1/2, v(2) = 1/2. Exact inputs give balls around them.
TEST(ReferenceEnclosure, FreeFallHasItsClosedFormImpact) {
  EnclosureProblem p;
  p.oscillator = false, p.g = "0", p.u_min = "0", p.e = "1/2", p.u0 = "1", p.v0 = "-1";
  const ReferenceEnclosure enclosure = vibro::proof::enclose_reference(p, {"2", std::nullopt, std::nullopt}, {});
  const vibro::MpfrPrecisionGuard guard(150);
  const double slack = 0;
  ASSERT_EQ(enclosure.impacts.size(), 1u) << enclosure.stopped_because;
  EXPECT_TRUE(ball_holds(enclosure.impacts[0].t, mpfr_real(1), slack));
  EXPECT_TRUE(ball_holds(enclosure.impacts[0].velocity_before, mpfr_real(-1), slack));
  EXPECT_TRUE(ball_holds(enclosure.impacts[0].velocity_after, mpfr_real("0.5"), slack));
  EXPECT_LT(enclosure.impacts[0].t.radius(), 1e-40);
  ASSERT_TRUE(enclosure.final_u);
  EXPECT_TRUE(ball_holds(*enclosure.final_u, mpfr_real("0.5"), slack));
  EXPECT_TRUE(ball_holds(*enclosure.final_v, mpfr_real("0.5"), slack));
}

/// The bouncing ball g = 1, e = 1/2 from rest at u0 = 1/2: impacts at t1 = 1 and
/// t_{k+1} = t_k + 2v_k with v_k = 2^−k, accumulating at t∞ = 1 + 2·(1/2)/(1 − 1/2) = 3; at
/// rest on the obstacle after it (u = 0, v = 0 at t = 10).
TEST(ReferenceEnclosure, BouncingBallAccumulatesAtItsClosedFormTime) {
  EnclosureProblem p;
  p.oscillator = false, p.g = "1", p.u_min = "0", p.e = "1/2", p.u0 = "1/2", p.v0 = "0";
  const ReferenceEnclosure enclosure = vibro::proof::enclose_reference(p, {"10", std::nullopt, std::nullopt}, {});
  const vibro::MpfrPrecisionGuard guard(150);
  const double slack = 0;
  EXPECT_EQ(enclosure.stopped_because, "");
  ASSERT_EQ(enclosure.accumulations.size(), 1u);
  EXPECT_TRUE(enclosure.releases.empty());
  EXPECT_TRUE(ball_holds(enclosure.accumulations[0], mpfr_real(3), slack)) << enclosure.accumulations[0].text(30);
  ASSERT_GE(enclosure.impacts.size(), 20u);
  mpfr_real t(1), v(1);
  for (const auto& impact : enclosure.impacts) {
    EXPECT_TRUE(ball_holds(impact.t, t, slack)) << impact.t.text(30) << " vs " << vibro::to_text(t);
    EXPECT_TRUE(ball_holds(impact.velocity_before, mpfr_real(-v), slack));
    v /= 2;
    t += 2 * v;
  }
  ASSERT_TRUE(enclosure.final_u);
  EXPECT_TRUE(ball_holds(*enclosure.final_u, mpfr_real(0), slack));
  EXPECT_TRUE(ball_holds(*enclosure.final_v, mpfr_real(0), slack));
}

/// u'' + u = 0 from (1, 0) above u_min = −1 touches the obstacle at t = π with zero velocity:
/// an exact grazing, which must be refused, not enclosed as an impact or passed over.
TEST(ReferenceEnclosure, RefusesAnExactGrazing) {
  const EnclosureProblem p = oscillator("0", "0", "2", "-1", "0.8", "1", "0");
  const ReferenceEnclosure enclosure = vibro::proof::enclose_reference(p, {"5", std::nullopt, std::nullopt}, {});
  EXPECT_TRUE(enclosure.impacts.empty());
  EXPECT_FALSE(enclosure.final_u);
  EXPECT_TRUE(enclosure.stopped_because.find("grazing") != std::string::npos) << enclosure.stopped_because;
}

TEST(ReferenceEnclosure, RefusesWhatItDoesNotEnclose) {
  // e = 0: the mass sticks at its first impact.
  const ReferenceEnclosure sticking = vibro::proof::enclose_reference(
      oscillator("0.1", "1", "2", "0", "0", "0.5", "0"), {std::nullopt, 10, std::nullopt}, {});
  EXPECT_NE(sticking.stopped_because.find("e = 0"), std::string::npos) << sticking.stopped_because;
  // At rest on the obstacle.
  const ReferenceEnclosure resting = vibro::proof::enclose_reference(
      oscillator("0.1", "1", "2", "0", "0.8", "0", "0"), {std::nullopt, 10, std::nullopt}, {});
  EXPECT_NE(resting.stopped_because.find("at rest"), std::string::npos) << resting.stopped_because;
  // At rest on an obstacle that is not a dyadic number: decided on the exact values.
  const ReferenceEnclosure resting_at_tenth = vibro::proof::enclose_reference(
      oscillator("0.1", "1", "2", "0.1", "0.8", "1/10", "0"), {std::nullopt, 10, std::nullopt}, {});
  EXPECT_NE(resting_at_tenth.stopped_because.find("at rest"), std::string::npos) << resting_at_tenth.stopped_because;
  const ReferenceEnclosure leaving_tenth = vibro::proof::enclose_reference(
      oscillator("0.1", "1", "2", "0.1", "0.8", "0.1", "1"), {std::nullopt, 2, std::nullopt}, {});
  EXPECT_EQ(leaving_tenth.stopped_because, "");
  EXPECT_TRUE(leaving_tenth.final_u.has_value());
  // A start below the obstacle is an error.
  EXPECT_THROW(vibro::proof::enclose_reference(oscillator("0.1", "1", "2", "0", "0.8", "-1", "0"),
                                               {std::nullopt, 10, std::nullopt}, {}),
               std::invalid_argument);
}

/// docs/proofs.md "Performance": the first 100 impacts of the periodic reference case within
/// 30 s on one core, and how the radius grows over them.
/// The wrapping effect tamed (docs/proofs.md "How the widths grow"): on the periodic problem,
/// whose orbit contracts (multipliers 0.60 and 0.57), the radius of the 100th impact time is
/// within 10 times the first's (the balls evaluated afresh at each impact grew 1.5 times an
/// impact, 10^16 over 100), and every one of the 100 impacts holds the certified reference's.
TEST(ReferenceEnclosure, EnclosesAHundredImpactsOfThePeriodicCaseWithinThirtySeconds) {
  const EnclosureProblem p = oscillator("0.1", "1", "2", "0", "0.8", "0.5", "0");
  const auto start = std::chrono::steady_clock::now();
  const ReferenceEnclosure enclosure = vibro::proof::enclose_reference(p, {std::nullopt, std::nullopt, 100}, {});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(enclosure.stopped_because, "");
  ASSERT_EQ(enclosure.impacts.size(), 100u);
  EXPECT_LT(seconds, 30.0);
  ::testing::Test::RecordProperty("seconds", std::to_string(seconds));
  ::testing::Test::RecordProperty("radius_first", std::to_string(enclosure.impacts.front().t.radius()));
  ::testing::Test::RecordProperty("radius_last", std::to_string(enclosure.impacts.back().t.radius()));
  EXPECT_LT(enclosure.impacts.back().t.radius(), 10 * enclosure.impacts.front().t.radius());
  EXPECT_LT(enclosure.impacts.back().velocity_after.radius(), 10 * enclosure.impacts.front().velocity_after.radius());
  // Every impact against the reference's, run to just after the 100th.
  const vibro::MpfrPrecisionGuard guard(150);
  mpfr_real final_u, final_v;
  const auto events = reference_impacts(
      p, 0, vibro::parse_real<mpfr_real>(enclosure.impacts.back().t.midpoint_text(30)) + mpfr_real("1e-3"), final_u,
      final_v);
  ASSERT_GE(events.size(), 100u);
  for (std::size_t i = 0; i < 100; ++i) {
    EXPECT_TRUE(ball_holds(enclosure.impacts[i].t, events[i].t, 1e-100)) << "impact " << i + 1;
    EXPECT_TRUE(ball_holds(enclosure.impacts[i].velocity_before, events[i].v_minus, 1e-100)) << "impact " << i + 1;
    EXPECT_TRUE(ball_holds(enclosure.impacts[i].velocity_after, events[i].v_plus, 1e-100)) << "impact " << i + 1;
  }
}

/// The Jacobian of the impact map (proof/centred_impact_map.hpp) at a state after an impact of
/// the periodic problem holds the difference quotients of the certified reference in MPFR at
/// 150 digits (another method: no derivative, two runs 1e−40 apart), to their own error.
TEST(CentredImpactMap, JacobianHoldsTheReferencesDifferenceQuotients) {
  const EnclosureProblem p = oscillator("0.1", "1", "2", "0", "0.8", "0.5", "0");
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(60));
  const vibro::proof::ForcedOscillator o(p.alpha, p.a, p.omega, p.u_min, p.e, 60);
  const std::string t0_text = "1.9124534258977566890320590211353911311", v_text = "0.88024029683147201314732872675";
  const Ball t0 = Ball::of_text(t0_text), v = Ball::of_text(v_text), e = Ball::of_text(p.e);

  const vibro::MpfrPrecisionGuard guard(150);
  const auto x = [](const std::string& text) { return vibro::parse_real<mpfr_real>(text); };
  const vibro::ImpactOscillator<mpfr_real> model(x(p.alpha), x(p.a), x(p.omega), x(p.u_min), x(p.e));
  // The next impact (t, v+) of the reference from (t0, u_min, v).
  const auto next_impact = [&](const mpfr_real& t_start, const mpfr_real& v_start) {
    const vibro::ImpactReference<vibro::ImpactOscillator<mpfr_real>> reference(
        model, vibro::default_reference_settings(model, x(p.u_min), v_start));
    auto state = reference.start(t_start, x(p.u_min), v_start);
    std::optional<std::pair<mpfr_real, mpfr_real>> first;
    reference.advance(state, t_start + 10, [&](const auto& event) {
      if (!first && event.kind == vibro::EventKind::impact) first = std::pair{event.t, event.v_plus};
    });
    return *first;
  };
  const mpfr_real h("1e-40");
  const auto [t1, v1] = next_impact(x(t0_text), x(v_text));
  const auto [t1_t, v1_t] = next_impact(x(t0_text) + h, x(v_text));
  const auto [t1_v, v1_v] = next_impact(x(t0_text), x(v_text) + h);
  // The contact's box: the reference's flight time, widened.
  const Ball tau = Ball::of_text(vibro::to_text(mpfr_real(t1 - x(t0_text)))).widened_to(1e-45);
  const vibro::proof::Matrix j = vibro::proof::impact_map_jacobian(o, e, t0, v, tau);
  const double slack = 1e-35;  // the quotients' error: h times the second derivatives
  EXPECT_TRUE(ball_holds(j.a11, (t1_t - t1) / h, slack)) << j.a11.text(40) << " vs " << (t1_t - t1) / h;
  EXPECT_TRUE(ball_holds(j.a12, (t1_v - t1) / h, slack)) << j.a12.text(40) << " vs " << (t1_v - t1) / h;
  EXPECT_TRUE(ball_holds(j.a21, (v1_t - v1) / h, slack)) << j.a21.text(40) << " vs " << (v1_t - v1) / h;
  EXPECT_TRUE(ball_holds(j.a22, (v1_v - v1) / h, slack)) << j.a22.text(40) << " vs " << (v1_v - v1) / h;
}

}  // namespace
