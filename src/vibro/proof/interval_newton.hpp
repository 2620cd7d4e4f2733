#pragma once
// The interval Newton operator (Moore 1966): for f continuously differentiable on a box X
// with m its midpoint, N(X) = m − f(m)/f'(X), f'(X) an enclosure of f' over all of X. If
// N(X) lies in the interior of X, X holds exactly one root of f, and it lies in N(X): every
// root in X lies in N(X) by the mean value theorem, and the inclusion makes the Newton map a
// contraction of X into itself (existence by Brouwer, uniqueness since f' does not vanish on
// X — an f'(X) holding 0 gives an unbounded N(X), never inside X).

#include "vibro/proof/ball.hpp"

namespace vibro::proof {

/// One step of the operator on `box`; true, with the root's enclosure in `root`, when it
/// proves that `box` holds exactly one root. f and f_prime map a Ball to a Ball.
template <class F, class FPrime>
bool newton_inclusion(const F& f, const FPrime& f_prime, const Ball& box, Ball& root) {
  const Ball m = box.midpoint();
  const Ball image = m - f(m) / f_prime(box);
  if (!box.contains_in_interior(image)) return false;
  root = image;
  return true;
}

}  // namespace vibro::proof
