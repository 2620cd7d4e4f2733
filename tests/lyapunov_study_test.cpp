// The Lyapunov engine on the chaotic case of cases/reference_chaotic.toml (ω = 50, e = 0.5,
// u0 = 0, v0 = 0.1, seed 001's settings; α = 0.9, a = 2500, u_min = 0 ours, docs/mathematics.md §4),
// in double and in MPFR at 30 digits, over 200 periods and over seed 001's 3000. Expected
// values: the sum rule of docs/mathematics.md §1.2 (invariant), IDED against IDND (independent
// method, relation 1 of docs/mathematics.md §4), and the PS map's own sum rule for NSND (seed 001
// Theorem 3.3, invariant).
//
// Over 200 periods λ1 ≈ 0.065 per period amplifies rounding by e^{13}: both precisions
// follow the true orbit to ≥ 10 digits. Over 3000 (e^{190}) neither does (that needs ≈ 98
// digits, bench/reference_bench.cpp): each run follows its own pseudo-orbit, with its own
// finite-time exponents (λ1 from 0.056 to 0.073 between double and MPFR-30, folded or
// absolute clock). The relations tested hold on any orbit, since both methods of a
// comparison follow the same one.

#include "support/build_paths.hpp"
#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_difference.hpp"
#include "vibro/analysis/poincare_maps_reference.hpp"
#include "vibro/analysis/paoli_schatzman_flow.hpp"
#include "vibro/analysis/significant_digits.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace vibro::testing {
namespace {

template <class Real>
class Chaotic : public ::testing::Test {
 protected:
  void SetUp() override {
    if constexpr (is_runtime_precision_v<Real>) guard_.emplace(30);
  }
  void TearDown() override { guard_.reset(); }

 private:
  std::optional<MpfrPrecisionGuard> guard_;
};
using ChaoticTypes = ::testing::Types<double, mpfr_real>;
TYPED_TEST_SUITE(Chaotic, ChaoticTypes, ScalarNames);

/// The horizons: a short one, and seed 001's.
constexpr std::int64_t horizons[] = {200, 3000};

template <class Real>
struct ChaoticCase {
  CaseSpec spec = load_case(std::string(test_paths::cases_dir) + "/reference_chaotic.toml");
  const OscillatorSpec& oscillator = std::get<OscillatorSpec>(spec.model.kind);
  ImpactOscillator<Real> model{to_real<Real>(oscillator.alpha), to_real<Real>(oscillator.amplitude),
                               to_real<Real>(oscillator.omega), to_real<Real>(spec.model.u_min),
                               to_real<Real>(spec.model.e)};
  Real t0 = to_real<Real>(spec.t0), period = model.period();
  PhasePoint<Real> x0{to_real<Real>(spec.u0), to_real<Real>(spec.v0)};

