// The nonlinear reference (reference/.../nonlinear_reference.hpp, integrated_flight.hpp,
// docs/mathematics.md §1 and §5): RKF 7(8) flights with the certified contact search and the impact law.
// Expected values: the closed-form reference on the linear oscillator (β = 0; itself checked
// against a Taylor integration in reference_flight_test), the Duffing period and the
// flight times between impacts through the complete and incomplete elliptic integrals of
// the first kind (Boost.Math, closed form), and invariants (energy in flight, the impact law).
//
// Tolerances are "to the integrator's tolerance": the controller keeps every step's error
// estimate below η = eps_abs + eps_rel·(|u| + |u'| + h|u'| + h|u''|) per component (Odeint's
// default_error_checker), so after N steps the state is within N·η of the exact flow,
// amplified by the flow's derivative G where the flow is not neutral (the step error is an
// estimate, not a bound: integrated_flight.hpp). The errors observed are far smaller — 1/50
// to 1/2000 of these budgets in double and long double, 1/1000 to 1/100 000 in MPFR — since
// the 8th-order solution is propagated while the estimate is the 7th-order one's, and
// roundings add up like a random walk. So these tests catch a broken controller (one 100
// times looser already fails the energy and elliptic cases in double and long double, one
// 1000 times looser every case with a budget there), a missed, spurious or misplaced event
// and a wrong impact law; they do not catch a small loss of accuracy.
//
// Scalar types: double, long double and MPFR at 30 digits (docs/architecture.md "Scalar-generic code"; RKF78 costs
// 0.2–0.4 s per forcing period there and a minute at 50 digits: integrated_flight.hpp),
// float128 on the linear agreement only (≈ 0.3 s per period).

#include "support/mpfr_digits_test.hpp"
#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/model/duffing_oscillator.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/nonlinear_reference.hpp"
#include "vibro/reference/oscillator_flight.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/precision.hpp"

#include <boost/math/special_functions/ellint_1.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace vibro::testing {
namespace {


/// MPFR precision of these tests: 30 digits, the precision the issue asks the nonlinear
/// reference to reach (at 50, RKF78 takes minutes per period).
inline constexpr long nonlinear_mpfr_digits = 30;

/// Puts MPFR at nonlinear_mpfr_digits for the lifetime of each test.
template <class Real>
using NonlinearTest = MpfrDigitsTest<Real, nonlinear_mpfr_digits>;

using IntegratedTypes = ::testing::Types<double, long double, mpfr_real>;

template <class Real>
using NonlinearReferenceTyped = NonlinearTest<Real>;
TYPED_TEST_SUITE(NonlinearReferenceTyped, IntegratedTypes, ScalarNames);

/// Settings at the time scale τ and size scale S: windows and steps of τ/8, contact and
/// force tolerances contact_eps·ε·S, the integrator at integration_settings(S).
/// A number of ε as the k of EXPECT_NEAR_EPS.
template <class Real>
double in_eps(const Real& x) {
  return static_cast<double>(Real(x / epsilon<Real>()));
}

template <class Real>
struct Config {
  ReferenceSettings<Real> reference;
  IntegrationSettings<Real> integration;

  Config(const Real& time_scale, const Real& size_scale, double contact_eps = 64)
      : reference{Real(time_scale / 8), Real(Real(contact_eps) * epsilon<Real>() * size_scale),
                  Real(Real(contact_eps) * epsilon<Real>() * size_scale)},
        integration(integration_settings(size_scale, Real(time_scale / 8))) {}

