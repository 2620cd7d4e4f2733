// The exact-detection N-DOF reference (reference/.../system_flight.hpp, system_reference.hpp,
// docs/mathematics.md §6, "The N-DOF reference"). Expected values and their sources:
// - free flight: seed 002 eq. (6), q(t) = cos(tB)q0 + B⁻¹sin(tB)v0, through the matrix
//   functions of ModalBasis (Λ diag(g(ω)) Λ⁻¹, assembled before multiplying), and for a
//   diagonal system the 1-DOF closed form cos(ωt)q0 + sin(ωt)v0/ω per coordinate;
// - forced flight: the equation of motion itself, M²q'' + A²q − h(t) = 0, with q'' from the
//   flight's modal second derivatives;
// - impacts, sticking and release in one coordinate, and in uncoupled coordinates: the 1-DOF
//   reference (impact_reference.hpp / dense_reference.hpp), an independent implementation;
// - the coupled system of seed 002 §3.1 (experiment 2): a brute-force scan of the gaps at
//   twice the digits, the sign of the contact force, and two invariants (energy constant in
//   flights; an impact with e = 0 removes exactly ½ m_i v_i²);
// - grazing: u = cos t from (1, 0) touches −1 at t = π with zero velocity (closed form).

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/reference/dense_reference.hpp"
#include "vibro/reference/system_reference.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace vibro::testing {
namespace {

template <class Real>
using NdofReference = ScalarTest<Real>;
using NdofTypes = ::testing::Types<double, long double, mpfr_real>;
TYPED_TEST_SUITE(NdofReference, NdofTypes, ScalarNames);

template <class Real>
using Event = typename SystemReference<Real>::Event;
template <class Real>
using Kind = typename SystemReference<Real>::Event::Kind;

/// The 1-DOF impact oscillator u'' + u = a cos ωt, u ≥ u_min, as a 1-coordinate system.
template <class Real>
LinearImpactSystem<Real> one_dof(const Real& a, const Real& omega, const Real& u_min, const Real& e) {
  std::vector<CoordinateBounds<Real>> bounds(1);
  bounds[0] = {u_min, std::nullopt, e};
  return LinearImpactSystem<Real>({Real(1)}, Matrix<Real>::identity(1), bounds, {a}, omega);
}

/// The kind of the 1-DOF reference's event that an N-DOF event must equal.
template <class Real>
EventKind one_dof_kind(Kind<Real> kind) {
  switch (kind) {
    case Kind<Real>::impact: return EventKind::impact;
    case Kind<Real>::graze: return EventKind::grazing;
    case Kind<Real>::stick: return EventKind::stick;
    case Kind<Real>::release: return EventKind::release;
  }
  return EventKind::accumulation;
}

/// Seed 002 eq. (24): M² = diag(1, μ_m), A² = [[1, −1], [−1, 1 + μ_k]], q1 ∈ [0.2, 1], e = 0
/// (experiment 2 of §3.1).
template <class Real>
LinearImpactSystem<Real> experiment_2(const Real& mu_m) {
  return two_mass_spring<Real>(Real(5), mu_m, num<Real>("0.2"), Real(1), Real(0));
}

/// Seed 002 eq. (6) through ModalBasis::function: the matrices cos(tB), B⁻¹sin(tB) and
/// −B sin(tB) are assembled first, then applied to (q0, v0) — a different order of
/// operations from the flight's η = Λ⁻¹q, mode by mode, Λη.
TYPED_TEST(NdofReference, FreeFlightIsCosTBq0PlusSinTBOverBv0) {
  using Real = TypeParam;
  using std::cos;
  using std::sin;
  const auto system = two_mass_spring<Real>(Real(5), num<Real>("1.5"), std::nullopt, std::nullopt, Real(0));
  const auto basis = std::make_shared<const ModalBasis<Real>>(system.mass_squared(), system.stiffness());
  const Vector<Real> q0{num<Real>("0.7"), num<Real>("-0.3")}, v0{num<Real>("-1.1"), num<Real>("2.5")};
  const Vector<Real> zero(2, Real(0));
  const Real t_s = num<Real>("0.25");
  const SystemFlight<Real> flight(basis, zero, zero, Real(1), t_s, q0, v0);
  // Rounding: a sum of N modal terms of size |Λ||Λ⁻¹|(|q0| + |v0|/ω_min), each with a few
  // roundings (cos, sin of the same ωs, products): 16 N ε of that scale.
  const Real scale = max_abs(basis->modes()) * max_abs(basis->inverse_modes()) *
                     (max_abs(q0) + max_abs(v0) / basis->omega()[0] + max_abs(v0) / basis->omega()[1]);
  for (const char* text : {"0.25", "1.3", "4.75", "17.5"}) {
    const Real t = num<Real>(text), s = t - t_s;
    const auto c = basis->function([&](const Real& w) { return Real(cos(s * w)); });
    const auto sb = basis->function([&](const Real& w) { return Real(sin(s * w) / w); });
    const auto bs = basis->function([&](const Real& w) { return Real(-sin(s * w) * w); });
    const Vector<Real> q = flight.position(t), v = flight.velocity(t);
    const Vector<Real> cq = c * q0, sv = sb * v0, bq = bs * q0, cv = c * v0;
    for (std::size_t i = 0; i < 2; ++i) {
      EXPECT_NEAR_EPS(q[i], Real(cq[i] + sv[i]), 32, scale) << "q" << i + 1 << " at t = " << text;
      EXPECT_NEAR_EPS(v[i], Real(bq[i] + cv[i]), 32, Real(scale * basis->omega()[1])) << "v" << i + 1 << " at " << text;
    }
  }
}

/// A diagonal system is N independent oscillators: q_i = cos(ω_i s)q_i0 + sin(ω_i s)v_i0/ω_i
/// with ω_i² = A²_ii/m_i² (the 1-DOF closed form), exact ω_i = 1, 2, 3 here.
TYPED_TEST(NdofReference, DiagonalFreeFlightIsTheOneDofClosedFormPerCoordinate) {
  using Real = TypeParam;
  using std::abs;
  using std::cos;
  using std::sin;
  const Vector<Real> mass{Real(1), Real(2), Real(3)};
  const Matrix<Real> stiffness = Matrix<Real>::diagonal({Real(1), Real(8), Real(27)});
  const auto basis = std::make_shared<const ModalBasis<Real>>(mass, stiffness);
  const Vector<Real> q0{num<Real>("0.5"), num<Real>("-1.25"), num<Real>("2")}, v0{Real(1), num<Real>("0.5"), Real(-3)};
  const Vector<Real> zero(3, Real(0));
  const SystemFlight<Real> flight(basis, zero, zero, Real(1), Real(0), q0, v0);
  for (const char* text : {"0.5", "3.25", "11"}) {
    const Real t = num<Real>(text);
    const Vector<Real> q = flight.position(t), v = flight.velocity(t);
    for (std::size_t i = 0; i < 3; ++i) {
      const Real w = Real(static_cast<int>(i) + 1);
      // One cos and one sin of ω t with ω itself from a square root: 16 ε of the amplitude, t.
      const Real amplitude = abs(q0[i]) + abs(v0[i]) / w;
      EXPECT_NEAR_EPS(q[i], Real(cos(w * t) * q0[i] + sin(w * t) * v0[i] / w), 16, Real(amplitude * (1 + w * t)));
      EXPECT_NEAR_EPS(v[i], Real(-sin(w * t) * w * q0[i] + cos(w * t) * v0[i]), 16, Real(w * amplitude * (1 + w * t)));
    }
  }
}

/// Source: the equation of motion. A forced 3-DOF flight with a constant force (the held
/// coordinates' term) satisfies M²q'' + A²q = c + f cos Ωt, q'' from acceleration(t), and
/// starts at (q_s, v_s).
TYPED_TEST(NdofReference, ForcedFlightSatisfiesTheEquationOfMotion) {
  using Real = TypeParam;
  using std::abs;
  using std::cos;
  const Vector<Real> mass{Real(1), num<Real>("2.5"), num<Real>("0.5")};
  const Matrix<Real> stiffness =
      Matrix<Real>::from_rows({{Real(3), Real(-1), Real(0)}, {Real(-1), Real(4), Real(-2)}, {Real(0), Real(-2), Real(5)}});
  const auto basis = std::make_shared<const ModalBasis<Real>>(mass, stiffness);
  const Vector<Real> constant{num<Real>("0.3"), Real(0), num<Real>("-0.2")}, amplitude{Real(1), num<Real>("-0.5"), Real(2)};
  const Real omega = num<Real>("1.7"), t_s = num<Real>("0.4");
  const Vector<Real> q0{num<Real>("0.1"), num<Real>("0.2"), num<Real>("-0.3")}, v0{Real(0), Real(1), num<Real>("-0.5")};
  const SystemFlight<Real> flight(basis, constant, amplitude, omega, t_s, q0, v0);
  const Vector<Real> q_start = flight.position(t_s), v_start = flight.velocity(t_s);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_NEAR_EPS(q_start[i], q0[i], 64, Real(1 + flight.derivative_bound(i, 1)));
    EXPECT_NEAR_EPS(v_start[i], v0[i], 64, Real(1 + flight.derivative_bound(i, 1)));
  }
  for (const char* text : {"0.4", "1.9", "6.3", "25"}) {
    const Real t = num<Real>(text);
    const Vector<Real> q = flight.position(t), a = flight.acceleration(t);
    const Vector<Real> aq = stiffness * q;
    for (std::size_t i = 0; i < 3; ++i) {
      const Real residual = mass[i] * a[i] + aq[i] - constant[i] - amplitude[i] * cos(omega * t);
      // Each term is computed with a few roundings of a sum of 3 modal terms; the scale is the
      // bound of each term (|M²| sup|q''| + |A²| sup|q| + |c| + |f|), and ε·Ωt for the phase.
      Real scale = mass[i] * flight.derivative_bound(i, 2) + abs(constant[i]) + abs(amplitude[i]) * (1 + omega * t);
      for (std::size_t j = 0; j < 3; ++j) scale += abs(stiffness(i, j)) * (abs(q[j]) + flight.derivative_bound(j, 1) * t);
      EXPECT_NEAR_EPS(residual, Real(0), 64, scale) << "row " << i + 1 << " at t = " << text;
    }
  }
}

