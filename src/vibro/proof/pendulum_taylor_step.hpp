#pragma once
// A validated Taylor step of seed 004's double pendulum M(q)q'' = f(q, q') in balls
// (docs/proofs.md "The double pendulum"), for its flights, which have no closed form. With
// A = (m1 + m2) l1², B = m2 l1 l2, D = m2 l2², δ = θ1 − θ2 and ω = θ':
//   A ω1' + B cos δ ω2' = (m1 + m2) g l1 sin θ1 − B sin δ ω2²,
//   B cos δ ω1' + D ω2' = m2 g l2 sin θ2 + B sin δ ω1²   (model/double_pendulum.hpp).
// 1. Taylor coefficients by automatic differentiation: sin and cos of θ1, θ2 and δ by the
//    recurrences of s' = c x', c' = −s x' (k s_k = Σ_{j≤k} j x_j c_{k−j}, k c_k = −Σ j x_j s_{k−j}),
//    the products by Cauchy sums, and the k-th coefficient of ω' from the two equations' k-th
//    coefficients: the terms with the unknown are cos δ_0 · ω'_k, so each order solves the 2×2
//    system [[A, B cos δ_0], [B cos δ_0, D]] by Cramer (det = AD − B² cos² δ_0 ≥ m1 m2 l1² l2² > 0).
// 2. An a-priori enclosure of the step (Picard–Lindelöf): a box Y of states (θ1, θ2, ω1, ω2) with
//    y0 + [0, h]·F(Y) inside Y's interior, F(y) = (ω1, ω2, M(θ)⁻¹ f(θ, ω)), holds the solution on
//    [t0, t0 + h].
// 3. The remainder by Lagrange's form, coordinate by coordinate: the coefficient of order K+1 of
//    the solution through the state at some ξ in the step, which lies in Y: the recurrence
//    evaluated on Y bounds it (the system is autonomous: the coefficients depend on the state
//    alone).
// The step is then the state at any τ (a ball) in [0, h].

#include "vibro/proof/ball.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace vibro::proof {

/// The double pendulum's masses, lengths and gravity as balls.
struct DoublePendulumBalls {
  Ball m1, m2, l1, l2, gravity;
};

/// A state (θ1, θ2, ω1, ω2).
using PendulumState = std::array<Ball, 4>;

/// The Taylor coefficients 0 … count−1 of θ1, θ2, ω1, ω2 of the motion through `y` (balls: those
/// of every state they hold), coordinate by coordinate. std::invalid_argument when det M(θ) is
/// not proved positive on y (cannot be for positive masses and lengths).
std::array<std::vector<Ball>, 4> pendulum_coefficients(const DoublePendulumBalls& p, const PendulumState& y,
                                                       std::size_t count);

class PendulumTaylorStep {
 public:
  /// The step of length h from y0 at order `order`, or none when the a-priori enclosure is not
  /// proved (a shorter step may be).
  static std::optional<PendulumTaylorStep> from(const DoublePendulumBalls& p, const PendulumState& y0, const Ball& h,
                                                std::size_t order);

  /// The state at τ (a ball within [0, h]).
  PendulumState operator()(const Ball& tau) const;
  const Ball& length() const { return h_; }
  /// The a-priori box: the state stays in it over the whole step.
  const PendulumState& a_priori_box() const { return box_; }
  /// A bound of the remainder terms' sum Σ_i |rest_i| h^{K+1}: how much the truncation adds to
  /// the step's width (the enclosure takes a shorter step when it is more than the precision).
  Ball remainder_size() const;

 private:
  Ball h_;
  std::array<std::vector<Ball>, 4> coefficients_;  ///< up to the order
  PendulumState rest_;                             ///< the coefficients of order K+1 over the box
  PendulumState box_;
};

}  // namespace vibro::proof
