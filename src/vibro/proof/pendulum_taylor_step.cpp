#include "vibro/proof/pendulum_taylor_step.hpp"

#include "vibro/proof/jet.hpp"
#include "vibro/proof/variational_bound.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace vibro::proof {

namespace {

using PendulumJet = Jet<4>;

/// Σ_{i=from}^{k} a_i b_{k−i}.
template <class T>
T cauchy(const std::vector<T>& a, const std::vector<T>& b, std::size_t k, std::size_t from = 0) {
  T sum{};
  for (std::size_t i = from; i <= k; ++i) sum = sum + a[i] * b[k - i];
  return sum;
}

/// The k-th coefficients (k ≥ 1) of sin x and cos x from those of x and the lower ones of sin
/// and cos: s' = c x' and c' = −s x' order by order.
template <class T>
void sin_cos_coefficient(const std::vector<T>& x, std::vector<T>& s, std::vector<T>& c, std::size_t k) {
  T ds{}, dc{};
  for (std::size_t j = 1; j <= k; ++j) {
    const T jx = Ball(static_cast<slong>(j)) * x[j];
    ds = ds + jx * c[k - j];
    dc = dc + jx * s[k - j];
  }
  const Ball kk(static_cast<slong>(k));
  s[k] = ds / kk;
  c[k] = -dc / kk;
}

/// The recurrence of the header in T (Ball, or PendulumJet for the Jacobians).
template <class T>
std::array<std::vector<T>, 4> coefficients(const DoublePendulumBalls& p, const std::array<T, 4>& y, std::size_t count) {
  const std::size_t n = std::max<std::size_t>(count, 2);
  std::vector<T> x1(n), x2(n), w1(n), w2(n);
  std::vector<T> d(n), s1(n), c1(n), s2(n), c2(n), sd(n), cd(n), w1_squared(n), w2_squared(n), a1(n), a2(n);
  x1[0] = y[0], x2[0] = y[1], w1[0] = y[2], w2[0] = y[3];
  const Ball A = (p.m1 + p.m2) * p.l1 * p.l1, B = p.m2 * p.l1 * p.l2, D = p.m2 * p.l2 * p.l2;
  const Ball G1 = (p.m1 + p.m2) * p.gravity * p.l1, G2 = p.m2 * p.gravity * p.l2;
  T c0, det;
  for (std::size_t k = 0; k + 1 < n; ++k) {
    d[k] = x1[k] - x2[k];
    if (k == 0) {
      std::tie(s1[0], c1[0]) = sin_cos(x1[0]);
      std::tie(s2[0], c2[0]) = sin_cos(x2[0]);
      std::tie(sd[0], cd[0]) = sin_cos(d[0]);
      c0 = cd[0];
      det = A * D - (B * B) * (c0 * c0);
      if (!value(det).certainly_positive()) throw std::invalid_argument("det M(θ) is not proved positive");
    } else {
      sin_cos_coefficient(x1, s1, c1, k);
      sin_cos_coefficient(x2, s2, c2, k);
      sin_cos_coefficient(d, sd, cd, k);
    }
    w1_squared[k] = cauchy(w1, w1, k);
    w2_squared[k] = cauchy(w2, w2, k);
    // The k-th coefficients of both equations, the terms in ω'_k (cos δ_0 · ω'_k) kept apart.
    const T r1 = G1 * s1[k] - B * cauchy(sd, w2_squared, k) - B * cauchy(cd, a2, k, 1);
    const T r2 = G2 * s2[k] + B * cauchy(sd, w1_squared, k) - B * cauchy(cd, a1, k, 1);
    a1[k] = (D * r1 - B * (c0 * r2)) / det;
    a2[k] = (A * r2 - B * (c0 * r1)) / det;
    const Ball next(static_cast<slong>(k + 1));
    x1[k + 1] = w1[k] / next, x2[k + 1] = w2[k] / next;
    w1[k + 1] = a1[k] / next, w2[k + 1] = a2[k] / next;
  }
  for (std::vector<T>* v : {&x1, &x2, &w1, &w2}) v->resize(count);
  return {std::move(x1), std::move(x2), std::move(w1), std::move(w2)};
}

/// The order of the Jacobian's series: it multiplies the set's spread, which is small, so a
/// few terms (and their remainder) keep it far narrower than it needs to be.
constexpr std::size_t jacobian_order = 10;

/// Y0 + [0, h]·F(Y) for the boxes Y0, Y.
PendulumState picard(const DoublePendulumBalls& p, const PendulumState& y0, const PendulumState& y, const Ball& span) {
  const std::array<std::vector<Ball>, 4> first = coefficients(p, y, 2);
  PendulumState image;
  for (std::size_t i = 0; i < 4; ++i) image[i] = y0[i] + span * first[i][1];
  return image;
}

}  // namespace

std::array<std::vector<Ball>, 4> pendulum_coefficients(const DoublePendulumBalls& p, const PendulumState& y,
                                                       std::size_t count) {
  return coefficients(p, y, count);
}

