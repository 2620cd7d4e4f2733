// The Siconos peer on seed 004's double pendulum (label peer, built only with Siconos;
// docs/peer.md "Seed 004's double pendulum").
//
// Siconos runs the pendulum as a LagrangianDS M(q) q'' + F_gyr(q, v) = p whose mass,
// F_gyr = −f and Jacobians are the peer's plugins (peer/vibro/peer/siconos_pendulum_plugins.hpp).
// What is checked, and where each expected value comes from:
//  - the plugins are the model: M(q) and −f(q, v) equal DoublePendulum's mass_matrix and
//    force (an independent writing of seed 004's equations, model/double_pendulum.hpp) to a
//    few roundings, and the Jacobians equal central differences of F_gyr, at random states
//    and parameters. A wrong Jacobian would not change Siconos' result (its Newton loop
//    converges to the peer's tolerance either way, more slowly), so only this test sees it;
//  - Moreau–Jean converges to vibro's general-inertia reference at its declared position
//    order 1 on the shipped study with one transverse impact half-way through a step
//    (cases/peer/siconos_moreau_jean_pendulum.toml; the reference's impacts at every h);
//  - what Siconos cannot run is refused before Siconos sees it: Schatzman–Paoli on the
//    pendulum (Siconos 4.4's SchatzmanPaoliOSI asserts a linear system and would abort the
//    process) and a θ1 outside [−π/2, π/2], where the peer's two bounds are not the wall.

#include "support/build_paths.hpp"
#include "support/order_band.hpp"
#include "support/shipped_peer_study.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/model/double_pendulum.hpp"
#include "vibro/peer/siconos_pendulum_plugins.hpp"
#include "vibro/peer/siconos_scheme.hpp"
#include "vibro/peer/siconos_system.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/results/inertia_findings.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <filesystem>
#include <limits>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace plugins = vibro::peer::pendulum_plugins;
using vibro::testing::shipped_peer_study;
using Pendulum = vibro::DoublePendulum<double>;
using MoreauJean = vibro::peer::SiconosScheme<vibro::peer::SiconosIntegrator::moreau_jean, Pendulum>;
using vibro::Matrix;
using vibro::Vector;

constexpr double eps = std::numeric_limits<double>::epsilon();

/// A random pendulum and state: parameters in [0.5, 2], g in [0, 20], angles in [−π, π],
/// angular velocities in [−5, 5].
struct Sample {
  std::array<double, plugins::parameter_count> z{};  // m1, m2, l1, l2, g
  std::array<double, 2> q{}, v{};
  Pendulum model() const { return Pendulum(z[0], z[1], z[2], z[3], z[4], 0.5); }
};

std::vector<Sample> samples() {
  std::mt19937_64 random(20261124);
  std::uniform_real_distribution<double> parameter(0.5, 2), gravity(0, 20), angle(-std::numbers::pi, std::numbers::pi),
      rate(-5, 5);
  std::vector<Sample> all(200);
  for (Sample& s : all) {
    for (std::size_t k = 0; k < 4; ++k) s.z[k] = parameter(random);
    s.z[4] = gravity(random);
    s.q = {angle(random), angle(random)};
    s.v = {rate(random), rate(random)};
  }
  return all;
}

/// A bound of |F_gyr| and of its derivatives of any order in one angle: each term is a
/// constant times sin or cos of θ1, θ2 or θ1 − θ2 (times v²), whose derivatives are bounded by
/// the same constant.
double force_scale(const Sample& s) {
  const double m1 = s.z[0], m2 = s.z[1], l1 = s.z[2], l2 = s.z[3], g = s.z[4];
  return (m1 + m2) * g * l1 + m2 * g * l2 + m2 * l1 * l2 * (s.v[0] * s.v[0] + s.v[1] * s.v[1]);
}

