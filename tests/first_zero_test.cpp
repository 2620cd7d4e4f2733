// The certified first-zero search of the reference (reference/.../first_zero.hpp).
// Expected values are closed forms: the zeros of quadratics, of sine, and of the concave,
// oscillating gaps g(t) = 1 − δ + cos(ω(t − c)), whose first zero after 0 is where the phase
// ω(t − c) first reaches ±arccos(δ − 1) mod 2π. A parabola is convex, so a curvature bound
// that is too small can never show on it (the Taylor lower bounds stay valid for any M ≥ 0);
// the cosine dips are where an undersized bound misses the contact.

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/first_zero.hpp"
#include "vibro/reference/oscillator_flight.hpp"
#include "vibro/scalar/parse.hpp"

#include <boost/math/constants/constants.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <optional>

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

/// g(t) = 1 − δ + cos(ω(t − c)) with its exact curvature bound M = ω².
template <class Real>
struct CosineDips {
  Real omega, delta, c;
  Real operator()(const Real& t) const {
    using std::cos;
    return 1 - delta + cos(Real(omega * (t - c)));
  }
  Real slope(const Real& t) const {
    using std::sin;
    return -omega * sin(Real(omega * (t - c)));
  }
  /// The first zero after t = 0 (δ > 0), from the phase ψ(t) = ω(t − c) reduced to
  /// [0, 2π): the zeros are at ψ ≡ φ and ψ ≡ 2π − φ, φ = arccos(δ − 1) ∈ (π/2, π).
  Real first_zero_after_zero() const {
    using std::acos;
    using std::floor;
    const Real two_pi = boost::math::constants::two_pi<Real>();
    const Real phi = acos(Real(delta - 1));
    const Real start = -omega * c;
    const Real turns = floor(Real(start / two_pi));
    std::optional<Real> best;  // the least zero phase after the start (phases may be negative)
    for (int k = 0; k <= 2; ++k)
      for (const Real& zero : {Real(phi + two_pi * (turns + k)), Real(two_pi - phi + two_pi * (turns + k))})
        if (zero > start && (!best || zero < *best)) best = zero;
    return (*best - start) / omega;
  }
};

template <class Real>
auto search_dips(const CosineDips<Real>& g, const Real& t_b, const Real& curvature_factor = Real(1)) {
  return first_zero(g, [&](const Real& t) { return g.slope(t); },
                    [&](const Real&, const Real&) { return Real(g.omega * g.omega * curvature_factor); }, Real(0), t_b,
                    settings(Real(1)));
}

/// Over ω ∈ {5, 20, 50}, depths δ ∈ {1e−3, 1e−6} and 200 phases c across a period, the
/// search finds the first zero as a crossing at the closed-form time. The root is
/// conditioned by 1/|g'| = 1/(ω sin φ) ≈ 1/(ω √(2δ)) in units of g's rounding (a few ε of
/// its O(1) terms, and the phase's ε·ω·t): allowed 64 (1 + ω t_b)/(ω √(2δ)) ε.
TYPED_TEST(FirstZero, FindsTheFirstZeroOfEveryConcaveDip) {
  using Real = TypeParam;
  using std::sqrt;
  for (const char* omega_text : {"5", "20", "50"})
    for (const char* delta_text : {"1e-3", "1e-6"}) {
      const Real omega = parse_real<Real>(omega_text), delta = parse_real<Real>(delta_text);
      const Real period = boost::math::constants::two_pi<Real>() / omega, t_b = 3 * period;
      int searched = 0;
      for (int k = 0; k < 200; ++k) {
        const CosineDips<Real> g{omega, delta, Real(period * (Real(k) + parse_real<Real>("0.37")) / 200)};
        if (!(g(Real(0)) > 0)) continue;  // a start inside a dip: not a search the reference makes
        ++searched;
        const auto found = search_dips(g, t_b);
        ASSERT_EQ(found.kind, ZeroKind::crossing) << "ω = " << omega_text << ", δ = " << delta_text << ", k = " << k;
        const double allowed = 64 * (1 + static_cast<double>(omega * t_b)) / (static_cast<double>(omega) *
                                                                              std::sqrt(2 * static_cast<double>(delta)));
        EXPECT_NEAR_EPS(found.t, g.first_zero_after_zero(), allowed, Real(1))
            << "ω = " << omega_text << ", δ = " << delta_text << ", k = " << k;
      }
      // g(0) ≤ 0 on a phase interval of width 2(π − arccos(δ − 1)) per period, which holds at
      // most width/(2π/200) + 1 of the 200 evenly spaced phases: the others are all searched.
      using std::acos;
      const double inside = 2 * static_cast<double>(boost::math::constants::pi<Real>() - acos(Real(delta - 1)));
      EXPECT_GE(searched, 200 - static_cast<int>(inside / (2 * M_PI / 200)) - 1)
          << "ω = " << omega_text << ", δ = " << delta_text;
    }
}

