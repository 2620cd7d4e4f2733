#pragma once
// Solves with a small symmetric positive definite matrix (a kinetic-energy matrix M(q),
// seed 004) by its LDLᵀ factorisation: no square root, so the factorisation and the solve
// use only +, −, ×, ÷ and run exactly in the rational type, and the positivity test is a
// sign test on the pivots d_j (M is positive definite exactly when every d_j > 0, Sylvester).
// The factor overwrites the matrix the caller owns, and the solve writes into a vector the
// caller owns, so a step that factors M(q) once and solves with it allocates nothing.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/scalar/format.hpp"

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

namespace vibro {

/// Overwrites the symmetric `a` (its lower triangle is read) with L (unit lower, below the
/// diagonal) and D (on the diagonal), A = LDLᵀ. Returns the first pivot index (0-based)
/// that is not > 0, or none when A is positive definite in this arithmetic.
template <class Real>
std::optional<std::size_t> ldlt_in_place(Matrix<Real>& a) {
  const std::size_t n = a.rows();
  for (std::size_t j = 0; j < n; ++j) {
    Real d = a(j, j);
    for (std::size_t k = 0; k < j; ++k) d -= a(j, k) * a(j, k) * a(k, k);
    if (!(d > 0)) return j;
    a(j, j) = d;
    for (std::size_t i = j + 1; i < n; ++i) {
      Real x = a(i, j);
      for (std::size_t k = 0; k < j; ++k) x -= a(i, k) * a(j, k) * a(k, k);
      a(i, j) = x / d;
    }
  }
  return std::nullopt;
}

/// The same, throwing std::invalid_argument naming `what` and the pivot when A is not
/// positive definite (or too close to singular for this precision to tell).
template <class Real>
void require_ldlt_in_place(Matrix<Real>& a, const std::string& what) {
  const Matrix<Real> original = a;
  if (const auto bad = ldlt_in_place(a)) {
    Real d = original(*bad, *bad);
    for (std::size_t k = 0; k < *bad; ++k) d -= a(*bad, k) * a(*bad, k) * a(k, k);
    throw std::invalid_argument(what + " is not positive definite (LDLᵀ pivot " + std::to_string(*bad + 1) +
                                " is " + to_text(d) + ")");
  }
}

/// x = A⁻¹ b from the factor written by ldlt_in_place; x may not alias b.
template <class Real>
void ldlt_solve_into(const Matrix<Real>& factor, const Vector<Real>& b, Vector<Real>& x) {
  const std::size_t n = factor.rows();
  x.resize(n);
  for (std::size_t i = 0; i < n; ++i) {  // L y = b
    Real y = b[i];
    for (std::size_t k = 0; k < i; ++k) y -= factor(i, k) * x[k];
    x[i] = y;
  }
  for (std::size_t i = 0; i < n; ++i) x[i] /= factor(i, i);  // D z = y
  for (std::size_t i = n; i-- > 0;) {                         // Lᵀ x = z
    Real z = x[i];
    for (std::size_t k = i + 1; k < n; ++k) z -= factor(k, i) * x[k];
    x[i] = z;
  }
}

}  // namespace vibro
