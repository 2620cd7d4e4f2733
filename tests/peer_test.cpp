// The Siconos peer (label peer, built only with Siconos; docs/peer.md).
//
// When Siconos' Schatzman–Paoli integrator is vibro's Paoli–Schatzman scheme. From
// Siconos 4.4's SchatzmanPaoliOSI (kernel/src/simulationTools/SchatzmanPaoliOSI.cpp) for a
// LagrangianLinearTIDS M q'' + C q' + K q = F_ext(t) + p with M = 1, C = 2α, K = 1:
//   W = M + (hθ/2) C + h²θ² K,
//   residu = M(q_{k−1} − q_k) + h² K q_k + h² C (θ (q_k − q_{k−1})/(2h) + (1 − θ) v_k)
//            − h² ((1 − θ) F_ext(t_k) + θ F_ext(t_{k+1})),
//   q_free = q_k − W⁻¹ residu,  q_{k+1} = q_free + W⁻¹ p,  v_{k+1} = (q_{k+1} − q_{k−1})/(2h),
// with the LCP of a NewtonImpactNSL on the gap y = q − u_min:
//   0 ≤ y_{k+1} + e y_{k−1} ⊥ p ≥ 0,
// and the start q_{−1} = q0, q_0 = q0 + h v0 at Siconos' t0 (initializeDynamicalSystem).
// With θ = 0 and C = 0 (α = 0): W = 1 and
//   q_{k+1} = max(2q_k − q_{k−1} + h²(F_ext(t_k) − q_k) + e q_{k−1}, (1 + e) u_min) − e q_{k−1},
// which is seed 000 eq. (14) with F^n = a cos(ω t_n) − U^n, U^n = q_{n−1} and t_n = t_k when
// Siconos starts at t0 + h (siconos_scheme.hpp), and U^1 = u0 + h v0: the scheme's
// start = "linear". With α > 0 no θ makes them one scheme: the damping term is centred and
// implicit in PS (θ = 1 in Siconos' C term) while the stiffness and the force are explicit
// (θ = 0 in its K and F terms), and with θ = 0 Siconos' C term uses the lagged v_k, a
// velocity of neither of PS's approximations. There, both are measured against the reference.
//
// Agreement to rounding: the two compute the same recurrence with different operations
// (Siconos solves W and a 1×1 LCP by Lemke's method), so each step differs by a few
// roundings of the terms' scale S = max|U| + h²a. The two-step recurrence carries a
// perturbation at step k to step n with weight ≤ (n − k) (its homogeneous solutions grow
// linearly; the projection is non-expansive), so after n steps the difference is at most
// c ε S n²/2, with c = 8 roundings per step of the two together (the bound of issue 16's
// ε·N² floor).

#include "support/order_band.hpp"
#include "support/shipped_peer_study.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/peer/siconos_scheme.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/node_contact.hpp"
#include "vibro/scheme/paoli_schatzman_class.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

