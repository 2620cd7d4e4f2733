#include "vibro/proof/taylor_step.hpp"

#include <algorithm>

namespace vibro::proof {

std::vector<Ball> duffing_coefficients(const DuffingOscillator& d, const Ball& t, const Ball& u, const Ball& v,
                                       std::size_t count) {
  std::vector<Ball> c(std::max<std::size_t>(count, 2), Ball(0)), square(c.size(), Ball(0)), cube(c.size(), Ball(0));
  c[0] = u, c[1] = v;
  const auto [s, co] = sin_cos(d.omega * t);
  Ball forcing = d.a;  // a ω^k / k!
  for (std::size_t k = 0; k + 2 < c.size(); ++k) {
    for (std::size_t i = 0; i <= k; ++i) square[k] = square[k] + c[i] * c[k - i];
    for (std::size_t i = 0; i <= k; ++i) cube[k] = cube[k] + square[i] * c[k - i];
    // cos(ωt + kπ/2): cos, −sin, −cos, sin.
    const Ball phase = k % 4 == 0 ? co : k % 4 == 1 ? -s : k % 4 == 2 ? -co : s;
    const Ball kk(static_cast<slong>(k));
    c[k + 2] = (forcing * phase - Ball(2) * d.alpha * (kk + Ball(1)) * c[k + 1] - c[k] - d.beta * cube[k]) /
               ((kk + Ball(1)) * (kk + Ball(2)));
    forcing = forcing * d.omega / (kk + Ball(1));
  }
  c.resize(count);
  return c;
}

std::optional<TaylorStep> TaylorStep::from(const DuffingOscillator& d, const Ball& t0, const Ball& u0, const Ball& v0,
                                           const Ball& h, std::size_t order) {
  // The a-priori box: the Picard operator's image of a guess, widened until it maps the box
  // into its interior.
  const Ball span = Ball::hull(Ball(0), h), times = t0 + span;
  const auto picard = [&](const Ball& u, const Ball& v) {
    const Ball acceleration = d.a * sin_cos(d.omega * times).second - Ball(2) * d.alpha * v - u - d.beta * u * u * u;
    return std::pair{u0 + span * v, v0 + span * acceleration};
  };
  auto [u_box, v_box] = picard(u0, v0);
  bool proved = false;
  for (int attempt = 0; attempt < 12 && !proved; ++attempt) {
    // Widen the guess by its own width (and a little more), then test it.
    u_box = u_box.widened_to(2 * u_box.radius() + 1e-30);
    v_box = v_box.widened_to(2 * v_box.radius() + 1e-30);
    const auto [u_image, v_image] = picard(u_box, v_box);
    if (u_box.contains_in_interior(u_image) && v_box.contains_in_interior(v_image)) {
      u_box = u_image, v_box = v_image;
      proved = true;
    } else {
      u_box = Ball::hull(u_box, u_image), v_box = Ball::hull(v_box, v_image);
    }
  }
  if (!proved) return std::nullopt;
  TaylorStep step;
  step.d_ = &d;
  step.h_ = h;
  step.u_box_ = u_box, step.v_box_ = v_box;
  step.u_ = duffing_coefficients(d, t0, u0, v0, order + 2);
  for (std::size_t k = 0; k + 1 < step.u_.size(); ++k) step.v_.push_back(Ball(static_cast<slong>(k + 1)) * step.u_[k + 1]);
  step.u_.resize(order + 1);
  step.v_.resize(order + 1);
  const std::vector<Ball> over_box = duffing_coefficients(d, times, u_box, v_box, order + 3);
  step.u_rest_ = over_box[order + 1];
  step.v_rest_ = Ball(static_cast<slong>(order + 2)) * over_box[order + 2];
  return step;
}

std::pair<Ball, Ball> TaylorStep::operator()(const Ball& tau) const {
  // Horner, the remainder's term first: Σ c_k τ^k + rest τ^{K+1}.
  const auto sum = [&](const std::vector<Ball>& c, const Ball& rest) {
    Ball x = rest;
    for (std::size_t k = c.size(); k-- > 0;) x = x * tau + c[k];
    return x;
  };
  return {sum(u_, u_rest_) - d_->u_min, sum(v_, v_rest_)};
}

}  // namespace vibro::proof
