#pragma once
// Numbers from case files and the command line enter every scalar type from their decimal
// text, never through a `double` (docs/case_files.md "Numbers"): an MPFR run at 200
// digits gets 200-digit parameters, and the exact type gets the exact value.
//
// Accepted forms: a decimal `[+-]digits[.digits][(e|E)[+-]digits]` (or `.5`), or a
// fraction `P/Q` of two such decimals. Nothing else: no spaces, no `inf`, no `nan`.

#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/rounded_from_rational.hpp"
#include "vibro/scalar/shown_input.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/types.hpp"

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace vibro {

namespace detail {

/// Correctly rounded conversion of one decimal (already validated) by the type's own
/// parser: from_chars, strtold, strtoflt128 (inside Boost), mpfr_set_str.
template <class Real>
Real parse_decimal_rounded(const std::string& decimal) {
  if constexpr (std::is_same_v<Real, double>) {
    double x = 0;
    const auto [end, ec] = std::from_chars(decimal.data(), decimal.data() + decimal.size(), x);
    if (ec == std::errc::result_out_of_range)
      throw std::invalid_argument(shown_input(decimal) +
                                  " is outside the range of double (it would round to 0 or overflow; allowed: "
                                  "magnitudes from about 4.9e-324 to 1.8e308, or 0)");
    if (ec != std::errc{} || end != decimal.data() + decimal.size())
      throw std::invalid_argument(shown_input(decimal) + " is not representable as a double");
    return x;
  } else if constexpr (std::is_same_v<Real, long double>) {
    return std::strtold(decimal.c_str(), nullptr);
  } else {
    return Real(decimal);
  }
}

}  // namespace detail

/// Converts an accepted number text into Real: correctly rounded for a decimal, and for
/// P/Q the quotient of the two correctly rounded parts (exact for the rational type).
/// Throws std::invalid_argument for malformed text or a value that is not finite in Real.
template <class Real>
Real parse_real(std::string_view text) {
  const std::optional<rational> exact = parse_exact(text);
  if (!exact) throw std::invalid_argument("'" + shown_input(text) + "' is not a decimal number or a fraction P/Q");
  if constexpr (is_exact_v<Real>) {
    return *exact;
  } else {
    // A fraction is rounded once from its exact value: its numerator and denominator may
    // each lie beyond the type's range (an ensemble's moved start, 1 + 1e-320 as 321 digits
    // over 321) where their quotient does not.
    const Real value = text.find('/') == std::string_view::npos
                           ? detail::parse_decimal_rounded<Real>(std::string(text))
                           : rounded_from_rational<Real>(*exact, shown_input(text));
    if (!is_finite(value))
      throw std::invalid_argument(shown_input(text) + " is not representable as a finite " + scalar_name<Real>());
    if (value == 0 && *exact != 0)
      throw std::invalid_argument(shown_input(text) + " is too small for " + scalar_name<Real>() +
                                  ": it would round to 0 (give a precision with a wider range, such as mpfr:DIGITS)");
    return value;
  }
}

}  // namespace vibro
