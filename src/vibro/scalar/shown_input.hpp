#pragma once
// Text from the input (a key, a value, a file name) as one-line messages quote it: control
// characters escaped, long texts cut with their length. Free of the scalar types, so that
// the error classes (run/input_error.hpp) and the command line include no multiprecision.

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace vibro {

/// `text` with its control characters escaped (\n, \t, \r, \xHH), so that a message
/// quoting it stays on one line.
inline std::string escaped_controls(std::string_view text) {
  std::string shown;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      shown += "\\n";
    } else if (c == '\t') {
      shown += "\\t";
    } else if (c == '\r') {
      shown += "\\r";
    } else if (byte < 0x20 || byte == 0x7F) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
      shown += escaped;
    } else {
      shown += c;
    }
  }
  return shown;
}

/// `text` as a message shows it, on one line (escaped_controls): whole when short, else its
/// first 60 characters and its length.
inline std::string shown_input(std::string_view text) {
  constexpr std::size_t limit = 60;
  std::size_t cut = std::min(limit, text.size());
  while (cut > 0 && cut < text.size() && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
    --cut;  // not inside a UTF-8 character
  std::string shown = escaped_controls(text.substr(0, cut));
  if (cut < text.size()) shown += "… (" + std::to_string(text.size()) + " characters)";
  return shown;
}

}  // namespace vibro