TEST(SiconosPendulumPlugins, AreTheModelsMassMatrixAndForce) {
  for (Sample s : samples()) {
    const Pendulum model = s.model();
    const Vector<double> q{s.q[0], s.q[1]}, v{s.v[0], s.v[1]};
    Matrix<double> expected_mass(2, 2);
    model.mass_matrix(q, expected_mass);
    Vector<double> expected_force(2);
    model.force(0.0, q, v, expected_force);

    std::array<double, 4> mass{};
    std::array<double, 2> force{};
    plugins::mass(2, s.q.data(), mass.data(), plugins::parameter_count, s.z.data());
    plugins::gyroscopic(2, s.q.data(), s.v.data(), force.data(), plugins::parameter_count, s.z.data());
    // The same products in another grouping: a few roundings of the largest term.
    const double mass_tolerance = 4 * eps * (s.z[0] + s.z[1]) * (s.z[2] + s.z[3]) * (s.z[2] + s.z[3]);
    for (std::size_t i = 0; i < 2; ++i)
      for (std::size_t j = 0; j < 2; ++j)
        EXPECT_NEAR(mass[i + 2 * j], expected_mass(i, j), mass_tolerance) << "M(" << i << ", " << j << ")";
    for (std::size_t i = 0; i < 2; ++i)
      EXPECT_NEAR(force[i], -expected_force[i], 8 * eps * force_scale(s)) << "F_gyr[" << i << "] = −f[" << i << "]";
  }
}

/// Central differences in each angle and each velocity, column j the derivative in the j-th
/// variable. In an angle the truncation is at most δ²/6 times the third derivative's bound and
/// the rounding 2 ε |F| / (2δ) per evaluation; F_gyr is quadratic in v, so there the
/// difference is exact up to rounding.
TEST(SiconosPendulumPlugins, JacobiansAreCentralDifferencesOfTheForce) {
  const double delta = std::cbrt(eps);
  for (Sample s : samples()) {
    const double scale = force_scale(s);
    const double tolerance = delta * delta / 6 * scale + 4 * eps * scale / delta;
    std::array<double, 4> dq{}, dv{};
    plugins::gyroscopic_dq(2, s.q.data(), s.v.data(), dq.data(), plugins::parameter_count, s.z.data());
    plugins::gyroscopic_dv(2, s.q.data(), s.v.data(), dv.data(), plugins::parameter_count, s.z.data());
    for (std::size_t j = 0; j < 2; ++j) {
      for (const bool in_angle : {true, false}) {
        std::array<double, 2>& x = in_angle ? s.q : s.v;
        const double saved = x[j];
        std::array<double, 2> plus{}, minus{};
        x[j] = saved + delta;
        plugins::gyroscopic(2, s.q.data(), s.v.data(), plus.data(), plugins::parameter_count, s.z.data());
        x[j] = saved - delta;
        plugins::gyroscopic(2, s.q.data(), s.v.data(), minus.data(), plugins::parameter_count, s.z.data());
        x[j] = saved;
        const std::array<double, 4>& jacobian = in_angle ? dq : dv;
        for (std::size_t i = 0; i < 2; ++i)
          EXPECT_NEAR(jacobian[i + 2 * j], (plus[i] - minus[i]) / (2 * delta), tolerance)
              << (in_angle ? "∂F_gyr/∂q" : "∂F_gyr/∂v") << " (" << i << ", " << j << ")";
      }
    }
  }
}

/// Moreau–Jean against the general-inertia reference: position error O(h) in L∞, the order
/// the peer declares for it.
TEST(SiconosPendulumStudy, MoreauJeanHasPositionOrderOneOnTheTransverseImpact) {
  EXPECT_TRUE(vibro::testing::has_order(shipped_peer_study("siconos_moreau_jean_pendulum.toml"),
                                        vibro::ErrorMetric::position_linf, 1));
}

