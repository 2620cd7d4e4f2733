#pragma once
// A ball as the outputs show it (proof/enclosure.hpp).

#include "vibro/proof/ball.hpp"
#include "vibro/proof/enclosure.hpp"

namespace vibro::proof {

/// The ball's midpoint, radius and outward decimal bounds to `digits` significant digits,
/// and the digits both bounds round to.
inline Enclosure enclosure_text(const Ball& x, int digits) {
  return {x.midpoint_text(digits), x.radius_text(), x.lower_text(digits), x.upper_text(digits),
          x.proved_digits(digits)};
}

}  // namespace vibro::proof