namespace {

using vibro::testing::shipped_peer_study;
using vibro::ImpactOscillator;
using vibro::PaoliSchatzman;
using vibro::peer::SiconosIntegrator;
using SchatzmanPaoli = vibro::peer::SiconosScheme<SiconosIntegrator::schatzman_paoli, ImpactOscillator<double>>;

/// Roundings per step of the two computations together (the comment above).
constexpr double roundings_per_step = 8;

/// The largest position difference of the two schemes over `steps` nodes, the bound
/// c ε S n²/2 at the last node, and whether the steps with a contact agree.
struct Comparison {
  double largest = 0;
  double bound = 0;
  bool same_contacts = true;
  std::int64_t contacts = 0;
};

Comparison compare(const ImpactOscillator<double>& model, double theta, std::int64_t steps_per_period,
                   std::int64_t periods) {
  const double h = model.period() / static_cast<double>(steps_per_period);
  const double u0 = 0.5, v0 = 0;
  const PaoliSchatzman<ImpactOscillator<double>> ps(model, h, 0,
                                                    {vibro::VelocityApproximation::centered, vibro::StartingValue::linear});
  const SchatzmanPaoli sp(model, h, 0, theta);
  auto x = ps.start(u0, v0);
  auto y = sp.start(u0, v0);
  Comparison c;
  double scale = std::abs(u0);
  const std::int64_t steps = steps_per_period * periods;
  // PS's state after a step is X^n = (U^n, U^{n+1}): its step reports the projection that
  // made U^{n+1}; NodeContact (what every output reads) gives it with that node, where
  // Siconos reports the same contact.
  vibro::NodeContact<PaoliSchatzman<ImpactOscillator<double>>> ps_node;
  for (std::int64_t n = 1; n <= steps; ++n) {
    const bool sp_active = sp.step(y);
    const bool ps_active = ps_node(ps.step(x));
    c.same_contacts = c.same_contacts && ps_active == sp_active;
    c.contacts += sp_active;
    scale = std::max(scale, std::abs(x.u));
    c.largest = std::max(c.largest, std::abs(x.u - sp.position(y)));
    EXPECT_EQ(ps.time(x), sp.time(y)) << "node " << n;
  }
  const double n = static_cast<double>(steps);
  c.bound = roundings_per_step * std::numeric_limits<double>::epsilon() * (scale + h * h * model.amplitude()) * n * n / 2;
  return c;
}

/// The issue's oscillator (a = 1, ω = 2, u_min = 0, e = 0.8) with damping α.
ImpactOscillator<double> oscillator(double alpha) { return ImpactOscillator<double>(alpha, 1, 2, 0, 0.8); }

TEST(SiconosSchatzmanPaoli, IsPaoliSchatzmanToRoundingAtThetaZeroWithoutDamping) {
  const Comparison c = compare(oscillator(0), 0, 400, 10);
  EXPECT_GT(c.contacts, 0) << "the comparison must cross impacts to cover the LCP";
  EXPECT_TRUE(c.same_contacts);
  EXPECT_LE(c.largest, c.bound);
  std::cout << "  largest |U_PS − U_Siconos| = " << c.largest << ", bound " << c.bound << ", " << c.contacts
            << " steps with contact\n";
}

/// The bound above is not so wide that any scheme passes: θ = ½, or damping with θ = 0, is
/// another discretisation, whose difference from PS is its truncation error, far above it.
TEST(SiconosSchatzmanPaoli, DiffersFromPaoliSchatzmanBeyondRoundingOtherwise) {
  const Comparison half = compare(oscillator(0), 0.5, 400, 10);
  EXPECT_GT(half.largest, 100 * half.bound);
  const Comparison damped = compare(oscillator(0.1), 0, 400, 10);
  EXPECT_GT(damped.largest, 100 * damped.bound);
}

/// Schatzman–Paoli on the issue-16 periodic case: position error O(h) in L∞, seed 000 §1.
TEST(SiconosStudy, SchatzmanPaoliHasPositionOrderOneOnThePeriodicCase) {
  EXPECT_TRUE(vibro::testing::has_order(shipped_peer_study("siconos_schatzman_paoli_periodic.toml"),
                                        vibro::ErrorMetric::position_linf, 1));
}

/// Moreau–Jean where its impacts are on the grid (seed 003 example 5.1): order 1 within the
/// order test's band.
TEST(SiconosStudy, MoreauJeanHasPositionOrderOneOnTheHarmonicObstacle) {
  EXPECT_TRUE(vibro::testing::has_order(shipped_peer_study("siconos_moreau_jean_harmonic_obstacle.toml"),
                                        vibro::ErrorMetric::position_linf, 1));
}

/// Moreau–Jean on the issue-16 periodic case: each impact falls at another phase of its step,
/// so the successive slopes scatter (0.38 … 1.36); they scatter around 1 without a trend.
TEST(SiconosStudy, MoreauJeanScattersAroundOrderOneOnThePeriodicCase) {
  EXPECT_TRUE(vibro::testing::scatters_around(shipped_peer_study("siconos_moreau_jean_periodic.toml"),
                                              vibro::ErrorMetric::position_linf, 1));
}

/// theta is Siconos' θ ∈ [0, 1]; anything else is refused naming the key.
TEST(SiconosCase, RefusesThetaOutsideZeroOne) {
  const std::string text = R"(
[case]
name = "theta"
[model]
type = "impact-oscillator"
alpha = 0.1
a = 1
omega = 2
u_min = 0
e = 0.8
[initial]
u0 = 0.5
v0 = 0
[scheme]
type = "siconos-moreau-jean"
theta = "1.5"
[step]
steps_per_period = 100
[horizon]
periods = 1
)";
  try {
    vibro::run_case(vibro::parse_case(text, "theta.toml"), vibro::RunOptions{});
    FAIL() << "theta = 1.5 was accepted";
  } catch (const vibro::InputError& e) {
    EXPECT_EQ(e.key(), "scheme.theta");
  }
}

}  // namespace
