#include "vibro/report/number_display.hpp"

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <regex>

namespace vibro {

namespace {

/// Whether a fraction P/Q reads at a glance: short, and no part longer than shown_digits.
bool short_fraction(const std::string& text) {
  const std::size_t slash = text.find('/');
  return text.size() <= longest_shown_number && slash <= static_cast<std::size_t>(shown_digits) &&
         text.size() - slash - 1 <= static_cast<std::size_t>(shown_digits);
}

/// The significant digits of a decimal text [-]D.DDD[e±X]: its significand's digits from the
/// first nonzero one.
std::ptrdiff_t significant_digits(const std::string& decimal) {
  const std::string significand = decimal.substr(0, decimal.find_first_of("eE"));
  const std::size_t first = significand.find_first_of("123456789");
  if (first == std::string::npos) return 0;
  return std::count_if(significand.begin() + static_cast<std::ptrdiff_t>(first), significand.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::string display_number(const std::string& text, int digits) {
  const bool fraction = text.find('/') != std::string::npos;
  if (fraction && short_fraction(text)) return text;
  const auto exact = parse_exact(text);
  if (!exact) return text;
  MpfrPrecisionGuard guard(digits + 10);
  const std::string shortened = to_text_significant(mpfr_real(*exact), digits);
  // A long fraction becomes its decimal; a decimal is shortened when that makes it shorter.
  return fraction || shortened.size() < text.size() ? shortened : text;
}

std::string display(const NumberText& x, int digits) { return display_number(x.text, digits); }

std::string display_step(const std::string& label) {
  constexpr int step_digits = 6;
  if (label.find('/') != std::string::npos) return short_fraction(label) ? label : display_number(label, step_digits);
  // A decimal as written when a reader can read it (0.00003125), else to step_digits.
  if (significant_digits(label) <= shown_digits && label.size() <= longest_shown_number) return label;
  return display_number(label, step_digits);
}

std::string display_numbers_in(const std::string& text, int digits) {
  // A number not inside a word (so "u0" and a hash's digits stay), with its decimals and
  // exponent; the rest of the text as it is.
  static const std::regex number(R"((^|[^\w.])(-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?)(?![\w]))");
  std::string out;
  auto from = text.cbegin();
  for (std::sregex_iterator it(text.begin(), text.end(), number), end; it != end; ++it) {
    const std::smatch& m = *it;
    // Only a number longer than `digits` changes: "VI-01" keeps its "01".
    if (significant_digits(m[2].str()) <= digits) continue;
    out.append(from, m[2].first);
    out += display_number(m[2].str(), digits);
    from = m[2].second;
  }
  return out.append(from, text.cend());
}

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