  /// η: the per-step error the controller allows for states with |u| + |u'| + h(|u'| + |u''|) ≤ state_size.
  Real step_tolerance(const Real& state_size) const {
    return integration.absolute_tolerance + integration.relative_tolerance * state_size;
  }
};

/// Events with the number of integrator steps taken when each was reported.
template <class Real>
struct Recorded {
  ReferenceEvent<Real> event;
  std::int64_t steps;
};

template <class Reference, class Real>
std::vector<Recorded<Real>> run(const Reference& reference, ReferenceState<Real>& x, const Real& t_end) {
  std::vector<Recorded<Real>> events;
  reference.advance(x, t_end, [&](const ReferenceEvent<Real>& event) { events.push_back({event, x.segments}); });
  return events;
}

// ---- (a) β = 0: the closed-form reference ----

/// The oscillator of impact_reference_test's sum-rule case (α = 0.1, a = 2.5, ω = 1.2,
/// u_min = 0, e = 0.8) from (0.5, 0), as ImpactOscillator and as Duffing with β = 0: the
/// same f to the bit. Every event and the final state agree within N·η·G, N the steps
/// taken so far, G = max(1, ‖J‖∞) with J the exact derivative of the flow over the run
/// (ImpactReference's saltation-matrix Jacobian): the amplification of an early error.
/// A contact-time error is a gap error over |v−|; v− then moves by that times |u''|.
/// State size: |u| ≤ 2.37 and |u'| ≤ 3.71 on this orbit (sampled from the closed form), and
/// h(|u'| + |u''|) ≤ 0.1·7.3 with ≈ 60 steps per period: 7.
template <class Real>
void check_linear_agreement(int periods) {
  using std::abs;
  using std::max;
  const ImpactOscillator<Real> linear(num<Real>("0.1"), num<Real>("2.5"), num<Real>("1.2"), Real(0), num<Real>("0.8"));
  const DuffingOscillator<Real> duffing(num<Real>("0.1"), Real(0), num<Real>("2.5"), num<Real>("1.2"), Real(0),
                                        num<Real>("0.8"));
  const Config<Real> setup(linear.period(), Real(5));
  const ImpactReference<ImpactOscillator<Real>> exact(linear, setup.reference);
  const NonlinearReference<DuffingOscillator<Real>> integrated(duffing, setup.reference, setup.integration);
  const Real t_end = periods * linear.period(), u0 = num<Real>("0.5");

  auto x_exact = exact.start(Real(0), u0, Real(0));
  FlowJacobian<Real> jacobian;
  std::vector<ReferenceEvent<Real>> expected;
  exact.advance(x_exact, t_end, [&](const ReferenceEvent<Real>& event) { expected.push_back(event); }, &jacobian);
  ASSERT_TRUE(jacobian.defined) << jacobian.why_undefined;
  const Matrix2<Real>& j = jacobian.matrix;
  const Real gain = max({Real(1), Real(abs(j.a11) + abs(j.a12)), Real(abs(j.a21) + abs(j.a22))});

  auto x = integrated.start(Real(0), u0, Real(0));
  const auto events = run(integrated, x, t_end);
  ASSERT_EQ(events.size(), expected.size());
  ASSERT_GE(events.size(), static_cast<std::size_t>(periods));
  const Real eta = setup.step_tolerance(Real(7));
  for (std::size_t i = 0; i < events.size(); ++i) {
    const auto& [event, steps] = events[i];
    ASSERT_EQ(event.kind, EventKind::impact) << "event " << i;
    const double budget = in_eps(Real(steps * eta * gain));
    const Real speed = abs(expected[i].v_minus);
    const Real curvature = abs(linear.acceleration(expected[i].t, Real(0), expected[i].v_minus));
    EXPECT_NEAR_EPS(event.t, expected[i].t, budget, Real(1 / speed)) << "impact " << i;
    EXPECT_NEAR_EPS(event.v_minus, expected[i].v_minus, budget, Real(1 + curvature / speed)) << "impact " << i;
    // The impact law, applied to the located velocity: exactly −e v−.
    EXPECT_EQ(event.v_plus, Real(-duffing.restitution() * event.v_minus)) << "impact " << i;
  }
  const double budget = in_eps(Real(x.segments * eta * gain));
  EXPECT_EQ(x.t, t_end);
  EXPECT_NEAR_EPS(x.u, x_exact.u, budget, Real(1));
  EXPECT_NEAR_EPS(x.v, x_exact.v, budget, Real(1));
}

TYPED_TEST(NonlinearReferenceTyped, AgreesWithTheClosedFormOnTheLinearOscillator) {
  // 10 periods (10 impacts) where steps are cheap, 3 in MPFR (≈ 12 000 steps, 0.6 s).
  check_linear_agreement<TypeParam>(is_runtime_precision_v<TypeParam> ? 3 : 10);
}

TEST(NonlinearReferenceFloat128, AgreesWithTheClosedFormOnTheLinearOscillator) {
  check_linear_agreement<float128>(1);  // ≈ 11 500 steps, 0.3 s
}

// ---- Duffing closed forms: u'' + u + βu³ = 0 (α = a = 0, β > 0) ----

/// The orbit of energy E = u'²/2 + U(u), U(u) = u²/2 + βu⁴/4, is u = A cn(Ω(t − t*), k)
/// with A² = (√(1 + 4βE) − 1)/β, Ω² = 1 + βA², k² = βA²/(2Ω²): period 4K(k)/Ω, and the
/// time from the apex A down to a level u_min ∈ (−A, A) is F(arccos(u_min/A), k)/Ω.
template <class Real>
struct DuffingOrbit {
  Real beta;

