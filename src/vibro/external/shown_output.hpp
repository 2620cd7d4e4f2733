#pragma once
// What a user's program wrote (a cell, its header line, its stderr) as a one-line message
// quotes it. Beyond shown_input's escapes (scalar/shown_input.hpp), a byte that is not part of
// valid UTF-8 is shown as \xHH and an invisible U+FEFF (a byte-order mark, which an editor
// may put before a CSV header) as \uFEFF: what is wrong with the text is visible, and no raw
// byte reaches the user's terminal. A long text is cut with its length, as inputs are.

#include "vibro/scalar/shown_input.hpp"

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace vibro {

/// The length of the valid UTF-8 character at the start of `text`, or 0 when its first byte
/// does not start one (a stray continuation byte, 0xC0, 0xC1, 0xF5–0xFF, an overlong or
/// truncated sequence, a surrogate).
inline std::size_t utf8_character_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char first = byte(0);
  std::size_t length = 0;
  if (first < 0x80) return 1;
  if (first >= 0xC2 && first <= 0xDF) length = 2;
  else if (first >= 0xE0 && first <= 0xEF) length = 3;
  else if (first >= 0xF0 && first <= 0xF4) length = 4;
  else return 0;
  if (text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i)
    if ((byte(i) & 0xC0) != 0x80) return 0;
  const unsigned char second = byte(1);
  if ((first == 0xE0 && second < 0xA0) || (first == 0xED && second > 0x9F) || (first == 0xF0 && second < 0x90) ||
      (first == 0xF4 && second > 0x8F))
    return 0;
  return length;
}

/// `text` as a message quotes it: shown_input's escapes and cut (first `limit` bytes and the
/// length), invalid UTF-8 as \xHH, U+FEFF as \uFEFF.
inline std::string shown_output(std::string_view text, std::size_t limit = 60) {
  std::string shown;
  std::size_t i = 0;
  while (i < text.size() && i < limit) {
    const std::size_t length = utf8_character_length(text.substr(i));
    if (length == 0) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned char>(text[i]));
      shown += escaped;
      ++i;
    } else if (text.substr(i, length) == "\xEF\xBB\xBF") {
      shown += "\\uFEFF";
      i += length;
    } else {
      shown += escaped_controls(text.substr(i, length));
      i += length;
    }
  }
  if (i < text.size()) shown += "… (" + std::to_string(text.size()) + " bytes)";
  return shown;
}

}  // namespace vibro
