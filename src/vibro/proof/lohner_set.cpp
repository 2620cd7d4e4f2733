#include "vibro/proof/lohner_set.hpp"

#include "vibro/proof/real_matrix.hpp"

#include <optional>
#include <utility>

namespace vibro::proof {

namespace {

/// The product of two n×n row-major ball matrices.
std::vector<Ball> product(const std::vector<Ball>& a, const std::vector<Ball>& b, std::size_t n) {
  std::vector<Ball> p(n * n, Ball(0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t j = 0; j < n; ++j) p[i * n + j] = p[i * n + j] + a[i * n + k] * b[k * n + j];
  return p;
}

/// M v for an n×n row-major ball matrix.
std::vector<Ball> apply(const std::vector<Ball>& m, const std::vector<Ball>& v) {
  const std::size_t n = v.size();
  std::vector<Ball> out(n, Ball(0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) out[i] = out[i] + m[i * n + j] * v[j];
  return out;
}

/// The midpoints of the columns of `a`, orthonormalised by Gram–Schmidt and rounded to exact
/// points: a matrix only as orthonormal as the rounding, which the ball inverse then accounts
/// for. None when a column is (numerically) dependent on the ones before.
std::optional<std::vector<Ball>> orthonormal_columns(const std::vector<Ball>& a, std::size_t n) {
  std::vector<Ball> q(n * n);
  for (std::size_t j = 0; j < n; ++j) {
    std::vector<Ball> column(n);
    for (std::size_t i = 0; i < n; ++i) column[i] = a[i * n + j].midpoint();
    for (std::size_t k = 0; k < j; ++k) {
      Ball dot(0);
      for (std::size_t i = 0; i < n; ++i) dot = dot + column[i] * q[i * n + k];
      for (std::size_t i = 0; i < n; ++i) column[i] = column[i] - dot * q[i * n + k];
    }
    Ball norm(0);
    for (const Ball& x : column) norm = norm + x * x;
    norm = sqrt(norm);
    if (!norm.certainly_positive()) return std::nullopt;
    for (std::size_t i = 0; i < n; ++i) q[i * n + j] = (column[i] / norm).midpoint();
  }
  return q;
}

/// Arb's ball inverse of an n×n exact matrix, or none when it is not proved invertible.
std::optional<std::vector<Ball>> inverse(const std::vector<Ball>& a, std::size_t n) {
  RealMatrix m(static_cast<slong>(n), static_cast<slong>(n)), inv(static_cast<slong>(n), static_cast<slong>(n));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) arb_set(m.at(i, j), a[i * n + j].get());
  if (arb_mat_inv(inv.m, m.m, BallPrecision::bits()) == 0) return std::nullopt;
  std::vector<Ball> out(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) arb_set(out[i * n + j].get(), inv.at(i, j));
  return out;
}

std::vector<Ball> identity(std::size_t n) {
  std::vector<Ball> m(n * n, Ball(0));
  for (std::size_t i = 0; i < n; ++i) m[i * n + i] = Ball(1);
  return m;
}

}  // namespace

LohnerSet LohnerSet::around(const std::vector<Ball>& box) {
  LohnerSet s;
  for (const Ball& x : box) {
    s.c_.push_back(x.midpoint());
    s.r_.push_back(x - s.c_.back());
  }
  s.b_ = identity(box.size());
  return s;
}

std::vector<Ball> LohnerSet::box() const {
  std::vector<Ball> out = apply(b_, r_);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = c_[i] + out[i];
  return out;
}

std::vector<Ball> LohnerSet::times_spread(const std::vector<Ball>& m) const {
  return apply(product(m, b_, dimension()), r_);
}

LohnerSet LohnerSet::next(const std::vector<Ball>& image_of_centre, const std::vector<Ball>& jacobian) const {
  const std::size_t n = dimension();
  const std::vector<Ball> carried = product(jacobian, b_, n);
  LohnerSet s;
  for (const Ball& x : image_of_centre) s.c_.push_back(x.midpoint());
  std::optional<std::vector<Ball>> back;
  std::optional<std::vector<Ball>> q = orthonormal_columns(carried, n);
  if (q) back = inverse(*q, n);
  // No usable Q (a map that flattens the set): the plain box form, B' = I.
  if (!back) q = identity(n), back = identity(n);
  s.b_ = std::move(*q);
  std::vector<Ball> offset(n);
  for (std::size_t i = 0; i < n; ++i) offset[i] = image_of_centre[i] - s.c_[i];
  s.r_ = apply(*back, offset);
  const std::vector<Ball> moved = apply(product(*back, carried, n), r_);
  for (std::size_t i = 0; i < n; ++i) s.r_[i] = s.r_[i] + moved[i];
  return s;
}

}  // namespace vibro::proof
