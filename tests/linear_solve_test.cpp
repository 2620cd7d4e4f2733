// solve(A, B) = A⁻¹B (vibro/linalg/linear_solve.hpp). Expected values: the inverse of the 3×3
// Hilbert matrix, which has the closed form [[9, −36, 30], [−36, 192, −180], [30, −180, 180]]
// (integer entries, Hilbert 1894), a 2×2 inverse by its adjugate, and a matrix singular by
// construction.

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/linalg/linear_solve.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace vibro::testing {
namespace {

template <class Real>
using LinearSolve = ScalarTest<Real>;
TYPED_TEST_SUITE(LinearSolve, AllTypes, ScalarNames);

/// In the exact type the inverse is exact; in the floating types the backward-stable
/// elimination is off by at most a few ε·κ, κ∞(H3) = 748: bound 4·3·748 ε of the largest entry.
TYPED_TEST(LinearSolve, InvertsTheHilbertMatrixToItsClosedForm) {
  using Real = TypeParam;
  Matrix<Real> hilbert(3, 3);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j) hilbert(i, j) = Real(1) / Real(static_cast<int>(i + j + 1));
  const Matrix<Real> inverse = solve(hilbert, Matrix<Real>::identity(3));
  const int expected[3][3] = {{9, -36, 30}, {-36, 192, -180}, {30, -180, 180}};
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j)
      EXPECT_NEAR_EPS(inverse(i, j), Real(expected[i][j]), 4 * 3 * 748, Real(192)) << i << ", " << j;
}

/// A zero leading entry forces a row exchange: [[0, 1], [1, 1]]⁻¹ = [[−1, 1], [1, 0]] (by the
/// adjugate), exact in every type (only ±1 and 0 are formed).
TYPED_TEST(LinearSolve, ExchangesRowsAroundAZeroPivot) {
  using Real = TypeParam;
  const Matrix<Real> a = Matrix<Real>::from_rows({{Real(0), Real(1)}, {Real(1), Real(1)}});
  const Matrix<Real> inverse = solve(a, Matrix<Real>::identity(2));
  EXPECT_EQ(inverse(0, 0), Real(-1));
  EXPECT_EQ(inverse(0, 1), Real(1));
  EXPECT_EQ(inverse(1, 0), Real(1));
  EXPECT_EQ(inverse(1, 1), Real(0));
}

TYPED_TEST(LinearSolve, RefusesASingularMatrix) {
  using Real = TypeParam;
  // Row 3 = row 1 + row 2.
  const Matrix<Real> singular =
      Matrix<Real>::from_rows({{Real(1), Real(2), Real(3)}, {Real(4), Real(5), Real(6)}, {Real(5), Real(7), Real(9)}});
  EXPECT_THROW((void)solve(singular, Matrix<Real>::identity(3)), std::invalid_argument);
  EXPECT_THROW((void)solve(Matrix<Real>(2, 3), Matrix<Real>::identity(2)), std::invalid_argument);
}

}  // namespace
}  // namespace vibro::testing