  /// The unforced, undamped model with this β against u_min, restitution e.
  DuffingOscillator<Real> model(const Real& u_min, const Real& e) const {
    return DuffingOscillator<Real>(Real(0), beta, Real(0), Real(1), u_min, e);
  }

  Real potential(const Real& u) const { return u * u / 2 + beta * u * u * u * u / 4; }
  Real energy(const Real& u, const Real& v) const { return v * v / 2 + potential(u); }
  Real amplitude(const Real& energy) const {
    using std::sqrt;
    return sqrt((sqrt(1 + 4 * beta * energy) - 1) / beta);
  }
  Real frequency(const Real& a) const {
    using std::sqrt;
    return sqrt(1 + beta * a * a);
  }
  Real modulus(const Real& a) const {
    using std::sqrt;
    return sqrt(beta * a * a / (2 * (1 + beta * a * a)));
  }
  Real period(const Real& a) const { return 4 * boost::math::ellint_1(modulus(a)) / frequency(a); }
  /// Time from the apex A to the level u (|u| < A), going down.
  Real descent(const Real& a, const Real& u) const {
    using std::acos;
    return boost::math::ellint_1(modulus(a), Real(acos(u / a))) / frequency(a);
  }
};

// ---- (b) no obstacle, α = a = 0: energy and period ----

/// β = 1 from the apex (1, 0), obstacle far below (u_min = −10): at t = nT the state is back
/// at (A, 0), T = 4K(k)/Ω (closed form), and E = u'²/2 + U(u) is conserved (invariant). E
/// moves by at most N·η·|∇E| (|∇E| ≤ |u'| + |U'(u)| ≤ 1.23 + 2); the apex by N·η·G with G = 3
/// (a step error along the orbit shifts the phase by ≤ η/|(u', u'')| ≤ η/1.2, and a phase
/// shift moves u' at the apex by |u''(A)| = 2 times it: 1 + 2/1.2 < 3). State size 2.5:
/// |u| ≤ 1, |u'| ≤ √1.5, and h(|u'| + |u''|) ≤ 0.08·3.3.
TYPED_TEST(NonlinearReferenceTyped, ConservesTheEnergyAndReturnsAfterTheEllipticPeriod) {
  using Real = TypeParam;
  const DuffingOrbit<Real> orbit{Real(1)};
  const Real amplitude(1);
  const auto model = orbit.model(Real(-10), Real(1));
  const Real period = orbit.period(amplitude);
  const Config<Real> setup(period, Real(2));
  const NonlinearReference<DuffingOscillator<Real>> reference(model, setup.reference, setup.integration);
  auto x = reference.start(Real(0), amplitude, Real(0));
  const Real energy = orbit.energy(amplitude, Real(0)), eta = setup.step_tolerance(num<Real>("2.5"));
  const int periods = is_runtime_precision_v<Real> ? 2 : 50;  // ≈ 6000 steps per period in MPFR
  for (int n = 1; n <= periods; ++n) {
    EXPECT_TRUE(run(reference, x, Real(n * period)).empty()) << "no contact expected, period " << n;
    const double budget = in_eps(Real(x.segments * eta));
    EXPECT_NEAR_EPS(orbit.energy(x.u, x.v), energy, budget, num<Real>("3.3")) << "period " << n;
    EXPECT_NEAR_EPS(x.u, amplitude, budget, Real(3)) << "period " << n;
    EXPECT_NEAR_EPS(x.v, Real(0), budget, Real(3)) << "period " << n;
  }
}

// ---- (c) with an obstacle: impact law, energy across impacts, elliptic flight times ----

/// β = 1, α = a = 0, u_min = −0.3 (U(u_min) ≠ 0), e = 0.7, from the apex (1, 0). Between
/// impacts E is conserved, so after impact n it is E_n = U(u_min) + e^{2n}(E_0 − U(u_min)),
/// the impacts come at t_1 = F(arccos(u_min/A_0), k_0)/Ω_0 and t_{n+1} = t_n + 2F(…A_n…)/Ω_n
/// with v−_{n+1} = −√(2(E_n − U(u_min))) (closed form). At every impact v+ = −e v− exactly,
/// hence E+ − U(u_min) = e²(E− − U(u_min)) to rounding, and the next impact arrives with
/// E− = the previous E+ (invariant of the flight). Budgets as in (a), state size 2.5, G = 1
/// (a conservative flow between impacts; each impact scales the error by e < 1).
TYPED_TEST(NonlinearReferenceTyped, ImpactLawAndEnergyAcrossImpactsFollowTheEllipticClosedForm) {
  using Real = TypeParam;
  using std::abs;
  using std::sqrt;
  const DuffingOrbit<Real> orbit{Real(1)};
  const Real u_min = num<Real>("-0.3"), e = num<Real>("0.7"), a0(1);
  const auto model = orbit.model(u_min, e);
  const Config<Real> setup(Real(5), Real(2));
  const NonlinearReference<DuffingOscillator<Real>> reference(model, setup.reference, setup.integration);
  const int impacts = is_runtime_precision_v<Real> ? 3 : 8;
  // Closed-form impact times and energies; stop half-way through the last flight.
  std::vector<Real> times, energies{orbit.energy(a0, Real(0))};
  times.push_back(orbit.descent(a0, u_min));
  for (int n = 1; n <= impacts; ++n) {
    energies.push_back(orbit.potential(u_min) + e * e * (energies.back() - orbit.potential(u_min)));
    const Real a = orbit.amplitude(energies.back());
    times.push_back(times.back() + 2 * orbit.descent(a, u_min));
  }
  auto x = reference.start(Real(0), a0, Real(0));
  const auto events = run(reference, x, Real((times[impacts - 1] + times[impacts]) / 2));
  ASSERT_EQ(events.size(), static_cast<std::size_t>(impacts));
  const Real eta = setup.step_tolerance(num<Real>("2.5"));
  const Real u_min_potential = orbit.potential(u_min);
  for (int n = 0; n < impacts; ++n) {
    const auto& [event, steps] = events[static_cast<std::size_t>(n)];
    ASSERT_EQ(event.kind, EventKind::impact) << "impact " << n;
    const Real speed = sqrt(2 * (energies[n] - u_min_potential));
    const Real curvature = abs(model.acceleration(event.t, u_min, Real(0)));
    const double budget = in_eps(Real(steps * eta));
    EXPECT_NEAR_EPS(event.t, times[n], budget, Real(1 / speed)) << "impact " << n;
    EXPECT_NEAR_EPS(event.v_minus, Real(-speed), budget, Real(1 + curvature / speed)) << "impact " << n;
    EXPECT_EQ(event.v_plus, Real(-e * event.v_minus)) << "impact " << n;
    const Real before = orbit.energy(u_min, event.v_minus), after = orbit.energy(u_min, event.v_plus);
    // Two squarings and sums of values ≤ 1: 8 ε.
    EXPECT_NEAR_EPS(Real(after - u_min_potential), Real(e * e * (before - u_min_potential)), 8, Real(1))
        << "impact " << n;
    if (n > 0) {
      const Real previous_after = orbit.energy(u_min, events[static_cast<std::size_t>(n - 1)].event.v_plus);
      EXPECT_NEAR_EPS(before, previous_after, budget, num<Real>("3.3")) << "flight before impact " << n;
    }
  }
}

// ---- (d) grazing ----

/// The reference on the orbit of amplitude 1 (β = 1, period T) against u_min = −1 + δ with
/// e = 1/2, at its apex (1, 0) at t = 0; time scale T, size scale 2, contact tolerance
/// contact_eps·ε·2, and δ = depth(contact tolerance).
template <class Real>
struct ApexRun {
  DuffingOrbit<Real> orbit{Real(1)};
  Real period = orbit.period(Real(1));
  Config<Real> config;
  DuffingOscillator<Real> model;
  NonlinearReference<DuffingOscillator<Real>> reference;
  ReferenceState<Real> x;

