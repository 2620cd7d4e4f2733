// The N-DOF linear algebra of seed 002 (eq. (5)–(8), docs/mathematics.md §6): the cyclic Jacobi
// decomposition, ModalBasis and step_matrices, in double, long double and MPFR-50.
// Expected values come from invariants (S Q = Q diag(λ), QᵀQ = I, cos² + sin² = 1), from
// closed forms (seed 002 §3's eigenvalues, B² = M⁻²A² itself), and from an independent
// method (the Taylor series of cos ΔtB and sin(ΔtB)B⁻¹ in MPFR-100). Every tolerance is in
// units of the type's ε with the rounding bounds derived in vibro/analysis/ndof_conditioning.hpp;
// the conditioning measurement of issue 14 item 2 (μ_m = 10¹², double against MPFR-50) is
// asserted at the end and printed by bench/ndof_conditioning.cpp.

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/analysis/ndof_conditioning.hpp"
#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/linalg/symmetric_eigen.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/model/two_mass_spring_frequencies.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace vibro::testing {
namespace {

/// The types of issue 14 item 2: double, long double and MPFR at mpfr_test_digits (50).
using DecompositionTypes = ::testing::Types<double, long double, mpfr_real>;

template <class Real>
using MatrixFunctions = ScalarTest<Real>;
TYPED_TEST_SUITE(MatrixFunctions, DecompositionTypes, ScalarNames);

/// S = XᵀX + I with X's entries integers in [−9, 9] from a fixed seed: symmetric positive
/// definite, and exact in every type, so each type decomposes the same matrix.
template <class Real>
Matrix<Real> random_spd(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  Matrix<Real> x(n, n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) x(i, j) = Real(static_cast<int>(engine() % 19) - 9);
  return transpose(x) * x + Matrix<Real>::identity(n);
}

/// Masses m_i² = 1 + (k mod 4) for the random systems: exact, and unequal so that M is not
/// a multiple of I.
template <class Real>
Vector<Real> random_masses(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  Vector<Real> m(n);
  for (Real& mi : m) mi = Real(1 + static_cast<int>(engine() % 4));
  return m;
}

/// The μ_m of seed 002's experiments (1 and 1000: experiment 2; 10¹²: experiment 1).
const char* const two_mass_ratios[] = {"1", "1000", "1e12"};

/// max|S Q − Q diag(λ)| in units of ε‖S‖_max and max|QᵀQ − I| in units of ε, against the
/// first-order bounds of the Jacobi rotations (jacobi_residual_bound, jacobi_orthogonality_bound)
/// plus the check's own rounding (N products summed: N + 1 units).
template <class Real>
void expect_decomposition_to_rounding(const Matrix<Real>& s, const SymmetricEigen<Real>& eigen,
                                      const std::string& what) {
  const std::size_t n = s.rows();
  const Real eps = epsilon<Real>();
  Matrix<Real> scaled_q = eigen.vectors;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) scaled_q(i, j) *= eigen.values[j];
  const Real residual = max_abs(Matrix<Real>(s * eigen.vectors - scaled_q)) / (eps * max_abs(s));
  const Real orthogonality =
      max_abs(Matrix<Real>(transpose(eigen.vectors) * eigen.vectors - Matrix<Real>::identity(n))) / eps;
  const double check = static_cast<double>(n) + 1;
  EXPECT_LE(residual, Real(jacobi_residual_bound(n, eigen.sweeps) + check))
      << what << ": |S Q − Q Λ| / (ε |S|) after " << eigen.sweeps << " sweeps";
  EXPECT_LE(orthogonality, Real(jacobi_orthogonality_bound(n, eigen.sweeps) + check))
      << what << ": |QᵀQ − I| / ε after " << eigen.sweeps << " sweeps";
  ::testing::Test::RecordProperty(what + " residual/eps", to_text_significant(residual, 3));
  ::testing::Test::RecordProperty(what + " orthogonality/eps", to_text_significant(orthogonality, 3));
}

TYPED_TEST(MatrixFunctions, JacobiResidualAndOrthogonalityOnRandomSpd) {
  using Real = TypeParam;
  for (const std::size_t n : {2, 5, 20})
    for (const std::uint64_t seed : {1, 2, 3}) {
      const Matrix<Real> s = random_spd<Real>(n, seed);
      expect_decomposition_to_rounding(s, symmetric_eigen(s),
                                       "N = " + std::to_string(n) + ", seed " + std::to_string(seed));
    }
}

