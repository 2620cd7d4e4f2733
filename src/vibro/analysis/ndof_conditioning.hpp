#pragma once
// How many digits the double computation of seed 002's 2-DOF matrix functions loses
// (issue 14 item 2, docs/mathematics.md §6 "Conditioning of the 2-DOF system"): ω_1², ω_2²,
// C = cos ΔtB, Sb = sin(ΔtB)B⁻¹ and SB = sin(ΔtB)B computed in double through ModalBasis and
// step_matrices, against the same computation in MPFR (50 digits by default) from the same
// inputs — the double values of μ_k, μ_m and Δt, converted exactly — so that the difference
// is the double computation's rounding and nothing else.
//
// Next to the measured errors it gives what theory predicts (Demmel and Veselić, SIAM J.
// Matrix Anal. Appl. 13 (1992)):
//   - a backward-stable eigensolver (error ε‖S‖ in the eigenvalues) would lose log10 κ digits
//     on ω_1², κ = ω_2²/ω_1² the condition number of S = M⁻¹A²M⁻¹ (and, up to the similarity,
//     of B²);
//   - Jacobi with the relative stopping test loses at most log10(c N κ̃) digits on every
//     eigenvalue, κ̃ the condition number of the scaled D⁻¹SD⁻¹ (D = diag √s_ii), which for
//     this system does not depend on μ_m;
//   - C, Sb and SB = M⁻¹(Q g(Ω) Qᵀ)M: the similarity's condition number κ(M) = √μ_m could
//     amplify the decomposition's error by as much; instead each entry, a sum over the modes,
//     is in error by at most modal_function_bound units of ε Σ_k |Λ_ik g_k Λ⁻¹_kj|, so an
//     entry loses the digits of its modal sum's cancellation and no more.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace vibro {

/// Rounding bound of the cyclic Jacobi decomposition, in units of ε (times ‖S‖ for the
/// residual S Q − Q diag(λ)), max-abs norm, to first order. One plane rotation in floating
/// point is an exact rotation plus at most 8 units on the entries it rewrites (t, c and s
/// to ≈ 4.5 units relative, each rewritten entry c·x − s·y to 3 units: Wilkinson's analysis
/// of plane rotations). A sweep rewrites each column of Q through the N − 1 rotations of its
/// index, and each entry of the rotated S through those of its two indices; so after
/// `sweeps` sweeps an entry of Q carries at most 8·sweeps·N units and one of the rotated S
/// at most 16·sweeps·N units of ‖S‖. The residual S Q − Q diag(λ) combines both (24) plus
/// the off-diagonal entries the relative test dropped (each ≤ ε‖S‖, N of them in a row: 1);
/// QᵀQ − I combines the errors of two columns (16). This is the normalisation LAPACK's
/// eigenproblem tests use (residual / (N ε ‖S‖), TESTING/EIG/dsyt21.f), with c = 24·sweeps + 1
/// and 16·sweeps.
inline double jacobi_residual_bound(std::size_t n, int sweeps) {
  return (24.0 * sweeps + 1) * static_cast<double>(n);
}
inline double jacobi_orthogonality_bound(std::size_t n, int sweeps) {
  return 16.0 * sweeps * static_cast<double>(n);
}

/// Relative error bound of Jacobi's eigenvalues of a positive definite S, in units of ε.
/// Demmel and Veselić's perturbation theorem for S = DAD (D = diag √s_ii, A with unit
/// diagonal): a perturbation D δA D moves every eigenvalue by at most ‖δA‖₂/λ_min(A)
/// relatively, and λ_min(A) ≥ 1/κ̃ because λ_max(A) ≥ 1 (trace N). Jacobi with their relative
/// test keeps its backward error of that form: each entry of D⁻¹ δS D⁻¹ to η units, with
/// η = 4 for the input S rounded entrywise (M = √(M²) and S = A²/(m_i m_j), as ModalBasis
/// forms it) plus the rotations' 16·sweeps·N (jacobi_residual_bound's count for the rotated
/// S), so ‖δA‖₂ ≤ N η ε and the bound is N η κ̃.
inline double jacobi_relative_eigenvalue_bound(std::size_t n, int sweeps, double scaled_condition_number) {
  const double dn = static_cast<double>(n);
  return dn * (4.0 + 16.0 * sweeps * dn) * scaled_condition_number;
}

