#pragma once
// The pre-scan of TOML text: the places where toml++ 3.3 has undefined behaviour, found
// before toml++ sees the text (TomlReader::parse refuses them with their line and column).
// Why a scan and not a toml++ setting, and which inputs: toml_prescan.cpp.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace vibro {

/// Where the pre-scan refuses the text, and why. Positions are toml++'s: lines counted by
/// '\n', columns in code points, both from 1, after a byte order mark (parser.inl:65-67,
/// 317-328).
struct TomlHazard {
  std::size_t line, column;
  std::string what;
};

/// The first place of `text` that toml++ 3.3 must not see, if any.
std::optional<TomlHazard> find_toml_hazard(std::string_view text);

}  // namespace vibro
