#include "vibro/scalar/precision.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace vibro {

Precision Precision::parse(std::string_view text) {
  for (std::size_t i = 0; i < scalar_kind_count; ++i) {
    const auto kind = static_cast<ScalarKind>(i);
    if (kind != ScalarKind::mpfr && text == scalar_kind_name(kind)) return {kind, 0};
  }
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
  throw std::invalid_argument("unknown precision '" + std::string(text) + "' (allowed: " + ScalarSet::all().text() + ")");
}

std::vector<Precision> Precision::parse_list(std::string_view text) {
  if (text.find(',') == std::string_view::npos) return {parse(text)};  // one precision, parse()'s messages
  std::vector<Precision> list;
  for (std::size_t start = 0;;) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    if (item.empty())
      throw std::invalid_argument("precision list '" + std::string(text) + "' has an empty item (allowed: precisions " +
                                  "separated by single commas, each one of " + ScalarSet::all().text() + ")");
    const Precision p = parse(item);
    for (const Precision& earlier : list)
      if (earlier == p)
        throw std::invalid_argument("precision list '" + std::string(text) + "' names " + p.name() +
                                    " twice (allowed: each precision once)");
    list.push_back(p);
    if (comma == text.size()) return list;
    start = comma + 1;
  }
}

std::string Precision::name() const {
  if (kind == ScalarKind::mpfr) return "mpfr:" + std::to_string(mpfr_digits);
  return std::string(scalar_kind_name(kind));
}

}  // namespace vibro