  template <class Depth>
  ApexRun(double contact_eps, const Depth& depth)
      : config(period, Real(2), contact_eps),
        model(orbit.model(Real(depth(config.reference.contact_tolerance) - 1), num<Real>("0.5"))),
        reference(model, config.reference, config.integration), x(reference.start(Real(0), Real(1), Real(0))) {}
};

/// The orbit of amplitude 1 against an obstacle δ' below its lowest point u = −1, δ' an
/// eighth of the contact tolerance: the gap's minimum is δ' > 0, well within the tolerance
/// (the search's lower bound lags the gap by up to the tolerance at its resolution, so a
/// minimum near the tolerance itself may be certified clear instead), so the contact is a
/// grazing one, at the orbit's minimum t = T/2 (closed form), with no impulse. The mass is
/// then put at rest on the obstacle, lifts off (the net force A + βA³ > 0 pushes it away)
/// and is at its new apex A' = 1 + δ' after another half period of amplitude A', where
/// u = A' and u' = 0 (closed form). The contact tolerance is 2^16 ε S here so that it
/// exceeds N·η at T/2 by a wide margin: a tangency is decided within it (nonlinear_reference.hpp).
/// Then the orbit from rest on the obstacle comes back to it exactly tangentially: the
/// outcome is decided by the integration error, so it must be grazing, or an impact so
/// shallow that its gap error is within the tolerance: |v−| ≤ √(2|u''| tolerance).
TYPED_TEST(NonlinearReferenceTyped, TangencyWithinTheToleranceIsGrazingAndTheMassLiftsOff) {
  using Real = TypeParam;
  using std::abs;
  using std::sqrt;
  ApexRun<Real> apex(65536, [](const Real& tolerance) { return Real(-tolerance / 8); });
  const DuffingOrbit<Real>& orbit = apex.orbit;
  const Real& period = apex.period;
  const Real& tolerance = apex.config.reference.contact_tolerance;
  const Real lifted = -apex.model.obstacle(), lifted_period = orbit.period(lifted);
  const Real t_apex = period / 2 + lifted_period / 2;
  const auto events = run(apex.reference, apex.x, t_apex);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].event.kind, EventKind::grazing);
  const Real eta = apex.config.step_tolerance(num<Real>("2.5"));
  // The minimum is the root of u', conditioned by 1/|u''| = 1/2 there.
  EXPECT_NEAR_EPS(events[0].event.t, Real(period / 2), in_eps(Real(events[0].steps * eta)), Real(1));
  const double budget = in_eps(Real(apex.x.segments * eta));
  EXPECT_NEAR_EPS(apex.x.u, lifted, budget, Real(3));
  EXPECT_NEAR_EPS(apex.x.v, Real(0), budget, Real(3));
  // The next tangency, at t_apex + T'/2: as a crossing of a dip of depth d ≤ the tolerance,
  // its root is within √(2d/|u''|) ≤ √tolerance of the minimum (|u''| ≥ 2 there).
  const auto next = run(apex.reference, apex.x, Real(t_apex + lifted_period));
  ASSERT_EQ(next.size(), 1u);
  const auto& [event, steps] = next[0];
  EXPECT_NEAR_EPS(event.t, Real(t_apex + lifted_period / 2), in_eps(Real(steps * eta + sqrt(tolerance))), Real(1));
  const Real curvature = abs(apex.model.acceleration(event.t, apex.model.obstacle(), Real(0)));
  if (event.kind == EventKind::impact)
    EXPECT_LE(abs(event.v_minus), sqrt(2 * curvature * tolerance));
  else
    EXPECT_EQ(event.kind, EventKind::grazing);
}