std::vector<std::vector<Ball>> pendulum_coefficient_jacobians(const DoublePendulumBalls& p, const PendulumState& y,
                                                              std::size_t count) {
  std::array<PendulumJet, 4> seeded;
  for (std::size_t i = 0; i < 4; ++i) seeded[i] = PendulumJet::variable(y[i], i);
  const std::array<std::vector<PendulumJet>, 4> jets = coefficients(p, seeded, count);
  std::vector<std::vector<Ball>> out(count, std::vector<Ball>(16));
  for (std::size_t k = 0; k < count; ++k)
    for (std::size_t i = 0; i < 4; ++i)
      for (std::size_t j = 0; j < 4; ++j) out[k][i * 4 + j] = jets[i][k].d[j];
  return out;
}

std::optional<PendulumTaylorStep> PendulumTaylorStep::from(const DoublePendulumBalls& p, const PendulumState& y0,
                                                           const Ball& h, std::size_t order) {
  return from(p, LohnerSet::around(std::vector<Ball>(y0.begin(), y0.end())), h, order);
}

std::optional<PendulumTaylorStep> PendulumTaylorStep::from(const DoublePendulumBalls& p, const LohnerSet& start,
                                                           const Ball& h, std::size_t order) {
  return from(p, start, h, order, std::nullopt);
}

std::optional<PendulumTaylorStep> PendulumTaylorStep::from(const DoublePendulumBalls& p, const LohnerSet& start,
                                                           const Ball& h, std::size_t order,
                                                           const std::optional<Ball>& max_remainder) {
  // The a-priori box: the Picard operator's image of the start's box, widened until it maps
  // the box into its interior.
  const Ball span = Ball::hull(Ball(0), h);
  const std::vector<Ball> start_box = start.box();
  PendulumState y0;
  std::copy(start_box.begin(), start_box.end(), y0.begin());
  PendulumState box = picard(p, y0, y0, span);
  bool proved = false;
  for (int attempt = 0; attempt < 12 && !proved; ++attempt) {
    for (Ball& b : box) b = b.widened_to(2 * b.radius() + 1e-30);
    const PendulumState image = picard(p, y0, box, span);
    proved = true;
    for (std::size_t i = 0; i < 4; ++i) proved = proved && box[i].contains_in_interior(image[i]);
    for (std::size_t i = 0; i < 4; ++i) box[i] = proved ? image[i] : Ball::hull(box[i], image[i]);
  }
  if (!proved) return std::nullopt;
  PendulumTaylorStep step;
  step.h_ = h;
  const std::array<std::vector<Ball>, 4> rest = pendulum_coefficients(p, box, order + 2);
  for (std::size_t i = 0; i < 4; ++i) step.rest_[i] = rest[i][order + 1];
  step.order_ = order;
  if (max_remainder && !certainly_less(step.remainder_size(), *max_remainder)) return std::nullopt;
  // The variational bound over the box, and the Jacobians over the box of the start (series)
  // and over the a-priori box (remainder).
  const std::vector<std::vector<Ball>> over_box = pendulum_coefficient_jacobians(p, box, jacobian_order + 2);
  const std::vector<Ball> w = variational_bound(over_box[1], 4, h);
  step.start_ = start;
  step.box_ = box;
  PendulumState centre;
  std::copy(start.centre().begin(), start.centre().end(), centre.begin());
  step.coefficients_ = pendulum_coefficients(p, centre, order + 1);
  step.jacobians_ = pendulum_coefficient_jacobians(p, y0, jacobian_order + 1);
  step.jacobian_rest_.assign(16, Ball(0));
  const std::vector<Ball>& dc = over_box[jacobian_order + 1];
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 4; ++j)
      for (std::size_t k = 0; k < 4; ++k)
        step.jacobian_rest_[i * 4 + j] = step.jacobian_rest_[i * 4 + j] + dc[i * 4 + k] * w[k * 4 + j];
  return step;
}

PendulumState PendulumTaylorStep::centre_at(const Ball& tau) const {
  // Horner, the remainder's term first: Σ c_k τ^k + rest τ^{K+1}.
  PendulumState y;
  for (std::size_t i = 0; i < 4; ++i) {
    Ball x = rest_[i];
    for (std::size_t k = coefficients_[i].size(); k-- > 0;) x = x * tau + coefficients_[i][k];
    y[i] = x;
  }
  return y;
}

std::vector<Ball> PendulumTaylorStep::jacobian_at(const Ball& tau) const {
  std::vector<Ball> j = jacobian_rest_;
  for (std::size_t k = jacobians_.size(); k-- > 0;)
    for (std::size_t e = 0; e < 16; ++e) j[e] = j[e] * tau + jacobians_[k][e];
  return j;
}

PendulumState PendulumTaylorStep::operator()(const Ball& tau) const {
  PendulumState y = centre_at(tau);
  const std::vector<Ball> spread = start_->times_spread(jacobian_at(tau));
  for (std::size_t i = 0; i < 4; ++i) y[i] = y[i] + spread[i];
  return y;
}

LohnerSet PendulumTaylorStep::set_at(const Ball& tau) const {
  const PendulumState centre = centre_at(tau);
  return start_->next(std::vector<Ball>(centre.begin(), centre.end()), jacobian_at(tau));
}

Ball PendulumTaylorStep::remainder_size() const {
  Ball power(1), sum(0);
  for (std::size_t k = 0; k <= order_; ++k) power = power * h_;  // h^{K+1}
  for (const Ball& r : rest_) sum = sum + abs(r) * power;
  return sum;
}

}  // namespace vibro::proof
