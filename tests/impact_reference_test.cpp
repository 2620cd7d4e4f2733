// The exact-detection reference solver (reference/.../impact_reference.hpp, docs/mathematics.md §1).
// Expected values: closed forms (bouncing-ball impact and accumulation times, the release
// time of a resting mass, an exact tangency), an independent method (central differences
// of the flow for the Jacobian), and an invariant (the sum rule of docs/mathematics.md §1.2).

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/analysis/digits_needed.hpp"
#include "vibro/reference/dense_reference.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/results/reference_findings.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <gtest/gtest.h>

#include <vector>

namespace vibro::testing {
namespace {


template <class Real>
ReferenceSettings<Real> settings_for(const Real& time_scale, const Real& size_scale) {
  const Real eps = epsilon<Real>();
  // Windows of an eighth of the time scale; contact and force tolerances 64 ε of the size.
  return {time_scale / 8, 64 * eps * size_scale, 64 * eps * size_scale};
}

template <class Model>
std::vector<ReferenceEvent<typename Model::real_type>> run(const ImpactReference<Model>& reference,
                                                           ReferenceState<typename Model::real_type>& x,
                                                           const typename Model::real_type& t_end,
                                                           FlowJacobian<typename Model::real_type>* jacobian = nullptr) {
  std::vector<ReferenceEvent<typename Model::real_type>> events;
  reference.advance(x, t_end, [&](const auto& event) { events.push_back(event); }, jacobian);
  return events;
}

template <class Real>
using Reference = ScalarTest<Real>;
TYPED_TEST_SUITE(Reference, FloatingTypes, ScalarNames);

/// Bouncing ball u'' = −g on u ≥ 0 (closed form): from (u0, 0) the first impact is at
/// t1 = √(2u0/g) with v− = −√(2g u0); after it the ball leaves at v = e√(2g u0) and the
/// impacts accumulate at t1 + (2v/g)/(1 − e) (docs/mathematics.md §1.3, issue 3); it then rests for ever.
TYPED_TEST(Reference, BouncingBallAccumulatesAtTheClosedFormTimeAndSticks) {
  using Real = TypeParam;
  using std::sqrt;
  const Real g = num<Real>("9.81"), u0 = num<Real>("1.25"), e = num<Real>("0.6");
  const ImpactReference<ConstantForce<Real>> reference(ConstantForce<Real>(g, Real(0), e),
                                                       settings_for(Real(1), Real(10)));
  auto x = reference.start(Real(0), u0, Real(0));
  const auto events = run(reference, x, Real(20));
  const Real t1 = sqrt(2 * u0 / g), v1 = sqrt(2 * g * u0);
  const Real t_accumulation = t1 + 2 * e * v1 / g / (1 - e);
  ASSERT_GE(events.size(), 3u);
  EXPECT_EQ(events.front().kind, EventKind::impact);
  // The first impact time is the root of a quadratic: a few ε of t1 (well conditioned, v− ≠ 0).
  EXPECT_NEAR_EPS(events.front().t, t1, 16, t1);
  EXPECT_NEAR_EPS(events.front().v_minus, Real(-v1), 16, v1);
  // Every later impact follows from the previous one with its own rounding: the impact times
  // form the geometric series of the closed form, each partial sum a few ε of t_accumulation.
  Real t_expected = t1, v = e * v1;
  std::size_t impacts = 0;
  for (const auto& event : events) {
    if (event.kind != EventKind::impact) break;
    if (impacts++ > 0) {
      t_expected += 2 * v / g;
      v *= e;
      EXPECT_NEAR_EPS(event.t, t_expected, 64.0 * impacts, t_accumulation);
    }
  }
  ASSERT_EQ(events.size(), impacts + 2);
  EXPECT_EQ(events[impacts].kind, EventKind::accumulation);
  EXPECT_NEAR_EPS(events[impacts].t, t_accumulation, 64.0 * impacts, t_accumulation);
  EXPECT_EQ(events[impacts + 1].kind, EventKind::stick);
  EXPECT_EQ(x.u, Real(0));
  EXPECT_EQ(x.v, Real(0));
  EXPECT_TRUE(x.stuck);
  EXPECT_EQ(x.t, Real(20));
}

/// A mass pushed onto the obstacle u_min > 0 by the spring (u_min above the equilibrium
/// band): it chatters down, rests, and is released when the net force a cos ωt − u_min turns
/// positive, i.e. at ωt = 2πk − arccos(u_min/a) (closed form), then flies and comes back.
TYPED_TEST(Reference, OscillatorComesToRestAndIsReleasedWhenTheNetForceTurnsPositive) {
  using Real = TypeParam;
  using std::acos;
  const Real a = num<Real>("0.8"), omega = num<Real>("1.3"), u_min = num<Real>("0.5");
  const ImpactOscillator<Real> model(num<Real>("0.05"), a, omega, u_min, num<Real>("0.5"));
  const ImpactReference<ImpactOscillator<Real>> reference(model, settings_for(model.period(), Real(4)));
  auto x = reference.start(Real(0), Real(2), Real(0));
  const auto events = run(reference, x, Real(12 * model.period()));
  const Real two_pi = boost::math::constants::two_pi<Real>(), arc = acos(u_min / a);
  int releases = 0, sticks = 0, accumulations = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const auto& event = events[i];
    sticks += event.kind == EventKind::stick;
    accumulations += event.kind == EventKind::accumulation;
    if (event.kind != EventKind::release) continue;
    ++releases;
    // The nearest release time of the closed form, and the net force there.
    const Real k = Real(floor_to_int64(Real((omega * event.t + arc) / two_pi + Real(1) / 2)));
    const Real expected = (two_pi * k - arc) / omega;
    // acos and the root finder each cost a few ε; the release time is conditioned by
    // 1/|F'(t_r)| = 1/(aω sin(arccos(u_min/a))) ≈ 1.2: 64 ε of the time.
    EXPECT_NEAR_EPS(event.t, expected, 64, expected) << "release " << releases;
    ASSERT_GT(i, 0u);
    EXPECT_EQ(events[i - 1].kind, EventKind::stick);
  }
  EXPECT_GE(releases, 3);
  EXPECT_GE(sticks, releases);
  EXPECT_GE(accumulations, 1);
}

/// u'' = −u (a = 0, α = 0) from (1, 0): u = cos t reaches u_min = −1 at t = π with zero
/// velocity: an exact tangency, reported as grazing (never as an impact with a velocity).
TYPED_TEST(Reference, ExactTangencyIsReportedAsGrazing) {
  using Real = TypeParam;
  const ImpactOscillator<Real> model(Real(0), Real(0), Real(1), Real(-1), num<Real>("0.5"));
  const ImpactReference<ImpactOscillator<Real>> reference(model, settings_for(model.period(), Real(1)));
  auto x = reference.start(Real(0), Real(1), Real(0));
  FlowJacobian<Real> jacobian;
  const auto events = run(reference, x, Real(4), &jacobian);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::grazing);
  // The minimum is a root of u' = −sin t, well conditioned: a few ε of π.
  EXPECT_NEAR_EPS(events[0].t, boost::math::constants::pi<Real>(), 16, Real(4));
  EXPECT_FALSE(jacobian.defined);
  // After the tangency the motion is the same cosine (the mass lifts off unchanged).
  using std::cos;
  EXPECT_NEAR_EPS(x.u, Real(cos(Real(4))), 1e3, Real(1));
}