/// The orbit of amplitude 1 against u_min = −1 + δ, δ = √ε: it dips below by δ for a time
/// of order √δ around T/2. The reference finds the impact at the closed-form time
/// t_c = F(arccos(u_min), k)/Ω with v− = −√(2(E − U(u_min))) ≈ −2√δ. Conditioning: a gap
/// error moves t_c by itself over |v−|, and v− by that times |u''|/|v−| (budget as in (a)).
TYPED_TEST(NonlinearReferenceTyped, FindsAShallowDipAtTheEllipticTime) {
  using Real = TypeParam;
  using std::abs;
  using std::sqrt;
  ApexRun<Real> apex(64, [](const Real&) { return Real(sqrt(epsilon<Real>())); });
  const auto events = run(apex.reference, apex.x, Real(apex.period * 3 / 4));
  ASSERT_EQ(events.size(), 1u);
  const auto& [event, steps] = events[0];
  EXPECT_EQ(event.kind, EventKind::impact);
  const Real& u_min = apex.model.obstacle();
  const Real t_c = apex.orbit.descent(Real(1), u_min);
  const Real speed = sqrt(2 * (apex.orbit.energy(Real(1), Real(0)) - apex.orbit.potential(u_min)));
  const Real curvature = abs(apex.model.acceleration(t_c, u_min, Real(0)));
  const double budget = in_eps(Real(steps * apex.config.step_tolerance(num<Real>("2.5"))));
  EXPECT_NEAR_EPS(event.t, t_c, budget, Real(1 / speed));
  EXPECT_NEAR_EPS(event.v_minus, Real(-speed), budget, Real(1 + curvature / speed));
}

