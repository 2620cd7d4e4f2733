// The event-driven general-inertia reference (reference/.../inertia_reference.hpp,
// inertia_flight.hpp, inertia_dynamics.hpp, dense_inertia_reference.hpp,
// two_precision_difference.hpp; docs/mathematics.md §7.2). Expected values and their sources:
// - a linear system with a box (constant M, linear force) wrapped as a general-inertia model:
//   the closed-form N-DOF reference (system_reference.hpp), an independent method — the same
//   events (kinds, constraints, times, normal rates) and states;
// - seed 004's double pendulum: invariants — the energy in flight and in contact (the
//   Lagrangian force and a workless contact force conserve it), its loss at an impact
//   (1 − e²)(∇g·u⁻)²/(2∇gᵀM⁻¹∇g) (the closed form of the impact law), θ1 = ±π/2 at impacts
//   and during contact — and the closed form of the reduced motion in contact (θ1 = π/2,
//   θ2'' = (g/l2) sin θ2, its energy integral θ2'² = θ2'(0)² + 2(g/l2)(cos θ2(0) − cos θ2),
//   its contact force λ = 2g − θ2'² cos θ2 − g sin² θ2 for unit parameters, the release angle
//   as the root of that quadratic in cos θ2, and the release time by quadrature of dt = dθ2/θ2');
// - the chatter sequence: the geometric ratio e of successive flight times between impacts
//   (the flights of a bounce under a nearly constant normal acceleration), and the rule's
//   accumulation time after the last resolved impact, the geometric remainder Δ e/(1 − e).
//   Both within ±0.02 relative: a coarse window, not a tolerance to the rounding — the
//   normal acceleration varies over the flights and the last flights' durations carry the
//   time resolution of tiny rebounds — but a wrong factor e or 1 − e moves them by ≥ 50 %.
// The times of the seed's events (first impact at t ≈ 0.3449, accumulation at t ≈ 0.830)
// come from an independent simulation, not from this code (fixed-step RK4 with h = 10⁻⁴ and
// events located by bisection); they are used only as a coarse window (±0.02), never as
// expected values.
//
// Tolerances, "to the integrator's tolerance": the controller keeps each step's error
// estimate below η = eps_abs + eps_rel·X (Odeint's default_error_checker, X the size of the
// state and of h times its derivative), so after N steps the state is within N·η of the
// exact flow, amplified by the flow's derivative G where the flow is not neutral, and a
// quantity with gradient ≤ F in the state (the energy) within N·η·F. X, N and F are taken
// from each run (X from its samples, N its step count, F the force scale of
// pendulum_scales), G from the closed-form reference by finite differences. These are
// estimates, not bounds (integrated_flight.hpp), and generous ones: the errors observed are
// 10⁻³ to 10⁻⁶ of them (printed by the tests). So these tests catch a missed, spurious or
// misplaced event and a wrong impact law, contact force or chatter rule (each was broken on
// purpose: the factor 1 + e of the impact law scaled by 0.999, the sign of λ, the rule's
// remaining time doubled; each fails at least one test here), not a small loss of accuracy:
// that is what the two-precision test catches (tolerances 10⁴ times looser fail it).
//
// Scalar types: double, long double and MPFR at 30 digits, as for the nonlinear reference
// (RKF 7(8) takes ≈ 10 s for the seed's 6 s at 30 digits).

#include "support/mpfr_digits_test.hpp"
#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/model/double_pendulum.hpp"
#include "vibro/model/general_inertia.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/reference/dense_inertia_reference.hpp"
#include "vibro/reference/inertia_reference.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/reference/system_reference.hpp"
#include "vibro/reference/two_precision_difference.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/ellint_rf.hpp>
#include <boost/math/special_functions/next.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace vibro::testing {
namespace {

inline constexpr long inertia_mpfr_digits = 30;

template <class Real>
using InertiaReferenceTyped = MpfrDigitsTest<Real, inertia_mpfr_digits>;
using IntegratedTypes = ::testing::Types<double, long double, mpfr_real>;
TYPED_TEST_SUITE(InertiaReferenceTyped, IntegratedTypes, ScalarNames);

/// A number of ε as the k of EXPECT_NEAR_EPS.
template <class Real>
double in_eps(const Real& x) {
  return static_cast<double>(Real(x / epsilon<Real>()));
}

/// η for states of size X (header comment).
template <class Real>
Real step_tolerance(const IntegrationSettings<Real>& s, const Real& state_size) {
  return s.absolute_tolerance + s.relative_tolerance * state_size;
}

/// A run sampled at given times in one pass, with its events.
template <class Real>
struct Sampled {
  std::vector<InertiaState<Real>> states;  ///< at each sample time (after its events)
  std::vector<InertiaEvent<Real>> events;
  std::int64_t steps = 0;
  Real state_size{0};  ///< X: max over the samples of |q|∞ + |u|∞, plus 1
};

template <class Model, class Real = typename Model::real_type>
Sampled<Real> sample(const InertiaReference<Model>& reference, const Vector<Real>& q0, const Vector<Real>& u0,
                     const std::vector<Real>& times) {
  using std::max;
  Sampled<Real> run;
  auto x = reference.start(Real(0), q0, u0);
  for (const Real& t : times) {
    reference.advance(x, t, [&](const InertiaEvent<Real>& e) { run.events.push_back(e); });
    run.states.push_back(x);
    run.state_size = max(run.state_size, Real(1 + max_abs(x.q) + max_abs(x.u)));
  }
  run.steps = x.segments;
  return run;
}

/// t_k = k·spacing, k = 1, …, up to t_end.
template <class Real>
std::vector<Real> grid(const Real& spacing, const Real& t_end) {
  std::vector<Real> times;
  for (int k = 1; Real(k) * spacing <= t_end; ++k) times.push_back(Real(k) * spacing);
  return times;
}

// ---- (a) an independent method: the closed-form N-DOF reference ----

/// LinearImpactSystem (seed 002: M²q'' + A²q = h(t), q in a box) as a general-inertia model:
/// M(q) = M², f = h(t) − A²q, one constraint per finite bound (g = q_i − upper, or
/// lower − q_i), its gradient ±e_i and no curvature. The system's constrained coordinates
/// must share one restitution (the model has one e).
template <class Real>
class BoxAsGeneralInertia {
 public:
  using real_type = Real;
  using coordinates_type = Vector<Real>;