/// The same dips as the reference meets them: the gap u − u_min of an oscillator flight, with
/// the curvature bound the reference uses (OscillatorFlight::derivative_bound of order 2, as
/// in ImpactReference::advance_flight). The forced flight u'' + u = a cos ωt started on its
/// particular solution is u(t) = a/(1 − ω²)·cos ωt = −cos ωt for a = ω² − 1, so with
/// u_min = −(1 − δ) the gap is 1 − δ + cos(ω(t − π/ω)): a CosineDips dip, searched from 200
/// start times t0 across a period. The flight's values carry the rounding of its closed form
/// (a few ε per term of size a/(ω² − 1) = 1, and the phase's ε·ω·t), so the allowance is the
/// one above.
TYPED_TEST(FirstZero, FindsTheFirstContactOfForcedFlightsWithTheReferencesOwnBound) {
  using Real = TypeParam;
  using std::cos;
  using std::sin;
  const Real pi = boost::math::constants::pi<Real>();
  for (const char* omega_text : {"5", "20", "50"})
    for (const char* delta_text : {"1e-3", "1e-6"}) {
      const Real omega = parse_real<Real>(omega_text), delta = parse_real<Real>(delta_text);
      const Real period = 2 * pi / omega;
      const ImpactOscillator<Real> model(Real(0), Real(omega * omega - 1), omega, Real(delta - 1), Real(1) / 2);
      for (int k = 0; k < 200; ++k) {
        const Real t0 = period * (Real(k) + parse_real<Real>("0.37")) / 200, t_b = t0 + 3 * period;
        const OscillatorFlight<Real> flight(model, t0, Real(-cos(Real(omega * t0))), Real(omega * sin(Real(omega * t0))));
        const CosineDips<Real> from_t0{omega, delta, Real(pi / omega - t0)};  // the gap at t0 + s
        if (!(from_t0(Real(0)) > 0)) continue;
        const auto gap = [&](const Real& t) { return Real(flight.position(t) - model.obstacle()); };
        const auto gap_rate = [&](const Real& t) { return flight.velocity(t); };
        const auto curvature = [&](const Real& l, const Real& r) { return flight.derivative_bound(2, l, r); };
        const auto found = first_zero(gap, gap_rate, curvature, t0, t_b, settings(Real(1)));
        ASSERT_EQ(found.kind, ZeroKind::crossing) << "ω = " << omega_text << ", δ = " << delta_text << ", k = " << k;
        const double allowed = 64 * (1 + static_cast<double>(omega * t_b)) / (static_cast<double>(omega) *
                                                                              std::sqrt(2 * static_cast<double>(delta)));
        EXPECT_NEAR_EPS(found.t, Real(t0 + from_t0.first_zero_after_zero()), allowed, Real(1))
            << "ω = " << omega_text << ", δ = " << delta_text << ", k = " << k;
      }
    }
}

/// A dip that just reaches zero (δ = 0) is a tangency, reported as a touch at the minimum
/// ψ = π; a dip that stays above the tolerance (δ = −1e−3) is no contact.
TYPED_TEST(FirstZero, ReportsATangentDipAsATouchAndAShallowDipAsNone) {
  using Real = TypeParam;
  const Real omega = parse_real<Real>("20"), period = boost::math::constants::two_pi<Real>() / omega;
  const CosineDips<Real> tangent{omega, Real(0), parse_real<Real>("0.05")};
  const auto touch = search_dips(tangent, Real(2 * period));
  ASSERT_EQ(touch.kind, ZeroKind::touch);
  // The minimum at ω(t − c) = π: t = c + π/ω, found as the zero of g' (well conditioned:
  // g'' = ω² there), to the tolerance's square root in time, √(64 ε)·2/ω.
  using std::sqrt;
  EXPECT_NEAR_EPS(touch.t, Real(tangent.c + boost::math::constants::pi<Real>() / omega),
                  static_cast<double>(2 * sqrt(Real(64 / epsilon<Real>())) / omega), Real(1));
  const CosineDips<Real> shallow{omega, parse_real<Real>("-1e-3"), parse_real<Real>("0.05")};
  EXPECT_EQ(search_dips(shallow, Real(2 * period)).kind, ZeroKind::none);
}

/// An undersized curvature bound (M/8) makes the search miss these dips: what the tests
/// above guard. Shown in double on the 200 phases at ω = 50, δ = 1e−6, where the true
/// bound finds every first zero: with M/8 most are missed or found periods late.
TEST(FirstZero, AnUndersizedCurvatureBoundMissesConcaveDips) {
  const double omega = 50, delta = 1e-6, period = 2 * M_PI / omega;
  int missed = 0, searched = 0;
  for (int k = 0; k < 200; ++k) {
    const CosineDips<double> g{omega, delta, period * (k + 0.37) / 200};
    if (!(g(0.0) > 0)) continue;
    ++searched;
    const double expected = g.first_zero_after_zero();
    const auto right = search_dips(g, 3 * period);
    ASSERT_EQ(right.kind, ZeroKind::crossing);
    EXPECT_NEAR(right.t, expected, 1e-9);
    const auto undersized = search_dips(g, 3 * period, 1.0 / 8);
    missed += undersized.kind != ZeroKind::crossing || std::abs(undersized.t - expected) > 1e-6;
  }
  EXPECT_GT(missed, searched / 2) << "an M/8 bound should miss most of these dips";
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