/// The N-DOF reference of u'' + u = a cos ωt on u ≥ u_min against the 1-DOF DenseReference
/// (α = 0): the same events, and the same dense state between them. Event times are roots
/// of gaps found by two different searches: each is within a few ε of the size scale over
/// |v−|, velocities within a few ε of the size scale. In these cases every event puts the
/// coordinate on the bound (and at rest when e = 0), so the differences do not grow from
/// event to event: 64 ε of the size scale throughout.
template <class Real>
void expect_same_as_one_dof(const Real& a, const Real& omega, const Real& u_min, const Real& e, const Real& u0,
                            const Real& v0, const Real& t_end, std::size_t min_events) {
  using std::abs;
  using std::max;
  const DenseReference<ImpactOscillator<Real>> one(ImpactOscillator<Real>(Real(0), a, omega, u_min, e), Real(0), u0, v0,
                                                   t_end);
  const SystemReference<Real> many(one_dof(a, omega, u_min, e), Real(0), {u0}, {v0}, t_end);
  ASSERT_GE(one.events().size(), min_events) << "the case must exercise several events";
  ASSERT_EQ(many.events().size(), one.events().size());
  const Real scale = 1 + abs(u0) + abs(v0) + abs(u_min) + abs(a);
  for (std::size_t k = 0; k < one.events().size(); ++k) {
    const auto& x = one.events()[k];
    const auto& y = many.events()[k];
    ASSERT_NE(x.kind, EventKind::accumulation) << "the N-DOF reference does not resolve accumulations";
    EXPECT_EQ(one_dof_kind<Real>(y.kind), x.kind) << "event " << k;
    EXPECT_EQ(y.coordinate, 0u);
    const Real speed = max(abs(x.v_minus), Real(1));
    EXPECT_NEAR_EPS(y.t, x.t, 64, Real(scale / speed)) << "event " << k << " time";
    EXPECT_NEAR_EPS(y.v_minus, x.v_minus, 64, scale) << "event " << k << " v-";
    EXPECT_NEAR_EPS(y.v_plus, x.v_plus, 64, scale) << "event " << k << " v+";
  }
  // Dense state at the midpoints between distinct event times (velocities jump at events).
  std::vector<Real> times{Real(0)};
  for (const auto& x : one.events())
    if (x.t != times.back()) times.push_back(x.t);
  times.push_back(t_end);
  for (std::size_t k = 0; k + 1 < times.size(); ++k) {
    const Real t = (times[k] + times[k + 1]) / 2;
    EXPECT_NEAR_EPS(many.position(t)[0], one.position(t), 64, scale) << t;
    EXPECT_NEAR_EPS(many.velocity(t)[0], one.velocity(t), 64, scale) << t;
  }
}