  explicit BoxAsGeneralInertia(LinearImpactSystem<Real> system) : system_(std::move(system)) {
    for (std::size_t i = 0; i < system_.dimension(); ++i) {
      const auto& b = system_.bounds(i);
      if (b.lower) faces_.push_back({i, *b.lower, -1});
      if (b.upper) faces_.push_back({i, *b.upper, +1});
      if (b.constrained()) {
        if (e_ && *e_ != b.restitution) throw std::invalid_argument("one restitution for every bound");
        e_ = b.restitution;
      }
    }
  }

  std::size_t dimension() const { return system_.dimension(); }
  std::size_t constraint_count() const { return faces_.size(); }
  Real restitution() const { return e_.value_or(Real(0)); }
  void mass_matrix(const Vector<Real>&, Matrix<Real>& out) const {
    const std::size_t n = dimension();
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) out(i, j) = i == j ? system_.mass_squared()[i] : Real(0);
  }
  void force(const Real& t, const Vector<Real>& q, const Vector<Real>&, Vector<Real>& out) const {
    system_.forcing_into(t, out);
    for (std::size_t i = 0; i < dimension(); ++i)
      for (std::size_t j = 0; j < dimension(); ++j) out[i] -= system_.stiffness()(i, j) * q[j];
  }
  Real constraint(std::size_t j, const Vector<Real>& q) const {
    const Face& f = faces_[j];
    return Real(f.side * (q[f.coordinate] - f.bound));
  }
  void constraint_gradient(std::size_t j, const Vector<Real>&, Vector<Real>& out) const {
    out.assign(dimension(), Real(0));
    out[faces_[j].coordinate] = Real(faces_[j].side);
  }
  Real constraint_curvature(std::size_t, const Vector<Real>&, const Vector<Real>&) const { return Real(0); }
  Real energy(const Vector<Real>& q, const Vector<Real>& u) const { return system_.energy(q, u); }

  /// The face of constraint j: its coordinate, and +1 for an upper bound, −1 for a lower.
  std::size_t coordinate(std::size_t j) const { return faces_[j].coordinate; }

 private:
  struct Face {
    std::size_t coordinate;
    Real bound;
    int side;
  };
  LinearImpactSystem<Real> system_;
  std::vector<Face> faces_;
  std::optional<Real> e_;
};

static_assert(GeneralInertiaModel<BoxAsGeneralInertia<double>>);

/// max over the coordinates of |final state of the closed-form reference from (q0 + δe_k, v0)
/// (or v0 + δe_k) − that from (q0, v0)|/δ: the amplification G of an early error by the exact
/// flow (finite differences of the closed form, δ = √ε).
template <class Real>
Real closed_form_gain(const LinearImpactSystem<Real>& system, const Vector<Real>& q0, const Vector<Real>& v0,
                      const Real& t_end) {
  using std::max;
  using std::sqrt;
  const Real delta = sqrt(epsilon<Real>());
  const SystemReference<Real> base(system, Real(0), q0, v0, t_end);
  Real gain(1);
  for (std::size_t k = 0; k < 2 * q0.size(); ++k) {
    Vector<Real> q = q0, v = v0;
    (k < q0.size() ? q[k] : v[k - q0.size()]) -= delta;  // into the box: q0 is inside, away from the bound
    const SystemReference<Real> moved(system, Real(0), q, v, t_end);
    gain = max(gain, Real(max_abs_difference(moved.position(t_end), base.position(t_end)) / delta));
    gain = max(gain, Real(max_abs_difference(moved.velocity(t_end), base.velocity(t_end)) / delta));
  }
  return gain;
}

