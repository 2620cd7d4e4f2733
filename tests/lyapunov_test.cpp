// The Lyapunov engine (vibro/analysis/lyapunov.hpp, docs/mathematics.md §4) and the Poincaré maps
// that feed it (vibro/analysis/poincare_maps_*.hpp). Expected values:
// - the Gram–Schmidt recurrence on a constant triangular matrix: closed form of ‖A^k e1‖;
// - the linear oscillator without obstacle: closed form of the fundamental matrix (both
//   exponents tend to −αT per period; λ_{1,k} exactly for every k), and for the schemes the
//   closed-form determinant of their one-step matrices;
// - seed 001 Theorem 3.3 (docs/mathematics.md §2.2): D_ε S^h = −e·F across a two-step reversal, exactly
//   with rationals;
// - where the derivative does not exist (docs/mathematics.md §1.2): the engine stops and says why.
// The chaotic case (sum rule, IDED against IDND) is in lyapunov_study_test.cpp.

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_difference.hpp"
#include "vibro/analysis/poincare_maps_reference.hpp"
#include "vibro/analysis/corrected_scheme_flow.hpp"
#include "vibro/analysis/paoli_schatzman_flow.hpp"
#include "vibro/model/constant_force.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/reference_settings.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace vibro::testing {
namespace {

template <class Real>
using Engine = ScalarTest<Real>;
TYPED_TEST_SUITE(Engine, FloatingTypes, ScalarNames);

/// A constant DS = A = [[d, 0], [b, a]], a > d > 0: A^k e1 = (d^k, b (a^k − d^k)/(a − d))
/// (closed form, by induction), so the power iteration of the engine must give
/// λ_{1,k} = (1/k) ln ‖A^k e1‖ and, as n1 n2 = |det A| each period, λ_{2,k} = ln(ad) − λ_{1,k}.
TYPED_TEST(Engine, TriangularMatrixFollowsTheClosedFormForEveryK) {
  using Real = TypeParam;
  using std::log;
  using std::pow;
  using std::sqrt;
  const Real a = num<Real>("1.5"), b = num<Real>("0.75"), d = num<Real>("0.4");
  const Matrix2<Real> A{d, Real(0), b, a};
  const Real period = num<Real>("0.25");
  LyapunovExponents<Real> exponents(period);
  constexpr int periods = 60;
  for (int k = 1; k <= periods; ++k) {
    ASSERT_TRUE(exponents.add(A));
    const Real x = pow(d, k), y = b * (pow(a, k) - pow(d, k)) / (a - d);
    const Real lambda1 = log(sqrt(x * x + y * y)) / k;
    // Each period rounds n1 and n2 by a few ε and their logarithms by one more: the sums
    // carry ≤ 8 ε per period of |ln n| ≤ 1, the closed form a few ε of k ln a: 16 ε.
    EXPECT_NEAR_EPS(exponents.lambda1(), lambda1, 16, Real(1)) << "k = " << k;
    EXPECT_NEAR_EPS(exponents.lambda2(), Real(log(a * d) - lambda1), 16, Real(1)) << "k = " << k;
    // The running estimates are the same numbers rounded to double.
    EXPECT_EQ(exponents.running1().back(), static_cast<double>(exponents.lambda1()));
  }
  EXPECT_EQ(exponents.periods(), periods);
  EXPECT_EQ(exponents.running2().size(), std::size_t{periods});
  EXPECT_EQ(exponents.lambda1_per_unit_time(), Real(exponents.lambda1() / period));
}

/// A singular DS has no second exponent (docs/mathematics.md §1.2: sticking makes S singular): the engine
/// stops, keeps the estimates up to the period before, and gives no number.
TYPED_TEST(Engine, SingularDerivativeStopsTheRunAndGivesNoNumber) {
  using Real = TypeParam;
  int calls = 0;
  const auto map = [&](const PhasePoint<Real>& x, std::int64_t k) {
    ++calls;
    const Real second = k == 2 ? Real(0) : Real(1);
    return PoincareStep<Real>{x, Matrix2<Real>{Real(2), Real(0), Real(0), second}, std::nullopt};
  };
  const auto run = run_lyapunov(map, PhasePoint<Real>{Real(0), Real(0)}, 10, Real(1));
  EXPECT_EQ(calls, 3);
  EXPECT_FALSE(run.exponents.defined());
  EXPECT_EQ(run.exponents.periods(), 2);
  EXPECT_EQ(run.exponents.running1().size(), 2u);
  EXPECT_NE(run.exponents.why_undefined().find("period 3"), std::string::npos) << run.exponents.why_undefined();
  EXPECT_THROW((void)run.exponents.lambda1(), std::logic_error);
  EXPECT_THROW((void)run.exponents.lambda2_per_unit_time(), std::logic_error);
}

// ---------------------------------------------------------------------------------------
// The linear oscillator without obstacle.

/// u'' + 2αu' + u = a cos ωt with u_min = −1000, never reached (|u| ≤ |u0| + a/√D < 2, the
/// forced amplitude a/√D ≈ 0.75 and the free part decaying): the Poincaré map is affine with
/// DS = Φ(T) = e^{−αT} B(ω_d T), the fundamental matrix (docs/mathematics.md §1.1) with, for φ = ω_d s,
///   B(φ) = cos φ I + sin φ J,  J = [[α/ω_d, 1/ω_d], [−1/ω_d, −α/ω_d]],  J² = −I,
/// so DS^k = e^{−αkT} B(kω_d T): both Floquet multipliers have modulus e^{−αT}
/// (det DS = e^{−2αT}) and for every k, with B(φ)e1 = (cos φ + (α/ω_d) sin φ, −sin φ/ω_d),
///   λ_{1,k} = −αT + (1/k) ln |B(kω_d T) e1|,   λ_{2,k} = −2αT − λ_{1,k}   (per period).
/// The conjugation term is bounded: |ln |B(φ)e1|| ≤ c_B with c_B = ½ max |ln μ±|, μ± the
/// eigenvalues of the quadratic form |B(φ)e1|² = (cos φ, sin φ) Q (cos φ, sin φ)ᵀ,
/// Q = [[1, α/ω_d], [α/ω_d, (α² + 1)/ω_d²]]; here c_B ≈ 0.144.
template <class Real>
struct LinearCase {
  Real alpha = num<Real>("0.25");
  ImpactOscillator<Real> model{alpha, num<Real>("1"), num<Real>("1.5"), num<Real>("-1000"), num<Real>("0.5")};
  Real period = model.period();
  Real omega_d = Real(sqrt(Real(1 - alpha * alpha)));
  PhasePoint<Real> x0{num<Real>("0.5"), Real(0)};
  static constexpr std::int64_t periods = 200;
  static constexpr std::int64_t steps_per_period = 100;  // the schemes: h = T/100

