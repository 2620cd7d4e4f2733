// The Siconos peer on seed 002's N-DOF system (label peer, built only with Siconos;
// docs/peer.md "The N-DOF system").
//
// When Siconos' Schatzman–Paoli integrator is vibro's NSPS scheme. Siconos 4.4's
// SchatzmanPaoliOSI on a LagrangianLinearTIDS M q'' + K q = F_ext(t) + p (no damping) with
// θ = 0 has W = M and computes (tests/peer_test.cpp gives the general residual)
//   q_{k+1} = 2q_k − q_{k−1} − h² M⁻¹(K q_k − F_ext(t_k)) + M⁻¹ Σ_j H_jᵀ p_j,
//   0 ≤ y_j(q_{k+1}) + e_j y_j(q_{k−1}) ⊥ p_j ≥ 0  for every contact j,
// with M = M², K = A² (siconos_scheme.hpp): the standard discretisation of seed 002 eq. (12)
// with Paoli–Schatzman's impact law, which vibro does not have for N > 1. Seed 002 eq. (14)
// replaces the denominator h² by Φ = 4 sin²(hB/2)B⁻² (B² = M⁻²A²); with the impact law that
// is the NSPS scheme, eq. (26) (scheme/nonstandard_paoli_schatzman.hpp):
//   q^{n+2} = 2C q^{n+1} − q^n + Φ M⁻² h(t_{n+1})  (C = cos(hB), ΦB² = 2(I − C)),
// projected per coordinate. So Siconos' Schatzman–Paoli with θ = 0 IS NSPS when it is given
//   K_Φ = M² Φ B² / h² = 2M²(I − C)/h²  and  F_Φ(t) = M² Φ M⁻² h(t) / h²
// in place of A² and h(t): its free value h² M⁻¹(K_Φ q − F_Φ) is then NSPS's. The contacts
// agree too: a contact on coordinate i has H_j = ±e_iᵀ, and with M² diagonal the impulse
// moves q_i alone, by p_j/m_i², so the LCP of each contact is NSPS's projection of
// q_i^{n+2} + e_i q_i^n on (1 + e_i)[q_i^min, q_i^max] (lower and upper bounds alike). The
// start: NSPS's q^1 is the exact one-step map of (q0, v0); Siconos' is q0 + h v0, so it is
// given v0 = (q^1 − q0)/h, which makes its q^1 NSPS's to a rounding. The peer's nodes put
// Siconos' force at the node whose step it is (siconos_scheme.hpp), as NSPS does. Only the
// positions are compared: Siconos' velocity is the central difference (q^{n+1} − q^{n−1})/(2h),
// NSPS's the exact flight's (Sb)⁻¹(q^{n+1} − Cq^n).
//
// Agreement to rounding: each step of each computes its position from terms of the scale
// S = max‖q‖∞ with a few roundings per coordinate (the 1-DOF count is 8 for the two together,
// tests/peer_test.cpp); here a 2×2 product mixes both coordinates into each, so c = 8 N
// roundings per step. The two-step recurrence carries a perturbation of step k to step n
// as sin((n − k)θ_i)/sin θ_i per mode, at most (n − k), and the modal change of basis
// Λ = M⁻¹Q is orthogonal for the unit masses used here (the projection is non-expansive);
// so after n steps the positions differ by at most c ε S n²/2.
//
// Without the non-standard denominator (the model's own A² and h(t)) Siconos' scheme is the
// standard one, whose difference from NSPS is the truncation error of eq. (12), far above
// that bound (asserted below, so that the bound is not so wide that any scheme passes).
//
// Moreau–Jean has no such setting: MoreauJeanOSI is the θ-method on (q, v) (the stiffness at
// (1 − θ)q_k + θ q_{k+1}, q_{k+1} = q_k + h((1 − θ)v_k + θ v_{k+1})), which for no θ is the
// symplectic Euler step of the MMM scheme (seed 002 eq. (28): the stiffness at q_k + h v_k)
// nor, for any stiffness, the exact one-step map of NSMMM (eq. (29)), whose free step is a
// rotation in (q, v/ω) while the θ-method's is one in (q, v/ω') for the ω' its K gives. It is
// measured against the reference only.
//
// The studies: the expected values are the project's N-DOF reference (exact impact
// detection over modal flights, reference/system_reference.hpp) at every node, the orders
// those the peer declares (siconos_scheme.hpp), in the band of docs/convergence.md.