/// Seed 002's two masses (μ_k = 5, μ_m = 2) with q1 ≤ 0.5, e = 0.5, from q0 = (0, 0.3),
/// v0 = (2, 0): impacts of q1 on its bound with the other mass moving (no chatter, which the
/// closed-form reference refuses), over 10 time units. Every event (kind, time, normal rate
/// before and after) and the final state agree within N·η·G; an event time within that
/// over the normal rate.
TYPED_TEST(InertiaReferenceTyped, LinearSystemAgreesWithTheClosedFormSystemReference) {
  using Real = TypeParam;
  using std::abs;
  const auto system = two_mass_spring<Real>(Real(5), Real(2), std::nullopt, num<Real>("0.5"), num<Real>("0.5"));
  const Vector<Real> q0{Real(0), num<Real>("0.3")}, v0{Real(2), Real(0)};
  const Real t_end(10);
  const SystemReference<Real> exact(system, Real(0), q0, v0, t_end);
  ASSERT_GE(exact.impact_times().size(), 3u);

  const BoxAsGeneralInertia<Real> model(system);
  const ReferenceSettings<Real> settings = default_reference_settings(system, q0, v0);
  const InertiaReference<BoxAsGeneralInertia<Real>> reference(
      model, settings, integration_settings(Real(1 + max_abs(q0) + max_abs(v0)), Real(settings.max_window)));
  const auto run = sample(reference, q0, v0, grid(num<Real>("0.5"), t_end));

  const Real gain = closed_form_gain(system, q0, v0, t_end);
  const Real budget = Real(run.steps) * step_tolerance(reference.integration(), Real(2 * run.state_size)) * gain;
  ASSERT_EQ(run.events.size(), exact.events().size());
  for (std::size_t i = 0; i < run.events.size(); ++i) {
    const auto& e = run.events[i];
    const auto& expected = exact.events()[i];
    ASSERT_EQ(e.kind, EventKind::impact) << "event " << i;
    ASSERT_EQ(expected.kind, SystemReference<Real>::Event::Kind::impact) << "event " << i;
    EXPECT_EQ(model.coordinate(e.constraint), expected.coordinate);
    // Upper bound: the normal rate ∇g·u is the coordinate's velocity.
    EXPECT_NEAR_EPS(e.t, expected.t, in_eps(budget), Real(1 / abs(expected.v_minus))) << "impact " << i;
    EXPECT_NEAR_EPS(e.rate_minus, expected.v_minus, in_eps(budget), Real(1)) << "impact " << i;
    EXPECT_NEAR_EPS(e.rate_plus, expected.v_plus, in_eps(budget), Real(1)) << "impact " << i;
  }
  const auto& last = run.states.back();
  EXPECT_EQ(last.t, t_end);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_NEAR_EPS(last.q[i], exact.position(t_end)[i], in_eps(budget), Real(1)) << "q" << i + 1;
    EXPECT_NEAR_EPS(last.u[i], exact.velocity(t_end)[i], in_eps(budget), Real(1)) << "u" << i + 1;
  }
  const Real observed = std::max(max_abs_difference(last.q, exact.position(t_end)),
                                 max_abs_difference(last.u, exact.velocity(t_end)));
  std::printf("[ info ] linear system: %lld steps, G = %.3g, final error %.3g of the budget\n",
              static_cast<long long>(run.steps), static_cast<double>(gain), static_cast<double>(observed / budget));
}

/// A tangency: u'' = −u from (0, 1) below the bound u ≤ 1 touches it at t = π/2 with zero
/// velocity (u = sin t, closed form) and leaves again (the force −1 pulls it away, λ < 0):
/// one `grazing` event at π/2, as the closed-form reference reports it, and the motion
/// goes on as sin t.
TYPED_TEST(InertiaReferenceTyped, TangencyIsAGrazeAndTheMotionGoesOnAsTheClosedForm) {
  using Real = TypeParam;
  using std::abs;
  using std::cos;
  using std::sin;
  std::vector<CoordinateBounds<Real>> bounds(1);
  bounds[0] = {std::nullopt, Real(1), Real(0)};
  const LinearImpactSystem<Real> system({Real(1)}, Matrix<Real>::identity(1), bounds);
  const Vector<Real> q0{Real(0)}, v0{Real(1)};
  const Real t_end(3), half_pi = boost::math::constants::half_pi<Real>();
  const SystemReference<Real> exact(system, Real(0), q0, v0, t_end);
  ASSERT_EQ(exact.events().size(), 1u);
  EXPECT_EQ(exact.events()[0].kind, SystemReference<Real>::Event::Kind::graze);

  const ReferenceSettings<Real> settings = default_reference_settings(system, q0, v0);
  const InertiaReference<BoxAsGeneralInertia<Real>> reference(BoxAsGeneralInertia<Real>(system), settings,
                                                              integration_settings(Real(3), settings.max_window));
  const auto run = sample(reference, q0, v0, grid(num<Real>("0.5"), t_end));
  ASSERT_EQ(run.events.size(), 1u);
  EXPECT_EQ(run.events[0].kind, EventKind::grazing);
  // A tangency is located to √(contact tolerance) in time (the gap is quadratic there).
  using std::sqrt;
  EXPECT_LE(abs(run.events[0].t - half_pi), 2 * sqrt(settings.contact_tolerance));
  const Real budget = Real(run.steps) * step_tolerance(reference.integration(), Real(2 * run.state_size));
  for (const auto& x : run.states) {
    EXPECT_NEAR_EPS(x.q[0], Real(sin(x.t)), in_eps(budget), Real(1)) << "t = " << to_text(x.t);
    EXPECT_NEAR_EPS(x.u[0], Real(cos(x.t)), in_eps(Real(budget + sqrt(settings.contact_tolerance))), Real(1))
        << "t = " << to_text(x.t);
  }
}

