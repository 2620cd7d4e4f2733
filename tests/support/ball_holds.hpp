#pragma once
// Whether a proof's ball holds a value computed elsewhere in MPFR (another method, another
// code path): the tests of the enclosures compare every ball with such a value.

#include "vibro/proof/ball.hpp"
#include "vibro/scalar/types.hpp"

namespace vibro::testing {

/// The ball, its radius raised to at least `slack` (x's own error; 0 for an exact x), holds x.
inline bool ball_holds(const proof::Ball& ball, const mpfr_real& x, double slack = 0) {
  return arb_contains_mpfr(ball.widened_to(slack).get(), x.backend().data()) != 0;
}

}  // namespace vibro::testing