TYPED_TEST(MatrixFunctions, JacobiResidualAndOrthogonalityOnTheTwoMassSystem) {
  using Real = TypeParam;
  for (const char* mu_m : two_mass_ratios) {
    const ModalBasis<Real> basis = two_mass_spring_basis(Real(5), num<Real>(mu_m));
    expect_decomposition_to_rounding(basis.scaled_stiffness(), basis.symmetric(), std::string("mu_m = ") + mu_m);
  }
}

/// Seed 002 §3's ω_1², ω_2² (two_mass_spring_frequencies, the cancellation-free form of the
/// printed roots), against ModalBasis: Jacobi's relative accuracy (jacobi_relative_eigenvalue_bound
/// with κ̃ of S's unit-diagonal form [[1, −r], [−r, 1]], r = 1/√(1 + μ_k): κ̃ = (1 + r)/(1 − r),
/// whatever μ_m) plus the closed form's own rounding (8 units: a square root, a sum of four
/// terms, a division).
TYPED_TEST(MatrixFunctions, TwoMassEigenvaluesMatchSeed002ClosedForm) {
  using Real = TypeParam;
  using std::abs;
  using std::sqrt;
  const Real mu_k(5), r = 1 / sqrt(1 + mu_k), scaled_condition = (1 + r) / (1 - r);
  for (const char* mu_m_text : two_mass_ratios) {
    const Real mu_m = num<Real>(mu_m_text);
    const ModalBasis<Real> basis = two_mass_spring_basis(mu_k, mu_m);
    const TwoMassSpringFrequencies<Real> expected = two_mass_spring_frequencies(mu_k, mu_m);
    Vector<Real> computed = basis.omega_squared();
    if (computed[0] > computed[1]) std::swap(computed[0], computed[1]);
    const double units =
        jacobi_relative_eigenvalue_bound(2, basis.symmetric().sweeps, static_cast<double>(scaled_condition)) + 8;
    EXPECT_NEAR_EPS(computed[0], expected.omega1_squared, units, expected.omega1_squared) << "mu_m = " << mu_m_text;
    EXPECT_NEAR_EPS(computed[1], expected.omega2_squared, units, expected.omega2_squared) << "mu_m = " << mu_m_text;
  }
}

/// The closed form itself: its two values are the roots of B²'s characteristic polynomial,
/// ω_1² ω_2² = det B² = μ_k/μ_m and ω_1² + ω_2² = tr B² = (1 + μ_k + μ_m)/μ_m (Vieta; trace and
/// determinant read off M⁻²A²), to a few roundings: the product cancels the common sum's
/// error, the sum carries ω_2²'s (a square root, four additions, a division: 12 units).
TYPED_TEST(MatrixFunctions, TwoMassClosedFormSatisfiesVieta) {
  using Real = TypeParam;
  const Real mu_k(5);
  for (const char* mu_m_text : two_mass_ratios) {
    const Real mu_m = num<Real>(mu_m_text);
    const TwoMassSpringFrequencies<Real> f = two_mass_spring_frequencies(mu_k, mu_m);
    const Real trace = (1 + mu_k + mu_m) / mu_m, determinant = mu_k / mu_m;
    EXPECT_NEAR_EPS(Real(f.omega1_squared * f.omega2_squared), determinant, 12, determinant) << mu_m_text;
    EXPECT_NEAR_EPS(Real(f.omega1_squared + f.omega2_squared), trace, 12, trace) << mu_m_text;
  }
}

/// The random systems of the matrix-function tests: N = 2, 5, 20, masses m_i² ∈ {1, 2, 3, 4}.
template <class Real>
struct System {
  std::string name;
  Vector<Real> mass_squared;
  Matrix<Real> stiffness;
};

template <class Real>
std::vector<System<Real>> test_systems() {
  std::vector<System<Real>> out;
  for (const std::size_t n : {2, 5, 20})
    out.push_back({"random N = " + std::to_string(n), random_masses<Real>(n, 20 + n), random_spd<Real>(n, 10 + n)});
  for (const char* mu_m : two_mass_ratios) {
    const auto system = two_mass_spring(Real(5), num<Real>(mu_m), std::optional<Real>{}, std::optional<Real>{}, Real(0));
    out.push_back({std::string("two masses, mu_m = ") + mu_m, system.mass_squared(), system.stiffness()});
  }
  return out;
}

