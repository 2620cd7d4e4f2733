#pragma once
// The eigen-decomposition S = Q diag(λ) Qᵀ of a real symmetric matrix by the cyclic Jacobi
// method, generic in the scalar type. Jacobi rather than tridiagonal QR because it is short,
// needs only +, −, ×, ÷ and √, and — with the relative stopping test of Demmel and Veselić
// (SIAM J. Matrix Anal. Appl. 13, 1992), |s_pq| ≤ ε √(|s_pp s_qq|) — computes the small
// eigenvalues of a well-scaled positive definite matrix to high relative accuracy. That
// matters for seed 002's 2-DOF system with μ_m = 10¹², whose eigenvalues differ by eleven
// orders of magnitude (linalg/matrix_functions.hpp, docs/mathematics.md §6). The cost, O(N³)
// per sweep and a handful of sweeps, is paid once per run.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/scalar/traits.hpp"

#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace vibro {

template <class Real>
struct SymmetricEigen {
  Vector<Real> values;   ///< λ_i, in the order of the columns of `vectors`
  Matrix<Real> vectors;  ///< Q: orthonormal columns, S Q = Q diag(λ)
  int sweeps = 0;        ///< Jacobi sweeps taken
};

/// The eigen-decomposition of the symmetric matrix `s` (only its upper triangle is read).
/// Throws std::invalid_argument when `s` is not square, std::runtime_error when the sweeps
/// do not converge (a non-finite entry).
template <class Real>
SymmetricEigen<Real> symmetric_eigen(Matrix<Real> s) {
  using std::abs;
  using std::sqrt;
  static_assert(!is_exact_v<Real>, "the Jacobi rotations need square roots");
  const std::size_t n = s.rows();
  if (s.cols() != n) throw std::invalid_argument("symmetric_eigen: the matrix is not square");
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < i; ++j) s(i, j) = s(j, i);
  Matrix<Real> q = Matrix<Real>::identity(n);
  const Real eps = epsilon<Real>();
  constexpr int max_sweeps = 60;  // quadratic convergence: a dozen sweeps for N = 100 in MPFR-500
  int sweep = 0;
  for (; sweep < max_sweeps; ++sweep) {
    bool rotated = false;
    for (std::size_t p = 0; p + 1 < n; ++p) {
      for (std::size_t r = p + 1; r < n; ++r) {
        const Real apq = s(p, r);
        if (apq == 0) continue;
        if (abs(apq) <= eps * sqrt(abs(s(p, p) * s(r, r)))) {
          s(p, r) = s(r, p) = Real(0);  // negligible relative to its diagonal (Demmel–Veselić)
          continue;
        }
        rotated = true;
        // Rotation that annihilates s_pr: θ = (s_rr − s_pp)/(2 s_pr), t = tan of the angle,
        // the smaller root of t² + 2θt − 1 = 0 (written so that a large |θ| cannot overflow).
        const Real theta = (s(r, r) - s(p, p)) / (2 * apq);
        const Real abs_theta = abs(theta);
        Real t = abs_theta > 1 ? Real(1 / (abs_theta * (1 + sqrt(1 + 1 / (theta * theta)))))
                               : Real(1 / (abs_theta + sqrt(theta * theta + 1)));
        if (theta < 0) t = -t;
        const Real c = 1 / sqrt(t * t + 1), sn = t * c;
        s(p, p) -= t * apq;
        s(r, r) += t * apq;
        s(p, r) = s(r, p) = Real(0);
        for (std::size_t k = 0; k < n; ++k) {
          if (k != p && k != r) {
            const Real skp = s(k, p), skr = s(k, r);
            s(k, p) = s(p, k) = c * skp - sn * skr;
            s(k, r) = s(r, k) = sn * skp + c * skr;
          }
          const Real qkp = q(k, p), qkr = q(k, r);
          q(k, p) = c * qkp - sn * qkr;
          q(k, r) = sn * qkp + c * qkr;
        }
      }
    }
    if (!rotated) break;
  }
  if (sweep == max_sweeps)
    throw std::runtime_error("symmetric_eigen: no convergence after " + std::to_string(max_sweeps) +
                             " Jacobi sweeps (a non-finite entry?)");
  SymmetricEigen<Real> result{Vector<Real>(n), std::move(q), sweep + 1};
  for (std::size_t i = 0; i < n; ++i) result.values[i] = s(i, i);
  return result;
}

}  // namespace vibro