/// The same cosine against u_min = −1 + δ, δ = 1e−12: it dips below by δ for 2√(2δ) ≈ 2.8e−6
/// around t = π (closed form), far less than the step T/2513 ≈ 2.5e−3 of seed 001's sweep.
/// The sweep's samples straddle the dip and miss it; the reference finds the impact at
/// t = π − arccos(1 − δ) with v− = −sin(arccos(1 − δ)) ≈ −√(2δ).
TEST(ReferenceDouble, FindsTheDipThatTheSeedsSweepMisses) {
  using std::cos;
  const double delta = 1e-12, u_min = -1 + delta;
  const ImpactOscillator<double> model(0, 0, 1, u_min, 0.5);
  const double h = model.period() / 2513;
  bool sweep_detects = false;
  for (int k = 0; k < 2000; ++k) sweep_detects = sweep_detects || cos(k * h) - u_min < 0;
  EXPECT_FALSE(sweep_detects);
  const ImpactReference<ImpactOscillator<double>> reference(model, settings_for(model.period(), 1.0));
  auto x = reference.start(0.0, 1.0, 0.0);
  const auto events = run(reference, x, 4.0);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0].kind, EventKind::impact);
  // Closed form from the double u_min the run used, evaluated in MPFR so that the expected
  // value carries no rounding of its own: t_c = π − arccos(−u_min), v− = −sin t_c.
  MpfrPrecisionGuard guard(40);
  const mpfr_real t_c = boost::math::constants::pi<mpfr_real>() - acos(mpfr_real(-u_min));
  const double slope = static_cast<double>(sin(t_c));  // |g'(t_c)| ≈ √(2δ) ≈ 1.4e−6
  // The root is conditioned by 1/|g'(t_c)|: g = cos t − u_min is evaluated to a few ε, so
  // t_c to a few ε/|g'|; v− = −sin t inherits the same absolute error (|cos t_c| ≈ 1).
  EXPECT_NEAR_EPS(events[0].t, static_cast<double>(t_c), 16, 1 / slope);
  EXPECT_NEAR_EPS(events[0].v_minus, -slope, 16, 1 / slope);
}

