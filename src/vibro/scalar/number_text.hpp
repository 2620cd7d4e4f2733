#pragma once
// A number in a result as its round-trip text: a result keeps every digit its scalar type
// computed, whatever that type was, and a script can re-read it at any precision. Results
// are scalar-independent structs made of these; the code that computes a result writes them
// (scalar/number_text_of.hpp), renderers shorten them for people (report/number_display.hpp).
// Declared apart from the formatting so that a result's header sees no floating type.

#include "vibro/scalar/rational.hpp"

#include <string>

namespace vibro {

struct NumberText {
  std::string text;

  /// The exact value of the text (every finite number a result holds is a decimal or P/Q);
  /// throws std::logic_error for anything else.
  rational exact() const;

  friend bool operator==(const NumberText&, const NumberText&) = default;
};

}  // namespace vibro
