#pragma once
// A 2×2 matrix for the derivative of the 1-DOF flow with respect to the state (u, v):
// fundamental matrices of free flights and saltation matrices at impacts (docs/mathematics.md §1.2),
// which compose by the product.

namespace vibro {

/// [[a11, a12], [a21, a22]], acting on column vectors (u, v).
template <class Real>
struct Matrix2 {
  Real a11, a12, a21, a22;

  Real det() const { return a11 * a22 - a12 * a21; }

  friend Matrix2 operator*(const Matrix2& x, const Matrix2& y) {
    return {x.a11 * y.a11 + x.a12 * y.a21, x.a11 * y.a12 + x.a12 * y.a22,
            x.a21 * y.a11 + x.a22 * y.a21, x.a21 * y.a12 + x.a22 * y.a22};
  }
};

}  // namespace vibro