#include "support/order_band.hpp"
#include "support/shipped_peer_study.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/peer/siconos_scheme.hpp"
#include "vibro/run/run_precision.hpp"
#include "vibro/scheme/nonstandard_paoli_schatzman.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace {

using vibro::testing::shipped_peer_study;
using System = vibro::LinearImpactSystem<double>;
using vibro::Matrix;
using vibro::Vector;
using vibro::peer::SiconosIntegrator;
using SchatzmanPaoli = vibro::peer::SiconosScheme<SiconosIntegrator::schatzman_paoli, System>;
using Nsps = vibro::NonstandardPaoliSchatzman<double>;

/// The peer's own Siconos form of `model` (siconos_form) turned into NSPS's (the comment
/// above): its K and f replaced by K_Φ = 2M(I − C)/h² and MΦM⁻¹f/h², with B² = M⁻¹K, C and Φ
/// computed from that form's M and K — not from the model — so that an error in how the
/// peer writes the system for Siconos (a sign or an entry of K, the force) changes K_Φ and
/// shows here. M and the contacts are the form's.
vibro::peer::SiconosLinearSystem nonstandard_form(const System& model, double h) {
  vibro::peer::SiconosLinearSystem form = vibro::peer::siconos_form(model);
  const std::size_t n = form.dimension;
  Vector<double> mass(n);
  Matrix<double> stiffness(n, n);
  for (std::size_t i = 0; i < n; ++i) {
    mass[i] = form.mass[i * n + i];
    for (std::size_t j = 0; j < n; ++j) stiffness(i, j) = form.stiffness[i * n + j];
  }
  const auto matrices = vibro::step_matrices(vibro::ModalBasis<double>(mass, stiffness), h);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      form.stiffness[i * n + j] = 2 * mass[i] * ((i == j ? 1 : 0) - matrices.cos_b(i, j)) / (h * h);
  if (!form.force_amplitude.empty()) {
    const Vector<double> f = form.force_amplitude;
    for (std::size_t i = 0; i < n; ++i) {
      double sum = 0;
      for (std::size_t j = 0; j < n; ++j) sum += matrices.phi(i, j) * f[j] / mass[j];
      form.force_amplitude[i] = mass[i] * sum / (h * h);
    }
  }
  return form;
}

/// Roundings per step of the two computations together, per coordinate a product mixes.
constexpr double roundings_per_step_and_coordinate = 8;

/// The largest position difference over `steps` nodes, the bound c ε S n²/2 at the last
/// node, and whether the steps with a contact agree.
struct Comparison {
  double largest = 0;
  double bound = 0;
  bool same_contacts = true;
  std::int64_t contacts = 0;
};

/// NSPS against Siconos' Schatzman–Paoli (θ = 0) given `form`, from (q0, v0) at t0 = 0.
Comparison compare(const System& model, const vibro::peer::SiconosLinearSystem& form, double h, std::int64_t steps,
                   const Vector<double>& q0, const Vector<double>& v0) {
  const std::size_t n = model.dimension();
  const Nsps nsps(model, h);
  auto x = nsps.start(q0, v0);
  Vector<double> siconos_v0(n);
  for (std::size_t i = 0; i < n; ++i) siconos_v0[i] = (x.q_next[i] - q0[i]) / h;
  const SchatzmanPaoli sp(model, form, h, 0, 0);
  auto y = sp.start(q0, siconos_v0);
  Comparison c;
  double scale = 0;
  for (const double q : q0) scale = std::max(scale, std::abs(q));
  // Both report a contact with the node its projection made (Siconos, an independent
  // implementation, is the witness that NSPS's flags are on the right node).
  for (std::int64_t k = 1; k <= steps; ++k) {
    const bool sp_active = sp.step(y);
    const bool nsps_active = nsps.step(x);
    c.same_contacts = c.same_contacts && nsps_active == sp_active;
    c.contacts += sp_active;
    EXPECT_EQ(nsps.time(x), sp.time(y)) << "node " << k;
    for (std::size_t i = 0; i < n; ++i) {
      scale = std::max(scale, std::abs(x.q[i]));
      c.largest = std::max(c.largest, std::abs(x.q[i] - sp.position(y)[i]));
    }
  }
  const double nodes = static_cast<double>(steps);
  c.bound = roundings_per_step_and_coordinate * static_cast<double>(n) * std::numeric_limits<double>::epsilon() *
            scale * nodes * nodes / 2;
  return c;
}