// ---- the integrated flight itself ----

/// Dense values and the curvature estimate on every step, against the closed-form flight
/// (underdamped, forced: α = 0.3, a = 1.5, ω = 2.5 from (0.6, −1.3) at t0 = 3.7, the first
/// regime of reference_flight_test) over 5 time units: at interior points of each step the
/// state is within N·η·G of the closed form (G = 4/3 ≥ ‖Φ(s)‖∞ on [0, 5], sampled from the
/// closed form; state size 4 ≥ |u| + |u'| + h(|u'| + |u''|)), and the exact |u''|
/// at 9 points per step lies within the curvature estimate and the acceleration range
/// (invariant of the estimate, which a bound must satisfy); the estimate is tight: within
/// 1% of the largest |u''| observed on the step plus the step's share of the tolerance.
TYPED_TEST(NonlinearReferenceTyped, DenseValuesAndCurvatureEstimateMatchTheClosedForm) {
  using Real = TypeParam;
  using std::abs;
  using std::max;
  const ImpactOscillator<Real> model(num<Real>("0.3"), num<Real>("1.5"), num<Real>("2.5"), Real(-10), Real(1));
  const Real t0 = num<Real>("3.7"), u0 = num<Real>("0.6"), v0 = num<Real>("-1.3"), t_end = t0 + 5;
  const OscillatorFlight<Real> exact(model, t0, u0, v0);
  const Config<Real> setup(model.period(), Real(3));
  IntegratedFlight<ImpactOscillator<Real>> flight(model, t0, u0, v0, setup.integration, setup.integration.max_step);
  const Real eta = setup.step_tolerance(Real(4));
  // Every step in the hardware types, every 64th in MPFR (each sample is one RKF78 step).
  const std::int64_t stride = is_runtime_precision_v<Real> ? 64 : 1;
  std::int64_t steps = 0, sampled = 0;
  while (flight.step_end() < t_end) {
    flight.step(t_end);
    if (++steps % stride != 0) continue;
    ++sampled;
    const Real l = flight.step_start(), r = flight.step_end();
    const Real bound = flight.derivative_bound(2, l, r);
    const Range<Real> range = flight.acceleration_range(l, r);
    Real largest(0);
    for (int i = 0; i <= 8; ++i) {
      const Real t = l + (r - l) * i / 8;
      const double budget = in_eps(Real(steps * eta * 4 / 3));
      EXPECT_NEAR_EPS(flight.position(t), exact.position(t), budget, Real(1)) << "t = " << to_text(t);
      EXPECT_NEAR_EPS(flight.velocity(t), exact.velocity(t), budget, Real(1)) << "t = " << to_text(t);
      const Real a = exact.acceleration(t);
      largest = max(largest, Real(abs(a)));
      EXPECT_LE(abs(a), bound) << "t = " << to_text(t);
      EXPECT_LE(range.lower, a) << "t = " << to_text(t);
      EXPECT_GE(range.upper, a) << "t = " << to_text(t);
    }
    EXPECT_LE(bound, largest * num<Real>("1.01") + eta) << "step [" << to_text(l) << ", " << to_text(r) << "]";
  }
  EXPECT_GE(sampled, 10);
  EXPECT_EQ(flight.step_end(), t_end);
}