TYPED_TEST(NdofReference, OneDofWithEZeroStickingAndReleaseMatchesTheOneDofReference) {
  using Real = TypeParam;
  // u_min = 0.5 above the equilibrium band: impacts with e = 0, rest while a cos ωt < u_min,
  // release when it turns positive, and flights back.
  expect_same_as_one_dof(num<Real>("0.8"), num<Real>("1.3"), num<Real>("0.5"), Real(0), Real(2), Real(0), Real(30),
                         6);
}

TYPED_TEST(NdofReference, OneDofWithEZeroAndLiftOffMatchesTheOneDofReference) {
  using Real = TypeParam;
  // u_min = −0.6 with a cos ωt − u_min > 0 always: after each e = 0 impact the force lifts
  // the mass off at once, and the forced response (amplitude a/|1 − ω²| ≈ 1.1) brings it back.
  expect_same_as_one_dof(num<Real>("0.5"), num<Real>("1.2"), num<Real>("-0.6"), Real(0), Real(1), num<Real>("0.5"),
                         Real(25), 4);
}

TYPED_TEST(NdofReference, OneDofWithRestitutionMatchesTheOneDofReference) {
  using Real = TypeParam;
  // e = 0.5 with u_min = −1: the rebounds shrink until the flight no longer reaches the
  // obstacle — several impacts, no accumulation.
  expect_same_as_one_dof(num<Real>("0.2"), num<Real>("1.7"), Real(-1), num<Real>("0.5"), Real(3), Real(0), Real(30),
                         3);
}