/// docs/mathematics.md §1.2: det S = e² at every impact and det Φ = e^{−2α s} between impacts, so over
/// any horizon without grazing or sticking ln det J = −2α t + 2 N_imp ln e (invariant).
TYPED_TEST(Reference, JacobianDeterminantFollowsTheSumRule) {
  using Real = TypeParam;
  using std::abs;
  using std::log;
  const ImpactOscillator<Real> model(num<Real>("0.1"), num<Real>("2.5"), num<Real>("1.2"), Real(0), num<Real>("0.8"));
  const ImpactReference<ImpactOscillator<Real>> reference(model, settings_for(model.period(), Real(5)));
  auto x = reference.start(Real(0), num<Real>("0.5"), Real(0));
  FlowJacobian<Real> jacobian;
  const Real t_end = 10 * model.period();
  const auto events = run(reference, x, t_end, &jacobian);
  ASSERT_TRUE(jacobian.defined) << jacobian.why_undefined;
  const auto impacts = static_cast<int>(events.size());
  ASSERT_GE(impacts, 5);
  for (const auto& event : events) ASSERT_EQ(event.kind, EventKind::impact);
  const Real expected = -2 * model.alpha() * t_end + 2 * impacts * log(model.restitution());
  // Each of the 2N + 1 products rounds the entries by a few ε of their size, and the
  // determinant a11 a22 − a12 a21 of entries that grew while it shrank amplifies that by
  // κ = (|a11 a22| + |a12 a21|)/|det| (its condition number): 64 ε κ per factor in ln det.
  const Matrix2<Real>& j = jacobian.matrix;
  const Real kappa = (abs(j.a11 * j.a22) + abs(j.a12 * j.a21)) / abs(j.det());
  EXPECT_NEAR_EPS(Real(log(abs(j.det()))), expected, 64.0 * (2 * impacts + 1), kappa);
}

/// The exact Jacobian of the flow over two forcing periods with several impacts, against
/// central differences of the reference itself in MPFR at 60 digits with ε = 1e−25 (issue 3):
/// the flow is smooth between the unchanged impacts, so the difference has error O(ε²) plus
/// rounding 1e−60/ε: agreement to ~1e−20 relative to the entries.
TEST(ReferenceMpfr, ExactJacobianMatchesCentralDifferences) {
  MpfrPrecisionGuard guard(60);
  using Real = mpfr_real;
  using std::abs;
  const ImpactOscillator<Real> model(num<Real>("0.1"), num<Real>("2.5"), num<Real>("1.2"), Real(0), num<Real>("0.8"));
  const ImpactReference<ImpactOscillator<Real>> reference(model, settings_for(model.period(), Real(5)));
  const Real t_end = 2 * model.period(), u0 = num<Real>("0.5"), v0 = num<Real>("0.2"), eps = num<Real>("1e-25");
  auto flow = [&](const Real& u, const Real& v, FlowJacobian<Real>* jacobian, std::size_t* impacts) {
    auto x = reference.start(Real(0), u, v);
    const auto events = run(reference, x, t_end, jacobian);
    if (impacts) *impacts = events.size();
    return std::pair{x.u, x.v};
  };
  FlowJacobian<Real> exact;
  std::size_t impacts = 0;
  flow(u0, v0, &exact, &impacts);
  ASSERT_TRUE(exact.defined) << exact.why_undefined;
  ASSERT_GE(impacts, 2u);
  const auto [u_plus_u, v_plus_u] = flow(u0 + eps, v0, nullptr, nullptr);
  const auto [u_minus_u, v_minus_u] = flow(u0 - eps, v0, nullptr, nullptr);
  const auto [u_plus_v, v_plus_v] = flow(u0, v0 + eps, nullptr, nullptr);
  const auto [u_minus_v, v_minus_v] = flow(u0, v0 - eps, nullptr, nullptr);
  const Real tolerance = num<Real>("1e-20");
  const Matrix2<Real>& j = exact.matrix;
  const Real scale = abs(j.a11) + abs(j.a12) + abs(j.a21) + abs(j.a22);
  EXPECT_LE(abs((u_plus_u - u_minus_u) / (2 * eps) - j.a11), tolerance * scale);
  EXPECT_LE(abs((v_plus_u - v_minus_u) / (2 * eps) - j.a21), tolerance * scale);
  EXPECT_LE(abs((u_plus_v - u_minus_v) / (2 * eps) - j.a12), tolerance * scale);
  EXPECT_LE(abs((v_plus_v - v_minus_v) / (2 * eps) - j.a22), tolerance * scale);
}

