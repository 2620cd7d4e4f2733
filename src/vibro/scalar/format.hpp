#pragma once
// Text for numbers. `to_text` round-trips: parse_real<Real>(to_text(x)) == x for every
// scalar type (shortest form for double, max_digits10 for the fixed-width types, every
// digit MPFR holds, and P/Q for the exact type). `to_text_significant` is for tables;
// `decimal_text` (scalar/decimal_text.hpp, included here) writes an exact rational that is a
// decimal as one.

#include "vibro/scalar/decimal_text.hpp"
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