/// One coordinate of an uncoupled pair: u'' + u = a cos Ωt with u ≥ u_min, restitution e,
/// from (u0, 0); `upper` puts it in the system mirrored, as q = −u ≤ −u_min.
template <class Real>
struct OneDofProblem {
  Real a, u_min, e, u0;
  bool upper;
};

/// Two uncoupled coordinates (M² = diag(1, 4), A² = diag(1, 4), each u'' + u = a_i cos Ωt
/// after dividing by 4) are two independent 1-DOF problems: each coordinate's events and
/// positions are those of the 1-DOF reference. Returns the N-DOF run.
template <class Real>
SystemReference<Real> expect_independent(const Real& omega, const OneDofProblem<Real> (&p)[2], const Real& t_end) {
  using std::abs;
  const Real mass[2] = {Real(1), Real(4)};
  std::vector<CoordinateBounds<Real>> bounds(2);
  Vector<Real> force(2), q0(2);
  for (std::size_t i = 0; i < 2; ++i) {
    const Real side = p[i].upper ? Real(-1) : Real(1);
    bounds[i].restitution = p[i].e;
    if (p[i].upper) bounds[i].upper = Real(-p[i].u_min);
    else bounds[i].lower = p[i].u_min;
    force[i] = side * mass[i] * p[i].a;
    q0[i] = side * p[i].u0;
  }
  SystemReference<Real> many(LinearImpactSystem<Real>({mass[0], mass[1]}, Matrix<Real>::diagonal({mass[0], mass[1]}),
                                                      bounds, force, omega),
                             Real(0), q0, {Real(0), Real(0)}, t_end);
  std::vector<Event<Real>> on[2];
  for (const auto& event : many.events()) on[event.coordinate].push_back(event);
  for (std::size_t i = 0; i < 2; ++i) {
    const Real side = p[i].upper ? Real(-1) : Real(1);
    const DenseReference<ImpactOscillator<Real>> one(ImpactOscillator<Real>(Real(0), p[i].a, omega, p[i].u_min, p[i].e),
                                                     Real(0), p[i].u0, Real(0), t_end);
    const auto& expected = one.events();
    EXPECT_GE(expected.size(), 3u) << "the case must exercise several events";
    EXPECT_EQ(on[i].size(), expected.size()) << "coordinate " << i + 1;
    for (std::size_t k = 0; k < on[i].size() && k < expected.size(); ++k) {
      const auto& x = expected[k];
      EXPECT_EQ(one_dof_kind<Real>(on[i][k].kind), x.kind) << "coordinate " << i + 1 << " event " << k;
      const Real speed = abs(x.v_minus) > 1 ? abs(x.v_minus) : Real(1);
      // As in expect_same_as_one_dof, with the size scale 8 ≥ 1 + |q0| + |v0| + |bound| + |a|.
      EXPECT_NEAR_EPS(on[i][k].t, x.t, 64, Real(8 / speed)) << "coordinate " << i + 1;
      EXPECT_NEAR_EPS(Real(side * on[i][k].v_minus), x.v_minus, 64, Real(8));
    }
    for (const char* text : {"1.1", "7.7", "19.3", "29.9"}) {
      const Real t = num<Real>(text);
      EXPECT_NEAR_EPS(Real(side * many.position(t)[i]), one.position(t), 64, Real(8)) << text;
    }
  }
  return many;
}