/// log10(error / ε): the decimal digits an error of `relative_error` costs a type whose
/// epsilon is `epsilon`; 0 below one ε.
inline double digits_lost(double relative_error, double epsilon) {
  return relative_error <= epsilon ? 0.0 : std::log10(relative_error / epsilon);
}

/// λ_max/λ_min of a symmetric positive definite matrix, from its eigen-decomposition.
template <class Real>
Real spectral_condition_number(const Matrix<Real>& s) {
  const Vector<Real> values = symmetric_eigen(s).values;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  return *hi / *lo;
}

/// κ̃ = κ(D⁻¹SD⁻¹) with D = diag √s_ii: the condition number that bounds Jacobi's relative
/// eigenvalue error (Demmel–Veselić 1992).
template <class Real>
Real scaled_condition_number(const Matrix<Real>& s) {
  using std::sqrt;
  const std::size_t n = s.rows();
  Matrix<Real> scaled(n, n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) scaled(i, j) = s(i, j) / sqrt(s(i, i) * s(j, j));
  return spectral_condition_number(scaled);
}

/// Σ_k |Λ_ik g(ω_k) Λ⁻¹_kj| for each entry of g(B) = Λ diag(g(ω_k)) Λ⁻¹: the scale of the
/// rounding error of the entry as ModalBasis::function sums it (Higham, Accuracy and
/// Stability of Numerical Algorithms, §4.2: a sum of terms each computed to relative error
/// u is in error by at most u times the sum of their magnitudes). Divided by |g(B)_ij| it is
/// the entry's condition number as a modal sum.
template <class Real, class G>
Matrix<Real> modal_sum_magnitude(const ModalBasis<Real>& basis, const G& g) {
  using std::abs;
  const std::size_t n = basis.dimension();
  Matrix<Real> out(n, n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = 0; k < n; ++k)
        out(i, j) += abs(basis.modes()(i, k) * g(basis.omega()[k]) * basis.inverse_modes()(k, j));
  return out;
}

/// Error bound, in units of ε times the entry's modal_sum_magnitude, of each entry of a
/// function g(B) computed by ModalBasis::function, to first order: two entries of Q,
/// each to 8·sweeps·N units (jacobi_orthogonality_bound's count for one column), the scaling
/// by M and M⁻¹ (1.5 units each, √ included), the two products (2), the sum of N terms
/// (N − 1), g evaluated (3), and the eigenvalue's relative error (half of it on ω_k) times
/// |ω g'(ω)/g(ω)| ≤ 2 for cos(Δtω), sin(Δtω)/ω and sin(Δtω)ω when Δtω ≤ π/2.
inline double modal_function_bound(std::size_t n, int sweeps, double scaled_condition_number) {
  const double dn = static_cast<double>(n);
  return 16.0 * sweeps * dn + 3 + 2 + (dn - 1) + 3 + jacobi_relative_eigenvalue_bound(n, sweeps, scaled_condition_number);
}

/// One measured quantity: its relative error in the max-abs norm, max|x̂ − x| / max|x|, and
/// entry by entry, max |x̂_ij − x_ij| / |x_ij| (the same for a scalar). For a matrix also
/// the conditions of the modal sums — normwise max_ij Σ_k|terms| / max|x|, entrywise the
/// largest Σ_k|terms| / |x_ij| — and the worst entry's error in units of ε_double Σ_k|terms|,
/// which modal_function_bound bounds.
struct ConditioningFigure {
  std::string quantity;
  double normwise = 0;
  double entrywise = 0;
  double normwise_condition = 1;
  double entrywise_condition = 1;
  double units = 0;
};

