// The corrected Crank–Nicolson scheme, seed 000 §3 eq. (26)–(38), docs/mathematics.md §3. Expected values
// come from a closed form (seed 000 eq. (27)–(28) written out; the roots of ϕ, eq. (31)–(34),
// worked by hand for constructed inputs; the exact parabola of a constant force; the exact
// free fall), an independent evaluation (the residual of the Crank–Nicolson system (26); an
// event map of the bouncing ball derived from eq. (31)–(37)), or an invariant (ϕ(s0) = 0;
// exact landing on t0 + kT).
//
// Most branch tests run over every scalar type with exact equality: their inputs are
// dyadic rationals with a few bits, every intermediate of the step (predictor, eq. (31)–(37),
// the square root of a square) is again such a number, so no operation rounds in any type.

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/model/constant_force.hpp"
#include "vibro/model/duffing_oscillator.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/model/linear_force.hpp"
#include "vibro/scheme/corrected_crank_nicolson.hpp"
#include "vibro/scheme/paoli_schatzman_class.hpp"
#include "vibro/scheme/trajectory.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace vibro::testing {
namespace {

/// A force that pushes upward ever harder as t → 0+, g(t) = 4/t − 1/(2048 t²) (g(0) = 0),
/// with k = c = 0: built so that the fallback of seed 000 eq. (38) is reached (see the test
/// FallbackOfEq38AfterTenDichotomies for why no model of the library reaches it).
template <class Real>
struct SingularLift {
  using real_type = Real;
  Real u_min = Real(0);
  Real e = num<Real>("1/2");
  Real forcing(const Real& t) const { return t == 0 ? Real(0) : Real(4 / t - 1 / (2048 * t * t)); }
  Real acceleration(const Real& t, const Real&, const Real&) const { return forcing(t); }
  const Real& obstacle() const { return u_min; }
  const Real& restitution() const { return e; }
};

}  // namespace
}  // namespace vibro::testing

namespace vibro {
template <class Real>
struct LinearForce<testing::SingularLift<Real>> {
  static Real forcing(const testing::SingularLift<Real>& model, const Real& t) { return model.forcing(t); }
  static Real velocity_coefficient(const testing::SingularLift<Real>&) { return Real(0); }
  static Real position_coefficient(const testing::SingularLift<Real>&) { return Real(0); }
};
}  // namespace vibro

