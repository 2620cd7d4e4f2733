#include "vibro/scalar/parse.hpp"

#include <cctype>

namespace vibro {
namespace {

/// Exponents beyond this are refused rather than expanded into huge integers.
constexpr long max_decimal_exponent = 100000;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// Exact value of a decimal `[+-]digits[.digits][(e|E)[+-]digits]`.
std::optional<rational> parse_exact_decimal(std::string_view s) {
  std::size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  std::string digits;
  std::size_t integer_digits = 0, fraction_digits = 0;
  while (i < s.size() && is_digit(s[i])) digits += s[i++], ++integer_digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && is_digit(s[i])) digits += s[i++], ++fraction_digits;
  }
  if (integer_digits + fraction_digits == 0) return std::nullopt;
  long exponent = 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool exponent_negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) exponent_negative = s[i++] == '-';
    if (i == s.size()) return std::nullopt;
    while (i < s.size() && is_digit(s[i])) {
      exponent = exponent * 10 + (s[i++] - '0');
      if (exponent > max_decimal_exponent) return std::nullopt;
    }
    if (exponent_negative) exponent = -exponent;
  }
  if (i != s.size()) return std::nullopt;
  exponent -= static_cast<long>(fraction_digits);
  // mpz_int reads a leading 0 as an octal prefix: strip leading zeros.
  const std::size_t first_nonzero = digits.find_first_not_of('0');
  const bmp::mpz_int mantissa(first_nonzero == std::string::npos ? std::string("0") : digits.substr(first_nonzero));
  const bmp::mpz_int scale = bmp::pow(bmp::mpz_int(10), static_cast<unsigned>(exponent < 0 ? -exponent : exponent));
  rational value = exponent >= 0 ? rational(mantissa * scale) : rational(mantissa, scale);
  return negative ? rational(-value) : value;
}

}  // namespace

std::optional<rational> parse_exact(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return parse_exact_decimal(text);
  const auto numerator = parse_exact_decimal(text.substr(0, slash));
  const auto denominator = parse_exact_decimal(text.substr(slash + 1));
  if (!numerator || !denominator || *denominator == 0) return std::nullopt;
  return rational(*numerator / *denominator);
}

}  // namespace vibro