struct TwoMassSpringConditioning {
  double mu_k = 0, mu_m = 0, dt = 0;
  double condition_number = 0;         ///< κ = ω_2²/ω_1²
  double scaled_condition_number = 0;  ///< κ̃ = κ(D⁻¹SD⁻¹)
  double mass_condition_number = 0;    ///< κ(M) = √μ_m for μ_m ≥ 1
  int sweeps = 0;                      ///< Jacobi sweeps of the double decomposition
  double dt_omega_max = 0;             ///< Δt ω_2: modal_function_bound assumes ≤ π/2
  long reference_digits = 0;
  std::vector<ConditioningFigure> figures;  ///< ω_1², ω_2², C, Sb, SB, in that order
};

/// The modal basis of seed 002 §3's free 2-DOF system two_mass_spring(μ_k, μ_m).
template <class Real>
ModalBasis<Real> two_mass_spring_basis(const Real& mu_k, const Real& mu_m) {
  const LinearImpactSystem<Real> system = two_mass_spring(mu_k, mu_m, std::optional<Real>{}, std::optional<Real>{}, Real(0));
  return ModalBasis<Real>(system.mass_squared(), system.stiffness());
}

namespace detail {

inline ConditioningFigure matrix_figure(std::string quantity, const Matrix<double>& computed,
                                        const Matrix<mpfr_real>& reference, const Matrix<mpfr_real>& magnitude) {
  using std::abs;
  const mpfr_real eps = std::numeric_limits<double>::epsilon(), infinity = std::numeric_limits<double>::infinity();
  mpfr_real largest(0), largest_magnitude(0), worst_absolute(0), worst_relative(0), worst_condition(0),
      worst_units(0);
  for (std::size_t i = 0; i < reference.rows(); ++i)
    for (std::size_t j = 0; j < reference.cols(); ++j) {
      const mpfr_real error = abs(mpfr_real(computed(i, j)) - reference(i, j)), size = abs(reference(i, j));
      largest = std::max(largest, size);
      largest_magnitude = std::max(largest_magnitude, magnitude(i, j));
      worst_absolute = std::max(worst_absolute, error);
      worst_relative = std::max(worst_relative, size != 0 ? mpfr_real(error / size) : error != 0 ? infinity : mpfr_real(0));
      worst_condition = std::max(worst_condition, size != 0 ? mpfr_real(magnitude(i, j) / size) : infinity);
      if (error != 0) worst_units = std::max(worst_units, mpfr_real(error / (eps * magnitude(i, j))));
    }
  return {std::move(quantity),
          static_cast<double>(worst_absolute / largest),
          static_cast<double>(worst_relative),
          static_cast<double>(largest_magnitude / largest),
          static_cast<double>(worst_condition),
          static_cast<double>(worst_units)};
}

}  // namespace detail

