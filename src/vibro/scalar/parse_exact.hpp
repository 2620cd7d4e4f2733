#pragma once
// The exact value of a number's text (the forms of scalar/parse.hpp), apart from the parsers
// into the floating types so that code that only needs exact values (a case file's ranges, a
// result read back) does not see float128 and MPFR.

#include "vibro/scalar/rational.hpp"

#include <optional>
#include <string_view>

namespace vibro {

/// The exact value of a decimal or fraction; nullopt when the text is not one of the
/// accepted forms or the denominator is zero.
std::optional<rational> parse_exact(std::string_view text);

}  // namespace vibro
