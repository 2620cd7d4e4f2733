// The proof of the (1, n) orbits' impact phases in Arb (proof/orbit_phase_proof.hpp) against
// an independent computation: the closed form of analysis/periodic_orbits.hpp in MPFR at 500
// digits, a different arithmetic and code path. Every proved enclosure must contain that
// root and its v−, be as narrow as claimed (below 1e−30 at 40 digits), and the count of roots
// must be the listing's. Parameters cover the three damping regimes, a far obstacle (no root)
// and the shipped orbit and chaotic cases.

#include "vibro/analysis/periodic_orbits.hpp"
#include "vibro/proof/interval_newton.hpp"
#include "vibro/proof/orbit_phase_proof.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <string>
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

bool contains(const vibro::proof::Ball& ball, const vibro::mpfr_real& x) {
  return arb_contains_mpfr(ball.get(), x.backend().data()) != 0;
}

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
    EXPECT_TRUE(contains(phase.theta, orbit.phase))
        << "root " << i << ": " << phase.theta.text(50) << " does not contain θ = " << vibro::to_text(orbit.phase);
    EXPECT_TRUE(contains(phase.velocity_before, orbit.velocity_before)) << "root " << i << ": " << phase.velocity_before.text(50);
    EXPECT_LT(phase.theta.radius(), 1e-30);
    EXPECT_LT(phase.velocity_before.radius(), 1e-30);
    EXPECT_EQ(phase.impact, orbit.velocity_before < 0) << "v− = " << vibro::to_text(orbit.velocity_before);
    if (!phase.impact) continue;
    ASSERT_TRUE(phase.multipliers.has_value());
    const vibro::proof::ProvedMultipliers& mu = *phase.multipliers;
    EXPECT_TRUE(phase.multipliers_not_proved.empty()) << phase.multipliers_not_proved;
    EXPECT_EQ(mu.real, orbit.multipliers.real);
    EXPECT_TRUE(contains(mu.first, orbit.multipliers.first)) << mu.first.text(40);
    EXPECT_TRUE(contains(mu.second, orbit.multipliers.second)) << mu.second.text(40);
    EXPECT_TRUE(contains(mu.log_first, orbit.log_moduli.first)) << mu.log_first.text(40);
    EXPECT_TRUE(contains(mu.log_second, orbit.log_moduli.second)) << mu.log_second.text(40);
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
  EXPECT_TRUE(arb_overlaps(root.get(), sqrt2.get()));
  EXPECT_LT(root.radius(), 0.1);
  EXPECT_FALSE(vibro::proof::newton_inclusion(f, f_prime, box("[0 +/- 2]"), root));       // f' holds 0
  EXPECT_FALSE(vibro::proof::newton_inclusion(f, f_prime, box("[1.75 +/- 0.25]"), root));  // √2 ∉ [1.5, 2]
}

TEST(OrbitPhaseProofInput, RefusesWhatHasNoOrbit) {
  EXPECT_THROW(vibro::proof::prove_orbit_phases({"0.1", "1", "4", "0", "0"}, 1, 40), std::invalid_argument);
  EXPECT_THROW(vibro::proof::prove_orbit_phases({"0", "1", "1", "0", "0.5"}, 1, 40), std::invalid_argument);
  EXPECT_THROW(vibro::proof::prove_orbit_phases({"x", "1", "4", "0", "0.5"}, 1, 40), std::invalid_argument);
}

}  // namespace