namespace vibro::testing {
namespace {

static_assert(LinearForceModel<ImpactOscillator<double>> && LinearForceModel<ConstantForce<rational>>);
static_assert(LinearForceModel<SingularLift<double>>);
static_assert(!LinearForceModel<DuffingOscillator<double>>, "−βu³ is not linear: no closed-form predictor");

template <class Real>
ImpactOscillator<Real> impacting_oscillator() {
  return ImpactOscillator<Real>(num<Real>("0.1"), num<Real>("2.5"), num<Real>("1.2"), Real(0), num<Real>("0.8"));
}

template <class Real>
using Ball = CorrectedCrankNicolson<ConstantForce<Real>>;

template <class Real>
using CorrectedAll = ScalarTest<Real>;
TYPED_TEST_SUITE(CorrectedAll, AllTypes, ScalarNames);

template <class Real>
using CorrectedFloating = ScalarTest<Real>;
TYPED_TEST_SUITE(CorrectedFloating, FloatingTypes, ScalarNames);

// ---- the linear-force trait ----

/// Invariant: the trait's (g, k, c) rebuild the model's own f(t, u, v) = g(t) − k v − c u.
TYPED_TEST(CorrectedFloating, LinearForceTraitRebuildsTheModelsForce) {
  using Real = TypeParam;
  const auto model = impacting_oscillator<Real>();
  using Trait = LinearForce<ImpactOscillator<Real>>;
  for (const char* t : {"0", "0.7", "-3.1", "12.5"})
    for (const char* u : {"0", "0.4", "-1.25"})
      for (const char* v : {"0", "2.5", "-0.3"}) {
        const Real tt = num<Real>(t), uu = num<Real>(u), vv = num<Real>(v);
        const Real rebuilt = Trait::forcing(model, tt) - Trait::velocity_coefficient(model) * vv -
                             Trait::position_coefficient(model) * uu;
        // Same operations in the same order as the model (c = 1 multiplies exactly): 2 ε
        // allows one reassociation; the terms are ≤ 2.5 + 0.5 + 1.25 in size.
        EXPECT_NEAR_EPS(rebuilt, model.acceleration(tt, uu, vv), 2, Real(5)) << t << " " << u << " " << v;
      }
}

TEST(CorrectedExact, LinearForceTraitOfTheConstantForce) {
  const ConstantForce<rational> ball(rational(981, 100), rational(0), rational(1, 2));
  using Trait = LinearForce<ConstantForce<rational>>;
  EXPECT_EQ(Trait::forcing(ball, rational(7, 3)), rational(-981, 100));
  EXPECT_EQ(Trait::velocity_coefficient(ball), rational(0));
  EXPECT_EQ(Trait::position_coefficient(ball), rational(0));
}

// ---- (1) the Crank–Nicolson predictor ----

/// Closed form: seed 000 eq. (27)–(28), written out here as printed in the seed.
TYPED_TEST(CorrectedFloating, PredictorIsSeed000Eq27And28) {
  using Real = TypeParam;
  const auto model = impacting_oscillator<Real>();
  const CorrectedCrankNicolson<ImpactOscillator<Real>> scheme(model, model.period() / 100);
  const Real& alpha = model.alpha();
  for (const char* t : {"0", "1.3", "17.75"})
    for (const char* dt : {"0.001", "0.0625", "0.5", "1.5"})
      for (const char* u : {"0", "0.8", "-0.2"})
        for (const char* v : {"0", "1.7", "-2.4"}) {
          const Real tn = num<Real>(t), h = num<Real>(dt), un = num<Real>(u), vn = num<Real>(v);
          const Real g_sum = model.forcing(tn) + model.forcing(tn + h);
          const Real den = 4 + 4 * alpha * h + h * h;
          const Real u_hat = ((4 + 4 * alpha * h - h * h) * un + 4 * h * vn + h * h * g_sum) / den;  // (27)
          const Real v_hat = (-4 * h * un + (4 - 4 * alpha * h - h * h) * vn + 2 * h * g_sum) / den;  // (28)
          const auto p = scheme.predict(tn, h, un, vn);
          // For k = 2α, c = 1 the scheme's general solve performs these very operations in
          // this order (2·(2α)·δ = (4α)·δ and 1·δ·δ = δ² are exact rewrites): measured 0 in
          // every type. 4 ε of the terms' size (|U| + |V| + 2a over a denominator ≥ 4) leaves
          // room for one reassociation, so a change of formula cannot pass unnoticed.
          const Real scale = 1 + num<Real>("0.8") + num<Real>("2.4") + 2 * model.amplitude();
          EXPECT_NEAR_EPS(p.u, u_hat, 4, scale) << "t " << t << " dt " << dt << " U " << u << " V " << v;
          EXPECT_NEAR_EPS(p.v, v_hat, 4, scale) << "t " << t << " dt " << dt << " U " << u << " V " << v;
        }
}

/// Independent evaluation: (Û, V̂) solve the Crank–Nicolson system (26) itself,
/// (Û − U) = (δ/2)(V̂ + V) and (V̂ − V) = (δ/2)(f(t, U, V) + f(t + δ, Û, V̂)).
TYPED_TEST(CorrectedFloating, PredictorSolvesTheCrankNicolsonSystem26) {
  using Real = TypeParam;
  const auto model = impacting_oscillator<Real>();
  const CorrectedCrankNicolson<ImpactOscillator<Real>> scheme(model, model.period() / 100);
  for (const char* dt : {"0.001", "0.0625", "0.5", "1.5"})
    for (const char* u : {"0", "0.8", "-0.2"})
      for (const char* v : {"0", "1.7", "-2.4"}) {
        const Real tn = num<Real>("2.2"), h = num<Real>(dt), un = num<Real>(u), vn = num<Real>(v);
        const auto p = scheme.predict(tn, h, un, vn);
        const Real first = (p.u - un) - h / 2 * (p.v + vn);
        const Real second = (p.v - vn) - h / 2 * (model.acceleration(tn, un, vn) + model.acceleration(tn + h, p.u, p.v));
        // Residuals of quantities ≤ 10 in size (|Û|, |V̂|, |f| ≤ |U| + |V| + 2α|V| + a), each
        // side formed in ~4 roundings on top of the predictor's own rounding: 8 ε of 10
        // (measured ≤ 5.5 ε of 1).
        EXPECT_NEAR_EPS(first, Real(0), 8, Real(10)) << "dt " << dt << " U " << u << " V " << v;
        EXPECT_NEAR_EPS(second, Real(0), 8, Real(10)) << "dt " << dt << " U " << u << " V " << v;
      }
}

/// Closed form: for f = −g the trapezoidal rule is exact, Û = U + δV − gδ²/2, V̂ = V − gδ;
/// the scheme's 2×2 solve uses only rational operations, so in rationals it is equality.
TEST(CorrectedExact, PredictorIsExactForTheConstantForce) {
  for (const rational& g : {rational(0), rational(981, 100), rational(-7, 3)}) {
    const Ball<rational> scheme(ConstantForce<rational>(g, rational(-1, 5), rational(1, 3)), rational(1, 10));
    for (const rational& dt : {rational(1, 10), rational(3, 7), rational(5)})
      for (const rational& u : {rational(0), rational(11, 13)})
        for (const rational& v : {rational(-17, 9), rational(2)}) {
          const auto p = scheme.predict(rational(1, 3), dt, u, v);
          EXPECT_EQ(p.u, u + dt * v - g * dt * dt / 2) << "g " << g << " dt " << dt;
          EXPECT_EQ(p.v, v - g * dt) << "g " << g << " dt " << dt;
        }
  }
}

// ---- (2) every branch of the step, reached by constructed inputs ----

/// One step from (t, U, V) = (0, U, V) of the constant-force scheme, and what it must give.
struct BranchCase {
  const char* branch;
  const char *g, *u, *v, *dt;       ///< inputs: u'' = −g (g < 0 pushes up), u_min = 0, e = 1/2
  std::optional<ImpactRoot> impact;  ///< expected report
  int dichotomies;
  const char *t, *u_after, *v_after;  ///< expected node; t is also the step length advanced
};

/// Closed form: with Û = U + δV − gδ²/2, V̂ = V − gδ, ϕ(s) = −(g/2)s² + (V − gδ/2)s + U
/// (eq. 31), and V ← −e((Û − U)/δ + s0(V̂ − V)/δ) (eq. 37), each row worked by hand.
constexpr BranchCase branch_cases[] = {
    // Eq. (32), free fall: V̂ = V, Û = −1/2, s0 = δ(U − u_min)/(U − Û) = 1, V ← −eV.
    {"linear, eq. (32)", "0", "1", "-1", "3/2", ImpactRoot::linear, 0, "1", "0", "1/2"},
    // Eq. (34), Û = −4, ϕ = (s − 1/2)(s − 2), both roots in [0, 2]: the smaller, 1/2;
    // V ← −e(−5/2 + 2·(1/2)) = 3/4.
    {"two roots in the step, the smaller taken", "-2", "1", "-9/2", "2", ImpactRoot::two_roots, 0, "1/2", "0", "3/4"},
    // Eq. (34), Û = −1/2, ϕ = −(s − 1/2)(s + 2): one root ≥ 0; V ← −e(−3/2 − 2·(1/2)) = 5/4.
    {"one root in the step, one negative", "2", "1", "-1/2", "1", ImpactRoot::two_roots, 0, "1/2", "0", "5/4"},
    // Eq. (34), Û = −3/2, ϕ = (s − 1/2)(s − 2): only 1/2 ≤ δ = 1; V ← 3/4.
    {"one root in the step, one beyond", "-2", "1", "-7/2", "1", ImpactRoot::two_roots, 0, "1/2", "0", "3/4"},
    // Eq. (33), Û = −3, ϕ = s² − 2s + 1 = (s − 1)², Δ = 0 exactly; s̃0 = −(Û − U)/(V̂ − V) = 1;
    // ϕ'(s0) = 0 at a double root, so V ← 0 (grazing).
    {"double root, eq. (33)", "-2", "1", "-4", "2", ImpactRoot::double_root, 0, "1", "0", "0"},
    // Δ < 0: Û = −1/4, ϕ = s²/2 − (5/4)s + 1, Δ = 25/16 − 2: no zero, one dichotomy; over
    // δ/2, Û = 1/4 ≥ 0 is accepted with no impact.
    {"negative discriminant, then accepted", "-1", "1", "-7/4", "1", std::nullopt, 1, "1/2", "1/4", "-5/4"},
    // Δ > 0 but Û = −1/2, ϕ = (s − 3/2)(s − 2): both roots beyond δ = 1, one dichotomy;
    // over δ/2, Û = 1 ≥ 0.
    {"roots beyond the step, then accepted", "-2", "3", "-9/2", "1", std::nullopt, 1, "1/2", "1", "-7/2"},
    // Over δ = 1: Û = −1, ϕ = 4s² − 2s + 1, Δ < 0. Over δ = 1/2: Û = −1,
    // ϕ = 4s² − 4s + 1 = (2s − 1)², double root s0 = 1/2 = δ.
    {"negative discriminant, then impact", "-8", "1", "-6", "1", ImpactRoot::double_root, 1, "1/2", "0", "0"},
};

TYPED_TEST(CorrectedAll, EveryBranchOfTheStep) {
  using Real = TypeParam;
  for (const BranchCase& c : branch_cases) {
    SCOPED_TRACE(std::string(c.branch) + ": g = " + c.g + ", U = " + c.u + ", V = " + c.v + ", dt = " + c.dt);
    const Ball<Real> scheme(ConstantForce<Real>(num<Real>(c.g), Real(0), num<Real>("1/2")), num<Real>(c.dt));
    typename Ball<Real>::State x{Real(0), num<Real>(c.u), num<Real>(c.v), 0};
    const auto report = scheme.step(x);
    EXPECT_EQ(report.impact, c.impact);
    EXPECT_EQ(report.dichotomies, c.dichotomies);
    EXPECT_FALSE(report.fallback);
    EXPECT_EQ(report.advanced, num<Real>(c.t));
    EXPECT_EQ(x.t, num<Real>(c.t));
    EXPECT_EQ(x.u, num<Real>(c.u_after));
    EXPECT_EQ(x.v, num<Real>(c.v_after));
    EXPECT_EQ(x.n, 1);
  }
}

/// The fallback of eq. (38) after ten dichotomies (U, t unchanged, V ← −eV).
///
/// No model of the library reaches it from a state in K. ϕ(0) = U − u_min ≥ 0 and
/// ϕ(δ) = Û − u_min + δ(V̂ − V)/2, so with V̂ ≤ V there is always a zero; a failure needs the
/// velocity to grow over the step. Constant force, G = −g > 0 the upward acceleration, r1 < r2
/// the roots of Û(δ) = u_min: Û < u_min needs δ ∈ (r1, r2), so eleven failing trial steps
/// δ/2^k (k ≤ 10) need r2/r1 > 1024; ϕ(δ) > 0 needs 2δ² − (r1 + r2)δ + r1r2 > 0, false
/// between the roots x− < x+ of that quadratic, and x+/x− ≈ r2/(4r1) > 2 then, so a trial
/// step falls between them and finds a zero: the fallback is unreachable (a random search
/// over 2·10⁶ data found at most 3 consecutive dichotomies). For f = g(t) − kv − cu with a
/// smooth g the small trial steps see locally the same structure (an argument, not a
/// proof). So the branch is exercised with a force built for it: with U = 2^−14, V = −1,
/// g(0) = 0 and g(2^−k) = 4·2^k(1 − 2^{k−13}), each trial step 2^−k gives
/// Û − u_min = −2^−14 < 0 and a negative discriminant (eq. 33), checked below.
TYPED_TEST(CorrectedAll, FallbackOfEq38AfterTenDichotomies) {
  using Real = TypeParam;
  const SingularLift<Real> lift;
  const CorrectedCrankNicolson<SingularLift<Real>> scheme(lift, Real(1));
  const Real u = Real(1) / 16384, v = Real(-1);
  Real delta = Real(1);
  for (int k = 0; k <= 10; ++k, delta /= 2) {  // the construction: every trial fails
    const auto p = scheme.predict(Real(0), delta, u, v);
    const Real slope = (p.u - u) / delta, curvature = (p.v - v) / delta;
    ASSERT_LT(p.u, Real(0)) << "k = " << k;
    ASSERT_LT(slope * slope - 2 * curvature * u, Real(0)) << "k = " << k;  // eq. (33)
  }
  typename CorrectedCrankNicolson<SingularLift<Real>>::State x{Real(0), u, v, 0};
  const auto report = scheme.step(x);
  EXPECT_TRUE(report.fallback);
  EXPECT_EQ(report.dichotomies, CorrectedCrankNicolson<SingularLift<Real>>::max_dichotomies);
  EXPECT_EQ(report.dichotomies, 10);
  EXPECT_FALSE(report.impact.has_value());
  EXPECT_EQ(report.advanced, Real(0));
  EXPECT_EQ(x.t, Real(0));
  EXPECT_EQ(x.u, u);
  EXPECT_EQ(x.v, num<Real>("1/2"));  // −eV
  EXPECT_EQ(x.n, 1);

  // The recorder flags it: one fallback, ten dichotomies, two nodes at t = 0; then the
  // reversed velocity leaves the obstacle and a single step lands on t = 1.
  const auto trajectory = record_trajectory_through(scheme, {Real(0), u, v, 0}, std::vector<Real>{Real(1)});
  EXPECT_EQ(trajectory.fallbacks, 1);
  EXPECT_EQ(trajectory.dichotomies, 10);
  EXPECT_TRUE(trajectory.impact_times.empty());
  EXPECT_EQ(trajectory.t, (std::vector<Real>{Real(0), Real(0), Real(1)}));
}

/// The recorder's flags on the dichotomy-then-impact case above: from (0, 1, −6), g = −8,
/// Δt = 1, landing on t = 1: impact at 1/2 after one dichotomy, then the shortened step
/// δ = 1/2 from (1/2, 0, 0) lands on t = 1 with U = −gδ²/2 = 1, V = 4.
TYPED_TEST(CorrectedAll, RecorderFlagsImpactsAndDichotomies) {
  using Real = TypeParam;
  const Ball<Real> scheme(ConstantForce<Real>(Real(-8), Real(0), num<Real>("1/2")), Real(1));
  const auto trajectory = record_trajectory_through(scheme, scheme.start(Real(1), Real(-6)), std::vector<Real>{Real(1)});
  EXPECT_EQ(trajectory.t, (std::vector<Real>{Real(0), num<Real>("1/2"), Real(1)}));
  EXPECT_EQ(trajectory.u, (std::vector<Real>{Real(1), Real(0), Real(1)}));
  EXPECT_EQ(trajectory.v, (std::vector<Real>{Real(-6), Real(0), Real(4)}));
  EXPECT_EQ(trajectory.impact_times, (std::vector<Real>{num<Real>("1/2")}));
  EXPECT_EQ(trajectory.dichotomies, 1);
  EXPECT_EQ(trajectory.fallbacks, 0);
  EXPECT_TRUE(trajectory.active_steps.empty());
}

// ---- (3) one-step reversal in free fall, against the two-step reversal of the PS scheme ----

/// Free fall g = 0, u0 = 1, v0 = −1, e = 1/2, Δt = 2/5. Exact solution: u = 1 − t until
/// t_c = 1, then u = (t − 1)/2, v = −1 then 1/2. The corrected scheme is exact on it: nodes
/// 0, 2/5, 4/5, then the impact at 1 (eq. 32: s0 = (2/5)(1/5)/(2/5) = 1/5), then 7/5, …;
/// V is v0 up to the impact node and −e v0 from it on, with no value in between.
/// The PS scheme (StartingValue::linear, h = 2/5) by docs/mathematics.md §2.1: m = ⌊13/6⌋ = 2,
/// U^3 = −1/5 < 0, U^4 = −eU^2 = −1/10, U^5 = −eU^3 = 1/10, U^6 = U^5 + h/2 = 3/10; so
/// V^3 = (U^4 − U^3)/h = 1/4 lies between v0 and −e v0: the reversal takes two steps.
TEST(CorrectedExact, FreeFallReversesInOneStepWherePaoliSchatzmanNeedsTwo) {
  const rational u0(1), v0(-1), e(1, 2), dt(2, 5);
  const ConstantForce<rational> free_fall(rational(0), rational(0), e);
  const Ball<rational> corrected(free_fall, dt);
  const auto cns = record_trajectory_through(corrected, corrected.start(u0, v0), std::vector<rational>{rational(3)});
  EXPECT_EQ(cns.impact_times, std::vector<rational>{rational(1)});
  const std::vector<rational> expected_t{rational(0), rational(2, 5), rational(4, 5), rational(1),  rational(7, 5),
                                         rational(9, 5), rational(11, 5), rational(13, 5), rational(3)};
  ASSERT_EQ(cns.t, expected_t);
  for (std::size_t n = 0; n < cns.size(); ++n) {
    const bool after = cns.t[n] >= 1;  // the node at t_c carries the post-impact velocity
    EXPECT_EQ(cns.u[n], after ? (cns.t[n] - 1) / 2 : 1 - cns.t[n]) << "n = " << n;
    EXPECT_EQ(cns.v[n], after ? -e * v0 : v0) << "n = " << n;
  }

  const PaoliSchatzman<ConstantForce<rational>> ps(free_fall, dt, rational(0),
                                                   {VelocityApproximation::centered, StartingValue::linear});
  const auto initial = record_trajectory(ps, ps.start(u0, v0), 6);
  EXPECT_EQ(initial.u, (std::vector<rational>{rational(1), rational(3, 5), rational(1, 5), rational(-1, 5),
                                              rational(-1, 10), rational(1, 10), rational(3, 10)}));
  EXPECT_EQ(initial.v, (std::vector<rational>{v0, v0, v0, rational(1, 4), -e * v0, -e * v0, -e * v0}));
  const auto intermediate = std::count_if(initial.v.begin(), initial.v.end(),
                                          [&](const rational& w) { return w != v0 && w != -e * v0; });
  const auto cns_intermediate =
      std::count_if(cns.v.begin(), cns.v.end(), [&](const rational& w) { return w != v0 && w != -e * v0; });
  EXPECT_EQ(intermediate, 1);
  EXPECT_EQ(cns_intermediate, 0);
}

// ---- (4) exact landing on the stroboscopic times t0 + kT ----

/// Invariant: advance_to ends on t0 + kT itself (==, in every floating type), with
/// artificial impacts in between, so that the nominal grid no longer hits t0 + kT and the
/// landing step really is shortened.
TYPED_TEST(CorrectedFloating, AdvanceToLandsExactlyOnSectionTimes) {
  using Real = TypeParam;
  const auto model = impacting_oscillator<Real>();
  const Real period = model.period(), t0 = num<Real>("0.3");
  const CorrectedCrankNicolson<ImpactOscillator<Real>> scheme(model, period / 97, t0);
  auto x = scheme.start(num<Real>("0.5"), Real(0));
  const std::vector<Real> sections = section_times(t0, period, 4);
  int impacts = 0, shortened = 0;
  for (std::int64_t k = 1; k <= 4; ++k) {
    const Real section = t0 + period * k;
    EXPECT_EQ(sections[static_cast<std::size_t>(k - 1)], section);
    Real last_step = Real(0);
    scheme.advance_to(x, section, [&](const auto&, const auto& report) {
      impacts += report.impact ? 1 : 0;
      last_step = report.advanced;
    });
    EXPECT_EQ(x.t, section) << "k = " << k;
    shortened += last_step < scheme.step_size() ? 1 : 0;
  }
  EXPECT_GE(impacts, 3);
  EXPECT_GE(shortened, 3);
}

/// Invariant: the landing node is t_limit itself, not t + (t_limit − t). Near t = t_limit
/// that sum is exact (Sterbenz), so the times here straddle 0, where it is not: the test
/// keeps the limits for which the naive sum misses t_limit in this type (there must be some).
TYPED_TEST(CorrectedFloating, LandingIsExactWhereTheNaiveSumIsNot) {
  using Real = TypeParam;
  const auto model = impacting_oscillator<Real>();
  const Real t = Real(-1) / 3;
  const CorrectedCrankNicolson<ImpactOscillator<Real>> scheme(model, Real(1), t);
  int missed_by_naive_sum = 0;
  for (int k = 1; k <= 200; ++k) {
    const Real t_limit = Real(k) / 301;
    if (t + (t_limit - t) == t_limit) continue;
    ++missed_by_naive_sum;
    auto x = scheme.start(num<Real>("0.5"), Real(0));
    scheme.step(x, t_limit);  // no impact: U stays near 0.5 over less than one time unit
    EXPECT_EQ(x.t, t_limit) << "t_limit = " << k << "/301";
  }
  EXPECT_GT(missed_by_naive_sum, 0);
}

// ---- (5) the bouncing ball ----

/// Closed form, g = 2, u0 = 27/16 dropped from rest, Δt = 1/2, e = 1/2. The predictor is
/// exact for a constant force, so the nodes lie on the exact parabola of each flight.
/// First impact step from (1, 11/16, −2): ϕ(s) = −s² − (5/2)s + 11/16 (eq. 31), Δ = 9,
/// roots (5/2 ∓ 3)/(−2) = 1/4, −11/4: impact at 5/4 with V ← −e(−5/2 − 2·(1/4)) = 3/2.
/// The flight u = (3/2)s − s² reaches 0 on the node s = 3/2 (accepted: Û = u_min), and the
/// next step from (11/4, 0, −3/2) has ϕ(s) = −s² − 2s, s0 = 0: impact at 11/4 with
/// V ← −e(−2) = 1. Likewise u = s − s² reaches 0 on the node s = 1, and at 15/4 the
/// impact gives V ← −e(−1 − 1/2) = 3/4. The next impact has Δ = 17/16 (irrational root),
/// which the exact type refuses. Invariant checked at each impact: ϕ(s0) = 0.
/// Seed 000's ϕ is not the parabola: ϕ(s) = u(t_n + s) − u_min − gδs/2, so the scheme's
/// first impact (5/4) precedes the exact one (√27/4 ≈ 1.299); at 5/4 the exact parabola
/// is still gδs0/2 = 1/8 above the obstacle.
TEST(CorrectedExact, BouncingBallImpactTimesFromTheRootsOfPhi) {
  const rational g(2), e(1, 2), dt(1, 2), u0(27, 16);
  const Ball<rational> scheme(ConstantForce<rational>(g, rational(0), e), dt);
  std::vector<rational> impact_times, impact_velocities;
  auto x = scheme.start(u0, rational(0));
  rational flight_start(0), flight_u(u0), flight_v(0);  // the current flight's first node
  scheme.advance_to(x, rational(17, 4), [&](const auto& y, const auto& report) {
    if (report.impact) {
      // ϕ(s0) = 0 for the step that ended here, rebuilt from the node before it.
      const rational s0 = report.advanced, t_n = y.t - s0;
      const rational u_n = flight_u + flight_v * (t_n - flight_start) - g * (t_n - flight_start) * (t_n - flight_start) / 2;
      const rational v_n = flight_v - g * (t_n - flight_start);
      EXPECT_EQ(-g / 2 * s0 * s0 + (v_n - g * dt / 2) * s0 + u_n, 0) << "impact at " << y.t;
      impact_times.push_back(y.t);
      impact_velocities.push_back(y.v);
      flight_start = y.t, flight_u = y.u, flight_v = y.v;
    } else {
      const rational s = y.t - flight_start;
      EXPECT_EQ(y.u, flight_u + flight_v * s - g * s * s / 2) << "t = " << y.t;
      EXPECT_EQ(y.v, flight_v - g * s) << "t = " << y.t;
    }
  });
  EXPECT_EQ(impact_times, (std::vector<rational>{rational(5, 4), rational(11, 4), rational(15, 4)}));
  EXPECT_EQ(impact_velocities, (std::vector<rational>{rational(3, 2), rational(1), rational(3, 4)}));
  // Seed 000's ϕ lies gδs/2 below the exact gap: at the scheme's first impact the exact
  // parabola u0 − t² is 1/8 above the obstacle.
  EXPECT_EQ(u0 - rational(25, 16), g * dt * rational(1, 4) / 2);

  EXPECT_THROW(scheme.advance_to(x, rational(5)), std::domain_error);  // √(17/16) is irrational
}

/// Independent evaluation (event map derived from eq. (31)–(37) for u'' = −g): after an
/// impact at t_i with velocity W, the nodes t_i + jδ lie on U_j = jδW − g(jδ)²/2; with k the
/// last j with U_j ≥ 0, the impact step from node k has Δ = (W − gδ/2)² + g²δ²k and
/// s0 = (W − gkδ − gδ/2 + √Δ)/g, and the next velocity is e√Δ (ϕ'(s0) = −√Δ).
/// Ten bounces from the obstacle with generic decimal data, in every floating type.
TYPED_TEST(CorrectedFloating, BouncingBallImpactTimesFollowTheEventMap) {
  using Real = TypeParam;
  using std::sqrt;
  const Real g = num<Real>("9.81"), e = num<Real>("0.85"), dt = num<Real>("0.01"), w0 = num<Real>("3.3");
  constexpr int bounces = 10;
  std::vector<Real> expected_times, expected_velocities;
  Real t = Real(0), w = w0;
  for (int i = 0; i < bounces; ++i) {
    std::int64_t k = 0;
    while ((k + 1) * dt * w - g * ((k + 1) * dt) * ((k + 1) * dt) / 2 >= 0) ++k;
    // The data keep every node of the event map well off the obstacle, so rounding in
    // the scheme's nodes cannot change k.
    const Real below = (k + 1) * dt * w - g * ((k + 1) * dt) * ((k + 1) * dt) / 2;
    const Real above = k * dt * w - g * (k * dt) * (k * dt) / 2;
    ASSERT_LT(below, num<Real>("-1e-6")) << "bounce " << i;
    if (k > 0) {
      ASSERT_GT(above, num<Real>("1e-6")) << "bounce " << i;
    }
    const Real delta = (w - g * dt / 2) * (w - g * dt / 2) + g * g * dt * dt * k;
    t += k * dt + (w - g * k * dt - g * dt / 2 + sqrt(delta)) / g;
    w = e * sqrt(delta);
    expected_times.push_back(t);
    expected_velocities.push_back(w);
  }
  const Ball<Real> scheme(ConstantForce<Real>(g, Real(0), e), dt);
  const auto trajectory =
      record_trajectory_through(scheme, scheme.start(Real(0), w0), std::vector<Real>{t + dt / 2});
  ASSERT_EQ(trajectory.impact_times.size(), expected_times.size());
  for (std::size_t i = 0; i < expected_times.size(); ++i) {
    // Per flight ≤ 70 steps of Û = U + δV − gδ²/2, each rounding ≤ 2 ε of |U| + δ|V| ≤ 0.6:
    // the gap at the impact step is off by ≤ 84 ε, which moves s0 by that over
    // |ϕ'(s0)| = √Δ ≥ 0.65, ≤ 130 ε; the root itself costs a few ε of W/g ≤ 0.34, and the
    // error carries into later flights: 160 ε per bounce (measured ≤ 188 ε after 10).
    EXPECT_NEAR_EPS(trajectory.impact_times[i], expected_times[i], 160.0 * static_cast<double>(i + 1), Real(1))
        << "bounce " << i;
  }
  EXPECT_EQ(trajectory.dichotomies, 0);
  EXPECT_EQ(trajectory.fallbacks, 0);
}

// ---- (6) the endpoint impact slope ----

/// Closed form: with impact_slope = endpoint, ϕ(s) = U − u_min + sV + (s²/2)(V̂ − V)/δ, and
/// for a constant force the predictor is exact (V̂ − V = −gδ), so ϕ is the exact gap
/// u(t_n + s) − u_min: s0 is the exact impact time and −e(V + s0(V̂ − V)/δ) = −e v(t_n + s0)
/// the exact reversed velocity (seed 000 eq. (31), (37) with the endpoint slope). The whole
/// run is then the exact bouncing motion. Data: g = 2, e = 1/2, u0 = 1, v0 = 0, Δt = 3/16:
/// u = 1 − t² hits at t = 1 with v = −2; each flight u = w s − s² from the obstacle lasts w
/// and hits with −w, so the impacts are at 1, 2, 5/2, 11/4, 23/8, 47/16 with reversed
/// velocities 1, 1/2, 1/4, 1/8, 1/16, 1/32; none is a node, so each is an artificial impact
/// inside a step. The flights from 11/4 and 23/8 are shorter than Δt: their step starts on
/// the obstacle with ϕ(0) = 0 < ϕ'(0) = V, and the zero s = 0 must not count as an impact
/// (taking it reverses V back to −V/2 and the run stalls at 11/4). The run lands on 189/64,
/// inside the flight from 47/16. Every node, root and discriminant (the square of the
/// incoming velocity) is a dyadic rational with denominator ≤ 2^12, so every operation of the
/// step is exact in every type (each is correctly rounded and its result representable):
/// equality, not a tolerance.
TYPED_TEST(CorrectedAll, EndpointSlopeIsExactForAConstantForce) {
  using Real = TypeParam;
  const Real g = Real(2), e = num<Real>("1/2");
  const Ball<Real> scheme(ConstantForce<Real>(g, Real(0), e), num<Real>("3/16"), Real(0),
                          {ImpactSlope::endpoint});
  const auto trajectory =
      record_trajectory_through(scheme, scheme.start(Real(1), Real(0)), std::vector<Real>{num<Real>("189/64")});
  EXPECT_EQ(trajectory.impact_times, (std::vector<Real>{Real(1), Real(2), num<Real>("5/2"), num<Real>("11/4"),
                                                        num<Real>("23/8"), num<Real>("47/16")}));
  EXPECT_EQ(trajectory.dichotomies, 0);
  EXPECT_EQ(trajectory.fallbacks, 0);
  // The exact motion: the flight from (t_i, u_i, w_i) is u = u_i + w_i s − s², v = w_i − 2s.
  const std::vector<std::vector<Real>> flights = {
      {Real(0), Real(1), Real(0)},        {Real(1), Real(0), Real(1)},
      {Real(2), Real(0), e},              {num<Real>("5/2"), Real(0), num<Real>("1/4")},
      {num<Real>("11/4"), Real(0), num<Real>("1/8")}, {num<Real>("23/8"), Real(0), num<Real>("1/16")},
      {num<Real>("47/16"), Real(0), num<Real>("1/32")}};
  ASSERT_EQ(trajectory.size(), 21U);  // the start and 20 steps, 6 of them impacts
  for (std::size_t n = 0; n < trajectory.size(); ++n) {
    std::size_t i = 0;  // the flight the node belongs to (an impact node starts the next one)
    while (i + 1 < flights.size() && trajectory.t[n] >= flights[i + 1][0]) ++i;
    const Real s = trajectory.t[n] - flights[i][0];
    EXPECT_EQ(trajectory.u[n], flights[i][1] + flights[i][2] * s - s * s) << "t = " << trajectory.t[n];
    EXPECT_EQ(trajectory.v[n], flights[i][2] - g * s) << "t = " << trajectory.t[n];
  }
}

// ---- guards ----

/// e = 0 on the obstacle with gravity: U = u_min, V = 0, Û < u_min at every step, s0 = 0
/// is the smallest zero of ϕ, and t never advances. advance_to reports it instead of
/// looping (seed 000 §3 has no rule for persistent contact).
TEST(CorrectedExact, PersistentContactIsReportedNotLooped) {
  const Ball<rational> scheme(ConstantForce<rational>(rational(1), rational(0), rational(0)), rational(1, 10));
  auto x = scheme.start(rational(0), rational(0));
  try {
    scheme.advance_to(x, rational(1));
    ADD_FAILURE() << "a stalled run was not reported";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("persistent contact"), std::string::npos) << error.what();
  }
  EXPECT_EQ(x.t, rational(0));
}

TYPED_TEST(CorrectedFloating, RejectsBadStepsStatesAndLimits) {
  using Real = TypeParam;
  using Scheme = CorrectedCrankNicolson<ImpactOscillator<Real>>;
  const auto model = impacting_oscillator<Real>();
  EXPECT_THROW(Scheme(model, Real(0)), std::invalid_argument);
  EXPECT_THROW(Scheme(model, Real(-1)), std::invalid_argument);
  EXPECT_THROW(Scheme(model, std::numeric_limits<Real>::quiet_NaN()), std::invalid_argument);
  const Scheme scheme(model, num<Real>("0.01"));
  EXPECT_THROW(scheme.start(num<Real>("-0.1"), Real(0)), std::invalid_argument);  // u0 < u_min
  EXPECT_THROW(scheme.start(Real(0), num<Real>("-0.1")), std::invalid_argument);   // v0 < 0 on the obstacle
  EXPECT_THROW(Scheme(model, num<Real>("0.01"), std::numeric_limits<Real>::quiet_NaN()), std::invalid_argument);
  auto x = Scheme(model, num<Real>("0.01"), Real(2)).start(Real(1), Real(0));
  EXPECT_THROW(scheme.step(x, Real(2)), std::invalid_argument);       // t_limit not after t
  EXPECT_THROW(scheme.advance_to(x, Real(1)), std::invalid_argument);  // target before t
  typename Scheme::State outside{Real(0), num<Real>("-0.1"), Real(0), 0};
  EXPECT_THROW(scheme.step(outside), std::invalid_argument);  // U ∉ K
}

}  // namespace
}  // namespace vibro::testing