/// Issue 3, item 4: impact times at D = 30 digits agree with an independent root finder on
/// the closed form at 2D = 60 digits to within 10^−(D−5). The independent one sweeps each
/// flight with a fixed step T/4000 for a sign change of the gap and refines it by TOMS 748
/// (no certified bounds; this case has only transverse impacts with |v−| ≥ 0.1, far above
/// what a sweep of that step could miss), then applies v+ = −e v−.
TEST(ReferenceMpfr, ImpactTimesAgreeWithAnIndependentRootFinderAtTwiceTheDigits) {
  constexpr long digits = 30;
  const char* parameters[] = {"0.1", "2.5", "1.2", "0", "0.8"};
  std::vector<std::string> reference_times;
  {
    MpfrPrecisionGuard guard(digits);
    using Real = mpfr_real;
    const ImpactOscillator<Real> model(num<Real>(parameters[0]), num<Real>(parameters[1]), num<Real>(parameters[2]),
                                       num<Real>(parameters[3]), num<Real>(parameters[4]));
    const ImpactReference<ImpactOscillator<Real>> reference(model, settings_for(model.period(), Real(5)));
    auto x = reference.start(Real(0), num<Real>("0.5"), Real(0));
    for (const auto& event : run(reference, x, Real(3 * model.period()))) {
      ASSERT_EQ(event.kind, EventKind::impact);
      reference_times.push_back(to_text(event.t));
    }
  }
  ASSERT_GE(reference_times.size(), 3u);
  MpfrPrecisionGuard guard(2 * digits);
  using Real = mpfr_real;
  using std::abs;
  using std::pow;
  const ImpactOscillator<Real> model(num<Real>(parameters[0]), num<Real>(parameters[1]), num<Real>(parameters[2]),
                                     num<Real>(parameters[3]), num<Real>(parameters[4]));
  const Real sweep = model.period() / 4000, t_end = 3 * model.period();
  Real t(0), u = num<Real>("0.5"), v(0);
  std::vector<Real> independent_times;
  while (t < t_end) {
    const OscillatorFlight<Real> flight(model, t, u, v);
    const auto gap = [&](const Real& s) { return Real(flight.position(s) - model.obstacle()); };
    Real a = t, b = t + sweep;
    while (b < t_end && gap(b) > 0) a = b, b += sweep;
    if (b >= t_end) break;
    boost::uintmax_t iterations = 300;
    const auto [lo, hi] = boost::math::tools::toms748_solve(gap, a, b, boost::math::tools::eps_tolerance<Real>(), iterations);
    t = (lo + hi) / 2;
    u = model.obstacle();
    v = -model.restitution() * flight.velocity(t);
    independent_times.push_back(t);
  }
  ASSERT_EQ(independent_times.size(), reference_times.size());
  const Real allowed = pow(Real(10), -(digits - 5));
  for (std::size_t i = 0; i < reference_times.size(); ++i)
    EXPECT_LE(abs(num<Real>(reference_times[i].c_str()) - independent_times[i]), allowed)
        << "impact " << i << ": " << reference_times[i] << " vs " << to_text(independent_times[i]);
}

