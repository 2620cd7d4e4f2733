#pragma once
// A validated Taylor step of the Duffing oscillator u'' + 2αu' + u + βu³ = a cos ωt in balls
// (docs/proofs.md "Validated Taylor steps"), for flights that have no closed form:
// 1. Taylor coefficients by automatic differentiation: u_0 = u, u_1 = u', and
//      u_{k+2} = (f_k − 2α(k+1)u_{k+1} − u_k − β (u³)_k) / ((k+1)(k+2)),
//    (u³)_k by Cauchy products, f_k = a ω^k cos(ωt + kπ/2)/k! the forcing's; every operation in
//    balls, so the coefficients hold those of every start the balls hold.
// 2. An a-priori enclosure of the step (Picard–Lindelöf): a box Y of states with
//    y0 + [0, h]·F([t0, t0 + h], Y) inside Y's interior, F(t, u, v) = (v, a cos ωt − 2αv − u − βu³),
//    holds the solution on [t0, t0 + h] (the Picard operator maps the functions valued in Y into
//    themselves, and its fixed point is the solution).
// 3. The remainder by Lagrange's form: u(t0 + τ) = Σ_{k≤K} u_k τ^k + u_{K+1}(ξ) τ^{K+1} for some ξ
//    in [t0, t0 + τ], and u_{K+1}(ξ) is the coefficient recurrence at the state at ξ, which lies in
//    ([t0, t0 + h], Y): the recurrence evaluated on that box bounds it; u' likewise with
//    v_k = (k+1)u_{k+1}, its remainder (K+2)u_{K+2} over the box.
// 4. The wrapping controlled as the double pendulum's (pendulum_taylor_step.hpp, 4.): the step
//    starts from a set of states (t, u, u') in Lohner's form c + B r (lohner_set.hpp; t is a
//    component, the forcing depending on it), and its state at τ is the series from the exact
//    centre plus J(τ) B r, J(τ) the Jacobian of the flow over the set's box: the recurrence in
//    jets of (t, u, u') to a low order, its remainder through variational_bound.hpp.
// The step is then the gap u − u_min and u' at any τ (a ball) in [0, h], as first_contact takes
// a flight.

#include "vibro/proof/ball.hpp"
#include "vibro/proof/lohner_set.hpp"

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vibro::proof {

/// u'' + 2αu' + u + βu³ = a cos ωt with the obstacle u_min, as balls.
struct DuffingOscillator {
  Ball alpha, beta, a, omega, u_min;
};

/// The Taylor coefficients u_0 … u_{count−1} of the solution through (t, u, v) (balls: those of
/// every point they hold).
std::vector<Ball> duffing_coefficients(const DuffingOscillator& d, const Ball& t, const Ball& u, const Ball& v,
                                       std::size_t count);

class TaylorStep {
 public:
  /// The step of length h from the set `start` of states (t, u, u') at order `order`, or none
  /// when the a-priori enclosure is not proved (a shorter step may be).
  static std::optional<TaylorStep> from(const DuffingOscillator& d, const LohnerSet& start, const Ball& h,
                                        std::size_t order);
  /// The same from the box (t0, u0, v0) (the set around it).
  static std::optional<TaylorStep> from(const DuffingOscillator& d, const Ball& t0, const Ball& u0, const Ball& v0,
                                        const Ball& h, std::size_t order);

  /// The gap u − u_min and u' at τ (a ball within [0, h]) of every motion from the set.
  std::pair<Ball, Ball> operator()(const Ball& tau) const;
  /// The set at τ, in Lohner's form: the next step's start.
  LohnerSet set_at(const Ball& tau) const;
  const Ball& length() const { return h_; }
  /// The a-priori box: u and u' stay in it over the whole step.
  std::pair<Ball, Ball> a_priori_box() const { return {u_box_, v_box_}; }

 private:
  /// The centre's (t, u, u') at τ, and the Jacobian J(τ) (3×3, row-major).
  std::vector<Ball> centre_at(const Ball& tau) const;
  std::vector<Ball> jacobian_at(const Ball& tau) const;

  const DuffingOscillator* d_ = nullptr;
  Ball h_;
  std::optional<LohnerSet> start_;
  std::vector<Ball> u_, v_;  ///< the centre's coefficients of u and u' up to the order
  Ball u_rest_, v_rest_;     ///< the coefficients of order K+1 over the a-priori box
  Ball u_box_, v_box_;
  /// ∂u_k/∂(t0, u0, v0) and ∂v_k/∂(t0, u0, v0) over the start's box, k ≤ K_J, and their
  /// remainders' coefficients (times W).
  std::vector<std::array<Ball, 3>> du_, dv_;
  std::array<Ball, 3> du_rest_, dv_rest_;
};

}  // namespace vibro::proof