// ---- (b) seed 004's double pendulum ----

/// m1 = m2 = l1 = l2 = 1, g = 9.81, restitution e, with its reference at pendulum_scales.
template <class Real>
struct Pendulum {
  DoublePendulum<Real> model;
  Vector<Real> q0, u0;
  ReferenceScales<Real> scales;
  InertiaReference<DoublePendulum<Real>> reference;

  Pendulum(const char* e, Vector<Real> q, Vector<Real> u)
      : model(Real(1), Real(1), Real(1), Real(1), num<Real>("9.81"), num<Real>(e)), q0(std::move(q)),
        u0(std::move(u)), scales(pendulum_scales(model, q0, u0)), reference(inertia_reference(model, scales)) {}

  /// The seed's start: q0 = (π/3, π/3), u0 = 0.
  static Pendulum seed(const char* e) {
    const Real third = boost::math::constants::third_pi<Real>();
    return Pendulum(e, {third, third}, {Real(0), Real(0)});
  }

  const Real& g() const { return model.gravity(); }
  /// ∇gᵀM⁻¹∇g at q (∇g = (sin θ1, 0): sin² θ1 · (M⁻¹)11, (M⁻¹)11 = m2 l2²/det M).
  Real normal_weight(const Vector<Real>& q) const {
    using std::cos;
    using std::sin;
    const Real c = cos(q[0] - q[1]), s = sin(q[0]);
    return s * s / (2 - c * c);  // det M = 2 − cos²(θ1 − θ2) for unit parameters
  }
  /// N·η·F: the energy budget of a run (header comment).
  Real energy_budget(const Sampled<Real>& run) const {
    return Real(run.steps) * step_tolerance(reference.integration(), Real(2 * run.state_size)) * scales.force;
  }
};

/// The impact law's closed form at every impact: energy lost (1 − e²) r⁻²/(2W), normal rate
/// reversed and scaled, −e r⁻ (to rounding), θ1 on a wall (within the contact tolerance as
/// a gap, −cos θ1 ≈ 0).
template <class Real>
void check_impacts(const Pendulum<Real>& p, const Sampled<Real>& run) {
  using std::abs;
  using std::cos;
  const Real e = p.model.restitution();
  for (const auto& event : run.events) {
    if (event.kind != EventKind::impact) continue;
    const Vector<Real>& q = event.q;
    const Real loss = (1 - e * e) * event.rate_minus * event.rate_minus / (2 * p.normal_weight(q));
    EXPECT_NEAR_EPS(Real(event.energy_minus - event.energy_plus), loss, 64, Real(event.energy_minus))
        << "impact at t = " << to_text(event.t);
    EXPECT_NEAR_EPS(event.rate_plus, Real(-e * event.rate_minus), 64, Real(abs(event.rate_minus)))
        << "impact at t = " << to_text(event.t);
    EXPECT_LE(abs(cos(q[0])), p.reference.settings().contact_tolerance) << "impact at t = " << to_text(event.t);
  }
}

/// e = 1: the energy (14.715 = (m1 + m2) g l1 cos(π/3) + m2 g l2 cos(π/3)) is conserved in
/// flight and across the impacts over the seed's 6 s, and the first rod hits both walls.
TYPED_TEST(InertiaReferenceTyped, PendulumElasticConservesEnergyAndHitsBothWalls) {
  using Real = TypeParam;
  using std::abs;
  const auto p = Pendulum<Real>::seed("1");
  const Real e0 = num<Real>("14.715");
  const auto run = sample(p.reference, p.q0, p.u0, grid(num<Real>("0.05"), Real(6)));
  const Real budget = p.energy_budget(run);
  Real worst(0);
  for (const auto& x : run.states) {
    EXPECT_NEAR_EPS(p.model.energy(x.q, x.u), e0, in_eps(budget), Real(1)) << "t = " << to_text(x.t);
    worst = std::max(worst, Real(abs(p.model.energy(x.q, x.u) - e0)));
  }
  int left = 0, right = 0;
  for (const auto& event : run.events) {
    EXPECT_EQ(event.kind, EventKind::impact) << to_text(event.t);
    (event.q[0] > 0 ? right : left)++;
  }
  EXPECT_GE(right, 1);
  EXPECT_GE(left, 1);
  check_impacts(p, run);
  // The first impact, inside the coarse window.
  ASSERT_FALSE(run.events.empty());
  EXPECT_NEAR(static_cast<double>(run.events.front().t), 0.3449, 0.02);
  std::printf("[ info ] e = 1: %zu impacts (%d left, %d right), %lld steps, energy error %.3g of the budget\n",
              run.events.size(), left, right, static_cast<long long>(run.steps), static_cast<double>(worst / budget));
}