/// digits ≈ λ1 t/ln 10 + target (issue 3): with λ1 = ln 10 per unit time every unit of time
/// costs one digit (closed form), and the accurate horizon is the inverse.
TEST(DigitsNeeded, OneDigitPerUnitTimeWhenLambdaIsLnTen) {
  const double ln10 = std::log(10.0);
  EXPECT_EQ(digits_needed(ln10, 100.0, 10), 110);
  EXPECT_EQ(digits_needed(ln10, 100.5, 10), 111);  // rounded up
  EXPECT_EQ(digits_needed(-1.0, 1e6, 10), 10);     // contracting: no extra digits
  EXPECT_DOUBLE_EQ(accurate_horizon(ln10, 110, 10), 100.0);
  EXPECT_TRUE(std::isinf(accurate_horizon(0.0, 30, 10)));
}

/// The measured rule is arithmetic on its measurement: a run at 100 digits that kept 17
/// lost 83 to the horizon, so 10 correct digits need 83 + 10 + the margin of one digit.
TEST(DigitsNeeded, MeasuredRuleAddsTheLossAndTheMargin) {
  EXPECT_EQ(measured_loss_margin, 1);
  EXPECT_EQ(digits_needed_measured(100, 17, 10), 94);
  EXPECT_EQ(digits_needed_measured(100, 17, 16), 100);
  EXPECT_EQ(digits_needed_measured(30, 30, 10), 11);  // nothing lost: the target and the margin
}

/// Regression (found by the chaotic-case scan): at ω = 50 with |a| in the thousands, the mass
/// chatters onto the obstacle u_min = 0 and is released where a cos ωt turns positive,
/// ωt = 3π/2 + 2πk (closed form). The rounding of u'' there is ~ε|a|; a force tolerance on
/// the position scale took it for a real acceleration, and lift-off from rest failed (an
/// exception, or grazing over and over at the release time). With the default settings the
/// run completes, every release is at the closed form and no grazing sits at a release.
TYPED_TEST(Reference, ReleaseUnderALargeForcingAmplitudeLiftsOffCleanly) {
  using Real = TypeParam;
  const Real omega(50), half_pi = boost::math::constants::half_pi<Real>(), two_pi = boost::math::constants::two_pi<Real>();
  for (const auto& [alpha, amplitude] : {std::pair{"75", "2500"}, std::pair{"100", "1000"}}) {
    const ImpactOscillator<Real> model(num<Real>(alpha), num<Real>(amplitude), omega, Real(0), num<Real>("0.5"));
    const Real u0(0), v0 = num<Real>("0.1");
    const ImpactReference<ImpactOscillator<Real>> reference(model, default_reference_settings(model, u0, v0));
    auto x = reference.start(Real(0), u0, v0);
    std::vector<ReferenceEvent<Real>> events;
    ASSERT_NO_THROW(events = run(reference, x, Real(20 * model.period()))) << "alpha = " << alpha;
    int releases = 0;
    for (const auto& event : events) {
      if (event.kind == EventKind::grazing) ADD_FAILURE() << "grazing at t = " << to_text(event.t) << ", alpha = " << alpha;
      if (event.kind != EventKind::release) continue;
      ++releases;
      const Real k = Real(floor_to_int64(Real((omega * event.t - 3 * half_pi) / two_pi + Real(1) / 2)));
      const Real expected = (3 * half_pi + two_pi * k) / omega;
      // The root of a cos ωt with slope aω: conditioned by 1/(aω) on a force rounded to a few
      // ε|a|, so a few ε/ω of time, plus the rounding of ωt: 64 ε of the time.
      EXPECT_NEAR_EPS(event.t, expected, 64, expected) << "alpha = " << alpha;
    }
    // Overdamped (slow root ≈ −1/(2α)): once released the mass drifts clear of the obstacle
    // for hundreds of periods, so one release within 20 periods, and the run reaches its end.
    EXPECT_EQ(releases, 1) << "alpha = " << alpha;
    EXPECT_EQ(x.t, Real(20 * model.period()));
    EXPECT_GT(x.u, model.obstacle());
  }
}

