#pragma once
// The schemes a build may leave out, and the error a case naming one of them gets: the
// Siconos peer's schemes need Siconos (docs/peer.md), which CMake builds in only when
// libsiconos-kernel-dev is installed. A case file that names one in a build without it is
// refused with this error (not "unknown scheme"), and the commands and tests that go
// through every shipped case skip it and say why.

#include "vibro/support/input_error.hpp"

#include <array>
#include <string_view>

namespace vibro {

/// A case names a scheme this build does not have.
class SchemeNotBuiltIn : public InputError {
 public:
  using InputError::InputError;
};

/// A scheme that exists only in builds with a dependency.
struct OptionalScheme {
  std::string_view name;   ///< its case-file name (scheme.type)
  std::string_view needs;  ///< what a build needs to have it, as a person installs it
};

inline constexpr std::array<OptionalScheme, 2> optional_schemes = {{
    {"siconos-moreau-jean", "Siconos (install libsiconos-kernel-dev and configure again; docs/peer.md)"},
    {"siconos-schatzman-paoli", "Siconos (install libsiconos-kernel-dev and configure again; docs/peer.md)"},
}};

}  // namespace vibro