/// e = 0.5: the energy never grows (constant in flight, lost at impacts by the closed form);
/// the impacts chatter, with flight times shrinking by the factor e, into an accumulation
/// (near t ≈ 0.83) followed by a contact phase to the end, in which θ1 = π/2 (drift bounded
/// by N·η, the energy budget over F) and the energy is conserved.
TYPED_TEST(InertiaReferenceTyped, PendulumHalfElasticLosesEnergyAndAccumulatesIntoContact) {
  using Real = TypeParam;
  using std::abs;
  using std::cos;
  const auto p = Pendulum<Real>::seed("0.5");
  const auto run = sample(p.reference, p.q0, p.u0, grid(num<Real>("0.05"), Real(6)));
  const Real budget = p.energy_budget(run);
  const Real e = p.model.restitution();

  // The events: impacts, one accumulation, one stick at the same time, nothing after.
  std::vector<Real> impacts;
  std::optional<Real> accumulation;
  for (std::size_t i = 0; i < run.events.size(); ++i) {
    const auto& event = run.events[i];
    EXPECT_LE(event.energy_plus, event.energy_minus) << to_string(event.kind) << " at " << to_text(event.t);
    if (event.kind == EventKind::impact) {
      ASSERT_FALSE(accumulation) << "an impact after the accumulation";
      impacts.push_back(event.t);
    } else if (event.kind == EventKind::accumulation) {
      accumulation = event.t;
      ASSERT_EQ(i + 2, run.events.size()) << "the accumulation is followed by the stick alone";
      EXPECT_EQ(run.events[i + 1].kind, EventKind::stick);
      EXPECT_EQ(run.events[i + 1].t, event.t);
    }
  }
  ASSERT_TRUE(accumulation);
  ASSERT_GE(impacts.size(), 6u);
  EXPECT_NEAR(static_cast<double>(*accumulation), 0.830, 0.02);
  // Flight times between bounces shrink by e once the bounces are short (the normal
  // acceleration then nearly constant): the last ratios are e to a few percent.
  const std::size_t n = impacts.size();
  for (std::size_t k = n - 3; k + 2 < n; ++k) {
    const Real ratio = (impacts[k + 2] - impacts[k + 1]) / (impacts[k + 1] - impacts[k]);
    EXPECT_NEAR(static_cast<double>(ratio), static_cast<double>(e), 0.02) << "bounce " << k;
  }
  // The rule's accumulation time: the geometric remainder after the last resolved impact.
  const Real last_flight = impacts[n - 1] - impacts[n - 2];
  EXPECT_NEAR(static_cast<double>(Real((*accumulation - impacts[n - 1]) / (last_flight * e / (1 - e)))), 1.0, 0.02);
  check_impacts(p, run);

  // Energy: never above the previous sample's (to the budget); constant in contact.
  const Real half_pi = boost::math::constants::half_pi<Real>();
  std::optional<Real> contact_energy;
  Real previous = p.model.energy(p.q0, p.u0), drift(0);
  for (const auto& x : run.states) {
    const Real energy = p.model.energy(x.q, x.u);
    EXPECT_LE(energy, previous + budget) << "t = " << to_text(x.t);
    previous = energy;
    if (x.t <= *accumulation) continue;
    EXPECT_TRUE(x.contact) << "t = " << to_text(x.t);
    if (!contact_energy) contact_energy = energy;
    EXPECT_NEAR_EPS(energy, *contact_energy, in_eps(budget), Real(1)) << "t = " << to_text(x.t);
    drift = std::max(drift, Real(abs(x.q[0] - half_pi)));
  }
  // θ1 − π/2 moves only by the integration error of g'' = 0 (g = −cos θ1 ≈ θ1 − π/2): N·η.
  EXPECT_LE(drift, budget / p.scales.force);
  std::printf("[ info ] e = 0.5: %zu impacts, accumulation at %s, %lld steps, drift of theta1 %.3g\n", n,
              to_text(*accumulation).c_str(), static_cast<long long>(run.steps), static_cast<double>(drift));
}