/// Seed 002's coupled 2-DOF system (μ_k = 5, μ_m = 1: A² = [[1, −1], [−1, 6]]), forced by
/// f = (2, 0) at Ω = 2, with q1 ≥ −0.5 (e = 0.8): tests/data/ndof_coupled_study_*.toml, from
/// (0, 0), (1, 0).
System forced_coupled() { return vibro::two_mass_spring<double>(5, 1, -0.5, std::nullopt, 0.8, {2, 0}, 2); }

/// Seed 002 §3.1 experiment 2 (μ_k = 5, μ_m = 1, q1 ∈ [0.2, 1], e = 0), unforced: both
/// bounds of q1 are hit and q1 sticks on them.
System both_bounds() { return vibro::two_mass_spring<double>(5, 1, 0.2, 1.0, 0.0); }

TEST(SiconosSystemSchatzmanPaoli, IsNspsToRoundingWithSeed002Denominator) {
  const System model = forced_coupled();
  const double h = model.period() / 400;
  const Comparison c = compare(model, nonstandard_form(model, h), h, 800, {0, 0}, {1, 0});
  EXPECT_GT(c.contacts, 0) << "the comparison must cross impacts to cover the LCP";
  EXPECT_TRUE(c.same_contacts);
  EXPECT_LE(c.largest, c.bound);
  std::cout << "  forced, lower bound: largest |q_NSPS − q_Siconos| = " << c.largest << ", bound " << c.bound << ", "
            << c.contacts << " steps with contact\n";
}

TEST(SiconosSystemSchatzmanPaoli, IsNspsToRoundingOnBothBoundsWithSticking) {
  const System model = both_bounds();
  const double h = 0.005;
  const Comparison c = compare(model, nonstandard_form(model, h), h, 4000, {1, 0}, {-1, 5});
  EXPECT_GT(c.contacts, 0) << "the comparison must cross impacts to cover the LCP";
  EXPECT_TRUE(c.same_contacts);
  EXPECT_LE(c.largest, c.bound);
  std::cout << "  unforced, both bounds, e = 0: largest |q_NSPS − q_Siconos| = " << c.largest << ", bound " << c.bound
            << ", " << c.contacts << " steps with contact\n";
}

/// The model's own stiffness and force: the standard scheme of seed 002 eq. (12), another
/// discretisation, whose difference from NSPS is its truncation error, far above the bound.
TEST(SiconosSystemSchatzmanPaoli, DiffersFromNspsBeyondRoundingWithTheStandardDenominator) {
  const System model = forced_coupled();
  const double h = model.period() / 400;
  const Comparison c = compare(model, vibro::peer::siconos_form(model), h, 800, {0, 0}, {1, 0});
  EXPECT_GT(c.largest, 100 * c.bound);
}

/// Schatzman–Paoli on the forced 2-DOF system whose impacts fall half-way through a step:
/// position error O(h) in L∞ (seed 000 §1-2's order, declared by the peer).
TEST(SiconosSystemStudy, SchatzmanPaoliHasPositionOrderOneOnTheTwoDofImpacts) {
  EXPECT_TRUE(vibro::testing::has_order(shipped_peer_study("siconos_schatzman_paoli_two_dof_impacts.toml"),
                                        vibro::ErrorMetric::position_linf, 1));
}

/// Moreau–Jean on the same system: position error O(h) in L∞.
TEST(SiconosSystemStudy, MoreauJeanHasPositionOrderOneOnTheTwoDofImpacts) {
  EXPECT_TRUE(vibro::testing::has_order(shipped_peer_study("siconos_moreau_jean_two_dof_impacts.toml"),
                                        vibro::ErrorMetric::position_linf, 1));
}

}  // namespace
