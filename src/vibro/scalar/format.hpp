#pragma once
// Text for numbers. `to_text` round-trips: parse_real<Real>(to_text(x)) == x for every
// scalar type (shortest form for double, max_digits10 for the fixed-width types, every
// digit MPFR holds, and P/Q for the exact type). `to_text_significant` is for tables;
// `decimal_text` writes an exact rational that is a decimal (a difference of two decimal
// texts) as one, so that it reads like the numbers it came from and stays exact.

#include "vibro/scalar/types.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ios>
#include <limits>
#include <string>

namespace vibro {

template <class Real>
std::string to_text(const Real& x) {
  if constexpr (std::is_same_v<Real, double>) {
    return fmt::format("{}", x);  // shortest representation that round-trips
  } else if constexpr (std::is_same_v<Real, long double>) {
    return fmt::format("{:.{}g}", x, std::numeric_limits<long double>::max_digits10);
  } else if constexpr (std::is_same_v<Real, float128>) {
    return x.str(std::numeric_limits<float128>::max_digits10, std::ios_base::scientific);
  } else if constexpr (std::is_same_v<Real, mpfr_real>) {
    return x.str(0, std::ios_base::scientific);  // all digits of the value's own precision
  } else {
    return x.str();  // P/Q, exact
  }
}

/// x exactly as `[-]D.DDDe±X` when its denominator divides a power of ten, else as P/Q
/// (to_text). parse_exact reads either back to x.
inline std::string decimal_text(const rational& x) {
  if (x == 0) return "0";
  bmp::mpz_int rest = bmp::denominator(x);
  unsigned twos = 0, fives = 0;
  for (; rest % 2 == 0; rest /= 2) ++twos;
  for (; rest % 5 == 0; rest /= 5) ++fives;
  if (rest != 1) return to_text(x);
  // x = m · 10^−k with m an integer: 10^k is the least power of ten the denominator divides.
  const unsigned k = std::max(twos, fives);
  const bmp::mpz_int m = bmp::abs(bmp::numerator(x)) * bmp::pow(bmp::mpz_int(10), k) / bmp::denominator(x);
  std::string digits = m.str();
  const long exponent = static_cast<long>(digits.size()) - 1 - static_cast<long>(k);
  digits.erase(digits.find_last_not_of('0') + 1);
  return (x < 0 ? "-" : "") + digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "") + "e" +
         std::to_string(exponent);
}

/// `digits` significant digits, for human-readable tables; exact values are rounded too.
template <class Real>
std::string to_text_significant(const Real& x, int digits) {
  if constexpr (std::is_floating_point_v<Real>) {
    return fmt::format("{:.{}g}", x, digits);
  } else if constexpr (std::is_same_v<Real, rational>) {
    return to_text_significant(mpfr_real(x), digits);
  } else {
    return x.str(digits);
  }
}

}  // namespace vibro
