// The certified first-zero search of the reference (reference/.../first_zero.hpp).
// Expected values are closed forms: the zeros of quadratics and of sine.

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/reference/first_zero.hpp"
#include "vibro/scalar/parse.hpp"

#include <gtest/gtest.h>

namespace vibro::testing {
namespace {

using vibro::first_zero;
using vibro::ZeroKind;
using vibro::ZeroSearchSettings;

template <class Real>
using FirstZero = ScalarTest<Real>;
TYPED_TEST_SUITE(FirstZero, FloatingTypes, ScalarNames);

/// g(t) = (t − c)² + offset: |g''| = 2 everywhere.
template <class Real>
struct Parabola {
  Real c, offset;
  Real operator()(const Real& t) const { return (t - c) * (t - c) + offset; }
  Real slope(const Real& t) const { return 2 * (t - c); }
};

template <class Real>
ZeroSearchSettings<Real> settings(const Real& max_window) {
  // A touch is a minimum within 64 ε of zero (the parabola's values near c are O(1)·ε).
  return {max_window, Real(64 * epsilon<Real>())};
}

template <class Real>
auto search(const Parabola<Real>& p, const Real& t_a, const Real& t_b, const Real& max_window) {
  return first_zero(p, [&](const Real& t) { return p.slope(t); }, [](const Real&, const Real&) { return Real(2); },
                    t_a, t_b, settings(max_window));
}

/// A dip of depth δ below zero, 2√δ wide: a sweep with step h > 2√δ that samples on both
/// sides of it sees g > 0 twice and misses it; the search finds the first zero c − √δ.
TYPED_TEST(FirstZero, FindsADipNarrowerThanAnySweepStep) {
  using Real = TypeParam;
  using std::sqrt;
  const Real delta = parse_real<Real>("1e-12"), c = parse_real<Real>("1.3037");  // c off the sweep grid
  const Parabola<Real> p{c, -delta};
  const Real h = parse_real<Real>("0.01");  // the sweep: samples at t = k h straddle the dip
  bool sweep_sees_a_sign_change = false;
  for (int k = 0; k < 300; ++k)
    sweep_sees_a_sign_change = sweep_sees_a_sign_change || (p(Real(k * h)) > 0) != (p(Real((k + 1) * h)) > 0);
  EXPECT_FALSE(sweep_sees_a_sign_change);
  const auto found = search(p, Real(0), Real(3), Real(1));
  ASSERT_EQ(found.kind, ZeroKind::crossing);
  // The root c − √δ: g'(root) = −2√δ, so the root is conditioned by 1/(2√δ) = 5e5 in
  // units of g's rounding (≈ ε near g ≈ 0 with t ≈ 1.3): allowed 4·5e5 ε.
  EXPECT_NEAR_EPS(found.t, Real(c - sqrt(delta)), 2e6, Real(1));
}

TYPED_TEST(FirstZero, ReportsAnExactTangencyAsATouchAtTheMinimum) {
  using Real = TypeParam;
  const Real c = parse_real<Real>("2.7");
  const auto found = search(Parabola<Real>{c, Real(0)}, Real(0), Real(5), Real(1));
  ASSERT_EQ(found.kind, ZeroKind::touch);
  // The minimum is the zero of g' = 2(t − c), well conditioned: a few ε of c.
  EXPECT_NEAR_EPS(found.t, c, 8, c);
}

TYPED_TEST(FirstZero, PassesAMinimumJustAboveTheTolerance) {
  using Real = TypeParam;
  const Real c = parse_real<Real>("0.9");
  const Real offset = Real(1000 * epsilon<Real>());  // above the 64 ε tolerance: no contact
  const auto found = search(Parabola<Real>{c, offset}, Real(0), Real(2), Real(1));
  EXPECT_EQ(found.kind, ZeroKind::none);
  EXPECT_EQ(found.t, Real(2));
}

TYPED_TEST(FirstZero, StartsOnAZeroWithPositiveSlopeAndFindsTheNextOne) {
  using Real = TypeParam;
  using std::cos;
  using std::sin;
  // g = sin t from t = 0 (a zero left with g' = 1), |g''| ≤ 1: next zero π.
  const auto found = first_zero([](const Real& t) { return Real(sin(t)); }, [](const Real& t) { return Real(cos(t)); },
                                [](const Real&, const Real&) { return Real(1); }, Real(0), Real(4),
                                settings(Real(1)));
  ASSERT_EQ(found.kind, ZeroKind::crossing);
  EXPECT_NEAR_EPS(found.t, boost::math::constants::pi<Real>(), 8, Real(4));
}

TYPED_TEST(FirstZero, RefusesAStartBelowZeroOrOnAZeroGoingDown) {
  using Real = TypeParam;
  EXPECT_THROW(search(Parabola<Real>{Real(0), Real(-1)}, Real(0), Real(1), Real(1)), std::logic_error);
  EXPECT_THROW(search(Parabola<Real>{Real(1), Real(-1)}, Real(0), Real(1), Real(1)), std::logic_error);  // g(0) = 0, g'(0) < 0
}

TEST(FirstZero, HardCapTurnsAnEndlessSearchIntoAnError) {
  // Windows of 1e-9 over [0, 1] would need 1e9 windows: the cap of 1000 stops it with an error.
  ZeroSearchSettings<double> tight{1e-9, 1e-300, 1000};
  const Parabola<double> p{0.5, 1e-3};
  EXPECT_THROW(first_zero(p, [&](double t) { return p.slope(t); }, [](double, double) { return 2.0; }, 0.0, 1.0, tight),
               std::runtime_error);
}

}  // namespace
}  // namespace vibro::testing
