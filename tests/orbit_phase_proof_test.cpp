// The proof of the (1, n) orbits' impact phases in Arb (proof/orbit_phase_proof.hpp) against
// an independent computation: the closed form of analysis/periodic_orbits.hpp in MPFR at 500
// digits, a different arithmetic and code path. Every proved enclosure must contain that
// root and its v−, be as narrow as claimed (below 1e−30 at 40 digits), and the count of roots
// must be the listing's. Parameters cover the three damping regimes, a far obstacle (no root)
// and the shipped orbit and chaotic cases.

#include "support/ball_holds.hpp"
#include "support/v_shaped_dip.hpp"

#include "vibro/analysis/periodic_orbits.hpp"
#include "vibro/proof/gap_exclusion.hpp"
#include "vibro/proof/interval_newton.hpp"
#include "vibro/proof/orbit_phase_proof.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace {

using vibro::proof::OscillatorTexts;

struct Case {
  OscillatorTexts parameters;
  int n;
};

/// The roots of the closed form at 500 digits, with their v− and multipliers.
std::vector<vibro::PeriodicOrbit<vibro::mpfr_real>> roots_at_500_digits(const OscillatorTexts& p, int n) {
  const auto x = [](const std::string& text) { return vibro::parse_real<vibro::mpfr_real>(text); };
  const vibro::ImpactOscillator<vibro::mpfr_real> model(x(p.alpha), x(p.a), x(p.omega), x(p.u_min), x(p.e));
  return vibro::periodic_orbits(model, n);
}

using vibro::testing::ball_holds;

class OrbitPhaseProof : public ::testing::TestWithParam<Case> {};

TEST_P(OrbitPhaseProof, EnclosesTheRootsComputedAt500DigitsInBoxesBelow1e30) {
  const Case& c = GetParam();
  const vibro::MpfrPrecisionGuard guard(500);
  const auto expected = roots_at_500_digits(c.parameters, c.n);
  const vibro::proof::PhaseProof proof = vibro::proof::prove_orbit_phases(c.parameters, c.n, 40);
  ASSERT_TRUE(proof.roots.has_value()) << proof.undecided;
  ASSERT_EQ(*proof.roots, expected.size());
  ASSERT_EQ(proof.phases.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const vibro::proof::ProvedPhase& phase = proof.phases[i];
    const vibro::PeriodicOrbit<vibro::mpfr_real>& orbit = expected[i];
    EXPECT_TRUE(phase.unique) << phase.not_proved;
    EXPECT_TRUE(ball_holds(phase.theta, orbit.phase))
        << "root " << i << ": " << phase.theta.text(50) << " does not contain θ = " << vibro::to_text(orbit.phase);
    EXPECT_TRUE(ball_holds(phase.velocity_before, orbit.velocity_before)) << "root " << i << ": " << phase.velocity_before.text(50);
    EXPECT_LT(phase.theta.radius(), 1e-30);
    EXPECT_LT(phase.velocity_before.radius(), 1e-30);
    EXPECT_EQ(phase.impact, orbit.velocity_before < 0) << "v− = " << vibro::to_text(orbit.velocity_before);
    if (!phase.impact) continue;
    // Admissibility against the reference's certified contact search on the MPFR root: a
    // proof must never admit a root the search rejects, and here it decides every root.
    EXPECT_EQ(phase.admissible, orbit.admissible)
        << "root " << i << ": proof says '" << phase.admissibility_not_proved << "', the search '"
        << orbit.rejected_because << "'";
    ASSERT_TRUE(phase.multipliers.has_value());
    const vibro::proof::ProvedMultipliers& mu = *phase.multipliers;
    EXPECT_TRUE(phase.multipliers_not_proved.empty()) << phase.multipliers_not_proved;
    EXPECT_EQ(mu.real, orbit.multipliers.real);
    EXPECT_TRUE(ball_holds(mu.first, orbit.multipliers.first)) << mu.first.text(40);
    EXPECT_TRUE(ball_holds(mu.second, orbit.multipliers.second)) << mu.second.text(40);
    EXPECT_TRUE(ball_holds(mu.log_first, orbit.log_moduli.first)) << mu.log_first.text(40);
    EXPECT_TRUE(ball_holds(mu.log_second, orbit.log_moduli.second)) << mu.log_second.text(40);
    EXPECT_LT(mu.first.radius(), 1e-30);
    EXPECT_LT(mu.log_second.radius(), 1e-30);
    ASSERT_TRUE(mu.stable.has_value());
    EXPECT_EQ(*mu.stable, orbit.multipliers.largest_modulus() < 1) << "max |μ| = " << vibro::to_text(orbit.multipliers.largest_modulus());
  }
}