/// Coordinate 1 bounces on a lower bound with e = 0.5, coordinate 2 sticks on an upper bound
/// (its mirror is the sticking case above): one coordinate held while the other flies.
TYPED_TEST(NdofReference, UncoupledCoordinatesAreIndependentOneDofProblems) {
  using Real = TypeParam;
  const OneDofProblem<Real> problems[2] = {{num<Real>("0.2"), Real(-1), num<Real>("0.5"), Real(3), false},
                                           {num<Real>("0.8"), num<Real>("0.5"), Real(0), Real(2), true}};
  expect_independent(num<Real>("1.3"), problems, Real(30));
}

/// Both coordinates stick (e = 0, bounds above the equilibrium band) with overlapping
/// sticking phases: the held set has two members and the free set is empty at times.
TYPED_TEST(NdofReference, UncoupledCoordinatesHeldAtOnceAreIndependentOneDofProblems) {
  using Real = TypeParam;
  const OneDofProblem<Real> problems[2] = {{num<Real>("0.8"), num<Real>("0.5"), Real(0), Real(2), false},
                                           {num<Real>("0.7"), num<Real>("0.45"), Real(0), num<Real>("1.5"), true}};
  const auto many = expect_independent(num<Real>("1.3"), problems, Real(30));
  // Some stick happens while the other coordinate is held.
  bool held[2] = {false, false}, both = false;
  for (const auto& event : many.events()) {
    if (event.kind == Kind<Real>::stick) held[event.coordinate] = true;
    if (event.kind == Kind<Real>::release) held[event.coordinate] = false;
    both = both || (held[0] && held[1]);
  }
  EXPECT_TRUE(both) << "the sticking phases must overlap";
}

/// The net force (h − A²q)_1 on q1 (unforced system), pointing out of the face it rests on
/// (lower face 0.2: +, upper face 1: −), from the dense state.
template <class Real>
Real outward_force(const SystemReference<Real>& reference, const LinearImpactSystem<Real>& system, const Real& t,
                   const Real& face) {
  const Vector<Real> q = reference.position(t);
  Real force(0);
  for (std::size_t j = 0; j < system.dimension(); ++j) force -= system.stiffness()(0, j) * q[j];
  return face == Real(1) ? Real(-force) : force;
}

