#pragma once
// X = A⁻¹ B for a square A by Gaussian elimination with partial pivoting, generic in the
// scalar type. The N-DOF schemes need one such solve, once per run: the NSMMM scheme's
// (C + E)⁻¹ of seed 002 eq. (29), where C + E is neither symmetric nor a function of B
// (docs/mathematics.md §6), so the modal basis cannot invert it.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/scalar/traits.hpp"

#include <cmath>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

/// A⁻¹ B. Throws std::invalid_argument when A is not square, the sizes disagree, or A is
/// singular to rounding: a pivot of magnitude ≤ N ε · scale (elimination with partial
/// pivoting is backward stable, so a smaller pivot is indistinguishable from zero; for the
/// exact type ε = 0 and only an exact zero is refused). `scale` is the size of the
/// rounding already in A's entries: max|a_ij| by default, more when A was formed from larger
/// quantities that cancelled (a 1×1 A is never singular relative to itself).
template <class Real>
Matrix<Real> solve(Matrix<Real> a, Matrix<Real> b, std::optional<Real> scale = std::nullopt) {
  using std::abs;
  const std::size_t n = a.rows();
  if (a.cols() != n) throw std::invalid_argument("solve: the matrix is not square");
  if (b.rows() != n) throw std::invalid_argument("solve: the right-hand side has the wrong number of rows");
  const Real negligible = Real(n) * epsilon<Real>() * (scale ? *scale : max_abs(a));
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t pivot = k;
    for (std::size_t i = k + 1; i < n; ++i)
      if (abs(a(i, k)) > abs(a(pivot, k))) pivot = i;
    if (!(abs(a(pivot, k)) > negligible))
      throw std::invalid_argument("solve: the matrix is singular to rounding (pivot " + std::to_string(k + 1) + ")");
    if (pivot != k) {
      for (std::size_t j = 0; j < n; ++j) std::swap(a(k, j), a(pivot, j));
      for (std::size_t j = 0; j < b.cols(); ++j) std::swap(b(k, j), b(pivot, j));
    }
    for (std::size_t i = k + 1; i < n; ++i) {
      const Real factor = a(i, k) / a(k, k);
      for (std::size_t j = k; j < n; ++j) a(i, j) -= factor * a(k, j);
      for (std::size_t j = 0; j < b.cols(); ++j) b(i, j) -= factor * b(k, j);
    }
  }
  for (std::size_t k = n; k-- > 0;)
    for (std::size_t j = 0; j < b.cols(); ++j) {
      Real x = b(k, j);
      for (std::size_t i = k + 1; i < n; ++i) x -= a(k, i) * b(i, j);
      b(k, j) = x / a(k, k);
    }
  return b;
}

}  // namespace vibro
