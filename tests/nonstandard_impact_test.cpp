// The conservative oscillator and the non-standard impact scheme, seed 003 §3 and §5,
// docs/mathematics.md §5. Expected values come from a closed form (the harmonic flow; the starting
// formulas; Störmer–Verlet's energy oscillation ρ(θ)), an independent implementation (the
// Paoli–Schatzman scheme of seed 000, in exact rationals), or an invariant (the discrete
// energies; (y^{k+1} + e y^{k−1}) ∈ (1+e)K).
// Rounding bounds (derived in vibro/analysis/nonstandard_experiments.hpp):
// free_recurrence_rounding_bound for nodes, energy_rounding_bound for energies.

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/analysis/nonstandard_experiments.hpp"
#include "vibro/model/conservative_oscillator.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scheme/nonstandard_impact.hpp"
#include "vibro/scheme/paoli_schatzman.hpp"
#include "vibro/scheme/trajectory.hpp"

#include <boost/math/constants/constants.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace vibro::testing {
namespace {

template <class Real>
using Nonstandard = NonstandardImpact<ConservativeOscillator<Real>>;
template <class Real>
using Oscillator = ConservativeOscillator<Real>;

constexpr NonstandardImpactOptions exact_scheme{Denominator::nonstandard, InitialStep::exact};
constexpr NonstandardImpactOptions nonstandard_centered{Denominator::nonstandard, InitialStep::centered};
constexpr NonstandardImpactOptions stormer_verlet_exact{Denominator::standard, InitialStep::exact};
constexpr NonstandardImpactOptions standard_centered{Denominator::standard, InitialStep::centered};

template <class Real>
using NonstandardFloating = ScalarTest<Real>;
TYPED_TEST_SUITE(NonstandardFloating, FloatingTypes, ScalarNames);

/// Without a constraint the nonstandard scheme with the exact start is the exact scheme
/// (seed 003 eq. (3.10)/(3.11)): y^k = y0 cos ωt_k + (v0/ω) sin ωt_k (closed form), and the
/// velocity of seed 003 eq. (3.14) is −y0 ω sin ωt_k + v0 cos ωt_k.
TYPED_TEST(NonstandardFloating, ExactSchemeReproducesTheHarmonicFlow) {
  using Real = TypeParam;
  using std::cos;
  using std::sin;
  using std::sqrt;
  const Real omega(3), dt = num<Real>("0.07"), y0 = num<Real>("0.6"), v0(-2);
  const Nonstandard<Real> scheme(Oscillator<Real>(omega, Real(0)), dt, Real(0), exact_scheme);
  const Real theta = omega * dt, amplitude = sqrt(y0 * y0 + v0 * v0 / (omega * omega));
  constexpr std::int64_t steps = 2000;
  auto x = scheme.start(y0, v0);
  for (std::int64_t k = 0; k <= steps; ++k, scheme.step(x)) {
    const Real t = scheme.time(x);
    EXPECT_NEAR_EPS(scheme.position(x), y0 * cos(omega * t) + v0 / omega * sin(omega * t),
                    free_recurrence_rounding_bound(k, theta), amplitude)
        << "k = " << k;
    // v^k = ω(y^{k+1} − cos θ y^k)/sin θ: two node errors, divided by sin θ.
    EXPECT_NEAR_EPS(scheme.velocity(x), -y0 * omega * sin(omega * t) + v0 * cos(omega * t),
                    3 * free_recurrence_rounding_bound(k + 1, theta) / static_cast<double>(sin(theta)),
                    Real(omega * amplitude))
        << "k = " << k;
  }
}

/// Seed 003 eq. (3.18): the centered start of the harmonic nonstandard scheme is
/// y^1 = cos θ · y0 + φ v0, φ = (2/ω) sin(θ/2) (closed form; docs/mathematics.md §5).
TYPED_TEST(NonstandardFloating, CenteredStartIsSeed003Eq318) {
  using Real = TypeParam;
  using std::cos;
  using std::sin;
  const Real omega(4), dt = num<Real>("0.3"), y0 = num<Real>("0.25"), v0 = num<Real>("1.5");
  const Nonstandard<Real> scheme(Oscillator<Real>(omega, Real(0)), dt, Real(0), nonstandard_centered);
  const auto x = scheme.start(y0, v0);
  EXPECT_EQ(x.u, y0);
  EXPECT_NEAR_EPS(x.u_next, cos(omega * dt) * y0 + 2 * sin(omega * dt / 2) / omega * v0, 8, Real(1));
}

/// docs/mathematics.md §5 (invariant): E^k − E^{k−1} = ½(y^{k+1} − y^{k−1})·(residual) = 0 for the
/// nonstandard scheme, harmonic and Duffing (hardening and softening), and for
/// Störmer–Verlet's own energy (denominator Δt², β = 0).
TYPED_TEST(NonstandardFloating, DiscreteEnergiesAreConserved) {
  using Real = TypeParam;
  const Real omega(2), dt = num<Real>("0.05");
  struct Case {
    Real beta;
    NonstandardImpactOptions options;
    bool own;  // own_energy() instead of energy()
  };
  const Case cases[] = {{Real(0), exact_scheme, false},
                        {Real(1), nonstandard_centered, false},
                        {num<Real>("-0.2"), nonstandard_centered, false},
                        {Real(0), stormer_verlet_exact, true}};
  constexpr std::int64_t steps = 3000;
  for (const Case& c : cases) {
    const Nonstandard<Real> scheme(Oscillator<Real>(omega, c.beta), dt, Real(0), c.options);
    auto x = scheme.start(Real(1), num<Real>("0.5"));
    auto energy = [&] { return c.own ? scheme.own_energy(x) : scheme.energy(x); };
    const Real e0 = energy();
    for (std::int64_t k = 1; k <= steps; ++k) {
      scheme.step(x);
      EXPECT_NEAR_EPS(energy(), e0, energy_rounding_bound(k, Real(omega * dt)), e0)
          << "beta = " << to_text(c.beta) << ", " << to_string(c.options.denominator) << ", k = " << k;
    }
  }
}

/// energy() (nonstandard φ) along Störmer–Verlet oscillates: E_φ − E_Δt = ½(Δy)²(1/φ² − 1/Δt²)
/// with E_Δt conserved, so over a run of several periods the sampled (max − min)/min lies
/// between sampled_energy_oscillation_floor (nodes within half a step of every phase) and
/// ρ(θ) (closed form, stormer_verlet_energy_oscillation).
TYPED_TEST(NonstandardFloating, StormerVerletEnergyOscillatesByRho) {
  using Real = TypeParam;
  using std::acos;
  const Real omega(1), dt = num<Real>("0.1");
  const Real theta = omega * dt, rho = stormer_verlet_energy_oscillation(theta);
  const Real theta_prime = acos(1 - theta * theta / 2);
  const Nonstandard<Real> scheme(Oscillator<Real>(omega, Real(0)), dt, Real(0), stormer_verlet_exact);
  const auto log = log_flights(scheme, scheme.start(Real(1), Real(0)), 400);  // > 6 periods
  ASSERT_EQ(log.flights.size(), 1u);
  const Real variation = log.flights[0].energy_variation();
  std::cout << "  " << scalar_name<Real>() << ": rho(0.1) = " << to_text_significant(rho, 8)
            << ", measured (max - min)/min of energy() = " << to_text_significant(variation, 8) << "\n";
  const Real rounding = Real(energy_rounding_bound(400, theta)) * epsilon<Real>();
  EXPECT_LE(variation, rho + rounding);
  EXPECT_GE(variation, sampled_energy_oscillation_floor(rho, theta_prime, Real(1) / 2) - rounding);
}

/// The constraint, checked against an independent evaluation of each step: the free value
/// y_free = 2 cos θ y^k − y^{k−1}; the projection is active exactly when y_free + e y^{k−1}
/// ∉ (1+e)K, and then y^{k+1} = (1+e)·bound − e y^{k−1}; otherwise y^{k+1} = y_free to the bit.
TYPED_TEST(NonstandardFloating, ActiveFlagMarksExactlyTheClampedSteps) {
  using Real = TypeParam;
  using std::cos;
  const Real omega(5), dt = num<Real>("0.02"), e = num<Real>("0.6");
  const Real two_cos = 2 * cos(omega * dt);
  const ConstraintSet<Real> sets[] = {ConstraintSet<Real>::none(), ConstraintSet<Real>::obstacle(num<Real>("-0.4")),
                                      ConstraintSet<Real>::stops(num<Real>("-0.3"), num<Real>("0.5"))};
  for (const auto& set : sets) {
    const Nonstandard<Real> scheme(Oscillator<Real>(omega, Real(0), set, e), dt, Real(0), exact_scheme);
    auto x = scheme.start(Real(0), Real(3));  // amplitude 0.6
    int lower_hits = 0, upper_hits = 0;
    for (int k = 0; k < 2000; ++k) {
      const Real previous = x.u, current = x.u_next;
      const Real free = two_cos * current - previous, weighted = free + e * previous;
      const bool below = set.lower && weighted < (1 + e) * *set.lower;
      const bool above = set.upper && weighted > (1 + e) * *set.upper;
      const bool active = scheme.step(x);
      ASSERT_EQ(active, below || above) << "k = " << k;
      if (below) {
        ++lower_hits;
        EXPECT_EQ(x.u_next, (1 + e) * *set.lower - e * previous);
      }
      if (above) {
        ++upper_hits;
        EXPECT_EQ(x.u_next, (1 + e) * *set.upper - e * previous);
      }
      if (!active) {
        EXPECT_EQ(x.u_next, free);
      }
    }
    EXPECT_EQ(lower_hits > 0, set.lower.has_value());
    EXPECT_EQ(upper_hits > 0, set.upper.has_value());
  }
}

/// Seed 003 eq. (5.2)/(5.10): y0 on ∂K with v0 pointing out is a collision at t0, and the
/// start proceeds with −e v0; pointing in, v0 is kept.
TYPED_TEST(NonstandardFloating, CollisionAtTheStartReversesTheVelocity) {
  using Real = TypeParam;
  const Real e = num<Real>("0.5"), lower(-1), upper(2), dt = num<Real>("0.01");
  for (const auto options : {exact_scheme, nonstandard_centered, stormer_verlet_exact, standard_centered}) {
    const Nonstandard<Real> scheme(Oscillator<Real>(Real(3), Real(0), ConstraintSet<Real>::stops(lower, upper), e), dt,
                                   Real(0), options);
    EXPECT_EQ(scheme.start(lower, Real(-4)).u_next, scheme.start(lower, Real(2)).u_next) << to_string(options.start);
    EXPECT_EQ(scheme.start(upper, Real(4)).u_next, scheme.start(upper, Real(-2)).u_next) << to_string(options.start);
    EXPECT_GT(scheme.start(lower, Real(-4)).u_next, lower);
    EXPECT_LT(scheme.start(upper, Real(4)).u_next, upper);
  }
}

TYPED_TEST(NonstandardFloating, RejectsBadInputWithMessagesNamingTheParameter) {
  using Real = TypeParam;
  auto message_of = [](auto&& make) -> std::string {
    try {
      make();
    } catch (const std::exception& error) {
      return error.what();
    }
    return "(no exception)";
  };
  auto mentions = [](const std::string& text, const char* what) { return text.find(what) != std::string::npos; };
  const Real nan = std::numeric_limits<Real>::quiet_NaN(), inf = std::numeric_limits<Real>::infinity();
  using Set = ConstraintSet<Real>;
  EXPECT_TRUE(mentions(message_of([&] { Oscillator<Real>(Real(0), Real(0)); }), "omega"));
  EXPECT_TRUE(mentions(message_of([&] { Oscillator<Real>(nan, Real(0)); }), "omega"));
  EXPECT_TRUE(mentions(message_of([&] { Oscillator<Real>(Real(1), inf); }), "beta"));
  EXPECT_TRUE(
      mentions(message_of([&] { Oscillator<Real>(Real(1), Real(0), Set::obstacle(Real(0)), Real(2)); }), "e ="));
  EXPECT_TRUE(
      mentions(message_of([&] { Oscillator<Real>(Real(1), Real(0), Set::obstacle(Real(0)), Real(-1)); }), "e ="));
  EXPECT_TRUE(mentions(message_of([&] { Oscillator<Real>(Real(1), Real(0), Set::stops(Real(1), Real(1))); }), "lower"));
  EXPECT_TRUE(mentions(message_of([&] { Oscillator<Real>(Real(1), Real(0), Set::obstacle(-inf)); }), "lower"));
  EXPECT_TRUE(mentions(message_of([&] { Oscillator<Real>(Real(1), Real(0), Set::stops(Real(0), nan)); }), "upper"));

  const Oscillator<Real> harmonic(Real(2), Real(0), Set::obstacle(Real(0)), num<Real>("0.5"));
  EXPECT_TRUE(mentions(message_of([&] { Nonstandard<Real>(harmonic, Real(0)); }), "dt"));
  EXPECT_TRUE(mentions(message_of([&] { Nonstandard<Real>(harmonic, nan); }), "dt"));
  // ωΔt = π: sin θ vanishes to rounding; the standard denominator does not divide by it.
  const Real pi_over_omega = boost::math::constants::pi<Real>() / 2;
  EXPECT_TRUE(mentions(message_of([&] { Nonstandard<Real>(harmonic, pi_over_omega); }), "multiple of pi"));
  EXPECT_NO_THROW(Nonstandard<Real>(harmonic, pi_over_omega, Real(0), standard_centered));
  EXPECT_TRUE(mentions(message_of([&] { Nonstandard<Real>(Oscillator<Real>(Real(2), Real(1)), num<Real>("0.1")); }),
                       "harmonic"));
  const Nonstandard<Real> scheme(harmonic, num<Real>("0.1"));
  EXPECT_TRUE(mentions(message_of([&] { scheme.start(num<Real>("-0.1"), Real(0)); }), "y0"));
  EXPECT_TRUE(mentions(message_of([&] { scheme.start(Real(1), nan); }), "v0"));
  // From 0.01 at speed −10 the free flow crosses 0 within the step of 0.1.
  EXPECT_TRUE(mentions(message_of([&] { scheme.start(num<Real>("0.01"), Real(-10)); }), "first step"));
  // Softening Duffing far outside its well: 1 + (φ²ω²β/2) y² ≤ 0.
  const Nonstandard<Real> soft(Oscillator<Real>(Real(1), Real(-1)), Real(1), Real(0), nonstandard_centered);
  auto x = typename Nonstandard<Real>::State{Real(0), Real(5), 0};
  EXPECT_THROW(soft.step(x), std::domain_error);
}

TEST(NonstandardOptions, TextFormsRoundTrip) {
  for (auto d : {Denominator::nonstandard, Denominator::standard}) EXPECT_EQ(parse_denominator(to_string(d)), d);
  for (auto s : {InitialStep::exact, InitialStep::centered}) EXPECT_EQ(parse_initial_step(to_string(s)), s);
  EXPECT_FALSE(parse_denominator("mickens"));
  EXPECT_FALSE(parse_initial_step("taylor"));
}

// ---- exact rational properties (the standard scheme is rational for rational data) ----

using Q = rational;

/// u'' = −ω² u (1 + β u²) above an obstacle, as an ImpactModel for the Paoli–Schatzman
/// scheme of seed 000 (an independent implementation of the same step, seed 003 eq. (5.5)).
struct CubicObstacle {
  using real_type = Q;
  Q omega, beta, z0, e;
  Q acceleration(const Q&, const Q& u, const Q&) const { return -omega * omega * u * (1 + beta * u * u); }
  const Q& obstacle() const { return z0; }
  const Q& restitution() const { return e; }
  Q velocity_coefficient() const { return Q(0); }
};
static_assert(AffineInVelocity<CubicObstacle>);

/// The standard scheme is the Paoli–Schatzman scheme, and its centered start is seed 000
/// eq. (9)'s Taylor start y0 + Δt v0 + (Δt²/2) f(y0): y^1 = A(y0)/2 + Δt v0 with
/// A(y) = 2y + Δt² f(y). Equal to the bit, every node and every active flag, for each of
/// PS's velocity approximations (f does not depend on v).
TEST(NonstandardExact, StandardSchemeIsPaoliSchatzman) {
  struct Case {
    CubicObstacle model;
    Q dt, y0, v0;
    int steps;  // the cubic force triples the size of the rationals every step
  };
  const Case cases[] = {{{Q(3), Q(0), Q(-1, 2), Q(3, 4)}, Q(1, 20), Q(1), Q(0), 400},
                        {{Q(2), Q(1, 2), Q(0), Q(1, 2)}, Q(1, 10), Q(1, 4), Q(-2), 7}};
  for (const Case& c : cases) {
    const Oscillator<Q> model(c.model.omega, c.model.beta, ConstraintSet<Q>::obstacle(c.model.z0), c.model.e);
    const Nonstandard<Q> ours(model, c.dt, Q(0), standard_centered);
    const auto a = record_trajectory(ours, ours.start(c.y0, c.v0), c.steps);
    EXPECT_GE(a.active_steps.size(), 1u);
    for (const auto velocity :
         {VelocityApproximation::centered, VelocityApproximation::forward, VelocityApproximation::backward}) {
      const PaoliSchatzman<CubicObstacle> ps(c.model, c.dt, Q(0), {velocity, StartingValue::taylor});
      const auto b = record_trajectory(ps, ps.start(c.y0, c.v0), c.steps);
      EXPECT_EQ(a.u, b.u) << "beta = " << c.model.beta << ", " << to_string(velocity);
      EXPECT_EQ(a.v, b.v);
      EXPECT_EQ(a.active_steps, b.active_steps);
    }
  }
}

/// Seed 000 eq. (12) / seed 003 eq. (5.8) (invariant): (y^{k+1} + e y^{k−1}) ∈ (1+e)K at
/// every step, for the obstacle and two stops, exactly; without constraint never active.
TEST(NonstandardExact, WeightedPositionStaysInTheScaledConstraintSet) {
  const Q e(1, 3), omega(3), dt(1, 16);
  const ConstraintSet<Q> sets[] = {ConstraintSet<Q>::none(), ConstraintSet<Q>::obstacle(Q(-1, 5)),
                                   ConstraintSet<Q>::stops(Q(-1, 5), Q(2, 5))};
  for (const auto& set : sets) {
    const Nonstandard<Q> scheme(Oscillator<Q>(omega, Q(0), set, e), dt, Q(0), standard_centered);
    const auto trajectory = record_trajectory(scheme, scheme.start(Q(0), Q(2)), 300);
    EXPECT_EQ(trajectory.active_steps.empty(), !set.lower && !set.upper);
    for (std::size_t n = 1; n + 1 < trajectory.size(); ++n) {
      const Q weighted = trajectory.u[n + 1] + e * trajectory.u[n - 1];
      if (set.lower) {
        ASSERT_GE(weighted, (1 + e) * *set.lower) << "n = " << n;
      }
      if (set.upper) {
        ASSERT_LE(weighted, (1 + e) * *set.upper) << "n = " << n;
      }
    }
  }
}

/// The centered start with the projection active at k = 0 solves seed 003's step with
/// y^{−1} = y^1 − 2Δt v0 inserted (checked on the defining inclusion, exactly): from
/// 1/10 at speed −5 the free value lies below the obstacle.
TEST(NonstandardExact, CenteredStartSolvesTheImpactStepAtZero) {
  const Q omega(2), dt(1, 10), e(1, 2), z0(0), y0(1, 10), v0(-5);
  const Oscillator<Q> model(omega, Q(0), ConstraintSet<Q>::obstacle(z0), e);
  const Nonstandard<Q> scheme(model, dt, Q(0), standard_centered);
  const auto x = scheme.start(y0, v0);
  const Q free = y0 + dt * v0 - dt * dt / 2 * omega * omega * y0;
  ASSERT_LT(free, z0);
  const Q previous = x.u_next - 2 * dt * v0;  // y^{−1}
  const Q argument = 2 * y0 - dt * dt * omega * omega * y0 - (1 - e) * previous;
  EXPECT_EQ(x.u_next + e * previous, argument < (1 + e) * z0 ? (1 + e) * z0 : argument);
  EXPECT_LT(argument, (1 + e) * z0);  // the projection was needed
}

TEST(NonstandardExact, RationalTypeRefusesTrigonometry) {
  const Oscillator<Q> model(Q(1), Q(0));
  EXPECT_THROW(Nonstandard<Q>(model, Q(1, 10), Q(0), exact_scheme), std::invalid_argument);
  EXPECT_THROW(Nonstandard<Q>(model, Q(1, 10), Q(0), stormer_verlet_exact), std::invalid_argument);
  EXPECT_NO_THROW(Nonstandard<Q>(model, Q(1, 10), Q(0), standard_centered));
}

}  // namespace
}  // namespace vibro::testing
