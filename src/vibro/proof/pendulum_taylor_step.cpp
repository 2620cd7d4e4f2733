#include "vibro/proof/pendulum_taylor_step.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>

namespace vibro::proof {

namespace {

/// Σ_{i=from}^{k} a_i b_{k−i}.
Ball cauchy(const std::vector<Ball>& a, const std::vector<Ball>& b, std::size_t k, std::size_t from = 0) {
  Ball sum(0);
  for (std::size_t i = from; i <= k; ++i) sum = sum + a[i] * b[k - i];
  return sum;
}

/// The k-th coefficients (k ≥ 1) of sin x and cos x from those of x and the lower ones of sin
/// and cos: s' = c x' and c' = −s x' order by order.
void sin_cos_coefficient(const std::vector<Ball>& x, std::vector<Ball>& s, std::vector<Ball>& c, std::size_t k) {
  Ball ds(0), dc(0);
  for (std::size_t j = 1; j <= k; ++j) {
    const Ball jx = Ball(static_cast<slong>(j)) * x[j];
    ds = ds + jx * c[k - j];
    dc = dc + jx * s[k - j];
  }
  const Ball kk(static_cast<slong>(k));
  s[k] = ds / kk;
  c[k] = -dc / kk;
}

}  // namespace

std::array<std::vector<Ball>, 4> pendulum_coefficients(const DoublePendulumBalls& p, const PendulumState& y,
                                                       std::size_t count) {
  const std::size_t n = std::max<std::size_t>(count, 2);
  std::vector<Ball> x1(n, Ball(0)), x2(n, Ball(0)), w1(n, Ball(0)), w2(n, Ball(0));
  std::vector<Ball> d(n, Ball(0)), s1(n, Ball(0)), c1(n, Ball(0)), s2(n, Ball(0)), c2(n, Ball(0)), sd(n, Ball(0)),
      cd(n, Ball(0)), w1_squared(n, Ball(0)), w2_squared(n, Ball(0)), a1(n, Ball(0)), a2(n, Ball(0));
  x1[0] = y[0], x2[0] = y[1], w1[0] = y[2], w2[0] = y[3];
  const Ball A = (p.m1 + p.m2) * p.l1 * p.l1, B = p.m2 * p.l1 * p.l2, D = p.m2 * p.l2 * p.l2;
  const Ball G1 = (p.m1 + p.m2) * p.gravity * p.l1, G2 = p.m2 * p.gravity * p.l2;
  Ball c0, det;
  for (std::size_t k = 0; k + 1 < n; ++k) {
    d[k] = x1[k] - x2[k];
    if (k == 0) {
      std::tie(s1[0], c1[0]) = sin_cos(x1[0]);
      std::tie(s2[0], c2[0]) = sin_cos(x2[0]);
      std::tie(sd[0], cd[0]) = sin_cos(d[0]);
      c0 = cd[0];
      det = A * D - B * B * c0 * c0;
      if (!det.certainly_positive()) throw std::invalid_argument("det M(θ) is not proved positive");
    } else {
      sin_cos_coefficient(x1, s1, c1, k);
      sin_cos_coefficient(x2, s2, c2, k);
      sin_cos_coefficient(d, sd, cd, k);
    }
    w1_squared[k] = cauchy(w1, w1, k);
    w2_squared[k] = cauchy(w2, w2, k);
    // The k-th coefficients of both equations, the terms in ω'_k (cos δ_0 · ω'_k) kept apart.
    const Ball r1 = G1 * s1[k] - B * cauchy(sd, w2_squared, k) - B * cauchy(cd, a2, k, 1);
    const Ball r2 = G2 * s2[k] + B * cauchy(sd, w1_squared, k) - B * cauchy(cd, a1, k, 1);
    a1[k] = (D * r1 - B * c0 * r2) / det;
    a2[k] = (A * r2 - B * c0 * r1) / det;
    const Ball next(static_cast<slong>(k + 1));
    x1[k + 1] = w1[k] / next, x2[k + 1] = w2[k] / next;
    w1[k + 1] = a1[k] / next, w2[k + 1] = a2[k] / next;
  }
  for (std::vector<Ball>* v : {&x1, &x2, &w1, &w2}) v->resize(count);
  return {std::move(x1), std::move(x2), std::move(w1), std::move(w2)};
}

std::optional<PendulumTaylorStep> PendulumTaylorStep::from(const DoublePendulumBalls& p, const PendulumState& y0,
                                                           const Ball& h, std::size_t order) {
  // The a-priori box: the Picard operator's image of a guess, widened until it maps the box
  // into its interior. F(Y) is the first Taylor coefficient over Y.
  const Ball span = Ball::hull(Ball(0), h);
  const auto picard = [&](const PendulumState& y) {
    const std::array<std::vector<Ball>, 4> first = pendulum_coefficients(p, y, 2);
    PendulumState image;
    for (std::size_t i = 0; i < 4; ++i) image[i] = y0[i] + span * first[i][1];
    return image;
  };
  PendulumState box = picard(y0);
  bool proved = false;
  for (int attempt = 0; attempt < 12 && !proved; ++attempt) {
    for (Ball& b : box) b = b.widened_to(2 * b.radius() + 1e-30);
    const PendulumState image = picard(box);
    proved = true;
    for (std::size_t i = 0; i < 4; ++i) proved = proved && box[i].contains_in_interior(image[i]);
    for (std::size_t i = 0; i < 4; ++i) box[i] = proved ? image[i] : Ball::hull(box[i], image[i]);
  }
  if (!proved) return std::nullopt;
  PendulumTaylorStep step;
  step.h_ = h;
  step.box_ = box;
  step.coefficients_ = pendulum_coefficients(p, y0, order + 1);
  const std::array<std::vector<Ball>, 4> over_box = pendulum_coefficients(p, box, order + 2);
  for (std::size_t i = 0; i < 4; ++i) step.rest_[i] = over_box[i][order + 1];
  return step;
}

PendulumState PendulumTaylorStep::operator()(const Ball& tau) const {
  // Horner, the remainder's term first: Σ c_k τ^k + rest τ^{K+1}.
  PendulumState y;
  for (std::size_t i = 0; i < 4; ++i) {
    Ball x = rest_[i];
    for (std::size_t k = coefficients_[i].size(); k-- > 0;) x = x * tau + coefficients_[i][k];
    y[i] = x;
  }
  return y;
}

Ball PendulumTaylorStep::remainder_size() const {
  Ball power(1), sum(0);
  for (std::size_t k = 0; k < coefficients_[0].size(); ++k) power = power * h_;
  for (const Ball& r : rest_) sum = sum + abs(r) * power;
  return sum;
}

}  // namespace vibro::proof