  ImpactReference<ImpactOscillator<Real>> reference() const {
    return {model, default_reference_settings(model, x0.u, x0.v)};
  }
};

/// docs/mathematics.md §1.2 (invariant): det DS = e^{−2α(t1 − t0)} e^{2 n_k ln e} for a period with n_k
/// transverse impacts, and n1 n2 = |det DS| each period, so
///   Σ ln n1 + Σ ln n2 = −2αK(t1 − t0) + 2 N_imp ln e   for every K, to rounding
/// (t1 = t0 + T as rounded: with the folded clock the flights of every period cover exactly
/// [t0, t1]). Rounding: each DS_k is a product of a few matrices rounded to a few ε of their
/// size, whose determinant, and so n1 n2 after Gram–Schmidt, has relative error ≲ a few ε ×
/// κ_k = ‖DS_k‖²_F/|det DS_k| (a 2×2 determinant's condition number): band 16 ε Σ κ_k, a
/// worst case (measured: 8e−4 of it at 200 periods, in both types; a missed impact would be
/// off by 2 ln 2).
TYPED_TEST(Chaotic, IdedObeysTheSumRuleToRounding) {
  using Real = TypeParam;
  using std::abs;
  using std::log;
  const ChaoticCase<Real> c;
  for (const std::int64_t periods : horizons) {
    SCOPED_TRACE("K = " + std::to_string(periods));
    ExactDerivativeMap map(c.reference(), c.t0, c.period);
    Real conditioning(0);
    const auto recorded = [&](const PhasePoint<Real>& x, std::int64_t k) {
      PoincareStep<Real> step = map(x, k);
      const Matrix2<Real>& m = step.derivative;
      conditioning += (m.a11 * m.a11 + m.a12 * m.a12 + m.a21 * m.a21 + m.a22 * m.a22) / abs(m.det());
      return step;
    };
    const auto run = run_lyapunov(recorded, c.x0, periods, c.period);
    ASSERT_TRUE(run.exponents.defined()) << run.exponents.why_undefined();
    ASSERT_EQ(map.events().non_impacts(), 0);
    const std::int64_t impacts = map.events().impacts();
    EXPECT_GE(impacts, 3);  // the invariant is exercised across impacts, not only flights
    const Real elapsed = periods * (section_time(c.t0, c.period, 1) - c.t0);
    const Real expected = -2 * c.model.alpha() * elapsed + 2 * impacts * log(c.model.restitution());
    EXPECT_NEAR_EPS(Real(run.exponents.log_sum1() + run.exponents.log_sum2()), expected, 16, conditioning);
  }
}

/// Relation 1 of docs/mathematics.md §4 (independent method; seed 001 §5 found ≥ 5 common significant
/// digits): IDND with ε = 1e−8 against IDED over the same periods, and relation 2 (λ1 > 0,
/// λ1 + λ2 < 0). The two follow the same orbit bit for bit (the same reference from the
/// same X_k); D_ε S differs from DS by O(ε |D²S|) (measured in MPFR: 2.4e−7 on λ2 and 1.5e−9
/// on λ1 at 200 periods, 5.3e−6 and 6e−9 at 3000, all ∝ ε) plus the noise of the flow's
/// state after an impact, over ε. That noise is what the clock decides: folded, it is the
/// rounding of one period's phase ωt (measured in double: 3.3e−7 and 4.4e−7 on λ2); with the
/// absolute clock the phase of t0 + kT carries ulp(ωt), ≈ 2e−13 at k = 200, and λ2 differs
/// by 1.5e−5 at 200 periods and 2.2e−4 at 3000: outside the relation. One unit of the fifth
/// significant digit is 1e−5 for λ2 ≈ −0.33 and 1e−6 for λ1 ≈ 0.06.
TYPED_TEST(Chaotic, IdedAndIdndAgreeToFiveSignificantDigits) {
  using Real = TypeParam;
  const ChaoticCase<Real> c;
  // The one "agree to d digits" helper, on the round-trip texts (exact decimals) of the values.
  const auto agree5 = [](const Real& ided, const Real& idnd) {
    return agree_to_significant_digits(*parse_exact(to_text(ided)), *parse_exact(to_text(idnd)), 5);
  };
  for (const std::int64_t periods : horizons) {
    SCOPED_TRACE("K = " + std::to_string(periods));
    ExactDerivativeMap ided(c.reference(), c.t0, c.period);
    ForwardDifferenceMap idnd(ReferenceFlow(c.reference(), c.t0, c.period),
                              DifferenceStep<Real>::absolute(num<Real>("1e-8")));
    const auto exact = run_lyapunov(ided, c.x0, periods, c.period);
    const auto numerical = run_lyapunov(idnd, c.x0, periods, c.period);
    ASSERT_TRUE(exact.exponents.defined()) << exact.exponents.why_undefined();
    ASSERT_TRUE(numerical.exponents.defined()) << numerical.exponents.why_undefined();
    EXPECT_EQ(exact.final_state.u, numerical.final_state.u);
    EXPECT_EQ(exact.final_state.v, numerical.final_state.v);
    const Real l1 = exact.exponents.lambda1(), l2 = exact.exponents.lambda2();
    EXPECT_GT(l1, 0);
    EXPECT_LT(Real(l1 + l2), 0);
    EXPECT_TRUE(agree5(l1, numerical.exponents.lambda1()))
        << "λ1: IDED " << to_text(l1) << ", IDND " << to_text(numerical.exponents.lambda1());
    EXPECT_TRUE(agree5(l2, numerical.exponents.lambda2()))
        << "λ2: IDED " << to_text(l2) << ", IDND " << to_text(numerical.exponents.lambda2());
  }
}

/// Seed 001 Theorem 3.3 on the chaotic orbit (docs/mathematics.md §2.2): NSND with ε = 1e−8 ≪ h = T/2513.
/// While no perturbed trajectory changes its set of active steps (Lemma 3.2; checked), the PS
/// map is affine in X on the data concerned, D_ε S^h is its derivative up to rounding, and
/// its determinant follows from the one-step matrices on (U^{n−1}, U^n): r = (1 − αh)/(1 + αh)
/// without contact (docs/mathematics.md §2, centered velocity), e on an active step (U^{n+1} =
/// (1 + e)u_min − eU^{n−1}: matrix [[0, 1], [−e, 0]]). So, A the active steps of the base
/// orbit over K periods of N steps (invariant, derived):
///   Σ ln n1 + Σ ln n2 = (NK − A) ln r + A ln e.
/// This is the exact flow's sum rule with −e·I in place of the saltation matrix; the missing
/// impact-time sensitivity changes the exponents (λ1 < 0 here, against IDED's > 0), not their
/// sum. Rounding: each step rounds U by a few ε of its size S ≲ 2, and V = ΔU/h by that over
/// h; the N roundings of a trajectory are independent and damped, so they add up like √N;
/// two trajectories per quotient: entries of D_ε S off by δ ≲ 4√N εS/(h ε_fd), and ln |det|
/// by ≲ 2δ ‖DS‖_F/|det DS| per period (first order; adj DS has the norm of DS): band
/// Σ_k 16 √N ε ‖DS_k‖_F/(h ε_fd |det DS_k|) (measured: 6.6 ε × that scale, against 16 √N ≈ 800).
/// In MPFR at 30 digits only: in double ε_mach/(h ε_fd) ≈ 4e−4 and the same run misses the rule
/// by 1.6 over 200 periods (0.008 per period; 0.014 over 3000, bench/lyapunov_bench.cpp): the
/// seeds' NSND setting is rounding-bound in double.
TEST(ChaoticMpfr, NsndWithTinyEpsilonFollowsTheDiscreteSumRule) {
  using Real = mpfr_real;
  using std::abs;
  using std::log;
  using std::sqrt;
  MpfrPrecisionGuard guard(30);
  const ChaoticCase<Real> c;
  constexpr std::int64_t steps = 2513, periods = 200;
  const Real h = c.period / steps, epsilon_fd = num<Real>("1e-8");
  ForwardDifferenceMap map(PaoliSchatzmanFlow(PaoliSchatzman(c.model, h, c.t0), steps),
                           DifferenceStep<Real>::absolute(epsilon_fd));
  Real amplification(0);
  const auto recorded = [&](const PhasePoint<Real>& x, std::int64_t k) {
    PoincareStep<Real> step = map(x, k);
    const Matrix2<Real>& m = step.derivative;
    amplification += sqrt(m.a11 * m.a11 + m.a12 * m.a12 + m.a21 * m.a21 + m.a22 * m.a22) / abs(m.det());
    return step;
  };
  const auto run = run_lyapunov(recorded, c.x0, periods, c.period);
  ASSERT_TRUE(run.exponents.defined()) << run.exponents.why_undefined();
  ASSERT_EQ(map.flow().periods_with_changed_contacts(), 0);
  const std::int64_t active = map.flow().contacts();
  EXPECT_GE(active, 4);
  const Real& alpha = c.model.alpha();
  const Real expected = (steps * periods - active) * log((1 - alpha * h) / (1 + alpha * h)) +
                        active * log(c.model.restitution());
  EXPECT_NEAR_EPS(Real(run.exponents.log_sum1() + run.exponents.log_sum2()), expected, 16 * std::sqrt(double{steps}),
                  Real(amplification / (h * epsilon_fd)));
}

}  // namespace
}  // namespace vibro::testing
