// Closed-form (1, n) periodic orbits (vibro/analysis/periodic_orbits.hpp,
// docs/periodic_orbits.md) and the Lyapunov goldens they give. Expected values come from:
// - an independent computation of the stable (1, 1) orbit at α = 0.05, a = 1, ω = 2.8,
//   u_min = 0.065, e = 0.8, whose multipliers were printed to five digits (−0.98606,
//   −0.51859): it guards the saltation matrix, which the orbit's monodromy and IDED share;
// - invariants: the sum rule det M = e² exp(−2αnT) (docs/mathematics.md §1.2), and the
//   orbit's own definition checked by the certified reference — its flight from the impact
//   returns to (u_min, v−) after nT, and the reference run from the orbit's start repeats it;
// - the Gram–Schmidt recurrence on the orbit's exact period Jacobians (finite_k_exponents,
//   closed-form flights and saltation, no run): after K periods from e1,
//   λ1 = (1/K) ln ‖J_K ⋯ J_1 e1‖ and λ1 + λ2 = (1/K) Σ ln |det J_k|, which IDED (the
//   reference's run and its own accumulated derivative) must reproduce to rounding when
//   started on the orbit.

#include "support/build_paths.hpp"
#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/analysis/periodic_orbits.hpp"
#include "vibro/analysis/poincare_maps_reference.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/io/toml_reader.hpp"
#include "vibro/report/orbit_report.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/orbits/period_doubling_prediction.hpp"
#include "vibro/report_runs/report_runs.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace vibro::testing {
namespace {

template <class Real>
using Orbits = ScalarTest<Real>;
TYPED_TEST_SUITE(Orbits, FloatingTypes, ScalarNames);

/// The model from decimal texts, as a case file gives it.
template <class Real>
ImpactOscillator<Real> model(const char* alpha, const char* a, const char* omega, const char* u_min, const char* e) {
  return {num<Real>(alpha), num<Real>(a), num<Real>(omega), num<Real>(u_min), num<Real>(e)};
}

template <class Real>
std::vector<PeriodicOrbit<Real>> admissible(const ImpactOscillator<Real>& m, int n) {
  std::vector<PeriodicOrbit<Real>> kept;
  for (auto& o : periodic_orbits(m, n))
    if (o.admissible) kept.push_back(std::move(o));
  return kept;
}

/// The stable (1, 1) orbit of the independent computation: one admissible root, its real
/// multipliers to the five printed digits (half a unit of the last: 5e−6).
TYPED_TEST(Orbits, StableOrbitMatchesTheIndependentMultipliers) {
  using Real = TypeParam;
  const auto orbits = admissible(model<Real>("0.05", "1", "2.8", "0.065", "0.8"), 1);
  ASSERT_EQ(orbits.size(), 1u);
  const PeriodicOrbit<Real>& o = orbits.front();
  EXPECT_TRUE(o.stable());
  ASSERT_TRUE(o.multipliers.real);
  EXPECT_NEAR(static_cast<double>(o.multipliers.first), -0.98606, 5e-6);
  EXPECT_NEAR(static_cast<double>(o.multipliers.second), -0.51859, 5e-6);
}

/// For every root, admissible or not, in the three regimes the parameters below give: the
/// flight from (t0, u_min, −e v−) reaches (u_min, v−) after nT (the definition the phase
/// equation was derived from), det M is the sum rule, and the multipliers' product and sum
/// are det M and tr M. With u_min = 0 the phase equation is P cos θ + Q sin θ = 0: exactly
/// two roots θ and θ + π, at which p and p' change sign, and so does v− = −(y0 + p')/e with
/// y0 ∝ x0 = −p: exactly one of the two is virtual (v− > 0).
TYPED_TEST(Orbits, EveryRootSatisfiesItsDefinitionAndTheSumRule) {
  using Real = TypeParam;
  using std::abs;
  using std::exp;
  for (const char* omega : {"2", "2.8", "3", "4", "4.8"})
    for (const int n : {1, 2, 3}) {
      const ImpactOscillator<Real> m = model<Real>("0.1", "1", omega, "0", "0.8");
      const std::vector<PeriodicOrbit<Real>> roots = periodic_orbits(m, n);
      ASSERT_EQ(roots.size(), 2u) << "ω = " << omega << ", n = " << n;
      EXPECT_NE(roots[0].velocity_before > 0, roots[1].velocity_before > 0) << "ω = " << omega << ", n = " << n;
      for (const PeriodicOrbit<Real>& o : roots) {
        const Real nt = m.period() * n;
        const OscillatorFlight<Real> flight(m, o.impact_time, m.obstacle(), o.velocity_after);
        const PositionVelocity<Real> back = flight.state(Real(o.impact_time + nt));
        const Real scale = 1 + abs(o.velocity_before) + abs(m.amplitude());
        // Φ(nT) and p(t) are each evaluated to a few ε; the arccos of the phase costs up to
        // 1/sin of the angle between the roots, bounded here by 10³.
        EXPECT_NEAR_EPS(back.position, m.obstacle(), 1000, scale) << "ω = " << omega << ", n = " << n;
        EXPECT_NEAR_EPS(back.velocity, o.velocity_before, 1000, scale) << "ω = " << omega << ", n = " << n;
        const Real e = m.restitution();
        const Real sum_rule = e * e * exp(-2 * m.alpha() * nt);
        EXPECT_NEAR_EPS(o.monodromy.det(), sum_rule, 64, Real(1 + abs(o.monodromy.a21)));
        const Real trace = o.monodromy.a11 + o.monodromy.a22;
        if (o.multipliers.real) {
          EXPECT_NEAR_EPS(Real(o.multipliers.first * o.multipliers.second), o.monodromy.det(), 64,
                          Real(1 + trace * trace));
          EXPECT_NEAR_EPS(Real(o.multipliers.first + o.multipliers.second), trace, 64, Real(1 + abs(trace)));
        } else {
          EXPECT_NEAR_EPS(Real(o.multipliers.first * o.multipliers.first + o.multipliers.second * o.multipliers.second),
                          o.monodromy.det(), 64, Real(1 + trace * trace));
        }
        EXPECT_EQ(o.admissible, o.rejected_because.empty()) << o.rejected_because;
      }
    }
}

/// Ill-conditioned (α, ω, n): strong damping over long flights, where Φ(nT) is tiny (1e−49
/// at α = 1, ω = 0.5, n = 9) or underflows double (α = 2, ω = 1, n ≥ 100: exp(−2αnT) =
/// 1e−1092). The textbook form x0 = u_min − p(θ), y0 = (1 − Φ11)x0/Φ12 loses ε/|Φ12| (double
/// gave v− = −1.6e31 where the root has v− = 0.4; mpfr:50 kept 31 digits) and the
/// multipliers underflowed to exponents of −inf. The invariants: the root's own definition
/// (the flight from (t0, u_min, v+) is at (u_min, v−) after nT) to the type's rounding, and
/// the sum rule in logarithms, λ1 + λ2 = (2 ln e − 2αnT)/n, with both exponents finite.
TYPED_TEST(Orbits, IllConditionedRootsKeepTheirDefinitionAndFiniteExponents) {
  using Real = TypeParam;
  using std::abs;
  using std::log;
  struct Hard {
    const char *alpha, *omega;
    int n;
  };
  for (const Hard& h : {Hard{"1", "0.5", 9}, Hard{"1", "0.5", 10}, Hard{"2", "1", 100}, Hard{"2", "1", 400},
                        Hard{"2", "1", 1000}}) {
    SCOPED_TRACE(std::string("α = ") + h.alpha + ", ω = " + h.omega + ", n = " + std::to_string(h.n));
    const ImpactOscillator<Real> m = model<Real>(h.alpha, "1", h.omega, "0", "0.8");
    const std::vector<PeriodicOrbit<Real>> roots = periodic_orbits(m, h.n);
    ASSERT_EQ(roots.size(), 2u);
    const Real nt = m.period() * h.n;
    for (const PeriodicOrbit<Real>& o : roots) {
      const OscillatorFlight<Real> flight(m, o.impact_time, m.obstacle(), o.velocity_after);
      const PositionVelocity<Real> back = flight.state(Real(o.impact_time + nt));
      const Real scale = 1 + abs(o.velocity_before) + abs(m.amplitude());
      EXPECT_NEAR_EPS(back.position, m.obstacle(), 1000, scale);
      EXPECT_NEAR_EPS(back.velocity, o.velocity_before, 1000, scale);
      const auto [l1, l2] = o.log_moduli;
      ASSERT_TRUE(is_finite(l1) && is_finite(l2)) << to_text(l1) << ", " << to_text(l2);
      // The scaled Ψ against the flight's own Φ(nT) (an independent closed form), where M's
      // entries are still well inside the type's range: the larger multiplier of M = SΦ.
      const Real trace = o.monodromy.a11 + o.monodromy.a22;
      if (abs(trace) > Real(1e-250)) {
        const Real direct = floquet_multipliers(o.monodromy).first;
        EXPECT_NEAR_EPS(o.multipliers.first, direct, 1e4, Real(abs(direct)));
      }
      const Real rule = (2 * log(m.restitution()) - 2 * m.alpha() * nt) / h.n;
      EXPECT_NEAR_EPS(Real((l1 + l2) / h.n), rule, 64, Real(abs(rule)));
    }
  }
}

/// A penetrating root is rejected with the time of the earlier contact, and the flight
/// really is at the obstacle then (checked by evaluating it).
TYPED_TEST(Orbits, APenetratingRootNamesTheEarlierContact) {
  using Real = TypeParam;
  using std::abs;
  const ImpactOscillator<Real> m = model<Real>("0.05", "1", "2.8", "0.065", "0.8");
  int penetrating = 0;
  for (const PeriodicOrbit<Real>& o : periodic_orbits(m, 2)) {
    if (o.rejected_because.find("penetrating") == std::string::npos) continue;
    ++penetrating;
    const std::size_t at = o.rejected_because.find("t = ") + 4;
    const Real t = num<Real>(o.rejected_because.substr(at, o.rejected_because.find(',', at) - at).c_str());
    const OscillatorFlight<Real> flight(m, o.impact_time, m.obstacle(), o.velocity_after);
    EXPECT_LT(t, Real(o.impact_time + 2 * m.period()));
    EXPECT_NEAR_EPS(flight.position(t), m.obstacle(), 1000, Real(1 + abs(o.velocity_after)));
  }
  EXPECT_GE(penetrating, 1) << "no penetrating root left to check";
}

/// An IDED case started on the orbit: the model's texts and the start state with all its digits.
template <class Real>
CaseSpec ided_case(const char* alpha, const char* omega, const char* u_min, const PeriodicOrbit<Real>& o, int periods,
                   const std::string& precision) {
  return parse_case("[case]\nname = \"orbit\"\nprecision = \"" + precision + "\"\n[model]\ntype = \"impact-oscillator\"\n"
                    "alpha = \"" + alpha + "\"\na = 1\nomega = \"" + omega + "\"\nu_min = \"" + u_min +
                    "\"\ne = \"0.8\"\n[initial]\nu0 = \"" + to_text(o.start_u) + "\"\nv0 = \"" + to_text(o.start_v) +
                    "\"\n[scheme]\ntype = \"reference\"\n[horizon]\nperiods = " + std::to_string(periods) +
                    "\n[lyapunov]\n",
                    "orbit.toml");
}

struct GoldenOrbit {
  const char *alpha, *omega, *u_min;
  int n;
  bool stable;
};

/// IDED from the orbit's start against the finite-K prediction, in double and at 50 digits.
/// The state leaves the orbit by rounding, growing like |μ1|^k on an unstable orbit, and
/// each period's log-norm moves with it: the bound is 10³ ε max(1, |μ1|^K) (the 10³ covers
/// the orbit's own rounding, 1000 ε as in EveryRootSatisfiesItsDefinition). K is chosen so
/// that the bound stays below 1e−8 in double; at 50 digits it is below 1e−25.
template <class Real>
void expect_ided_on_orbit(const GoldenOrbit& g, const std::string& precision, int periods) {
  using std::abs;
  using std::pow;
  const ImpactOscillator<Real> m = model<Real>(g.alpha, "1", g.omega, g.u_min, "0.8");
  const auto orbits = admissible(m, g.n);
  ASSERT_EQ(orbits.size(), 1u) << g.omega;
  const PeriodicOrbit<Real>& o = orbits.front();
  EXPECT_EQ(o.stable(), g.stable);
  const auto [lambda1, lambda2] = finite_k_exponents(m, o, periods);
  RunOptions options;
  const LyapunovResult result = run_lyapunov_case(ided_case(g.alpha, g.omega, g.u_min, o, periods, precision), options);
  ASSERT_TRUE(result.lyapunov.defined) << result.lyapunov.why_undefined;
  ASSERT_EQ(result.lyapunov.periods_done, periods);
  const Real growth = pow(o.multipliers.largest_modulus(), periods);
  const Real bound = 1000 * epsilon<Real>() * (growth > 1 ? growth : Real(1));
  const Real got1 = parse_real<Real>(result.lyapunov.lambda1_per_period.text);
  const Real got2 = parse_real<Real>(result.lyapunov.lambda2_per_period.text);
  EXPECT_LE(abs(got1 - lambda1), bound) << "λ1 " << to_text(got1) << " vs " << to_text(lambda1);
  EXPECT_LE(abs(got2 - lambda2), bound) << "λ2 " << to_text(got2) << " vs " << to_text(lambda2);
  if (precision != "double") {
    EXPECT_LT(bound, Real(1e-25));
  }
  // The asymptotic exponents, for the record: ln|μi|/n per period.
  const auto [l1, l2] = o.log_moduli;
  ::testing::Test::RecordProperty("asymptotic_lambda1_" + precision + "_omega_" + g.omega, to_text(Real(l1 / g.n)));
  ::testing::Test::RecordProperty("asymptotic_lambda2_" + precision + "_omega_" + g.omega, to_text(Real(l2 / g.n)));
}

/// The golden orbits; `stable` is confirmed by the reference's own runs
/// (TheReferenceConfirmsTheGoldenOrbitsStability), not taken from the multipliers.
const std::vector<GoldenOrbit> golden_orbits = {
    {"0.05", "2.8", "0.065", 1, true},  // stable, real multipliers −0.986, −0.519
    {"0.1", "3", "0", 1, false},        // unstable, μ1 ≈ −4.55
    {"0.1", "4", "0", 2, true},         // a (1, 2) orbit, complex pair 0.584 ± 0.028i
};

TEST(OrbitGoldens, IdedOnTheOrbitIsTheFiniteKPredictionInDouble) {
  for (const GoldenOrbit& g : golden_orbits) expect_ided_on_orbit<double>(g, "double", g.stable ? 200 : 6);
}

TEST(OrbitGoldens, IdedOnTheOrbitIsTheFiniteKPredictionAt50Digits) {
  const MpfrPrecisionGuard digits(50);
  for (const GoldenOrbit& g : golden_orbits) expect_ided_on_orbit<mpfr_real>(g, "mpfr:50", g.stable ? 200 : 30);
}

/// A run started on the orbit's impact phase (t0 = the impact time, on the obstacle leaving
/// it at v+) meets the obstacle again exactly at every section time t0 + kT: a tie between an
/// impact and a section. The invariant (docs/lyapunov.md "An impact on a section"): each
/// impact belongs to the period that ends there, at every precision — K periods, K impacts,
/// and every sample leaving the obstacle (v > 0), never a state moving into it. Left to the
/// rounding of the contact search, some precisions counted an impact in the next period.
template <class Real>
void expect_section_impacts_in_the_period_that_ends(const std::string& precision) {
  SCOPED_TRACE(precision);
  const ImpactOscillator<Real> m = model<Real>("0.05", "1", "2.8", "0.065", "0.8");
  const auto orbits = admissible(m, 1);
  ASSERT_EQ(orbits.size(), 1u);
  const PeriodicOrbit<Real>& o = orbits.front();
  const ImpactReference<ImpactOscillator<Real>> reference(
      m, default_reference_settings(m, m.obstacle(), o.velocity_after));
  ExactDerivativeMap<ImpactOscillator<Real>> map(reference, o.impact_time, m.period());
  PhasePoint<Real> x{m.obstacle(), o.velocity_after};
  const std::int64_t periods = 300;
  for (std::int64_t k = 0; k < periods; ++k) {
    PoincareStep<Real> step = map(x, k);
    ASSERT_FALSE(step.undefined) << "period " << k << ": " << *step.undefined;
    x = std::move(step.next);
    ASSERT_GT(x.v, 0) << "period " << k << ": the sample moves into the obstacle, u − u_min = "
                      << to_text(Real(x.u - m.obstacle()));
    ASSERT_EQ(map.events().impacts(), k + 1) << "period " << k;
  }
}

TEST(OrbitSections, AnImpactOnTheSectionBelongsToThePeriodThatEndsThereInDouble) {
  expect_section_impacts_in_the_period_that_ends<double>("double");
}

TEST(OrbitSections, AnImpactOnTheSectionBelongsToThePeriodThatEndsThereInMpfr) {
  for (const int digits : {30, 40, 50, 80}) {
    const MpfrPrecisionGuard guard(digits);
    expect_section_impacts_in_the_period_that_ends<mpfr_real>("mpfr:" + std::to_string(digits));
  }
}

/// The periodic study problem's family over ω (α = 0.1, a = 1, u_min = 0, e = 0.8).
template <class Real>
ImpactOscillator<Real> study_family(const Real& omega) {
  return {num<Real>("0.1"), Real(1), omega, Real(0), num<Real>("0.8")};
}

/// The (1, 1) orbit of the periodic study problem loses stability through μ = −1 between
/// ω = 2.5 (multipliers of modulus 0.61) and 2.7 (μ1 = −1.40): at the solved ω the
/// multiplier is −1 to the root finder's precision, in every type (the root of
/// 1 + tr M + det M is found to a few ε of ω, which moves μ by |dμ/dω| ≈ 10 times that).
TYPED_TEST(Orbits, PeriodDoublingPointHasMultiplierMinusOne) {
  using Real = TypeParam;
  using std::abs;
  const auto omega = period_doubling_point<Real>([](const Real& w) { return study_family(w); }, 1, num<Real>("2.5"),
                                                 num<Real>("2.7"));
  ASSERT_TRUE(omega);
  const auto orbit = single_admissible_orbit(study_family(*omega), 1);
  ASSERT_TRUE(orbit);
  ASSERT_TRUE(orbit->multipliers.real);
  EXPECT_NEAR_EPS(orbit->multipliers.first, Real(-1), 1000, Real(1));
  EXPECT_GT(orbit->multipliers.second, Real(-1));  // one multiplier on the circle, the other inside
  EXPECT_LT(abs(orbit->multipliers.second), Real(1));
  // No bracket without a sign change: below the point the orbit stays stable.
  EXPECT_FALSE(period_doubling_point<Real>([](const Real& w) { return study_family(w); }, 1, num<Real>("2"),
                                           num<Real>("2.5")));
}

/// A sweep's predicted doublings (orbits/period_doubling_prediction.hpp) sweep the parameter the
/// key names. The base case sits on a doubling point: the periodic study problem with the
/// obstacle at u_min = −0.1 (at u_min = 0 the problem is homogeneous in (u, a), so a only
/// scales the orbit and cannot move a multiplier) and ω = ω* solved at 50 digits, where
/// χ(−1) = 0 (the invariant of §4). Sweeping any one of α, a, ω, u_min and e across its
/// base value therefore finds the doubling at that base value (up to the tiny shift of ω*
/// rounded to double); a key that names no parameter of the oscillator, or another model,
/// finds none.
TEST(OrbitGoldens, SweepPredictionFindsTheDoublingInTheParameterItsKeyNames) {
  const MpfrPrecisionGuard digits(50);
  const auto family = [](const mpfr_real& w) {
    return ImpactOscillator<mpfr_real>(num<mpfr_real>("0.1"), mpfr_real(1), w, num<mpfr_real>("-0.1"),
                                       num<mpfr_real>("0.8"));
  };
  const auto omega = period_doubling_point<mpfr_real>(family, 1, num<mpfr_real>("2.4"), num<mpfr_real>("2.9"));
  ASSERT_TRUE(omega);
  // ω* is a doubling point by the invariant, not by the root finder's word: its (1, 1) orbit
  // has a real multiplier −1 (to the bound of PeriodDoublingPointHasMultiplierMinusOne).
  const auto on_point = single_admissible_orbit(family(*omega), 1);
  ASSERT_TRUE(on_point && on_point->multipliers.real);
  using std::abs;
  using std::min;
  EXPECT_LE(min(abs(on_point->multipliers.first + 1), abs(on_point->multipliers.second + 1)),
            1000 * epsilon<mpfr_real>());
  const std::string omega_text = omega->str(25);
  const CaseSpec base = parse_case("[case]\nname = \"pd\"\nprecision = \"double\"\n[model]\ntype = \"impact-oscillator\"\n"
                                   "alpha = 0.1\na = 1\nomega = \"" + omega_text + "\"\nu_min = -0.1\ne = 0.8\n[initial]\n"
                                   "u0 = 0.5\nv0 = 0\n[scheme]\ntype = \"reference\"\n[horizon]\nperiods = 1\n",
                                   "pd.toml");
  const struct {
    const char* key;
    double value;
  } parameters[] = {{"model.alpha", 0.1}, {"model.a", 1}, {"model.omega", static_cast<double>(*omega)},
                    {"model.u_min", -0.1}, {"model.e", 0.8}};
  for (const auto& p : parameters) {
    const std::vector<PredictedDoubling> found =
        predicted_doublings(base, p.key, {p.value - 0.05, p.value + 0.05, p.value - 0.02, p.value + 0.02});
    ASSERT_FALSE(found.empty()) << p.key << " at ω* = " << omega_text;
    EXPECT_EQ(found.front().n, 1) << p.key;
    EXPECT_NEAR(found.front().at, p.value, 1e-9) << p.key;
  }
  EXPECT_TRUE(predicted_doublings(base, "initial.u0", {0.4, 0.6}).empty());
  EXPECT_TRUE(predicted_doublings(load_case(std::filesystem::path(test_paths::cases_dir) / "free_fall.toml"), "model.e",
                                  {0.4, 0.6})
                  .empty());
}

/// Distinct stroboscopic positions of the reference (double) after `transient` periods at ω:
/// samples closer than 1e−6 count once.
std::size_t reference_period(const std::string& omega, int transient, int samples) {
  const CaseSpec c = parse_case("[case]\nname = \"pd\"\nprecision = \"double\"\n[model]\ntype = \"impact-oscillator\"\n"
                                "alpha = 0.1\na = 1\nomega = \"" + omega + "\"\nu_min = 0\ne = 0.8\n[initial]\nu0 = 0.5\n"
                                "v0 = 0\n[scheme]\ntype = \"reference\"\n[horizon]\nperiods = " +
                                    std::to_string(transient + samples) + "\n",
                                "pd.toml");
  RunOptions options;
  options.error_estimate = false;
  const RunResult result = run_case(c, options);
  std::vector<double> u;
  for (const StroboscopicSample& s : *result.run.stroboscopic)
    if (s.period > transient) u.push_back(std::stod(s.state.u.text));
  std::sort(u.begin(), u.end());
  std::size_t distinct = u.empty() ? 0 : 1;
  for (std::size_t k = 1; k < u.size(); ++k) distinct += u[k] - u[k - 1] > 1e-6;
  return distinct;
}

/// Across the solved point the reference's long run changes from period 1 to period 2 (the
/// point found at 50 digits, the runs 0.02 to either side). The brackets of
/// PeriodDoublingPointHasMultiplierMinusOne come from the same runs: period 1 at ω = 2 and
/// 2.5 (no doubling between them), period 2 at 2.7.
TEST(OrbitGoldens, TheReferenceDoublesItsPeriodAcrossThePoint) {
  const MpfrPrecisionGuard digits(50);
  const auto omega = period_doubling_point<mpfr_real>([](const mpfr_real& w) { return study_family(w); }, 1,
                                                      num<mpfr_real>("2.5"), num<mpfr_real>("2.7"));
  ASSERT_TRUE(omega);
  const double point = static_cast<double>(*omega);
  EXPECT_EQ(reference_period(std::to_string(point - 0.02), 2000, 20), 1u) << point;
  EXPECT_EQ(reference_period(std::to_string(point + 0.02), 2000, 20), 2u) << point;
  EXPECT_EQ(reference_period("2", 2000, 20), 1u);
  EXPECT_EQ(reference_period("2.5", 2000, 20), 1u);
  EXPECT_EQ(reference_period("2.7", 2000, 20), 2u);
}

/// The stability of each golden orbit by the reference alone: started 1e−6 off the orbit's
/// state at t = 0, after 2000 n periods (one period of the orbit is n forcing periods) the run
/// has come a thousand times closer, within 1e−9, on a stable orbit, and is farther than 1e−6
/// from it on an unstable one.
TEST(OrbitGoldens, TheReferenceConfirmsTheGoldenOrbitsStability) {
  for (const GoldenOrbit& g : golden_orbits) {
    const auto orbits = admissible(model<double>(g.alpha, "1", g.omega, g.u_min, "0.8"), g.n);
    ASSERT_EQ(orbits.size(), 1u) << g.omega;
    const PeriodicOrbit<double>& o = orbits.front();
    const int periods = 2000 * g.n;
    const CaseSpec c = parse_case("[case]\nname = \"stability\"\nprecision = \"double\"\n[model]\n"
                                  "type = \"impact-oscillator\"\nalpha = \"" + std::string(g.alpha) + "\"\na = 1\n"
                                  "omega = \"" + g.omega + "\"\nu_min = \"" + g.u_min + "\"\ne = 0.8\n[initial]\nu0 = \"" +
                                      to_text(o.start_u + 1e-6) + "\"\nv0 = \"" + to_text(o.start_v) +
                                      "\"\n[scheme]\ntype = \"reference\"\n[horizon]\nperiods = " +
                                      std::to_string(periods) + "\n",
                                  "stability.toml");
    RunOptions options;
    options.error_estimate = false;
    const RunResult result = run_case(c, options);
    ASSERT_FALSE(result.run.stroboscopic->empty());
    const StroboscopicSample& last = result.run.stroboscopic->back();
    ASSERT_EQ(last.period, periods);
    const double distance = std::hypot(std::stod(last.state.u.text) - o.start_u, std::stod(last.state.v.text) - o.start_v);
    if (g.stable) {
      EXPECT_LT(distance, 1e-9) << g.omega;
    } else {
      EXPECT_GT(distance, 1e-6) << g.omega;
    }
  }
}

/// The report's comparison with exact exponents: every shipped case of cases/orbits starts on
/// its orbit (so it gets a row), IDED's rows differ from the exact value after K by rounding,
/// and a Lyapunov case that starts elsewhere (the chaotic case) gets none.
TEST(OrbitReport, ShippedOrbitCasesAreComparedWithTheirExactExponents) {
  ReportRuns runs;
  std::vector<std::string> names;
  for (const auto& file : case_files(std::filesystem::path(test_paths::cases_dir) / "orbits")) {
    const CaseSpec c = load_case(file);
    names.push_back(c.name);
    runs.lyapunov.push_back(lyapunov_case_run(c, run_lyapunov_case(c)));
  }
  ASSERT_GE(names.size(), 3u);
  const std::string chaotic_text = read_input_file(std::filesystem::path(test_paths::cases_dir) / "lyapunov" / "ided.toml", "case file");
  const CaseSpec chaotic = parse_case_with_overrides(chaotic_text, "ided.toml", {{"horizon.periods", "50"}});
  runs.lyapunov.push_back(lyapunov_case_run(chaotic, run_lyapunov_case(chaotic)));
  const std::string section = orbit_lyapunov_section(runs);
  for (const std::string& name : names) EXPECT_NE(section.find("| " + name + " |"), std::string::npos) << name;
  EXPECT_EQ(section.find(chaotic.name), std::string::npos);
  for (const LyapunovCaseRun& run : runs.lyapunov) {
    if (run.spec.name == chaotic.name || run.result.lyapunov.method != "IDED") continue;
    with_scalar(run.spec.precision, [&](auto type) {
      using Real = typename decltype(type)::type;
      if constexpr (!std::is_same_v<Real, rational>) {
        const ImpactOscillator<Real> m = bind_oscillator<Real>(run.spec.model);
        using std::abs;
        using std::pow;
        const auto orbit = orbit_through(m, parse_real<Real>(run.spec.u0.text), parse_real<Real>(run.spec.v0.text), 3);
        ASSERT_TRUE(orbit) << run.spec.name;
        const auto [l1, l2] = finite_k_exponents(m, *orbit, run.result.lyapunov.periods_done);
        const Real growth = pow(orbit->multipliers.largest_modulus(), Real(run.result.lyapunov.periods_done));
        const Real bound = 1000 * epsilon<Real>() * (growth > 1 ? growth : Real(1));
        EXPECT_LE(abs(parse_real<Real>(run.result.lyapunov.lambda1_per_period.text) - l1), bound) << run.spec.name;
      }
    });
  }
}

}  // namespace
}  // namespace vibro::testing