/// e = 0: one impact (the loss of the whole normal kinetic energy), a stick at the same time,
/// then the contact phase to the end: θ1 = π/2, θ1' = 0, and θ2 on the energy integral of
/// the reduced motion θ2'' = (g/l2) sin θ2, θ2'² = θ2'(ts)² + 2g(cos θ2(ts) − cos θ2).
TYPED_TEST(InertiaReferenceTyped, PendulumPlasticImpactsOnceThenFollowsTheReducedMotion) {
  using Real = TypeParam;
  using std::abs;
  using std::cos;
  const auto p = Pendulum<Real>::seed("0");
  const auto run = sample(p.reference, p.q0, p.u0, grid(num<Real>("0.05"), Real(6)));
  ASSERT_EQ(run.events.size(), 2u);
  EXPECT_EQ(run.events[0].kind, EventKind::impact);
  EXPECT_EQ(run.events[1].kind, EventKind::stick);
  EXPECT_EQ(run.events[1].t, run.events[0].t);
  EXPECT_NEAR(static_cast<double>(run.events[0].t), 0.3449, 0.02);
  check_impacts(p, run);

  const Real budget = p.energy_budget(run);
  const Real half_pi = boost::math::constants::half_pi<Real>();
  std::optional<InertiaState<Real>> stuck;
  for (const auto& x : run.states) {
    if (x.t <= run.events[0].t) continue;
    ASSERT_TRUE(x.contact) << "t = " << to_text(x.t);
    if (!stuck) {
      stuck = x;
      continue;
    }
    EXPECT_NEAR_EPS(x.q[0], half_pi, in_eps(Real(budget / p.scales.force)), Real(1)) << "t = " << to_text(x.t);
    EXPECT_NEAR_EPS(x.u[0], Real(0), in_eps(Real(budget / p.scales.force)), Real(1)) << "t = " << to_text(x.t);
    const Real integral = stuck->u[1] * stuck->u[1] + 2 * p.g() * (cos(stuck->q[1]) - cos(x.q[1]));
    EXPECT_NEAR_EPS(Real(x.u[1] * x.u[1]), integral, in_eps(budget), Real(1)) << "t = " << to_text(x.t);
  }
}

/// A contact that ends: θ1 = π/2, θ2 = 0, θ1' = 0, θ2' = w with w² = c·g, c = 1.8. The contact
/// force of the reduced motion is λ = 2g − θ2'² cos θ2 − g sin² θ2 = g(3x² − (c + 2)x + 1)
/// with x = cos θ2 (the energy integral θ2'² = w² + 2g(1 − x)), positive at x = 1 (0.2g), so
/// the run sticks at t = 0 and releases where x is the larger root
/// x_r = ((c + 2) + √((c + 2)² − 12))/6, at t_r = ∫₀^{θr} dθ/√(w² + 2g(1 − cos θ)) (Gauss–
/// Kronrod quadrature), with θ2' = √(w² + 2g(1 − x_r)). After the release the first rod
/// leaves the wall (θ1 < π/2).
TYPED_TEST(InertiaReferenceTyped, ReleaseAtTheClosedFormAngleAndTimeOfTheReducedMotion) {
  using Real = TypeParam;
  using std::abs;
  using std::acos;
  using std::cos;
  using std::sqrt;
  using std::sin;
  const Real c = num<Real>("1.8"), g = num<Real>("9.81");
  const Real w = sqrt(c * g), half_pi = boost::math::constants::half_pi<Real>();
  // π/2 rounded may lie beyond the wall (cos < 0): the number below it then.
  const Real wall = cos(half_pi) < 0 ? boost::math::float_prior(half_pi) : half_pi;
  const Pendulum<Real> p("0", {wall, Real(0)}, {Real(0), w});
  const Real x_r = ((c + 2) + sqrt((c + 2) * (c + 2) - 12)) / 6, theta_r = acos(x_r);
  const auto speed = [&](const Real& theta) { return Real(sqrt(w * w + 2 * g * (1 - cos(theta)))); };
  // θ2'² = w² + 4g sin²(θ2/2), so with φ = θ2/2, t = (2/w) F(φ | −4g/w²), the incomplete
  // elliptic integral of the first kind, = (2/w) sin φ R_F(cos² φ, 1 + (4g/w²) sin² φ, 1)
  // (Carlson's symmetric form, valid for this negative parameter).
  const Real phi = theta_r / 2, s = sin(phi);
  const Real t_r = 2 / w * s * boost::math::ellint_rf(Real(1 - s * s), Real(1 + 4 * g / (w * w) * s * s), Real(1));

  const Real t_end = t_r + num<Real>("0.05");
  auto x = p.reference.start(Real(0), p.q0, p.u0);
  std::vector<InertiaEvent<Real>> events;
  std::optional<InertiaState<Real>> at_release;
  p.reference.advance(x, t_end, [&](const InertiaEvent<Real>& e) { events.push_back(e); });
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(events[0].kind, EventKind::stick);
  EXPECT_EQ(events[0].t, Real(0));
  ASSERT_EQ(events[1].kind, EventKind::release);
  auto y = p.reference.start(Real(0), p.q0, p.u0);
  p.reference.advance(y, events[1].t, [](const InertiaEvent<Real>&) {});

  // The budget: N·η over the rate of λ at the release for the time (λ' = g(6x − c − 2)x',
  // x' = −sin θ2 θ2'), N·η for the state.
  const Real budget = Real(y.segments) * step_tolerance(p.reference.integration(), Real(2 * p.scales.size));
  const Real lambda_rate = g * (6 * x_r - c - 2) * -sqrt(1 - x_r * x_r) * speed(theta_r);
  EXPECT_NEAR_EPS(events[1].t, t_r, in_eps(budget), Real(g / abs(lambda_rate)));
  EXPECT_NEAR_EPS(y.q[1], theta_r, in_eps(budget), Real(g / abs(lambda_rate)) * speed(theta_r));
  EXPECT_NEAR_EPS(y.u[1], speed(theta_r), in_eps(budget), Real(1 + g * speed(theta_r) / abs(lambda_rate)));
  EXPECT_NEAR_EPS(y.q[0], half_pi, 4, Real(1));  // put back on the wall at the release
  EXPECT_NEAR_EPS(y.u[0], Real(0), in_eps(budget), Real(1));
  EXPECT_FALSE(x.contact);
  EXPECT_LT(x.q[0], half_pi);
}

