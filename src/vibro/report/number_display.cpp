#include "vibro/report/number_display.hpp"

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace vibro {

std::string display_number(const std::string& text, int digits) {
  constexpr std::size_t short_fraction = 24;
  if (text.find('/') != std::string::npos && text.size() <= short_fraction) return text;
  const auto exact = parse_exact(text);
  if (!exact) return text;
  MpfrPrecisionGuard guard(digits + 10);
  const std::string shortened = to_text_significant(mpfr_real(*exact), digits);
  return shortened.size() < text.size() ? shortened : text;
}

std::string display(const NumberText& x, int digits) { return display_number(x.text, digits); }

std::string display_all_digits(const NumberText& x) {
  const std::string& text = x.text;
  if (text.find('/') != std::string::npos) {
    const auto exact = parse_exact(text);
    if (!exact) return text;
    // A decimal fraction in full (its significand's digits; 0.125, not 1.25e-1), else 17 digits.
    const std::string decimal = decimal_text(*exact);
    const bool is_decimal = decimal.find('/') == std::string::npos;
    const int digits = is_decimal ? static_cast<int>(std::count_if(decimal.begin(), decimal.begin() + decimal.find('e'),
                                                                   [](char c) { return c >= '0' && c <= '9'; }))
                                  : 17;
    MpfrPrecisionGuard guard(digits + 10);
    return text + (is_decimal ? " (= " : " (≈ ") + to_text_significant(mpfr_real(*exact), digits) + ")";
  }
  // [-]D.DDD000[e±X]: drop the zeros that end the significand, then a bare point.
  const std::size_t point = text.find('.');
  if (point == std::string::npos) return text;
  const std::size_t exponent = std::min(text.find_first_of("eE", point), text.size());
  std::size_t end = text.find_last_not_of('0', exponent - 1) + 1;
  if (end == point + 1) end = point;
  return text.substr(0, end) + text.substr(exponent);
}

std::string display_all_digits(const std::optional<NumberText>& x) { return x ? display_all_digits(*x) : "—"; }

std::string display(const std::optional<NumberText>& x, int digits) { return x ? display(*x, digits) : "—"; }

std::string display(double x, int digits) { return fmt::format("{:.{}g}", x, digits); }

std::string display(const std::optional<double>& x, int digits) { return x ? display(*x, digits) : "—"; }

std::string display_with_uncertainty(double value, double uncertainty, int at_most) {
  int digits = at_most;
  if (value != 0 && uncertainty > 0 && std::isfinite(value) && std::isfinite(uncertainty)) {
    const int carried = static_cast<int>(std::floor(std::log10(std::abs(value)))) -
                        static_cast<int>(std::floor(std::log10(uncertainty))) + 2;
    digits = std::clamp(carried, 1, at_most);
  }
  return display(value, digits) + " ± " + display(uncertainty, 2);
}

std::string display_seconds(const std::optional<double>& seconds) {
  if (!seconds) return "—";
  const double s = *seconds;
  if (s < 1e-3) return fmt::format("{:.3g} µs", s * 1e6);
  if (s < 1) return fmt::format("{:.3g} ms", s * 1e3);
  return fmt::format("{:.3g} s", s);
}

}  // namespace vibro
