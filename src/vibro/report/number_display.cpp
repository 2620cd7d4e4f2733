#include "vibro/report/number_display.hpp"

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"

#include <fmt/format.h>

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

std::string display(const std::optional<NumberText>& x, int digits) { return x ? display(*x, digits) : "—"; }

std::string display(double x, int digits) { return fmt::format("{:.{}g}", x, digits); }

std::string display(const std::optional<double>& x, int digits) { return x ? display(*x, digits) : "—"; }

}  // namespace vibro
