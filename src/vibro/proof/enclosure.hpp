#pragma once
// A proved enclosure of a real number as the outputs show it (docs/proofs.md): texts only, so
// that the outputs' code needs no Arb. proof/enclosure_text.hpp makes one from a ball.

#include <string>

namespace vibro {

/// The exact value lies in [lower, upper].
struct Enclosure {
  std::string midpoint;  ///< the ball's midpoint (for reading; the bounds are the claim)
  std::string radius;    ///< rounded up to two digits
  std::string lower, upper;  ///< exact decimals, rounded outward from the ball's bounds
  int proved_digits = 0;     ///< significant digits to which both bounds round alike
  std::string proved_value;  ///< the exact value rounded to those digits (empty for none)
};

}  // namespace vibro
