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
// The step is then the gap u − u_min and u' at any τ (a ball) in [0, h], as first_contact takes
// a flight.

#include "vibro/proof/ball.hpp"

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
  /// The step of length h from (t0, u0, v0) at order `order`, or none when the a-priori
  /// enclosure is not proved (a shorter step may be).
  static std::optional<TaylorStep> from(const DuffingOscillator& d, const Ball& t0, const Ball& u0, const Ball& v0,
                                        const Ball& h, std::size_t order);

  /// The gap u − u_min and u' at τ (a ball within [0, h]).
  std::pair<Ball, Ball> operator()(const Ball& tau) const;
  const Ball& length() const { return h_; }
  /// The a-priori box: u and u' stay in it over the whole step.
  std::pair<Ball, Ball> a_priori_box() const { return {u_box_, v_box_}; }

 private:
  const DuffingOscillator* d_ = nullptr;
  Ball h_;
  std::vector<Ball> u_, v_;  ///< the coefficients of u and u' up to the order
  Ball u_rest_, v_rest_;     ///< the coefficients of order K+1 over the a-priori box
  Ball u_box_, v_box_;
};

}  // namespace vibro::proof
