#pragma once
// A number in a result as its round-trip text (to_text): a result keeps every digit its
// scalar type computed, whatever that type was, and a script can re-read it at any
// precision. Results are scalar-independent structs made of these; renderers shorten them
// for people (report/number_display.hpp).

#include "vibro/scalar/format.hpp"

#include <string>

namespace vibro {

struct NumberText {
  std::string text;

  template <class Real>
  static NumberText of(const Real& x) {
    return NumberText{to_text(x)};
  }

  friend bool operator==(const NumberText&, const NumberText&) = default;
};

}  // namespace vibro