// ---- (c) the dense wrapper and the two-precision estimate ----

/// The dense reference gives the run's states (checkpoints every 0.25, evaluations continued
/// from them) and, at an impact time, the state after the impact.
TEST(InertiaReferenceDouble, DenseReferenceMatchesTheRunAndIsRightContinuous) {
  const auto p = Pendulum<double>::seed("1");
  const DenseInertiaReference<DoublePendulum<double>> dense(p.reference, 0.0, p.q0, p.u0, 6.0, 0.25);
  const auto times = grid(0.1, 6.0);
  const auto run = sample(p.reference, p.q0, p.u0, times);
  const double budget = static_cast<double>(run.steps) * step_tolerance(p.reference.integration(), 2 * run.state_size);
  ASSERT_EQ(dense.events().size(), run.events.size());
  // The two runs stop at different times (checkpoints, samples), so their steps differ: the
  // event times agree within N·η over the normal rate.
  for (std::size_t i = 0; i < run.events.size(); ++i)
    EXPECT_NEAR(dense.events()[i].t, run.events[i].t, budget / run.events[i].rate_minus) << "event " << i;
  EXPECT_EQ(dense.impact_times().size(), run.events.size());
  for (std::size_t k = 0; k < times.size(); ++k) {
    EXPECT_LE(max_abs_difference(dense.position(times[k]), run.states[k].q), budget) << "t = " << times[k];
    EXPECT_LE(max_abs_difference(dense.velocity(times[k]), run.states[k].u), budget) << "t = " << times[k];
    EXPECT_NEAR(dense.energy(times[k]), 14.715, budget * static_cast<double>(p.scales.force));
  }
  const auto& first = run.events.front();
  const Vector<double> after = dense.velocity(first.t);
  // Normal rate ∇g·u = sin θ1 θ1' right after the impact: the reversed one.
  EXPECT_NEAR(std::sin(dense.position(first.t)[0]) * after[0], first.rate_plus, 64 * 1e-16 * std::abs(first.rate_plus));
  EXPECT_GT(dense.steps(), 0);
}

/// double against MPFR at 30 digits, the seed's pendulum with e = 0.5 over [0, 2] (impacts,
/// the chatter and its accumulation, the contact phase), sampled every 0.25: the position and
/// velocity differences stay within the double run's budget N·η (no amplification G is
/// needed on this orbit), and the event times within N·η over the smallest normal rate of
/// the double run's impacts (a time error is a gap error over the rate). The wide run
/// resolves more bounces of the chatter before summing them. With the double run's
/// integrator tolerances 10⁴ times looser, the difference grows beyond the (unchanged)
/// budget: the estimate sees a worse reference.
TEST(InertiaReferenceDouble, TwoPrecisionDifferenceIsSmallAndGrowsWithALooserTolerance) {
  const auto difference = [](double looser) {
    const auto build = [looser](auto type) {
      using R = typename decltype(type)::type;
      const auto p = Pendulum<R>::seed("0.5");
      IntegrationSettings<R> integration = p.reference.integration();
      if constexpr (std::is_same_v<R, double>) {
        integration.relative_tolerance *= looser;
        integration.absolute_tolerance *= looser;
      }
      const InertiaReference<DoublePendulum<R>> reference(p.model, p.reference.settings(), integration);
      return DenseInertiaReference<DoublePendulum<R>>(reference, R(0), p.q0, p.u0, R(2), num<R>("0.25"));
    };
    return two_precision_difference<double, mpfr_real>(build, grid(0.25, 2.0), inertia_mpfr_digits);
  };
  const auto p = Pendulum<double>::seed("0.5");
  const auto run = sample(p.reference, p.q0, p.u0, grid(0.25, 2.0));
  const double budget = static_cast<double>(run.steps) * step_tolerance(p.reference.integration(), 2 * run.state_size);

  double slowest = 1e300;
  for (const auto& e : run.events)
    if (e.kind == EventKind::impact) slowest = std::min(slowest, e.rate_minus);

  const auto tight = difference(1);
  EXPECT_EQ(tight.unmatched, 0u);
  EXPECT_LE(tight.event_time, budget / slowest);
  EXPECT_GT(tight.wide_events, tight.events);  // the wide run resolves more bounces before summing
  EXPECT_LE(tight.position, budget);
  EXPECT_LE(tight.velocity, budget);
  EXPECT_GT(tight.position, 0.0);  // the runs differ: an estimate, not a copy
  std::printf("[ info ] double vs mpfr:30: position %.3g, velocity %.3g, event time %.3g; budget %.3g\n",
              tight.position, tight.velocity, tight.event_time, budget);

  const auto loose = difference(1e4);
  EXPECT_GT(std::max(loose.position, loose.velocity), budget);
}