/// The measurement described at the top of this file for two_mass_spring(μ_k, μ_m) at step Δt.
inline TwoMassSpringConditioning measure_two_mass_spring_conditioning(double mu_k, double mu_m, double dt,
                                                                      long reference_digits = 50) {
  using std::abs;
  using std::sqrt;
  TwoMassSpringConditioning result;
  result.mu_k = mu_k;
  result.mu_m = mu_m;
  result.dt = dt;
  result.reference_digits = reference_digits;
  result.mass_condition_number = std::max(sqrt(mu_m), 1 / sqrt(mu_m));

  const ModalBasis<double> basis = two_mass_spring_basis(mu_k, mu_m);
  const StepMatrices<double> step = step_matrices(basis, dt);
  result.sweeps = basis.symmetric().sweeps;
  Vector<double> omega_squared = basis.omega_squared();
  std::sort(omega_squared.begin(), omega_squared.end());
  // Below DBL_MIN/ε a double no longer holds ε relative precision (gradual underflow): a
  // relative error there measures the range, not the computation. So every eigenvalue,
  // every modal term Λ_ik g(ω_k) Λ⁻¹_kj and its first product (the order ModalBasis::function
  // multiplies in), and every entry must be 0 or at least that.
  const double smallest = std::numeric_limits<double>::min() / std::numeric_limits<double>::epsilon();
  auto normal = [&](double x) { return std::isfinite(x) && (x == 0 || std::abs(x) >= smallest); };
  // a·b in range: 0 only when a factor is (an underflow to 0 is out of range).
  auto product = [&](double a, double b) {
    const double p = a * b;
    return std::isfinite(p) && (a == 0 || b == 0 || std::abs(p) >= smallest);
  };
  bool in_range = normal(omega_squared.front()) && normal(omega_squared.back()) && omega_squared.front() > 0;
  const auto& w = basis.omega();
  for (const auto& g : {std::function<double(double)>([&](double x) { return std::cos(dt * x); }),
                        std::function<double(double)>([&](double x) { return std::sin(dt * x) / x; }),
                        std::function<double(double)>([&](double x) { return std::sin(dt * x) * x; })})
    for (std::size_t i = 0; i < 2; ++i)
      for (std::size_t j = 0; j < 2; ++j)
        for (std::size_t k = 0; k < 2; ++k)
          in_range = in_range && normal(g(w[k])) && product(basis.modes()(i, k), g(w[k])) &&
                     product(basis.modes()(i, k) * g(w[k]), basis.inverse_modes()(k, j));
  for (const Matrix<double>* m : {&step.cos_b, &step.sin_over_b, &step.sin_times_b})
    for (std::size_t i = 0; i < 2; ++i)
      for (std::size_t j = 0; j < 2; ++j) in_range = in_range && normal((*m)(i, j));
  if (!in_range)
    throw std::invalid_argument("mu_k = " + to_text(mu_k) + ", mu_m = " + to_text(mu_m) + ", dt = " + to_text(dt) +
                                ": an eigenvalue, a modal term or a matrix entry leaves double's normal range");

  const MpfrPrecisionGuard guard(reference_digits);
  const ModalBasis<mpfr_real> exact = two_mass_spring_basis(mpfr_real(mu_k), mpfr_real(mu_m));
  const StepMatrices<mpfr_real> exact_step = step_matrices(exact, mpfr_real(dt));
  Vector<mpfr_real> exact_omega_squared = exact.omega_squared();
  std::sort(exact_omega_squared.begin(), exact_omega_squared.end());

  result.condition_number = static_cast<double>(exact_omega_squared.back() / exact_omega_squared.front());
  result.dt_omega_max = static_cast<double>(mpfr_real(dt) * sqrt(exact_omega_squared.back()));
  result.scaled_condition_number = static_cast<double>(scaled_condition_number(exact.scaled_stiffness()));
  const char* names[] = {"omega1^2", "omega2^2"};
  for (std::size_t i = 0; i < 2; ++i) {
    const double error =
        static_cast<double>(abs(mpfr_real(omega_squared[i]) - exact_omega_squared[i]) / exact_omega_squared[i]);
    result.figures.push_back({names[i], error, error});
  }
  using std::cos;
  using std::sin;
  const mpfr_real h(dt);
  result.figures.push_back(detail::matrix_figure(
      "C", step.cos_b, exact_step.cos_b,
      modal_sum_magnitude(exact, [&](const mpfr_real& w) { return mpfr_real(cos(h * w)); })));
  result.figures.push_back(detail::matrix_figure(
      "Sb", step.sin_over_b, exact_step.sin_over_b,
      modal_sum_magnitude(exact, [&](const mpfr_real& w) { return mpfr_real(sin(h * w) / w); })));
  result.figures.push_back(detail::matrix_figure(
      "SB", step.sin_times_b, exact_step.sin_times_b,
      modal_sum_magnitude(exact, [&](const mpfr_real& w) { return mpfr_real(sin(h * w) * w); })));
  return result;
}

}  // namespace vibro