/// C² + (sin ΔtB)² = I with (sin ΔtB)² = SB·Sb (both functions of B, so they commute; seed 002
/// Remark 2). Measured in the symmetric frame M E M⁻¹ (entry (i, j) of E times m_i/m_j), where
/// each function is Q g(Ω) Qᵀ with entries bounded by max|g|: a product of two computed
/// functions g, h is in error by at most 2·N·modal_function_bound units of max|g|·max|h|
/// (N terms, each with two factors in error), and the check's own products and sums add 2N.
TYPED_TEST(MatrixFunctions, CosineSquaredPlusSineSquaredIsIdentity) {
  using Real = TypeParam;
  using std::abs;
  using std::cos;
  using std::sin;
  using std::sqrt;
  const Real dt = num<Real>("0.01");
  for (const System<Real>& system : test_systems<Real>()) {
    const ModalBasis<Real> basis(system.mass_squared, system.stiffness);
    const std::size_t n = basis.dimension();
    const StepMatrices<Real> m = step_matrices(basis, dt);
    const Matrix<Real> e = m.cos_b * m.cos_b + m.sin_times_b * m.sin_over_b - Matrix<Real>::identity(n);
    Real cos_max(0), sin_over_max(0), sin_times_max(0);
    for (const Real& w : basis.omega()) {
      cos_max = std::max(cos_max, Real(abs(cos(dt * w))));
      sin_over_max = std::max(sin_over_max, Real(abs(sin(dt * w) / w)));
      sin_times_max = std::max(sin_times_max, Real(abs(sin(dt * w) * w)));
    }
    Real worst(0);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        worst = std::max(worst, Real(abs(e(i, j)) * sqrt(system.mass_squared[i] / system.mass_squared[j])));
    const double dn = static_cast<double>(n);
    const double kappa = static_cast<double>(scaled_condition_number(basis.scaled_stiffness()));
    const double units = 2 * dn * modal_function_bound(n, basis.symmetric().sweeps, kappa) + 2 * dn;
    const Real scale = cos_max * cos_max + sin_times_max * sin_over_max;
    EXPECT_LE(Real(worst / (epsilon<Real>() * scale)), Real(units)) << system.name;
    ::testing::Test::RecordProperty(system.name + " |C^2 + sin^2 - I| units", to_text_significant(Real(worst / (epsilon<Real>() * scale)), 3));
  }
}

/// B² = M⁻²A² (its entries a_ij/m_i², exact but for one division) from ModalBasis::function(ω ↦ ω²):
/// each entry within modal_function_bound units of ε Σ_k |Λ_ik ω_k² Λ⁻¹_kj| (modal_sum_magnitude),
/// plus the division's half unit of the entry.
TYPED_TEST(MatrixFunctions, FunctionOmegaSquaredReconstructsBSquared) {
  using Real = TypeParam;
  using std::abs;
  for (const System<Real>& system : test_systems<Real>()) {
    const ModalBasis<Real> basis(system.mass_squared, system.stiffness);
    const std::size_t n = basis.dimension();
    auto square = [](const Real& w) { return Real(w * w); };
    const Matrix<Real> b2 = basis.function(square), magnitude = modal_sum_magnitude(basis, square);
    const double units = modal_function_bound(n, basis.symmetric().sweeps,
                                              static_cast<double>(scaled_condition_number(basis.scaled_stiffness())));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        const Real expected = system.stiffness(i, j) / system.mass_squared[i];
        EXPECT_NEAR_EPS(b2(i, j), expected, 1, Real(units * magnitude(i, j) + abs(expected) / 2))
            << system.name << ", entry (" << i + 1 << ", " << j + 1 << ")";
      }
  }
}