INSTANTIATE_TEST_SUITE_P(
    Parameters, OrbitPhaseProof,
    ::testing::Values(Case{{"0.1", "1", "4", "0", "0.8"}, 1},       // cases/orbits/
                      Case{{"0.1", "1", "4", "0", "0.8"}, 2},       //
                      Case{{"0.1", "1", "4", "0", "0.8"}, 3},       // penetrating
                      Case{{"0.9", "2500", "50", "0", "0.5"}, 1},   // the chaotic case of seed 001
                      Case{{"0.9", "2500", "50", "0", "0.5"}, 3},   //
                      Case{{"1.5", "1", "0.5", "-0.1", "0.7"}, 1},  // α > 1
                      Case{{"1", "2", "1.3", "0.05", "0.6"}, 2},    // α = 1
                      Case{{"0", "1", "2.5", "-1/3", "4/5"}, 1},    // undamped, fractions
                      Case{{"0.1", "1", "4", "10", "0.8"}, 1}),     // the obstacle beyond reach: no root
    [](const auto& info) { return "case" + std::to_string(info.index); });

/// The operator on f(x) = x² − 2, whose roots ±√2 are known: it proves the root of [1, 2],
/// and proves nothing on a box whose derivative holds 0 or on one without the root.
TEST(IntervalNewton, ProvesARootOnlyWhereOneIs) {
  using vibro::proof::Ball;
  const vibro::proof::BallPrecision precision(128);
  const auto f = [](const Ball& x) { return x * x - Ball(2); };
  const auto f_prime = [](const Ball& x) { return Ball(2) * x; };
  const auto box = [](const char* mid_rad) {
    Ball b;
    arb_set_str(b.get(), mid_rad, 128);
    return b;
  };
  Ball root;
  ASSERT_TRUE(vibro::proof::newton_inclusion(f, f_prime, box("[1.5 +/- 0.5]"), root));
  Ball sqrt2 = vibro::proof::sqrt(Ball(2));
  EXPECT_TRUE(overlaps(root, sqrt2));
  EXPECT_LT(root.radius(), 0.1);
  EXPECT_FALSE(vibro::proof::newton_inclusion(f, f_prime, box("[0 +/- 2]"), root));       // f' holds 0
  EXPECT_FALSE(vibro::proof::newton_inclusion(f, f_prime, box("[1.75 +/- 0.25]"), root));  // √2 ∉ [1.5, 2]
}

/// Near a grazing: u_min where the first (1, 3) root of α = 0.1, a = 1, ω = 4, e = 0.8 stops being
/// admissible, found by bisection on the admissibility that analysis/periodic_orbits.hpp decides
/// at 150 digits (260 halvings of [−0.1, 0]), cut to 75 digits. There the root's impact itself
/// becomes tangential: v− is within about 1e−75 of 0 (the grazing bifurcation), which 40 digits
/// cannot resolve. The proof must refuse, not prove: neither transversality nor admissibility.
TEST(OrbitPhaseProofGrazing, ANearlyGrazingRootIsRefusedNotProved) {
  const vibro::proof::PhaseProof proof = vibro::proof::prove_orbit_phases(
      {"0.1", "1", "4", "-0.0665720536451884432874595730836531200149491900978636363636428672390722336", "0.8"}, 3, 40);
  ASSERT_TRUE(proof.roots.has_value()) << proof.undecided;
  ASSERT_EQ(proof.phases.size(), 2u);
  const vibro::proof::ProvedPhase& root = proof.phases[0];
  EXPECT_TRUE(root.unique);
  EXPECT_FALSE(root.impact);
  EXPECT_FALSE(root.admissible);
  EXPECT_FALSE(root.multipliers.has_value());
  EXPECT_EQ(root.not_proved, "v− encloses 0: transversality not proved");
  EXPECT_LT(root.velocity_before.radius(), 1e-40);
}

