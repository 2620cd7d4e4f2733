#pragma once
// A number in a result as its round-trip text (to_text): a result keeps every digit its
// scalar type computed, whatever that type was, and a script can re-read it at any
// precision. Results are scalar-independent structs made of these; renderers shorten them
// for people (report/number_display.hpp).

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace vibro {

struct NumberText {
  std::string text;

  template <class Real>
  static NumberText of(const Real& x) {
    return NumberText{to_text(x)};
  }

  /// One text per element of `values`.
  template <class Real>
  static std::vector<NumberText> of_each(const std::vector<Real>& values) {
    std::vector<NumberText> texts;
    texts.reserve(values.size());
    for (const Real& x : values) texts.push_back(of(x));
    return texts;
  }

  /// The exact value of the text (every finite number a result holds is a decimal or P/Q);
  /// throws std::logic_error for anything else.
  rational exact() const {
    if (const auto value = parse_exact(text)) return *value;
    throw std::logic_error("a result number that is not a finite decimal or fraction: " + shown_input(text));
  }

  friend bool operator==(const NumberText&, const NumberText&) = default;
};

}  // namespace vibro