/// Experiment 2 of seed 002 §3.1 with μ_m = 1 and 1000 (horizons of two or more releases):
/// sticking happens, holds while the force pushes into the face and ends where the force
/// changes sign; the energy is constant in flights and while stuck, and each impact (e = 0)
/// removes exactly ½ m_1 v−² (the other velocity is unchanged: seed 002 eq. (24) per
/// coordinate).
TYPED_TEST(NdofReference, CoupledExperimentTwoSticksReleasesAndKeepsTheEnergyBalance) {
  using Real = TypeParam;
  using std::abs;
  for (const auto& [mu_m, horizon] : {std::pair{"1", 20}, std::pair{"1000", 100}}) {
    const auto system = experiment_2(num<Real>(mu_m));
    const Real t_end = Real(horizon);
    const SystemReference<Real> reference(system, Real(0), {Real(1), Real(0)}, {Real(-1), Real(5)}, t_end);
    const auto& events = reference.events();
    const Real energy_scale = reference.energy(Real(0));
    int sticks = 0, releases = 0, impacts = 0;
    Real previous_time(0), previous_energy = energy_scale;
    for (std::size_t k = 0; k < events.size(); ++k) {
      const auto& event = events[k];
      ASSERT_EQ(event.coordinate, 0u);
      // The face of the event: the nearer bound (after a release the flight's q1 is the
      // bound to rounding only).
      const Real q1 = reference.position(event.t)[0];
      const Real face = abs(q1 - 1) < abs(q1 - num<Real>("0.2")) ? Real(1) : num<Real>("0.2");
      if (event.kind == Kind<Real>::stick) {
        ++sticks;
        EXPECT_EQ(q1, face) << "held exactly on the face";
        // Stuck until the release, or until the end of the run.
        const bool released = k + 1 < events.size();
        if (released) {
          EXPECT_EQ(events[k + 1].kind, Kind<Real>::release);
        }
        const Real until = released ? events[k + 1].t : t_end;
        // Held: the force pushes into the face (≤ 0 up to the force tolerance) in between.
        for (int s = 1; s < 16; ++s) {
          const Real t = event.t + (until - event.t) * s / 16;
          EXPECT_LE(outward_force(reference, system, t, face), reference.settings().force_tolerance) << t;
          EXPECT_EQ(reference.position(t)[0], face);
          EXPECT_EQ(reference.velocity(t)[0], Real(0));
        }
      }
      if (event.kind == Kind<Real>::release) {
        ++releases;
        // The release time is a root of the force to ~ε/|λ'|; 10⁻⁶ either side is far
        // beyond that and well inside the sticking and flight phases.
        const Real delta = num<Real>("1e-6");
        EXPECT_LT(outward_force(reference, system, Real(event.t - delta), face), 0) << event.t;
        EXPECT_GT(outward_force(reference, system, Real(event.t + delta), face), 0) << event.t;
      }
      // Energy: constant from the previous event to this one (sampled), then the jump. It is
      // a sum of N² = 4 products of coordinates each computed to a few ε (Λη, N terms):
      // 64 ε of the initial energy.
      for (int s = 1; s < 8; ++s) {
        const Real t = previous_time + (event.t - previous_time) * s / 8;
        EXPECT_NEAR_EPS(reference.energy(t), previous_energy, 64, energy_scale) << "μ_m = " << mu_m << ", t = " << t;
      }
      Real expected = previous_energy;
      if (event.kind == Kind<Real>::impact) {
        ++impacts;
        EXPECT_EQ(event.v_plus, Real(0));
        expected -= system.mass_squared()[0] * event.v_minus * event.v_minus / 2;
      }
      // Several events at one time (an impact, then a stick): the dense state is after all.
      if (k + 1 == events.size() || events[k + 1].t != event.t) {
        EXPECT_NEAR_EPS(reference.energy(event.t), expected, 64, energy_scale) << "μ_m = " << mu_m << ", t = " << event.t;
        previous_energy = reference.energy(event.t);
      } else {
        previous_energy = expected;
      }
      previous_time = event.t;
    }
    EXPECT_GE(impacts, 2) << "μ_m = " << mu_m;
    EXPECT_GE(sticks, 2) << "μ_m = " << mu_m;
    EXPECT_GE(releases, 2) << "μ_m = " << mu_m;
    EXPECT_LE(sticks - releases, 1) << "μ_m = " << mu_m;
  }
}

