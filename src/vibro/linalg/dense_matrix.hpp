#pragma once
// Small dense vectors and square matrices, generic in the scalar type (double, long double,
// float128, MPFR, the exact rationals): what the N-degree-of-freedom models and schemes of
// seed 002 need, and nothing more. The project's own code rather than Eigen: the library
// needs no Eigen (only bench/ndof_bench.cpp compares against it), Eigen's MPFR support goes
// through expression templates the project switches off (mpfr_real is et_off), and the
// dimensions here are small (2 to 100). bench/ndof_bench.cpp measures the price: for N = 2
// the plain row-major loop is as fast as Eigen's fixed-size product; for N = 10 and 100
// Eigen's vectorised products take 0.7× and 0.4× its time.
//
// The products that run inside a step loop write into a vector the caller owns
// (multiply_into), so a step allocates nothing.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// A column vector: the coordinates q or velocities v of an N-DOF state.
template <class Real>
using Vector = std::vector<Real>;

/// A square or rectangular matrix, row-major.
template <class Real>
class Matrix {
 public:
  Matrix() = default;
  Matrix(std::size_t rows, std::size_t cols) : rows_(rows), cols_(cols), a_(rows * cols, Real(0)) {}

  /// From rows, all of the same length.
  static Matrix from_rows(const std::vector<std::vector<Real>>& rows) {
    const std::size_t n = rows.size(), m = n ? rows[0].size() : 0;
    Matrix x(n, m);
    for (std::size_t i = 0; i < n; ++i) {
      if (rows[i].size() != m) throw std::invalid_argument("matrix rows of different lengths");
      for (std::size_t j = 0; j < m; ++j) x(i, j) = rows[i][j];
    }
    return x;
  }

  static Matrix identity(std::size_t n) {
    Matrix x(n, n);
    for (std::size_t i = 0; i < n; ++i) x(i, i) = Real(1);
    return x;
  }

  static Matrix diagonal(const Vector<Real>& d) {
    Matrix x(d.size(), d.size());
    for (std::size_t i = 0; i < d.size(); ++i) x(i, i) = d[i];
    return x;
  }

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  Real& operator()(std::size_t i, std::size_t j) { return a_[i * cols_ + j]; }
  const Real& operator()(std::size_t i, std::size_t j) const { return a_[i * cols_ + j]; }
  /// Row i as a contiguous range of cols() entries.
  const Real* row(std::size_t i) const { return a_.data() + i * cols_; }
  /// Becomes rows × cols, every entry overwritten by the caller afterwards; no allocation
  /// when the matrix has held at least rows × cols entries before (workspaces in a step).
  void reshape(std::size_t rows, std::size_t cols) {
    rows_ = rows;
    cols_ = cols;
    a_.resize(rows * cols);
  }

 private:
  std::size_t rows_ = 0, cols_ = 0;
  std::vector<Real> a_;
};

/// out = A x, into a vector of the right size (no allocation when it already has it).
/// Always inlined: g++ 12 at -O3 keeps it out of line, and for N = 2 the three calls of an
/// NSPS step then cost as much as the step itself (bench/ndof_bench.cpp: 1.7× a hand-written
/// loop, 1.2× inlined).
template <class Real>
[[gnu::always_inline]] inline void multiply_into(const Matrix<Real>& a, const Vector<Real>& x, Vector<Real>& out) {
  out.resize(a.rows());
  for (std::size_t i = 0; i < a.rows(); ++i) {
    const Real* r = a.row(i);
    Real sum = r[0] * x[0];
    for (std::size_t j = 1; j < a.cols(); ++j) sum += r[j] * x[j];
    out[i] = std::move(sum);
  }
}

/// out += A x.
template <class Real>
void add_product_into(const Matrix<Real>& a, const Vector<Real>& x, Vector<Real>& out) {
  for (std::size_t i = 0; i < a.rows(); ++i) {
    const Real* r = a.row(i);
    for (std::size_t j = 0; j < a.cols(); ++j) out[i] += r[j] * x[j];
  }
}

template <class Real>
Vector<Real> operator*(const Matrix<Real>& a, const Vector<Real>& x) {
  Vector<Real> out(a.rows());
  multiply_into(a, x, out);
  return out;
}

template <class Real>
Matrix<Real> operator*(const Matrix<Real>& a, const Matrix<Real>& b) {
  if (a.cols() != b.rows()) throw std::invalid_argument("matrix product of incompatible sizes");
  Matrix<Real> c(a.rows(), b.cols());
  for (std::size_t i = 0; i < a.rows(); ++i)
    for (std::size_t k = 0; k < a.cols(); ++k) {
      const Real& aik = a(i, k);
      for (std::size_t j = 0; j < b.cols(); ++j) c(i, j) += aik * b(k, j);
    }
  return c;
}

template <class Real>
Matrix<Real> operator+(Matrix<Real> a, const Matrix<Real>& b) {
  for (std::size_t i = 0; i < a.rows(); ++i)
    for (std::size_t j = 0; j < a.cols(); ++j) a(i, j) += b(i, j);
  return a;
}

template <class Real>
Matrix<Real> operator-(Matrix<Real> a, const Matrix<Real>& b) {
  for (std::size_t i = 0; i < a.rows(); ++i)
    for (std::size_t j = 0; j < a.cols(); ++j) a(i, j) -= b(i, j);
  return a;
}

template <class Real>
Matrix<Real> transpose(const Matrix<Real>& a) {
  Matrix<Real> t(a.cols(), a.rows());
  for (std::size_t i = 0; i < a.rows(); ++i)
    for (std::size_t j = 0; j < a.cols(); ++j) t(j, i) = a(i, j);
  return t;
}

/// max_ij |a_ij|.
template <class Real>
Real max_abs(const Matrix<Real>& a) {
  using std::abs;
  Real m(0);
  for (std::size_t i = 0; i < a.rows(); ++i)
    for (std::size_t j = 0; j < a.cols(); ++j)
      if (abs(a(i, j)) > m) m = abs(a(i, j));
  return m;
}

/// max_i |x_i|: the norm every N-DOF error and escape bound uses.
template <class Real>
Real max_abs(const Vector<Real>& x) {
  using std::abs;
  Real m(0);
  for (const Real& xi : x)
    if (abs(xi) > m) m = abs(xi);
  return m;
}

/// max_i |x_i − y_i|.
template <class Real>
Real max_abs_difference(const Vector<Real>& x, const Vector<Real>& y) {
  using std::abs;
  Real m(0);
  for (std::size_t i = 0; i < x.size(); ++i)
    if (abs(x[i] - y[i]) > m) m = abs(x[i] - y[i]);
  return m;
}

/// xᵀ A y.
template <class Real>
Real bilinear(const Vector<Real>& x, const Matrix<Real>& a, const Vector<Real>& y) {
  Real sum(0);
  for (std::size_t i = 0; i < a.rows(); ++i) {
    Real row_sum(0);
    for (std::size_t j = 0; j < a.cols(); ++j) row_sum += a(i, j) * y[j];
    sum += x[i] * row_sum;
  }
  return sum;
}

}  // namespace vibro