/// The Taylor series cos ΔtB = Σ (−Δt²B²)^k/(2k)! and sin(ΔtB)B⁻¹ = Δt Σ (−Δt²B²)^k/(2k+1)!
/// with B² = M⁻²A² formed directly: an independent method (no eigen-decomposition), summed in
/// MPFR-100 until a term is below ε² of the sum's scale. Δt is a power of two small enough
/// that N‖Δt²B²‖_max ≤ 1/2, so the series converges fast and does not cancel: its value is
/// correct to a few ε of Σ|terms| (8 units: the powers' and the sum's roundings over ~40 terms
/// that shrink geometrically). Each entry of C and Sb from step_matrices within
/// modal_function_bound units of ε times its modal_sum_magnitude, plus those 8 units.
TEST(MatrixFunctionsMpfr100, CosAndSinOverBMatchTheirTaylorSeries) {
  using Real = mpfr_real;
  using std::abs;
  using std::cos;
  using std::sin;
  const MpfrPrecisionGuard guard(100);
  const Real eps = epsilon<Real>();
  for (const System<Real>& system : test_systems<Real>()) {
    const ModalBasis<Real> basis(system.mass_squared, system.stiffness);
    const std::size_t n = basis.dimension();
    Matrix<Real> b2(n, n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) b2(i, j) = system.stiffness(i, j) / system.mass_squared[i];
    Real dt = Real(1) / 64;
    while (Real(n) * dt * dt * max_abs(b2) > Real(1) / 2) dt /= 2;
    Matrix<Real> step(n, n);  // −Δt² B²
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) step(i, j) = -dt * dt * b2(i, j);
    Matrix<Real> power = Matrix<Real>::identity(n), cos_series(n, n), sin_series(n, n);
    Matrix<Real> cos_scale(n, n), sin_scale(n, n);  // Σ |terms|
    Real factorial(1);
    for (int k = 0;; ++k) {
      Real largest(0);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
          const Real c = power(i, j) / factorial, s = dt * power(i, j) / (factorial * (2 * k + 1));
          cos_series(i, j) += c;
          sin_series(i, j) += s;
          cos_scale(i, j) += abs(c);
          sin_scale(i, j) += abs(s);
          largest = std::max(largest, Real(abs(c)));
        }
      if (largest < eps * eps) break;
      power = power * step;
      factorial *= Real((2 * k + 1) * (2 * k + 2));
    }
    const StepMatrices<Real> m = step_matrices(basis, dt);
    const double units = modal_function_bound(n, basis.symmetric().sweeps,
                                              static_cast<double>(scaled_condition_number(basis.scaled_stiffness())));
    const Matrix<Real> cos_magnitude = modal_sum_magnitude(basis, [&](const Real& w) { return Real(cos(dt * w)); });
    const Matrix<Real> sin_magnitude = modal_sum_magnitude(basis, [&](const Real& w) { return Real(sin(dt * w) / w); });
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        EXPECT_NEAR_EPS(m.cos_b(i, j), cos_series(i, j), 1, Real(units * cos_magnitude(i, j) + 8 * cos_scale(i, j)))
            << system.name << ", C(" << i + 1 << ", " << j + 1 << ")";
        EXPECT_NEAR_EPS(m.sin_over_b(i, j), sin_series(i, j), 1,
                        Real(units * sin_magnitude(i, j) + 8 * sin_scale(i, j)))
            << system.name << ", Sb(" << i + 1 << ", " << j + 1 << ")";
      }
  }
}

/// Issue 14 item 2: the conditioning of the 2-DOF system for μ_m = 10¹² (seed 002 experiment
/// 1, μ_k = 5, Δt = 0.01), double against MPFR-50 (measure_two_mass_spring_conditioning). What
/// the measurement shows, each against the bound theory gives (ndof_conditioning.hpp):
///   - κ = ω_2²/ω_1² ≈ 2·10¹¹ (seed 002's closed form): a backward-stable eigensolver would lose
///     log10 κ ≈ 11.3 digits on ω_1²; Jacobi with the relative test is bounded by
///     jacobi_relative_eigenvalue_bound (κ̃ ≈ 2.4, independent of μ_m) — it is the second kind;
///   - every entry of C, Sb and SB is within modal_function_bound units of ε Σ_k|terms|: the
///     similarity by M (κ(M) = 10⁶) does not amplify the error, and the digits an entry loses
///     are those of its modal sum's cancellation (off-diagonal entries of C and Sb, ≈ log10(1/Δt²)).
TEST(MatrixFunctionsConditioning, TwoMassSystemWithMassRatio1e12) {
  const double eps = std::numeric_limits<double>::epsilon();
  const TwoMassSpringConditioning c = measure_two_mass_spring_conditioning(5, 1e12, 0.01);
  {
    const MpfrPrecisionGuard guard(50);
    const auto f = two_mass_spring_frequencies(mpfr_real(5), mpfr_real(1e12));
    // Both in MPFR-50 (Jacobi, closed form) to far below double's ε, each rounded once to double.
    EXPECT_NEAR(c.condition_number, static_cast<double>(f.omega2_squared / f.omega1_squared),
                2 * eps * c.condition_number);
  }
  EXPECT_GT(std::log10(c.condition_number), 11) << "the case is not the ill-conditioned one of seed 002";
  const double eigenvalue_bound = jacobi_relative_eigenvalue_bound(2, c.sweeps, c.scaled_condition_number);
  const double function_bound = modal_function_bound(2, c.sweeps, c.scaled_condition_number);
  for (const ConditioningFigure& f : c.figures) {
    std::cout << f.quantity << ": relative error " << f.normwise << " (" << digits_lost(f.normwise, eps)
              << " digits lost), entrywise " << f.entrywise << " (" << digits_lost(f.entrywise, eps) << " digits)\n";
    if (f.quantity.rfind("omega", 0) == 0) {
      EXPECT_LE(f.normwise, eigenvalue_bound * eps) << f.quantity;
    } else {
      EXPECT_LE(f.units, function_bound) << f.quantity;
      EXPECT_LE(f.normwise, function_bound * f.normwise_condition * eps) << f.quantity;
    }
  }
}

}  // namespace
}  // namespace vibro::testing