/// No contact missed (experiment 2 with μ_m = 1 and 1000, and the same box under the forcing
/// (0.5 cos 2t, 0) with e = 0.5, at 100 digits): the gaps of q1 to both faces, sampled every
/// 10⁻³ and bracketed between samples (the minimum of a gap where its rate changes sign, by
/// TOMS 748), never go below −(contact tolerance) between two events, so no sign change of a
/// gap goes unreported.
TEST(NdofReferenceMpfr, BruteForceScanFindsNoUnreportedContact) {
  using Real = mpfr_real;
  const MpfrPrecisionGuard digits(100);
  const auto forced = two_mass_spring<Real>(Real(5), Real(1), num<Real>("0.2"), Real(1), num<Real>("0.5"),
                                            {num<Real>("0.5"), Real(0)}, Real(2));
  for (const auto& [system, horizon, mu_m] : {std::tuple{experiment_2(Real(1)), 15, "1"},
                                              std::tuple{experiment_2(Real(1000)), 85, "1000"},
                                              std::tuple{forced, 15, "1, forced, e = 0.5"}}) {
    const Real t_end = Real(horizon);
    const SystemReference<Real> reference(system, Real(0), {Real(1), Real(0)}, {Real(-1), Real(5)}, t_end);
    const Real tolerance = reference.settings().contact_tolerance;
    const Real faces[2] = {num<Real>("0.2"), Real(1)};
    const int sides[2] = {1, -1};
    std::vector<Real> event_times;
    for (const auto& e : reference.events()) event_times.push_back(e.t);
    const auto event_between = [&](const Real& a, const Real& b) {
      for (const Real& t : event_times)
        if (t > a && t <= b) return true;
      return false;
    };
    const Real step = num<Real>("1e-3");
    int minima = 0;
    Real before(0);
    for (Real t = step; t <= t_end; t += step) {
      for (int f = 0; f < 2; ++f) {
        const auto gap = [&](const Real& s) { return Real(sides[f] * (reference.position(s)[0] - faces[f])); };
        const auto rate = [&](const Real& s) { return Real(sides[f] * reference.velocity(s)[0]); };
        ASSERT_GE(gap(t), -tolerance) << "μ_m = " << mu_m << ": below the face " << faces[f] << " at t = " << t;
        if (event_between(before, t)) continue;
        const Real ra = rate(before), rb = rate(t);
        if (!(ra < 0 && rb > 0)) continue;
        ++minima;
        boost::uintmax_t iterations = 400;
        const auto [lo, hi] = boost::math::tools::toms748_solve(rate, before, t, ra, rb,
                                                                boost::math::tools::eps_tolerance<Real>(), iterations);
        const Real t_min = (lo + hi) / 2;
        EXPECT_GE(gap(t_min), -tolerance) << "μ_m = " << mu_m << ": a dip below " << faces[f] << " at " << t_min;
      }
      before = t;
    }
    EXPECT_GT(minima, 0) << "the scan must see flights turn back";
  }
}

/// The rounding of the modal basis and of the flights, measured: experiment 2 (μ_m = 1) run
/// in double agrees with the same run at 50 digits (the expected values, exact to 10⁻⁴⁸ for
/// this purpose) event by event: times to 64 ε_double of t (its own resolution) plus the size
/// scale over |v−| (the root's conditioning), velocities to 64 ε_double of the size scale —
/// the impacts and sticking phases reset q1 exactly, so the difference does not grow over
/// the run (measured: 32 ε at most).
TEST(NdofReferenceMpfr, DoubleRunAgreesWithFiftyDigitsEventByEvent) {
  const SystemReference<double> low(experiment_2(1.0), 0.0, {1.0, 0.0}, {-1.0, 5.0}, 20.0);
  const MpfrPrecisionGuard digits(50);
  using Real = mpfr_real;
  const SystemReference<Real> high(experiment_2(Real(1)), Real(0), {Real(1), Real(0)}, {Real(-1), Real(5)}, Real(20));
  ASSERT_EQ(low.events().size(), high.events().size());
  const double scale = 8, eps = epsilon<double>();
  for (std::size_t k = 0; k < low.events().size(); ++k) {
    const auto& x = high.events()[k];
    const auto& y = low.events()[k];
    EXPECT_EQ(static_cast<int>(y.kind), static_cast<int>(x.kind)) << "event " << k;
    const double expected_t = static_cast<double>(x.t), expected_v = static_cast<double>(x.v_minus);
    const double speed = std::max(std::abs(expected_v), 1.0);
    EXPECT_NEAR(y.t, expected_t, 64 * eps * (expected_t + scale / speed)) << "event " << k;
    EXPECT_NEAR(y.v_minus, expected_v, 64 * eps * scale) << "event " << k;
  }
}

/// u = cos t from (1, 0) reaches the lower bound −1 at t = π with zero velocity: a graze,
/// not an impact; the flight goes on (the same cosine: position(2π) = 1), grazing again at 3π.
TYPED_TEST(NdofReference, ExactTangencyIsAGrazeNotAnImpact) {
  using Real = TypeParam;
  const Real pi = boost::math::constants::pi<Real>();
  const auto system = one_dof(Real(0), Real(1), Real(-1), num<Real>("0.5"));
  const SystemReference<Real> reference(system, Real(0), {Real(1)}, {Real(0)}, Real(4 * pi));
  ASSERT_EQ(reference.events().size(), 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    EXPECT_EQ(reference.events()[k].kind, Kind<Real>::graze);
    // The minimum is located as the root of the rate −sin t, transversal: a few ε of 3π.
    EXPECT_NEAR_EPS(reference.events()[k].t, Real((2 * k + 1) * pi), 64, Real(4 * pi));
  }
  EXPECT_TRUE(reference.impact_times().empty());
  // The graze puts the mass on the bound: a change within the contact tolerance 64 ε S,
  // S = 1 + |q0| + |bound| + |v0|/ω = 3 < 4π.
  EXPECT_NEAR_EPS(reference.position(Real(2 * pi))[0], Real(1), 64, Real(4 * pi));
}

