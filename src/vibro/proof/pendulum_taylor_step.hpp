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
//    Y0 + [0, h]·F(Y) inside Y's interior, F(y) = (ω1, ω2, M(θ)⁻¹ f(θ, ω)), Y0 the box of the
//    starting set, holds every solution from it on [t0, t0 + h].
// 3. The remainder by Lagrange's form, coordinate by coordinate: the coefficient of order K+1 of
//    the solution through the state at some ξ in the step, which lies in Y: the recurrence
//    evaluated on Y bounds it (the system is autonomous: the coefficients depend on the state
//    alone).
// 4. The wrapping controlled (a mean-value form carried in Lohner's form, lohner_set.hpp): the
//    step starts from a set c + B r, and the state at τ of every motion from it lies in
//      Φ_τ(c) + J(τ) B r,
//    Φ_τ(c) the series of order K from the exact centre with its remainder, J(τ) ⊇ DΦ_τ over the
//    set's box: the same recurrence in forward-mode automatic differentiation (jets: a value and
//    its four partial derivatives) gives ∂c_k/∂y0 over the box, to a low order K_J (J multiplies
//    the set's small spread), with the remainder τ^{K_J+1} Dc_{K_J+1}(Y) W: W bounds the
//    variational solution V' = DF(y) V, V(0) = I, over the step by Grönwall (every entry of
//    V − I within e^{Lh} − 1, L ≥ ‖DF(Y)‖∞), since ∂y^{(K+1)}/∂y0 = (K+1)! Dc_{K+1}(y) V. The set at the step's end is the Lohner step of
//    that map (lohner_set.hpp), not a box of the balls.

#include "vibro/proof/ball.hpp"
#include "vibro/proof/lohner_set.hpp"

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

/// The Jacobians ∂c_k/∂y0 (4×4, row-major: row the coordinate, column the start's component) of
/// the coefficients k = 0 … count−1 over the box `y`.
std::vector<std::vector<Ball>> pendulum_coefficient_jacobians(const DoublePendulumBalls& p, const PendulumState& y,
                                                              std::size_t count);

class PendulumTaylorStep {
 public:
  /// The step of length h from the set `start` at order `order`, or none when the a-priori
  /// enclosure is not proved (a shorter step may be).
  static std::optional<PendulumTaylorStep> from(const DoublePendulumBalls& p, const LohnerSet& start, const Ball& h,
                                                std::size_t order);
  /// The same, refused as soon as the remainder terms' sum (remainder_size) is not proved below
  /// `max_remainder`, before the centre's series and the Jacobians are computed.
  static std::optional<PendulumTaylorStep> from(const DoublePendulumBalls& p, const LohnerSet& start, const Ball& h,
                                                std::size_t order, const std::optional<Ball>& max_remainder);
  /// The same from a box (the set around it).
  static std::optional<PendulumTaylorStep> from(const DoublePendulumBalls& p, const PendulumState& y0, const Ball& h,
                                                std::size_t order);

  /// The state at τ (a ball within [0, h]) of every motion from the starting set.
  PendulumState operator()(const Ball& tau) const;
  /// The set at τ, in Lohner's form: the next step's start.
  LohnerSet set_at(const Ball& tau) const;
  const Ball& length() const { return h_; }
  /// The a-priori box: the state stays in it over the whole step.
  const PendulumState& a_priori_box() const { return box_; }
  /// A bound of the remainder terms' sum Σ_i |rest_i| h^{K+1}: how much the truncation adds to
  /// the step's width (the enclosure takes a shorter step when it is more than the precision).
  Ball remainder_size() const;

 private:
  /// Φ_τ(c) and J(τ).
  PendulumState centre_at(const Ball& tau) const;
  std::vector<Ball> jacobian_at(const Ball& tau) const;

  Ball h_;
  std::size_t order_ = 0;  ///< K
  std::optional<LohnerSet> start_;
  std::array<std::vector<Ball>, 4> coefficients_;  ///< the centre's, up to the order
  PendulumState rest_;                             ///< the coefficients of order K+1 over the box
  std::vector<std::vector<Ball>> jacobians_;       ///< ∂c_k/∂y0 over the start's box, k ≤ K_J
  std::vector<Ball> jacobian_rest_;                ///< Dc_{K_J+1}(Y) W
  PendulumState box_;
};

}  // namespace vibro::proof