/// MPFR at 20 digits against 35 (the same type at two precisions), the seed's pendulum with
/// e = 0.5 over [0, 0.5] (the first impact and the first rebound): within the 20-digit run's
/// budget N·η, event times within N·η over the normal rate of the first impact.
TEST(InertiaReferenceMpfr, TwoPrecisionDifferenceAgainstFifteenMoreDigitsIsSmall) {
  const MpfrPrecisionGuard precision(20);
  const mpfr_real t_end = num<mpfr_real>("0.5");
  const auto build = [](auto type) {
    using R = typename decltype(type)::type;
    const auto p = Pendulum<R>::seed("0.5");
    return DenseInertiaReference<DoublePendulum<R>>(p.reference, R(0), p.q0, p.u0, num<R>("0.5"), num<R>("0.125"));
  };
  const auto p = Pendulum<mpfr_real>::seed("0.5");
  const auto times = grid(num<mpfr_real>("0.125"), t_end);
  const auto run = sample(p.reference, p.q0, p.u0, times);
  ASSERT_EQ(run.events.size(), 1u);
  const mpfr_real budget = mpfr_real(run.steps) * step_tolerance(p.reference.integration(), mpfr_real(2 * run.state_size));
  const auto d = two_precision_difference<mpfr_real, mpfr_real>(build, times, 35);
  EXPECT_EQ(d.events, 1u);
  EXPECT_EQ(d.wide_events, 1u);
  EXPECT_EQ(d.unmatched, 0u);
  EXPECT_LE(d.position, budget);
  EXPECT_LE(d.velocity, budget);
  EXPECT_LE(d.event_time, budget / run.events[0].rate_minus);
  EXPECT_GT(d.position, 0);
}

// ---- (d) what the reference refuses ----

TEST(InertiaReferenceDouble, RefusesBadDataTwoContactsAndTheHardCapWithAClearError) {
  const auto p = Pendulum<double>::seed("0.5");
  // A start outside L: θ1 beyond the wall.
  EXPECT_THROW(p.reference.start(0.0, {2.0, 0.0}, {0.0, 0.0}), std::invalid_argument);
  EXPECT_THROW(p.reference.start(0.0, {std::nan(""), 0.0}, {0.0, 0.0}), std::invalid_argument);
  // The hard cap: 50 integrator steps and events.
  ReferenceSettings<double> capped = p.reference.settings();
  capped.max_segments = 50;
  const InertiaReference<DoublePendulum<double>> short_leash(p.model, capped, p.reference.integration());
  auto x = short_leash.start(0.0, p.q0, p.u0);
  try {
    short_leash.advance(x, 6.0, [](const InertiaEvent<double>&) {});
    ADD_FAILURE() << "no error at the hard cap";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("hard cap"), std::string::npos) << error.what();
  }
  // Two constraints in contact at once: q1 held on its upper bound 0 (e = 0; the spring
  // force q2 − 2q1 = q2 > 0 pushes it there) while q2 reaches its own bound 1.
  std::vector<CoordinateBounds<double>> bounds(2);
  bounds[0] = {std::nullopt, 0.0, 0.0};
  bounds[1] = {std::nullopt, 1.0, 0.0};
  Matrix<double> stiffness(2, 2);
  stiffness(0, 0) = stiffness(1, 1) = 2.0;
  stiffness(0, 1) = stiffness(1, 0) = -1.0;
  const LinearImpactSystem<double> system({1.0, 1.0}, stiffness, bounds);
  const Vector<double> q0{0.0, 0.5}, u0{0.0, 3.0};
  const BoxAsGeneralInertia<double> box(system);
  const InertiaReference<BoxAsGeneralInertia<double>> two(box, default_reference_settings(system, q0, u0),
                                                          integration_settings(4.0, 0.25));
  auto y = two.start(0.0, q0, u0);
  try {
    two.advance(y, 10.0, [](const InertiaEvent<double>&) {});
    ADD_FAILURE() << "no error for two contacts at once";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("two constraints in contact at once"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("at t = "), std::string::npos) << error.what();
  }
  // Two constraints reached at the same time: two identical uncoupled oscillators from
  // (0, 0) at velocity (1, 1) reach q_i = 0.5 together at t = asin(0.5).
  std::vector<CoordinateBounds<double>> twins(2);
  twins[0] = twins[1] = {std::nullopt, 0.5, 0.5};
  const LinearImpactSystem<double> pair({1.0, 1.0}, Matrix<double>::identity(2), twins);
  const Vector<double> start{0.0, 0.0}, speed{1.0, 1.0};
  const InertiaReference<BoxAsGeneralInertia<double>> together(
      BoxAsGeneralInertia<double>(pair), default_reference_settings(pair, start, speed), integration_settings(2.0, 0.25));
  auto z = together.start(0.0, start, speed);
  try {
    together.advance(z, 1.0, [](const InertiaEvent<double>&) {});
    ADD_FAILURE() << "no error for two contacts at the same time";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("contacts of constraints 1 and 2 at once"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace vibro::testing
