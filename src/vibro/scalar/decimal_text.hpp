#pragma once
// An exact rational that is a decimal (a difference of two decimal texts) written as one, so
// that it reads like the numbers it came from and stays exact. Apart from scalar/format.hpp
// (which includes it) because it needs the rational type alone.

#include "vibro/scalar/rational.hpp"

#include <algorithm>
#include <string>

namespace vibro {

/// x exactly as `[-]D.DDDe±X` when its denominator divides a power of ten, else as P/Q
/// (to_text). parse_exact reads either back to x.
inline std::string decimal_text(const rational& x) {
  if (x == 0) return "0";
  bmp::mpz_int rest = bmp::denominator(x);
  unsigned twos = 0, fives = 0;
  for (; rest % 2 == 0; rest /= 2) ++twos;
  for (; rest % 5 == 0; rest /= 5) ++fives;
  if (rest != 1) return x.str();  // P/Q, as to_text writes a rational
  // x = m · 10^−k with m an integer: 10^k is the least power of ten the denominator divides.
  const unsigned k = std::max(twos, fives);
  const bmp::mpz_int m = bmp::abs(bmp::numerator(x)) * bmp::pow(bmp::mpz_int(10), k) / bmp::denominator(x);
  std::string digits = m.str();
  const long exponent = static_cast<long>(digits.size()) - 1 - static_cast<long>(k);
  digits.erase(digits.find_last_not_of('0') + 1);
  return (x < 0 ? "-" : "") + digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "") + "e" +
         std::to_string(exponent);
}

}  // namespace vibro
