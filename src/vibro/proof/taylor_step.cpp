#include "vibro/proof/taylor_step.hpp"

#include "vibro/proof/jet.hpp"
#include "vibro/proof/variational_bound.hpp"

#include <algorithm>

namespace vibro::proof {

namespace {

using DuffingJet = Jet<3>;  ///< derivatives with respect to (t, u, u') at the step's start

/// The order of the Jacobian's series: it multiplies the set's small spread (as the pendulum's).
constexpr std::size_t jacobian_order = 10;

/// The recurrence of the header in T (Ball, or DuffingJet for the Jacobians).
template <class T>
std::vector<T> coefficients(const DuffingOscillator& d, const T& t, const T& u, const T& v, std::size_t count) {
  std::vector<T> c(std::max<std::size_t>(count, 2)), square(c.size()), cube(c.size());
  c[0] = u, c[1] = v;
  const auto [s, co] = sin_cos(d.omega * t);
  Ball forcing = d.a;  // a ω^k / k!
  for (std::size_t k = 0; k + 2 < c.size(); ++k) {
    for (std::size_t i = 0; i <= k; ++i) square[k] = square[k] + c[i] * c[k - i];
    for (std::size_t i = 0; i <= k; ++i) cube[k] = cube[k] + square[i] * c[k - i];
    // cos(ωt + kπ/2): cos, −sin, −cos, sin.
    const T phase = k % 4 == 0 ? co : k % 4 == 1 ? -s : k % 4 == 2 ? -co : s;
    const Ball kk(static_cast<slong>(k));
    c[k + 2] = (forcing * phase - (Ball(2) * d.alpha * (kk + Ball(1))) * c[k + 1] - c[k] - d.beta * cube[k]) /
               ((kk + Ball(1)) * (kk + Ball(2)));
    forcing = forcing * d.omega / (kk + Ball(1));
  }
  c.resize(count);
  return c;
}

/// ∂u_k/∂(t, u, u') over the box (t, u, v), k < count.
std::vector<std::array<Ball, 3>> coefficient_jacobians(const DuffingOscillator& d, const Ball& t, const Ball& u,
                                                       const Ball& v, std::size_t count) {
  const std::vector<DuffingJet> jets = coefficients(d, DuffingJet::variable(t, 0), DuffingJet::variable(u, 1),
                                                    DuffingJet::variable(v, 2), count);
  std::vector<std::array<Ball, 3>> out;
  for (const DuffingJet& j : jets) out.push_back(j.d);
  return out;
}

/// The row `row` (1×3) times the 3×3 matrix w.
std::array<Ball, 3> times(const std::array<Ball, 3>& row, const std::vector<Ball>& w) {
  std::array<Ball, 3> out{Ball(0), Ball(0), Ball(0)};
  for (std::size_t j = 0; j < 3; ++j)
    for (std::size_t k = 0; k < 3; ++k) out[j] = out[j] + row[k] * w[k * 3 + j];
  return out;
}

}  // namespace

std::vector<Ball> duffing_coefficients(const DuffingOscillator& d, const Ball& t, const Ball& u, const Ball& v,
                                       std::size_t count) {
  return coefficients(d, t, u, v, count);
}

std::optional<TaylorStep> TaylorStep::from(const DuffingOscillator& d, const Ball& t0, const Ball& u0, const Ball& v0,
                                           const Ball& h, std::size_t order) {
  return from(d, LohnerSet::around({t0, u0, v0}), h, order);
}

std::optional<TaylorStep> TaylorStep::from(const DuffingOscillator& d, const LohnerSet& start, const Ball& h,
                                           std::size_t order) {
  const std::vector<Ball> start_box = start.box();
  const Ball &t0 = start_box[0], &u0 = start_box[1], &v0 = start_box[2];
  // The a-priori box: the Picard operator's image of a guess, widened until it maps the box
  // into its interior.
  const Ball span = Ball::hull(Ball(0), h), times_of_step = t0 + span;
  const auto picard = [&](const Ball& u, const Ball& v) {
    const Ball acceleration =
        d.a * sin_cos(d.omega * times_of_step).second - Ball(2) * d.alpha * v - u - d.beta * u * u * u;
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
  step.start_ = start;
  step.u_box_ = u_box, step.v_box_ = v_box;
  const std::vector<Ball>& c = start.centre();
  step.u_ = coefficients(d, c[0], c[1], c[2], order + 2);
  for (std::size_t k = 0; k + 1 < step.u_.size(); ++k) step.v_.push_back(Ball(static_cast<slong>(k + 1)) * step.u_[k + 1]);
  step.u_.resize(order + 1);
  step.v_.resize(order + 1);
  const std::vector<Ball> over_box = coefficients(d, times_of_step, u_box, v_box, order + 3);
  step.u_rest_ = over_box[order + 1];
  step.v_rest_ = Ball(static_cast<slong>(order + 2)) * over_box[order + 2];
  // The Jacobian: the jets over the start's box, and their remainder over the a-priori box
  // through the variational bound (DF of (t, u, u')' = (1, u', f) over that box).
  const std::vector<std::array<Ball, 3>> at_start = coefficient_jacobians(d, t0, u0, v0, jacobian_order + 2);
  for (std::size_t k = 0; k <= jacobian_order; ++k) {
    step.du_.push_back(at_start[k]);
    std::array<Ball, 3> dv = at_start[k + 1];
    for (Ball& x : dv) x = Ball(static_cast<slong>(k + 1)) * x;
    step.dv_.push_back(dv);
  }
  const std::vector<std::array<Ball, 3>> over = coefficient_jacobians(d, times_of_step, u_box, v_box, jacobian_order + 3);
  const std::vector<Ball> df{Ball(0), Ball(0), Ball(0),
                             Ball(0), Ball(0), Ball(1),
                             -(d.a * d.omega * sin_cos(d.omega * times_of_step).first),
                             -(Ball(1) + Ball(3) * d.beta * u_box * u_box), -(Ball(2) * d.alpha)};
  const std::vector<Ball> w = variational_bound(df, 3, h);
  step.du_rest_ = times(over[jacobian_order + 1], w);
  std::array<Ball, 3> dv_rest = over[jacobian_order + 2];
  for (Ball& x : dv_rest) x = Ball(static_cast<slong>(jacobian_order + 2)) * x;
  step.dv_rest_ = times(dv_rest, w);
  return step;
}

std::vector<Ball> TaylorStep::centre_at(const Ball& tau) const {
  // Horner, the remainder's term first: Σ c_k τ^k + rest τ^{K+1}.
  const auto sum = [&](const std::vector<Ball>& c, const Ball& rest) {
    Ball x = rest;
    for (std::size_t k = c.size(); k-- > 0;) x = x * tau + c[k];
    return x;
  };
  return {start_->centre()[0] + tau, sum(u_, u_rest_), sum(v_, v_rest_)};
}

std::vector<Ball> TaylorStep::jacobian_at(const Ball& tau) const {
  std::vector<Ball> j{Ball(1), Ball(0), Ball(0)};  // t(τ) = t0 + τ
  for (const auto* rows : {&du_, &dv_}) {
    std::array<Ball, 3> row = rows == &du_ ? du_rest_ : dv_rest_;
    for (std::size_t k = rows->size(); k-- > 0;)
      for (std::size_t e = 0; e < 3; ++e) row[e] = row[e] * tau + (*rows)[k][e];
    j.insert(j.end(), row.begin(), row.end());
  }
  return j;
}

std::pair<Ball, Ball> TaylorStep::operator()(const Ball& tau) const {
  const std::vector<Ball> centre = centre_at(tau), spread = start_->times_spread(jacobian_at(tau));
  return {centre[1] + spread[1] - d_->u_min, centre[2] + spread[2]};
}

LohnerSet TaylorStep::set_at(const Ball& tau) const { return start_->next(centre_at(tau), jacobian_at(tau)); }

}  // namespace vibro::proof
