#include "vibro/scalar/precision.hpp"

#include <charconv>
#include <stdexcept>

namespace vibro {

Precision Precision::parse(std::string_view text) {
  if (text == "double") return {ScalarKind::double_, 0};
  if (text == "long-double") return {ScalarKind::long_double, 0};
  if (text == "float128") return {ScalarKind::float128, 0};
  if (text == "rational") return {ScalarKind::rational, 0};
  constexpr std::string_view mpfr_prefix = "mpfr:";
  if (text.starts_with(mpfr_prefix)) {
    const std::string_view digits_text = text.substr(mpfr_prefix.size());
    long digits = 0;
    const auto [end, ec] = std::from_chars(digits_text.data(), digits_text.data() + digits_text.size(), digits);
    if (ec == std::errc{} && end == digits_text.data() + digits_text.size() && !digits_text.empty() &&
        digits >= min_mpfr_digits && digits <= max_mpfr_digits)
      return {ScalarKind::mpfr, digits};
    throw std::invalid_argument("precision '" + std::string(text) + "': MPFR digits must be an integer in [" +
                                std::to_string(min_mpfr_digits) + ", " + std::to_string(max_mpfr_digits) + "]");
  }
  throw std::invalid_argument("unknown precision '" + std::string(text) +
                              "' (allowed: double, long-double, float128, mpfr:DIGITS, rational)");
}

std::string Precision::name() const {
  switch (kind) {
    case ScalarKind::double_: return "double";
    case ScalarKind::long_double: return "long-double";
    case ScalarKind::float128: return "float128";
    case ScalarKind::rational: return "rational";
    case ScalarKind::mpfr: break;
  }
  return "mpfr:" + std::to_string(mpfr_digits);
}

}  // namespace vibro