/// u = cos t from (1, 0) with the lower bound −1 + δ, δ = 2⁻¹⁰: the gap dips below zero only
/// for |t − π| < 0.045. With one search window over the whole run [0, 4] both ends see a
/// positive gap (2 and 0.35): only the curvature bound |g''| ≤ 1 can find the dip (a bound
/// 8 times too small certifies the window as contact-free). Closed form: the impact is at
/// t1 = arccos(δ − 1) with v− = −sin t1 = −√(2δ − δ²).
TYPED_TEST(NdofReference, FindsTheShallowDipInsideOneSearchWindow) {
  using Real = TypeParam;
  using std::acos;
  using std::sqrt;
  const Real delta = Real(1) / 1024;
  const auto system = one_dof(Real(0), Real(1), Real(delta - 1), num<Real>("0.5"));
  auto settings = default_reference_settings(system, {Real(1)}, {Real(0)});
  settings.max_window = Real(4);
  const SystemReference<Real> reference(system, Real(0), {Real(1)}, {Real(0)}, Real(4), settings);
  ASSERT_FALSE(reference.events().empty()) << "the dip was stepped over";
  const auto& first = reference.events().front();
  EXPECT_EQ(first.kind, Kind<Real>::impact);
  const Real t1 = acos(delta - 1), v1 = sqrt(2 * delta - delta * delta);
  // The root of the gap is conditioned by 1/|v−| ≈ 23: 64 ε of the time scale over |v−|.
  EXPECT_NEAR_EPS(first.t, t1, 64, Real(t1 / v1));
  EXPECT_NEAR_EPS(first.v_minus, Real(-v1), 64, Real(t1));
}

/// Bad input: one-line std::invalid_argument messages; an accumulation: std::runtime_error
/// naming the limitation and the way out.
TYPED_TEST(NdofReference, BadInputAndAccumulationGiveOneLineErrors) {
  using Real = TypeParam;
  const auto expect_one_line = [](const std::string& message, const char* word) {
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_NE(message.find(word), std::string::npos) << message;
  };
  // Resonance: Ω = ω = 1.
  try {
    SystemReference<Real>(one_dof(Real(1), Real(1), Real(-1), Real(0)), Real(0), {Real(0)}, {Real(0)}, Real(1));
    ADD_FAILURE() << "resonance accepted";
  } catch (const std::invalid_argument& e) {
    expect_one_line(e.what(), "resonates");
  }
  // q0 outside K.
  try {
    SystemReference<Real>(experiment_2(Real(1)), Real(0), {num<Real>("0.1"), Real(0)}, {Real(0), Real(0)}, Real(1));
    ADD_FAILURE() << "q0 outside K accepted";
  } catch (const std::invalid_argument& e) {
    expect_one_line(e.what(), "outside K");
  }
  // On a face with a velocity out of K.
  try {
    SystemReference<Real>(experiment_2(Real(1)), Real(0), {Real(1), Real(0)}, {Real(1), Real(0)}, Real(1));
    ADD_FAILURE() << "a velocity out of K accepted";
  } catch (const std::invalid_argument& e) {
    expect_one_line(e.what(), "points out of K");
  }
  // e = 0.5 against a force pushing into the face (the 1-DOF reference's chattering case).
  try {
    SystemReference<Real>(one_dof(num<Real>("0.8"), num<Real>("1.3"), num<Real>("0.5"), num<Real>("0.5")), Real(0),
                          {Real(2)}, {Real(0)}, Real(30));
    ADD_FAILURE() << "an accumulation accepted";
  } catch (const std::runtime_error& e) {
    expect_one_line(e.what(), "does not resolve accumulations");
    expect_one_line(e.what(), "e = 0");
  }
}

}  // namespace
}  // namespace vibro::testing