// ---- not supported, caps, bad input ----

/// u_min = 0.5 above the spring's equilibrium, a = 0: the net force f(t, u_min, 0) =
/// −u_min − βu_min³ < 0 holds a mass at rest on the obstacle (sticking), and a mass dropped
/// from above chatters down to it. Both are refused with a clear error, after the impacts
/// that could be resolved.
TEST(NonlinearReferenceDouble, RefusesStickingAndChatterWithAClearError) {
  const DuffingOscillator<double> model(0.1, 1, 0, 1, 0.5, 0.5);
  const Config<double> setup(2 * std::acos(-1.0), 4);
  const NonlinearReference<DuffingOscillator<double>> reference(model, setup.reference, setup.integration);
  const auto expect_unsupported = [&](double u0, std::size_t min_events) {
    auto x = reference.start(0.0, u0, 0.0);
    std::vector<ReferenceEvent<double>> events;
    try {
      reference.advance(x, 50.0, [&](const auto& event) { events.push_back(event); });
      ADD_FAILURE() << "u0 = " << u0 << ": no error";
    } catch (const std::runtime_error& error) {
      EXPECT_NE(std::string(error.what()).find("not supported by the nonlinear reference"), std::string::npos)
          << error.what();
    }
    EXPECT_GE(events.size(), min_events) << "u0 = " << u0;
    for (const auto& event : events) EXPECT_EQ(event.kind, EventKind::impact);
  };
  expect_unsupported(0.5, 0);  // at rest on the obstacle under a negative net force
  expect_unsupported(2.0, 5);  // bouncing down to the accumulation threshold
}

