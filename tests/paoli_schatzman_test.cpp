// The Paoli–Schatzman scheme, seed 000 eq. (9)–(14), docs/mathematics.md §2. Expected values come from
// a closed form (the unconstrained recurrence), an independent method (the implicit
// inclusion of seed 000 eq. (12) solved by TOMS 748 root finding), or an invariant (the
// constraint (U^{n+1} + eU^{n−1})/(1+e) ∈ K; the semigroup property of the discrete map).

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/model/constant_force.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"
#include "vibro/scheme/trajectory.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>

namespace vibro::testing {
namespace {


/// The oscillator with its affine structure hidden, so the scheme must take the
/// fixed-point route of seed 001 Lemma 3.2 for the implicit velocity approximations.
template <class Real>
struct OpaqueOscillator {
  using real_type = Real;
  ImpactOscillator<Real> inner;
  Real acceleration(const Real& t, const Real& u, const Real& v) const { return inner.acceleration(t, u, v); }
  const Real& obstacle() const { return inner.obstacle(); }
  const Real& restitution() const { return inner.restitution(); }
};
static_assert(ImpactModel<OpaqueOscillator<double>> && !AffineInVelocity<OpaqueOscillator<double>>);

/// A forced, damped oscillator that hits the obstacle about once per forcing period.
template <class Real>
ImpactOscillator<Real> impacting_oscillator() {
  return ImpactOscillator<Real>(num<Real>("0.1"), num<Real>("2.5"), num<Real>("1.2"), Real(0), num<Real>("0.8"));
}

constexpr VelocityApproximation all_velocities[] = {VelocityApproximation::centered, VelocityApproximation::forward,
                                                    VelocityApproximation::backward};

/// Every pair of a velocity approximation among `velocities` and a recurrence form.
std::vector<std::pair<VelocityApproximation, RecurrenceForm>> velocities_and_forms(
    std::initializer_list<VelocityApproximation> velocities) {
  std::vector<std::pair<VelocityApproximation, RecurrenceForm>> pairs;
  for (const auto velocity : velocities)
    for (const auto form : {RecurrenceForm::increment, RecurrenceForm::two_step}) pairs.emplace_back(velocity, form);
  return pairs;
}

template <class Real>
using PaoliSchatzmanFloating = ScalarTest<Real>;
TYPED_TEST_SUITE(PaoliSchatzmanFloating, FloatingTypes, ScalarNames);

/// Without contact the scheme is the central-difference recurrence
/// U^{n+1} = (2 − h²)U^n − U^{n−1} for u'' = −u, whose solution is
/// U^n = U^0 cos(nθ) + (U^1 − U^0 cos θ)/sin θ · sin(nθ), cos θ = 1 − h²/2 (closed form).
TYPED_TEST(PaoliSchatzmanFloating, WithoutContactItIsTheCentralDifferenceRecurrence) {
  using Real = TypeParam;
  using std::acos;
  using std::cos;
  using std::sin;
  const Real h = num<Real>("0.05"), u0 = Real(1), v0 = num<Real>("0.3");
  const ImpactOscillator<Real> free_oscillator(Real(0), Real(0), Real(1), Real(-10), num<Real>("0.5"));
  constexpr std::int64_t steps = 400;
  for (const auto& [velocity, form] : velocities_and_forms(
           {VelocityApproximation::centered, VelocityApproximation::forward, VelocityApproximation::backward})) {
    const PaoliSchatzman<ImpactOscillator<Real>> scheme(free_oscillator, h, Real(0),
                                                        {velocity, StartingValue::linear, form});
    const auto trajectory = record_trajectory(scheme, scheme.start(u0, v0), steps);
    EXPECT_TRUE(trajectory.active_steps.empty());
    const Real theta = acos(1 - h * h / 2);
    const Real u1 = u0 + h * v0;
    for (std::int64_t n = 0; n <= steps; ++n) {
      const Real expected = u0 * cos(n * theta) + (u1 - u0 * cos(theta)) / sin(theta) * sin(n * theta);
      // Rounding made at step k reaches step n amplified by at most |sin((n−k)θ)/sin θ| ≤ 1/sin θ ≈ 1/h,
      // a few roundings per step: (n + 1)·(4/h) ε. The closed form itself costs ~1/h ε through 1/sin θ.
      EXPECT_NEAR_EPS(trajectory.u[static_cast<std::size_t>(n)], expected, static_cast<double>(n + 2) * 4 / 0.05, Real(1))
          << "n = " << n << ", velocity " << to_string(velocity) << ", " << to_string(form);
    }
  }
}

/// One step solves U^{n+1} + eU^{n−1} = P(h²F^n(U^{n+1}) + 2U^n − (1−e)U^{n−1}) (seed 000
/// eq. (12)–(14)). The left side increases and the right side does not (F decreases in
/// U^{n+1} through the velocity), so the root is unique: TOMS 748 brackets it from the
/// definition alone, without the closed form the scheme uses.
TYPED_TEST(PaoliSchatzmanFloating, ImplicitStepSolvesTheInclusionOfSeed000Eq12) {
  using Real = TypeParam;
  const auto model = impacting_oscillator<Real>();
  const Real h = model.period() / 2513, e = model.restitution();
  const Real lower = (1 + e) * model.obstacle();
  for (const auto& [velocity, form] : velocities_and_forms({VelocityApproximation::centered, VelocityApproximation::forward})) {
    const PaoliSchatzman<ImpactOscillator<Real>> scheme(model, h, Real(0), {velocity, StartingValue::taylor, form});
    for (const char* previous_text : {"0.002", "0.5", "-0.001", "0"}) {
      for (const char* current_text : {"0.0005", "-0.0004", "0.49", "0"}) {
        const Real previous = num<Real>(previous_text), current = num<Real>(current_text);
        auto x = typename PaoliSchatzman<ImpactOscillator<Real>>::State{previous, current - previous, 7};
        scheme.step(x);
        const Real t = scheme.time(std::int64_t{8});
        auto residual = [&](const Real& next) {
          const Real v = velocity == VelocityApproximation::centered ? (next - previous) / (2 * h) : (next - current) / h;
          const Real argument = h * h * model.acceleration(t, current, v) + 2 * current - (1 - e) * previous;
          return Real(next + e * previous - (argument < lower ? lower : argument));
        };
        boost::uintmax_t iterations = 200;
        const auto [lo, hi] = boost::math::tools::toms748_solve(
            residual, Real(-10), Real(10), boost::math::tools::eps_tolerance<Real>(), iterations);
        const Real root = (lo + hi) / 2;
        // The closed form costs a few roundings (~8 ε of the terms, all ≤ ~2 in size), the
        // state's D = U^n − U^{n−1} and U^{n+1} = U^n + D' one each; the bracket is at the
        // tolerance of eps_tolerance (a few ε).
        EXPECT_NEAR_EPS(Real(x.u + x.d), root, 16, Real(2))
            << to_string(velocity) << ", " << to_string(form) << " from (" << previous_text << ", " << current_text
            << ")";
      }
    }
  }
}

/// The closed form of the implicit variants (docs/mathematics.md §2, derived) against the fixed-point
/// iteration of seed 001 Lemma 3.2 on the same model with its affine structure hidden.
TYPED_TEST(PaoliSchatzmanFloating, ClosedFormAgreesWithFixedPointIteration) {
  using Real = TypeParam;
  const auto model = impacting_oscillator<Real>();
  const Real h = model.period() / 200;
  constexpr std::int64_t steps = 600;  // three periods, several impacts
  for (const auto& [velocity, form] : velocities_and_forms({VelocityApproximation::centered, VelocityApproximation::forward})) {
    const PaoliSchatzmanOptions options{velocity, StartingValue::taylor, form};
    const PaoliSchatzman<ImpactOscillator<Real>> closed(model, h, Real(0), options);
    const PaoliSchatzman<OpaqueOscillator<Real>> iterated(OpaqueOscillator<Real>{model}, h, Real(0), options);
    const auto a = record_trajectory(closed, closed.start(num<Real>("0.5"), Real(0)), steps);
    const auto b = record_trajectory(iterated, iterated.start(num<Real>("0.5"), Real(0)), steps);
    EXPECT_FALSE(a.active_steps.empty());
    EXPECT_EQ(a.active_steps, b.active_steps);
    // Per step the two differ by the iteration's stopping tolerance (4 ε relative) plus a
    // few roundings; the scheme is a stable two-step recurrence and impacts with e < 1
    // contract, so differences add up at most linearly: 16 ε per step, |U| ≤ 4.
    for (std::size_t n = 0; n < a.size(); ++n)
      EXPECT_NEAR_EPS(a.u[n], b.u[n], 16.0 * static_cast<double>(n + 1), Real(4))
          << to_string(velocity) << ", " << to_string(form) << " n = " << n;
  }
}

/// step_together (the Poincaré map's three trajectories, analysis/paoli_schatzman_flow.hpp)
/// gives every state the forcing value the first one evaluated: each must end bitwise where
/// step() takes it alone (invariant: the grid's g(t_n) depends on n only), with the same
/// flags, in every velocity approximation and form, across impacts, and also when the states
/// are at different nodes (then nothing is shared).
TYPED_TEST(PaoliSchatzmanFloating, StatesSteppedTogetherEndWhereEachAloneEnds) {
  using Real = TypeParam;
  const auto model = impacting_oscillator<Real>();
  const Real h = model.period() / 200;
  constexpr std::int64_t steps = 600;  // three periods, several impacts
  for (const auto& [velocity, form] : velocities_and_forms({all_velocities[0], all_velocities[1], all_velocities[2]})) {
    const PaoliSchatzman<ImpactOscillator<Real>> scheme(model, h, Real(0), {velocity, StartingValue::taylor, form});
    for (const std::int64_t second_node : {std::int64_t(7), std::int64_t(8)}) {
      using State = typename PaoliSchatzman<ImpactOscillator<Real>>::State;
      std::array<State, 3> together{scheme.from_discrete(num<Real>("0.5"), Real(0), 7),
                                    scheme.from_discrete(num<Real>("0.5001"), Real(0), second_node),
                                    scheme.from_discrete(num<Real>("0.5"), num<Real>("0.0001"), 7)};
      std::array<State, 3> alone = together;
      std::int64_t contacts = 0;
      for (std::int64_t n = 0; n < steps; ++n) {
        const std::array<bool, 3> flags = scheme.step_together(together);
        for (std::size_t i = 0; i < 3; ++i) {
          ASSERT_EQ(flags[i], scheme.step(alone[i])) << to_string(velocity) << ", " << to_string(form) << " n = " << n;
          ASSERT_TRUE(together[i].u == alone[i].u && together[i].d == alone[i].d && together[i].n == alone[i].n)
              << to_string(velocity) << ", " << to_string(form) << " state " << i << " n = " << n;
        }
        contacts += flags[0];
      }
      EXPECT_GT(contacts, 0);
    }
  }
}

/// Rounding of the two forms in double on u'' = −u without contact, over N = 10⁶ steps of
/// h = 10⁻⁴ (16 periods), against the closed form of the recurrence the double run computes:
/// U^{n+1} − 2U^n + U^{n−1} = −h₂U^n with h₂ the double h·h, U^0 = 1 and U^1 = U^0 + D^0 as the
/// run holds them (closed form of the first test, evaluated in MPFR at 50 digits, so the
/// comparison sees the double run's rounding only).
/// Bound for the increment form (derived): a step rounds D' = D + h₂f by at most ~4ε(|D| + h₂|U|)
/// ≤ 4ε h (|v| + h|U|), and an error δ in D reaches U^n amplified by at most 1/sin θ ≈ 1/h
/// (θ = acos(1 − h₂/2)); U' = U + D rounds by ε|U|, amplified by at most 1 + θ/2. With |U|,
/// |v| ≤ 1.01 here, each step adds at most ≈ 4 × 1.02 ε + 1.01 ε ≈ 5.1 ε: the increment form
/// stays within 6 ε per step, ε·N. The two-step form forms U^{n+1} from 2U^n − U^{n−1} and
/// rounds it by ε|U| with the amplification 1/sin θ ≈ 10⁴, ε·N/h: it exceeds that bound.
TEST(PaoliSchatzmanRounding, IncrementFormRoundingGrowsLinearlyTwoStepFormDoesNot) {
  const ImpactOscillator<double> free_oscillator(0, 0, 1, -10, 0.5);
  const double h = 1e-4;
  constexpr std::int64_t steps = 1'000'000;
  MpfrPrecisionGuard digits(50);
  auto error_after = [&](RecurrenceForm form) {
    const PaoliSchatzman<ImpactOscillator<double>> scheme(free_oscillator, h, 0.0,
                                                          {VelocityApproximation::centered, StartingValue::linear, form});
    auto x = scheme.start(1.0, 0.1);
    const mpfr_real u0(x.u), u1 = mpfr_real(x.u) + mpfr_real(x.d), h2(h * h);
    for (std::int64_t n = 0; n < steps; ++n) scheme.step(x);
    EXPECT_TRUE(x.u > free_oscillator.obstacle());
    const mpfr_real theta = acos(1 - h2 / 2);
    const mpfr_real n(steps);
    const mpfr_real exact = u0 * cos(n * theta) + (u1 - u0 * cos(theta)) / sin(theta) * sin(n * theta);
    return static_cast<double>(abs(mpfr_real(x.u) - exact));
  };
  const double bound = 6 * std::numeric_limits<double>::epsilon() * static_cast<double>(steps);
  EXPECT_LE(error_after(RecurrenceForm::increment), bound);
  EXPECT_GT(error_after(RecurrenceForm::two_step), bound);
}

TYPED_TEST(PaoliSchatzmanFloating, FixedPointIterationReportsNonConvergence) {
  using Real = TypeParam;
  // k h / 2 = 3 > 1: the centered iteration is not a contraction (seed 001 Lemma 3.2 needs L h < 1).
  const ImpactOscillator<Real> stiff(Real(300), Real(0), Real(1), Real(0), num<Real>("0.5"));
  const PaoliSchatzman<OpaqueOscillator<Real>> scheme(OpaqueOscillator<Real>{stiff}, num<Real>("0.01"));
  auto x = scheme.start(Real(1), Real(-1));
  try {
    scheme.step(x);
    ADD_FAILURE() << "a diverging fixed-point iteration was not reported";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("L h < 1"), std::string::npos) << error.what();
  }
}

TYPED_TEST(PaoliSchatzmanFloating, RejectsBadStepsAndInadmissibleData) {
  using Real = TypeParam;
  const auto model = impacting_oscillator<Real>();
  using Scheme = PaoliSchatzman<ImpactOscillator<Real>>;
  EXPECT_THROW(Scheme(model, Real(0)), std::invalid_argument);
  EXPECT_THROW(Scheme(model, Real(-1)), std::invalid_argument);
  EXPECT_THROW(Scheme(model, std::numeric_limits<Real>::quiet_NaN()), std::invalid_argument);
  EXPECT_THROW(Scheme(model, std::numeric_limits<Real>::infinity()), std::invalid_argument);
  const Scheme scheme(model, num<Real>("0.01"));
  EXPECT_THROW(scheme.start(num<Real>("-0.1"), Real(0)), std::invalid_argument);  // u0 < u_min
  EXPECT_THROW(scheme.start(Real(0), num<Real>("-0.1")), std::invalid_argument);   // v0 < 0 on the obstacle
  EXPECT_NO_THROW(scheme.start(Real(0), Real(0)));
  EXPECT_THROW(ImpactOscillator<Real>(Real(0), Real(1), Real(1), Real(0), num<Real>("1.5")), std::invalid_argument);
  EXPECT_THROW(ImpactOscillator<Real>(Real(-1), Real(1), Real(1), Real(0), Real(1)), std::invalid_argument);
  EXPECT_THROW(ImpactOscillator<Real>(Real(0), Real(1), Real(0), Real(0), Real(1)), std::invalid_argument);
}

// ---- exact rational properties (the bouncing ball u'' = −g is rational) ----

using Ball = ConstantForce<rational>;

TEST(PaoliSchatzmanExact, StartingValuesFollowSeed000Eq9) {
  const Ball ball(rational(981, 100), rational(0), rational(1, 2));
  const rational h(1, 50), u0(2), v0(-3);
  const PaoliSchatzman<Ball> taylor(ball, h, rational(0), {VelocityApproximation::centered, StartingValue::taylor});
  const PaoliSchatzman<Ball> linear(ball, h, rational(0), {VelocityApproximation::centered, StartingValue::linear});
  EXPECT_EQ(taylor.start(u0, v0).d, h * v0 - h * h / 2 * rational(981, 100));  // U^1 − U^0 = h v0 + h²/2 f
  EXPECT_EQ(linear.start(u0, v0).d, h * v0);
  EXPECT_EQ(taylor.velocity(taylor.start(u0, v0)), v0 - h / 2 * rational(981, 100));  // V^0 = (U^1 − U^0)/h
}

/// Seed 000 eq. (12): U^{n+1} + eU^{n−1} ∈ (1+e)K at every step, whatever the bounces.
TEST(PaoliSchatzmanExact, ProjectedCombinationStaysInTheScaledConstraintSet) {
  for (const rational& e : {rational(0), rational(1, 3), rational(1)}) {
    const rational u_min(1, 7);
    const PaoliSchatzman<Ball> scheme(Ball(rational(10), u_min, e), rational(1, 64));
    const auto trajectory = record_trajectory(scheme, scheme.start(rational(3), rational(2)), 2000);
    EXPECT_GE(trajectory.active_steps.size(), 4u) << "e = " << e;
    for (std::size_t n = 1; n + 1 < trajectory.size(); ++n)
      ASSERT_GE(trajectory.u[n + 1] + e * trajectory.u[n - 1], (1 + e) * u_min) << "e = " << e << ", n = " << n;
  }
}

/// A damped spring with a force growing in time, f(t, u, v) = p t − q − k v − c u: affine in
/// v (the closed form of the implicit velocities applies) with rational coefficients, so the
/// scheme runs in exact arithmetic through every branch, the projection included.
struct RationalDampedSpring {
  using real_type = rational;
  rational p, q, k, c, u_min, e;
  rational acceleration(const rational& t, const rational& u, const rational& v) const {
    return rational(p * t - q - k * v - c * u);
  }
  const rational& velocity_coefficient() const { return k; }
  const rational& obstacle() const { return u_min; }
  const rational& restitution() const { return e; }
};
static_assert(AffineInVelocity<RationalDampedSpring>);

/// The increment form (D^n = U^{n+1} − U^n carried, top of scheme/paoli_schatzman.hpp) and
/// the two-step form of seed 000 eq. (14) are the same sequence in exact arithmetic: equal
/// U^n, equal V^n and the same active steps, for every velocity approximation and start,
/// over trajectories with several impacts (the invariant the increment form is derived from).
TEST(PaoliSchatzmanExact, IncrementFormIsTheTwoStepSequence) {
  const RationalDampedSpring spring{rational(1, 3), rational(2), rational(1, 5), rational(1), rational(-1, 4),
                                    rational(3, 5)};
  const rational h(1, 32);
  constexpr std::int64_t steps = 400;  // about 12.5 time units: the spring hits the obstacle several times
  for (const auto velocity : all_velocities) {
    for (const auto start : {StartingValue::taylor, StartingValue::linear}) {
      const PaoliSchatzman<RationalDampedSpring> increment(spring, h, rational(0),
                                                           {velocity, start, RecurrenceForm::increment});
      const PaoliSchatzman<RationalDampedSpring> two_step(spring, h, rational(0), {velocity, start, RecurrenceForm::two_step});
      auto x = increment.start(rational(1), rational(-1, 2));
      auto y = two_step.start(rational(1), rational(-1, 2));
      int active = 0;
      for (std::int64_t n = 0; n < steps; ++n) {
        const bool x_active = increment.step(x);
        ASSERT_EQ(x_active, two_step.step(y)) << to_string(velocity) << ", " << to_string(start) << ", n = " << n;
        ASSERT_EQ(x.u, y.u) << to_string(velocity) << ", " << to_string(start) << ", n = " << n;
        ASSERT_EQ(increment.velocity(x), two_step.velocity(y)) << to_string(velocity) << ", n = " << n;
        active += x_active;
      }
      EXPECT_GE(active, 3) << to_string(velocity) << ", " << to_string(start) << ": too few impacts to test the projection";
    }
  }
}

/// The discrete flow X^0 → X^N (seed 001 §3.2) is a semigroup: N steps from the state
/// reached after N steps equal 2N steps, exactly.
TEST(PaoliSchatzmanExact, DiscreteMapComposesExactly) {
  const PaoliSchatzman<Ball> scheme(Ball(rational(10), rational(0), rational(3, 4)), rational(1, 40));
  constexpr std::int64_t n = 150;
  auto twice = scheme.start(rational(1), rational(1, 2));
  for (std::int64_t k = 0; k < 2 * n; ++k) scheme.step(twice);
  auto once = scheme.start(rational(1), rational(1, 2));
  for (std::int64_t k = 0; k < n; ++k) scheme.step(once);
  auto again = scheme.from_discrete(once.u, scheme.velocity(once), once.n);
  for (std::int64_t k = 0; k < n; ++k) scheme.step(again);
  EXPECT_EQ(again.u, twice.u);
  EXPECT_EQ(scheme.velocity(again), scheme.velocity(twice));
  EXPECT_EQ(again.n, twice.n);
}

}  // namespace
}  // namespace vibro::testing