/// Seed 003 example 5.1 at ω = 1 (docs/mathematics.md §5, derived closed form): y'' + y = 0 from (1, 0)
/// with the obstacle at 0: impacts at s_n = π/2 + nπ, the n-th arriving with speed e^n and
/// leaving with e^{n+1}; on [s_n, s_{n+1}] y = e^{n+1} sin(t − s_n).
TYPED_TEST(Reference, HarmonicOscillatorWithObstacleMatchesExample51) {
  using Real = TypeParam;
  using std::pow;
  using std::sin;
  const Real e = num<Real>("0.5"), pi = boost::math::constants::pi<Real>();
  const ImpactOscillator<Real> model(Real(0), Real(0), Real(1), Real(0), e);
  const ImpactReference<ImpactOscillator<Real>> reference(model, settings_for(model.period(), Real(1)));
  auto x = reference.start(Real(0), Real(1), Real(0));
  const Real t_end = 6 * pi + 1;
  const auto events = run(reference, x, t_end);
  ASSERT_EQ(events.size(), 6u);  // s_0 … s_5 < 6π + 1
  for (std::size_t n = 0; n < events.size(); ++n) {
    const Real s_n = pi / 2 + pi * static_cast<int>(n);
    EXPECT_EQ(events[n].kind, EventKind::impact);
    // Well-conditioned roots (|v−| ≥ e^5 ≈ 0.03) of rounded sines: 64 ε of the time over the run.
    EXPECT_NEAR_EPS(events[n].t, s_n, 64 / std::pow(0.5, static_cast<int>(n)), t_end) << "impact " << n;  // 1/|v−| = 2^n
    EXPECT_NEAR_EPS(events[n].v_minus, Real(-pow(e, static_cast<int>(n))), 64, t_end) << "impact " << n;
  }
  const Real s_5 = pi / 2 + 5 * pi;
  EXPECT_NEAR_EPS(x.u, Real(pow(e, 6) * sin(t_end - s_5)), 256, t_end);
}

/// A DenseReference's cursor finds the segment of each time as the binary search of
/// state(t) does, so their values are equal, not near (the same flight evaluated at the
/// same time): on a grid walked forward (as a study's nodes), at every event time exactly
/// (where a segment starts), and after a step back. Two runs: example 5.1 above (a new
/// flight at each impact) and the bouncing ball (accumulation, then rest on the obstacle).
template <class Model>
void expect_cursor_equals_search(const DenseReference<Model>& reference, const typename Model::real_type& t0,
                                 const typename Model::real_type& t_end, const char* what) {
  using Real = typename Model::real_type;
  constexpr int nodes = 997;  // not a divisor of anything in these runs
  std::vector<Real> times;
  for (int n = 0; n <= nodes; ++n) times.push_back(t0 + (t_end - t0) * n / nodes);
  for (const auto& event : reference.events()) times.push_back(event.t);
  times.push_back(t0 + (t_end - t0) / 3);  // back
  times.push_back(t0 - 1);                  // before the start: the first flight
  times.push_back(t_end);
  ASSERT_FALSE(reference.events().empty()) << what;
  auto cursor = reference.cursor();
  for (const Real& t : times) {
    const PositionVelocity<Real> walked = cursor.state(t), searched = reference.state(t);
    EXPECT_EQ(walked.position, searched.position) << what << ", t = " << to_text(t);
    EXPECT_EQ(walked.velocity, searched.velocity) << what << ", t = " << to_text(t);
  }
}

TYPED_TEST(Reference, DenseCursorEqualsTheSearchedSegment) {
  using Real = TypeParam;
  const Real pi = boost::math::constants::pi<Real>();
  const ImpactOscillator<Real> oscillator(Real(0), Real(0), Real(1), Real(0), num<Real>("0.5"));
  expect_cursor_equals_search(DenseReference<ImpactOscillator<Real>>(oscillator, Real(0), Real(1), Real(0), 6 * pi + 1),
                              Real(0), Real(6 * pi + 1), "example 5.1");
  const ConstantForce<Real> ball(num<Real>("9.81"), Real(0), num<Real>("0.6"));
  expect_cursor_equals_search(DenseReference<ConstantForce<Real>>(ball, Real(0), num<Real>("1.25"), Real(0), Real(5)),
                              Real(0), Real(5), "bouncing ball");
}

TYPED_TEST(Reference, HardCapStopsARunWithAClearError) {
  using Real = TypeParam;
  const ImpactOscillator<Real> model(num<Real>("0.1"), num<Real>("2.5"), num<Real>("1.2"), Real(0), num<Real>("0.8"));
  auto settings = settings_for(model.period(), Real(5));
  settings.max_segments = 3;
  const ImpactReference<ImpactOscillator<Real>> reference(model, settings);
  auto x = reference.start(Real(0), num<Real>("0.5"), Real(0));
  try {
    run(reference, x, Real(10 * model.period()));
    ADD_FAILURE() << "the hard cap did not stop the run";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("hard cap"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace vibro::testing