/// Seed 004's model problem with e = 0.5 over its six seconds: every step's Newton loop
/// converges (step() throws otherwise) through the accumulation of impacts, and the first rod
/// ends on the wall, as the sweeping-process schemes' runs do (cases/seed004/e05_*.toml).
TEST(SiconosPendulumRun, ReachesRestOnTheWallOnSeed004sProblem) {
  const vibro::CaseSpec c =
      vibro::load_case(std::filesystem::path(test_paths::cases_dir) / "peer" / "siconos_moreau_jean_pendulum_e05.toml");
  vibro::RunOptions options;
  options.study = false;
  const vibro::RunResult result = vibro::run_case(c, options);
  ASSERT_TRUE(result.run.inertia.has_value());
  ASSERT_TRUE(result.run.final.has_coordinates());
  // At rest on the wall: Moreau–Jean's impact law at velocity level leaves θ1' = 0 there, and
  // θ1 beyond π/2 by at most one step's travel h |θ1'|. |θ1'| ≤ √(2 K / λ_min(M)), with the
  // kinetic energy K at most the energy the run reaches (initial plus its largest variation
  // in a flight) less the least potential on the wall's side (cos θ1 ≥ 0: −m2 g l2), and
  // λ_min(M) ≥ (3 − √5)/2 for unit masses and rods (M = [[2, c], [c, 1]], |c| ≤ 1).
  const vibro::InertiaFindings& found = *result.run.inertia;
  const double energy = std::stod(found.initial_energy.text) + std::stod(found.largest_energy_variation_in_flight.text);
  const double speed = std::sqrt(2 * (energy + 9.81) / ((3 - std::sqrt(5.0)) / 2));
  EXPECT_NEAR(std::stod(result.run.final.q.at(0).text), std::numbers::pi / 2, std::stod(result.run.h->text) * speed);
  // θ1' = 0 is the solution of the step's LCP, which Siconos solves through LAPACK: which
  // OpenBLAS kernel runs depends on the processor, and one leaves 1.7e-18 where another leaves
  // 0. So zero to rounding: within one ulp of the speed bound.
  EXPECT_LE(std::abs(std::stod(result.run.final.qv.at(0).text)), std::numeric_limits<double>::epsilon() * speed);
}

TEST(SiconosPendulumSystem, RefusesSchatzmanPaoli) {
  const vibro::peer::SiconosDoublePendulum pendulum{1, 1, 1, 1, 9.81, 0.5};
  EXPECT_THROW(vibro::peer::SiconosSystem(pendulum, vibro::peer::SiconosIntegrator::schatzman_paoli, 0.5, 1e-3, 0,
                                          {1, 1}, {0, 0}),
               std::invalid_argument);
}

TEST(SiconosPendulumSystem, RefusesAFirstAngleBeyondTheWall) {
  const Pendulum model(1, 1, 1, 1, 9.81, 0.5);
  const MoreauJean scheme(model, 1e-3);
  // cos(2π + 0.1) > 0: admissible for the model, but outside the peer's bounds.
  EXPECT_THROW(scheme.start({2 * std::numbers::pi + 0.1, 0}, {0, 0}), std::invalid_argument);
  EXPECT_NO_THROW(scheme.start({std::numbers::pi / 3, std::numbers::pi / 3}, {0, 0}));
}

/// A case naming Schatzman–Paoli on the pendulum is refused naming the key, with the schemes
/// that do run on it.
TEST(SiconosPendulumCase, RefusesSchatzmanPaoliNamingTheKey) {
  const std::string text = R"(
[case]
name = "sp-pendulum"
[model]
type = "double-pendulum"
m1 = 1
m2 = 1
l1 = 1
l2 = 1
e = 1
[initial]
q0_over_pi = ["1/3", "1/3"]
v0 = [0, 0]
[scheme]
type = "siconos-schatzman-paoli"
[step]
h = 0.001
[horizon]
t_end = 0.1
)";
  try {
    vibro::run_case(vibro::parse_case(text, "sp-pendulum.toml"), vibro::RunOptions{});
    FAIL() << "Schatzman–Paoli on the pendulum was accepted";
  } catch (const vibro::InputError& e) {
    EXPECT_EQ(e.key(), "scheme.type");
    EXPECT_NE(std::string(e.what()).find("siconos-moreau-jean"), std::string::npos) << e.what();
  }
}

}  // namespace
