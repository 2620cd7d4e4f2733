#pragma once
// A bound of the variational solution of y' = F(y) over a step (docs/proofs.md "The double
// pendulum", 5.): V(τ) = ∂y(τ)/∂y0 solves V' = DF(y(τ)) V, V(0) = I; with DF over the step's
// a-priori box in `jacobian` (n×n, row-major) and L ≥ its largest row sum of absolute values
// (the ∞-norm), Grönwall gives ‖V(τ) − I‖∞ ≤ e^{Lτ} − 1, so every entry of V − I lies in
// [−(e^{Lh} − 1), e^{Lh} − 1] on [0, h].

#include "vibro/proof/ball.hpp"

#include <cstddef>
#include <vector>

namespace vibro::proof {

inline std::vector<Ball> variational_bound(const std::vector<Ball>& jacobian, std::size_t n, const Ball& h) {
  Ball norm(0);
  for (std::size_t i = 0; i < n; ++i) {
    Ball row(0);
    for (std::size_t j = 0; j < n; ++j) row = row + abs(jacobian[i * n + j]).upper_point();
    norm = Ball::hull(norm, row).upper_point();  // the larger of two exact points
  }
  const Ball spread = (exp(norm * h) - Ball(1)).upper_point();
  std::vector<Ball> w(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) w[i * n + j] = Ball::hull(-spread, spread) + Ball(i == j ? 1 : 0);
  return w;
}

}  // namespace vibro::proof