  ImpactReference<ImpactOscillator<Real>> reference() const {
    return {model, default_reference_settings(model, x0.u, x0.v)};
  }

  /// −αT: the limit of both exponents per period.
  Real limit() const { return Real(-alpha * period); }

  /// λ_{1,k} of the exact flow (closed form above).
  Real lambda1(std::int64_t k) const {
    using std::cos;
    using std::log;
    using std::sin;
    using std::sqrt;
    const Real phi = omega_d * period * k;
    const Real x = cos(phi) + alpha / omega_d * sin(phi), y = -sin(phi) / omega_d;
    return Real(limit() + log(sqrt(x * x + y * y)) / k);
  }

  Real conjugation_bound() const {
    using std::abs;
    using std::log;
    using std::max;
    using std::sqrt;
    const Real q12 = alpha / omega_d, q22 = (alpha * alpha + 1) / (omega_d * omega_d);
    const Real trace = 1 + q22, det = q22 - q12 * q12;
    const Real root = sqrt(trace * trace - 4 * det);
    return Real(max(abs(log((trace + root) / 2)), abs(log((trace - root) / 2))) / 2);
  }
};

template <class Real>
using Linear = ScalarTest<Real>;
TYPED_TEST_SUITE(Linear, FloatingTypes, ScalarNames);

/// IDED: every running estimate λ_{j,k}, k = 1 … 200, against the closed form.
/// Rounding: each period's DS has a few ε of relative error (cos, sin, exp of the flight),
/// the products, norms and logarithms of the engine a few more, ≤ 16 ε per period in ln n_j,
/// and the sums of k of them divided by k stay at that level. With the folded clock every
/// DS_k is the same computed matrix, whose rotation angle is off by a few ε: its k-th power's
/// phase by k times that, which through |d ln |B(φ)e1|/dφ| ≤ 2 moves (1/k) ln |B e1| by a
/// few ε, whatever k. 32 ε.
TYPED_TEST(Linear, ExactDerivativeGivesTheClosedFormForEveryK) {
  using Real = TypeParam;
  const LinearCase<Real> c;
  ExactDerivativeMap<ImpactOscillator<Real>> map(c.reference(), Real(0), c.period);
  const auto run = run_lyapunov(map, c.x0, c.periods, c.period);
  ASSERT_TRUE(run.exponents.defined()) << run.exponents.why_undefined();
  EXPECT_EQ(map.events().impacts() + map.events().non_impacts(), 0);
  for (std::int64_t k = 1; k <= c.periods; ++k) {
    const double expected1 = static_cast<double>(c.lambda1(k));
    const double expected2 = static_cast<double>(Real(2 * c.limit() - c.lambda1(k)));
    const auto i = static_cast<std::size_t>(k - 1);
    // The running estimates are doubles: 32 of double's ε on top of the type's own.
    const double band = 32 * (static_cast<double>(epsilon<Real>()) + epsilon<double>());
    EXPECT_NEAR(run.exponents.running1()[i], expected1, band) << "k = " << k;
    EXPECT_NEAR(run.exponents.running2()[i], expected2, band) << "k = " << k;
  }
  const Real expected1 = c.lambda1(c.periods);
  EXPECT_NEAR_EPS(run.exponents.lambda1(), expected1, 32, Real(1));
  EXPECT_NEAR_EPS(run.exponents.lambda2(), Real(2 * c.limit() - expected1), 32, Real(1));
  // Both tend to −αT: within the conjugation term c_B/k (closed form above).
  using std::abs;
  EXPECT_LE(abs(run.exponents.lambda1() - c.limit()), c.conjugation_bound() / c.periods);
  EXPECT_LE(abs(run.exponents.lambda2() - c.limit()), c.conjugation_bound() / c.periods);
}

/// The finite-difference methods on the affine map of the linear case. The quotient of an
/// affine map is its linear part for every ε: no O(ε) error, only rounding. Each flow
/// value carries an error ≲ ε S per rounding stage (S ≲ 1 the size of the state after the
/// first periods; one stage for the closed-form reference, N for a scheme of N steps), two
/// flows enter each quotient, so each entry of D_ε S is off by δ ≲ 2 ε S N/ε_fd, and each
/// exponent by ≲ (2 + cond B) ‖DS⁻¹‖ δ ≈ 4 e^{αT} δ (cond B ≈ 1.3, ‖B⁻¹‖ ≈ 1.2): the band
/// is 8 N ε × e^{αT}/ε_fd. (Measured: at most 0.5 N ε e^{αT}/ε_fd over the four types.)
template <class Real>
Real difference_scale(const LinearCase<Real>& c, const Real& epsilon_fd) {
  using std::exp;
  return Real(exp(Real(-c.limit())) / epsilon_fd);
}

/// Checks a difference method on the linear case against λ_m, the closed-form limit of its
/// own map (−αT for the exact flow, the one-step determinants for a scheme):
/// λ_{1,K} + λ_{2,K} = 2λ_m to rounding (n1 n2 = |det D_ε S| each period: the sum rule of
/// the map), and each exponent within |λ_m + αT| (the scheme's O(h²) error) + 2c_B/K (the
/// conjugation term of the closed form, c_B + O(h) ≤ 2c_B for the scheme's own B) of −αT.
template <class Real, class Map>
void expect_linear_exponents(const LyapunovRun<Real>& run, const Map& map, const LinearCase<Real>& c,
                             const Real& lambda_m, std::int64_t stages) {
  using std::abs;
  ASSERT_TRUE(run.exponents.defined()) << run.exponents.why_undefined();
  EXPECT_EQ(map.flow().periods_with_changed_contacts(), 0);
  const Real scale = difference_scale(c, map.epsilon());
  const Real sum = run.exponents.lambda1() + run.exponents.lambda2();
  EXPECT_NEAR_EPS(sum, Real(2 * lambda_m), 8.0 * static_cast<double>(stages), scale);
  const Real band = abs(lambda_m - c.limit()) + 2 * c.conjugation_bound() / c.periods + 8 * stages * epsilon<Real>() * scale;
  EXPECT_LE(abs(run.exponents.lambda1() - c.limit()), band);
  EXPECT_LE(abs(run.exponents.lambda2() - c.limit()), band);
}

/// IDND with ε = 1e−8 absolute (seed 001): also λ_{1,k} of the closed form for every k.
TYPED_TEST(Linear, DifferencesOfTheReferenceGiveTheClosedForm) {
  using Real = TypeParam;
  const LinearCase<Real> c;
  const Real epsilon_fd = num<Real>("1e-8");
  ForwardDifferenceMap map(ReferenceFlow<ImpactOscillator<Real>>(c.reference(), Real(0), c.period),
                           DifferenceStep<Real>::absolute(epsilon_fd));
  const auto run = run_lyapunov(map, c.x0, c.periods, c.period);
  expect_linear_exponents(run, map, c, c.limit(), 1);
  EXPECT_NEAR_EPS(run.exponents.lambda1(), c.lambda1(c.periods), 8, difference_scale(c, epsilon_fd));
}

/// The schemes' maps, h = Δt = T/100, with the ε of the seeds: NSND ε = 3h (seed 001), C.N.S.P
/// ε = h (seed 000). Their limits λ_m from the determinants of their one-step matrices (the
/// two roots are complex conjugate, so both exponents tend to half the log-determinant):
/// - PS without contact (centered velocity, docs/mathematics.md §2): (1 + αh)U^{n+1} − (2 − h²)U^n +
///   (1 − αh)U^{n−1} = h² g(t_n), one-step matrix on (U^{n−1}, U^n) of determinant
///   (1 − αh)/(1 + αh); X = (U, V) is a fixed linear change of it, so
///   λ_m = (N/2) ln((1 − αh)/(1 + αh)) = −αT (1 + (αh)²/3 + …);
/// - the corrected scheme without contact is the Crank–Nicolson step (docs/mathematics.md §3), of
///   determinant (4 − 4αΔt + Δt²)/(4 + 4αΔt + Δt²) (Cramer on seed 000 eq. (27)–(28)); the
///   landing step differs from Δt by rounding only: λ_m = (N/2) ln of that = −αT(1 + O(Δt²)).
TYPED_TEST(Linear, DifferencesOfTheSchemeMapsGiveTheirDeterminants) {
  using Real = TypeParam;
  using std::log;
  const LinearCase<Real> c;
  const std::int64_t n = c.steps_per_period;
  const Real h = c.period / n, ah = c.alpha * h;
  {
    SCOPED_TRACE("NSND");
    ForwardDifferenceMap map(PaoliSchatzmanFlow(PaoliSchatzman(c.model, h), n), DifferenceStep<Real>::times_h(Real(3)));
    const Real lambda_m = Real(n * log((1 - ah) / (1 + ah)) / 2);
    expect_linear_exponents(run_lyapunov(map, c.x0, c.periods, c.period), map, c, lambda_m, n);
  }
  {
    SCOPED_TRACE("C.N.S.P");
    ForwardDifferenceMap map(CorrectedSchemeFlow(CorrectedCrankNicolson(c.model, h), Real(0), c.period),
                             DifferenceStep<Real>::times_h(Real(1)));
    const Real lambda_m = Real(n * log((4 - 4 * ah + h * h) / (4 + 4 * ah + h * h)) / 2);
    expect_linear_exponents(run_lyapunov(map, c.x0, c.periods, c.period), map, c, lambda_m, n);
  }
}

// ---------------------------------------------------------------------------------------
// Seed 001 Theorem 3.3 (docs/mathematics.md §2.2): the derivative of the discrete flow across a
// two-step reversal.

template <class Real>
using Reversal = ScalarTest<Real>;
TYPED_TEST_SUITE(Reversal, AllTypes, ScalarNames);

/// The steps of `count` PS steps from X = (U, V) at which the projection was active, in the
/// seed's numbering (k such that U^{k+1} was computed with it).
template <class Model>
std::vector<std::int64_t> active_steps(const PaoliSchatzman<Model>& scheme,
                                       const PhasePoint<typename Model::real_type>& x, std::int64_t count) {
  auto state = scheme.from_discrete(x.u, x.v);
  std::vector<std::int64_t> active;
  for (std::int64_t j = 0; j < count; ++j)
    if (scheme.step(state)) active.push_back(j + 1);
  return active;
}

/// u'' = −g above u_min = 0, e = 1/2, h = 1/8, X^0 = (u0, −1), a window of N = 12 steps with
/// one impact: g = 0 is the free fall of seed 000 §2, g = 1 a constant force; u0 = 19/20 and
/// 29/32 give the two reversal cases of docs/mathematics.md §2.1 (U^{m+1} below and above the obstacle).
/// Expected (derived exactly): off the active steps the map is X ↦ (U + hV, V − hg), linear
/// part F_1 = [[1, h], [0, 1]]; on the two active steps p, p + 1, U^{p+1} + eU^{p−1} =
/// U^{p+2} + eU^p = (1 + e)u_min, so X^{p+1} = ((1 + e)u_min − eU^{p−1}, −eV^{p−1}): derivative
/// −e·I (Theorem 3.3, eq. (26)–(27)). Composed: D S^h = F_{N−p−1}(−eI)F_{p−1} = −e F_{N−2},
/// F_m = [[1, m h], [0, 1]]. The map is affine on the data with the same active steps (Lemma
/// 3.2), so D_ε S^h equals it for any ε that keeps them: exactly with rationals. (The exact
/// flow's saltation matrix has the lower-left entry (1 + e)g/|v−| there, Theorem 3.1: for
/// g ≠ 0 the discrete derivative misses it.)
TYPED_TEST(Reversal, DifferenceQuotientAcrossTheTwoStepReversalIsMinusE) {
  using Real = TypeParam;
  const Real h = num<Real>("1/8"), e = num<Real>("1/2"), epsilon_fd = num<Real>("1/1000000");
  constexpr std::int64_t window = 12;
  for (const char* g : {"0", "1"}) {
    for (const char* u0 : {"19/20", "29/32"}) {
      SCOPED_TRACE(std::string("g = ") + g + ", u0 = " + u0);
      const PaoliSchatzman<ConstantForce<Real>> scheme(ConstantForce<Real>(num<Real>(g), Real(0), e), h);
      const PhasePoint<Real> x{num<Real>(u0), Real(-1)};
      // The hypotheses, checked: the same active steps for X, X + εe1, X + εe2 (Lemma 3.2),
      // and they are two consecutive steps p, p + 1 inside the window (Theorem 3.3).
      const auto active = active_steps(scheme, x, window);
      EXPECT_EQ(active_steps(scheme, PhasePoint<Real>{Real(x.u + epsilon_fd), x.v}, window), active);
      EXPECT_EQ(active_steps(scheme, PhasePoint<Real>{x.u, Real(x.v + epsilon_fd)}, window), active);
      ASSERT_EQ(active.size(), 2u);
      ASSERT_EQ(active[1], active[0] + 1);
      ASSERT_GE(active[0], 1);
      ForwardDifferenceMap map(PaoliSchatzmanFlow(scheme, window), DifferenceStep<Real>::absolute(epsilon_fd));
      const PoincareStep<Real> step = map(x, 0);
      EXPECT_EQ(map.flow().periods_with_changed_contacts(), 0);
      EXPECT_EQ(map.flow().contacts(), 2);
      // Floating types: the affine map's quotient to rounding, 12 steps of a few ε of the
      // state (≤ 1) in each of two flows, over ε_fd: 8 N ε/ε_fd. Rationals: equality.
      const Real scale = 1 / epsilon_fd;
      const Matrix2<Real>& ds = step.derivative;
      EXPECT_NEAR_EPS(ds.a11, Real(-e), 8 * window, scale);
      EXPECT_NEAR_EPS(ds.a12, Real(-e * (window - 2) * h), 8 * window, scale);
      EXPECT_NEAR_EPS(ds.a21, Real(0), 8 * window, scale);
      EXPECT_NEAR_EPS(ds.a22, Real(-e), 8 * window, scale);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Where the derivative does not exist.

/// A bouncing ball (u'' = −9.81, e = 0.6, from rest at u = 1.25) chatters to rest: its
/// impacts accumulate at t ≈ 2.02 (impact_reference_test has the closed form), and the flow
/// has no derivative there (docs/mathematics.md §1.2). IDED and IDND with unit "periods" stop in the
/// period of the accumulation, say why, and give no number.
TEST(LyapunovUndefined, AccumulationStopsIdedAndIdndWithTheReason) {
  const ConstantForce<double> model(9.81, 0, 0.6);
  const ImpactReference<ConstantForce<double>> reference(model, default_reference_settings(model, 1.25, 0.0));
  const PhasePoint<double> x0{1.25, 0};
  ExactDerivativeMap ided(reference, 0.0, 1.0);
  ForwardDifferenceMap idnd(ReferenceFlow(reference, 0.0, 1.0), DifferenceStep<double>::absolute(1e-8));
  const auto exact = run_lyapunov(ided, x0, 10, 1.0);
  const auto numerical = run_lyapunov(idnd, x0, 10, 1.0);
  for (const auto* exponents : {&exact.exponents, &numerical.exponents}) {
    EXPECT_FALSE(exponents->defined());
    EXPECT_GE(exponents->periods(), 1);
    EXPECT_LE(exponents->periods(), 2);
    EXPECT_THROW((void)exponents->lambda1(), std::logic_error);
  }
  EXPECT_NE(exact.exponents.why_undefined().find("accumulation"), std::string::npos) << exact.exponents.why_undefined();
  EXPECT_NE(numerical.exponents.why_undefined().find("accumulation"), std::string::npos)
      << numerical.exponents.why_undefined();
  EXPECT_GE(ided.events().count(EventKind::accumulation), 1);
}

/// ε relative to h needs a flow with a step: the reference has none.
TEST(LyapunovUndefined, RelativeEpsilonNeedsAStep) {
  const ConstantForce<double> model(9.81, 0, 0.6);
  const ImpactReference<ConstantForce<double>> reference(model, default_reference_settings(model, 1.25, 0.0));
  EXPECT_THROW(ForwardDifferenceMap(ReferenceFlow(reference, 0.0, 1.0), DifferenceStep<double>::times_h(3)),
               std::invalid_argument);
  EXPECT_THROW(ForwardDifferenceMap(ReferenceFlow(reference, 0.0, 1.0), DifferenceStep<double>::absolute(0)),
               std::invalid_argument);
}

}  // namespace
}  // namespace vibro::testing
