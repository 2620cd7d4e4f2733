#pragma once
// A ball as the outputs show it (proof/enclosure.hpp).

#include "vibro/proof/ball.hpp"
#include "vibro/proof/enclosure.hpp"

namespace vibro::proof {

/// The ball's midpoint, radius and outward decimal bounds to `digits` significant digits,
/// the digits both bounds round to, and the value rounded to them.
inline Enclosure enclosure_text(const Ball& x, int digits) {
  const int proved = x.proved_digits(digits);
  return {x.midpoint_text(digits), x.radius_text(),          x.lower_text(digits),
          x.upper_text(digits),    proved, proved > 0 ? x.rounded_text(proved) : ""};
}

}  // namespace vibro::proof