/// The gap's exclusion on polynomials whose zeros are known, L = 1:
/// g(τ) = τ(1 − τ)((τ − a)(τ − b) + δ), and g' by the product rule. A dip (a, b) in the upper
/// half, narrow or not, must be found; a double zero (a = b, δ = 0) refused as grazing; a gap
/// below 0 just after the start or just before the end refused; a positive one proved.
TEST(GapExclusion, ProvesOnlyAGapThatStaysPositive) {
  using vibro::proof::Ball;
  const vibro::proof::BallPrecision precision(200);
  const auto polynomial = [](const char* a_text, const char* b_text, const char* delta_text) {
    return [a = Ball::of_text(a_text), b = Ball::of_text(b_text), delta = Ball::of_text(delta_text)](const Ball& t) {
      const Ball outer = t * (Ball(1) - t), outer_rate = Ball(1) - Ball(2) * t;
      const Ball inner = (t - a) * (t - b) + delta, inner_rate = Ball(2) * t - a - b;
      return std::pair{outer * inner, outer_rate * inner + outer * inner_rate};
    };
  };
  const auto verdict = [&](const char* a, const char* b, const char* delta) {
    const auto refused = vibro::proof::gap_not_excluded(polynomial(a, b, delta), Ball(1), Ball(0));
    // The reason, with "(proof)" added when it is a proof of penetration.
    return refused ? std::optional(refused->why + (refused->penetrating ? " (proof)" : "")) : std::nullopt;
  };
  EXPECT_EQ(verdict("0.5", "0.5", "0.01"), std::nullopt);                          // (τ − ½)² + 0.01 > 0
  EXPECT_EQ(verdict("0.3", "0.3", "1e-20"), std::nullopt);                         // close, but positive
  EXPECT_NE(verdict("0.8", "0.8000000001", "0").value_or("").find("(penetrating) (proof)"), std::string::npos);
  EXPECT_NE(verdict("0.7", "0.9", "0").value_or("").find("(penetrating) (proof)"), std::string::npos);
  EXPECT_NE(verdict("0.8", "0.8", "0").value_or("").find("grazing not excluded on [0.8"), std::string::npos);
  EXPECT_EQ(verdict("0.8", "0.8", "0").value_or("").find("(proof)"), std::string::npos) << "grazing is no proof";
  // Below 0 on (0, 0.01) and on (0.99, 1), inside the end intervals of length 1/64.
  EXPECT_NE(verdict("-0.001", "0.01", "0").value_or("").find("not proved to rise after the start"), std::string::npos);
  EXPECT_NE(verdict("0.99", "1.001", "0").value_or("").find("not proved to fall into the end"), std::string::npos);
}

/// A V-shaped dip, g(τ) = τ(1 − τ)(|τ − c| − δ) (support/v_shaped_dip.hpp): a derivative bound
/// taken too small would exclude pieces that hold the dip.
TEST(GapExclusion, FindsEveryVShapedDip) {
  using vibro::proof::Ball;
  const vibro::proof::BallPrecision precision(200);
  const Ball delta = Ball::of_text("1e-6");
  for (const char* c_text : {"0.3", "0.37", "0.41", "0.55", "0.62", "0.7", "0.77", "0.83", "0.9", "0.95"}) {
    const Ball c = Ball::of_text(c_text);
    const auto flight = vibro::testing::v_shaped_dip(c, delta, Ball(1));
    const auto refused = vibro::proof::gap_not_excluded(flight, Ball(1), Ball(0));
    ASSERT_TRUE(refused.has_value()) << "c = " << c_text << ": proved";
    EXPECT_TRUE(refused->penetrating) << "c = " << c_text << ": " << refused->why;
    EXPECT_NE(refused->why.find("(penetrating)"), std::string::npos) << "c = " << c_text << ": " << refused->why;
  }
}

TEST(OrbitPhaseProofInput, RefusesWhatHasNoOrbit) {
  EXPECT_THROW(vibro::proof::prove_orbit_phases({"0.1", "1", "4", "0", "0"}, 1, 40), std::invalid_argument);
  EXPECT_THROW(vibro::proof::prove_orbit_phases({"0", "1", "1", "0", "0.5"}, 1, 40), std::invalid_argument);
  EXPECT_THROW(vibro::proof::prove_orbit_phases({"x", "1", "4", "0", "0.5"}, 1, 40), std::invalid_argument);
}

}  // namespace