TYPED_TEST(NonlinearReferenceTyped, HardCapAndBadInputStopWithAClearError) {
  using Real = TypeParam;
  const DuffingOscillator<Real> model(num<Real>("0.1"), Real(1), num<Real>("2.5"), num<Real>("1.2"), Real(0),
                                      num<Real>("0.8"));
  Config<Real> setup(model.period(), Real(5));
  setup.reference.max_segments = 10;
  const NonlinearReference<DuffingOscillator<Real>> reference(model, setup.reference, setup.integration);
  auto x = reference.start(Real(0), num<Real>("0.5"), Real(0));
  try {
    run(reference, x, Real(model.period()));
    ADD_FAILURE() << "the hard cap did not stop the run";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("hard cap"), std::string::npos) << error.what();
  }
  EXPECT_THROW(reference.start(Real(0), Real(-1), Real(0)), std::invalid_argument);   // below the obstacle
  EXPECT_THROW(reference.start(Real(0), Real(0), Real(-1)), std::invalid_argument);   // into it
  auto y = reference.start(Real(1), Real(1), Real(0));
  EXPECT_THROW(run(reference, y, Real(0)), std::invalid_argument);  // target in the past
}

/// f(t, u, v) = a cos ωt − 2αv − u − βu³ (docs/mathematics.md §5 with forcing and damping): against the
/// formula at a point, a few roundings of terms ≤ 4; β = 0 is the impact oscillator's f to
/// the bit; the parameter checks name the parameter.
TYPED_TEST(NonlinearReferenceTyped, DuffingModelEvaluatesItsForceAndRejectsBadParameters) {
  using Real = TypeParam;
  using std::cos;
  const Real alpha = num<Real>("0.1"), beta = num<Real>("-0.7"), a = num<Real>("2.5"), omega = num<Real>("1.2");
  const DuffingOscillator<Real> model(alpha, beta, a, omega, Real(0), num<Real>("0.8"));
  const Real t = num<Real>("0.9"), u = num<Real>("1.1"), v = num<Real>("-0.4");
  EXPECT_NEAR_EPS(model.acceleration(t, u, v), Real(a * cos(omega * t) - 2 * alpha * v - u - beta * u * u * u), 8,
                  Real(4));
  EXPECT_EQ(model.velocity_coefficient(), 2 * alpha);
  EXPECT_EQ(model.period(), boost::math::constants::two_pi<Real>() / omega);
  const DuffingOscillator<Real> linear(alpha, Real(0), a, omega, Real(0), num<Real>("0.8"));
  const ImpactOscillator<Real> oscillator(alpha, a, omega, Real(0), num<Real>("0.8"));
  EXPECT_EQ(linear.acceleration(t, u, v), oscillator.acceleration(t, u, v));
  const auto message = [&](auto make) -> std::string {
    try {
      make();
    } catch (const std::invalid_argument& error) {
      return error.what();
    }
    return "no error";
  };
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  EXPECT_NE(message([&] { DuffingOscillator<Real>(Real(-1), beta, a, omega, Real(0), Real(1)); }).find("alpha"),
            std::string::npos);
  EXPECT_NE(message([&] { DuffingOscillator<Real>(alpha, nan, a, omega, Real(0), Real(1)); }).find("beta"),
            std::string::npos);
  EXPECT_NE(message([&] { DuffingOscillator<Real>(alpha, beta, a, Real(0), Real(0), Real(1)); }).find("omega"),
            std::string::npos);
  EXPECT_NE(message([&] { DuffingOscillator<Real>(alpha, beta, a, omega, Real(0), num<Real>("1.5")); }).find("e ="),
            std::string::npos);
}

}  // namespace
}  // namespace vibro::testing
