#pragma once
// A flight whose gap has a V-shaped dip, for the tests of the proofs' contact searches
// (proof/gap_exclusion.hpp, proof/first_contact.hpp): g(τ) = τ(L − τ)(|τ − c| − δ), below 0 on
// (c − δ, c + δ) and 0 at τ = 0 and τ = L. Its slope is the same on both sides of c, so the
// mean-value form is tight on it, and a derivative bound taken too small passes over the dip.
// g' = (L − 2τ)(|τ − c| − δ) + τ(L − τ) sgn(τ − c), sgn enclosed by [−1, 1] on a ball that holds
// c (g is Lipschitz: the mean-value form holds).

#include "vibro/proof/ball.hpp"

#include <utility>

namespace vibro::testing {

/// The flight τ ↦ (g(τ), g'(τ)) in balls.
inline auto v_shaped_dip(const proof::Ball& c, const proof::Ball& delta, const proof::Ball& end) {
  using proof::Ball;
  return [c, delta, end](const Ball& t) {
    const Ball distance = t - c;
    const Ball sign = distance.certainly_positive()   ? Ball(1)
                      : distance.certainly_negative() ? Ball(-1)
                                                      : Ball::hull(Ball(-1), Ball(1));
    const Ball outer = t * (end - t), outer_rate = end - Ball(2) * t;
    return std::pair{outer * (abs(distance) - delta), outer_rate * (abs(distance) - delta) + outer * sign};
  };
}

}  // namespace vibro::testing
