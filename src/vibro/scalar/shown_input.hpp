#pragma once
// Text from the input (a key, a value, a file name) as one-line messages quote it: control
// characters escaped, long texts cut with their length. Free of the scalar types, so that
// the error classes (support/input_error.hpp) and the command line include no multiprecision.

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

/// `message` with every number longer than shown_input's 60 characters cut as shown_input
/// cuts it: a message may echo a value the input gave with thousands of digits, or the
/// exact value computed from one, and must stay a readable line. A number is a run of
/// digits, signs, points, exponents and fraction bars, between spaces and brackets.
inline std::string cut_long_numbers(std::string_view message) {
  constexpr std::size_t limit = 60;
  const auto numeric = [](char c) {
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' || c == '/';
  };
  std::string out;
  std::size_t i = 0;
  while (i < message.size()) {
    if (!numeric(message[i])) {
      out += message[i++];
      continue;
    }
    std::size_t end = i;
    while (end < message.size() && numeric(message[end])) ++end;
    const std::string_view number = message.substr(i, end - i);
    out += number.size() > limit ? shown_input(number) : std::string(number);
    i = end;
  }
  return out;
}

/// An error message on one line, whatever text of the input it quotes, its numbers longer than
/// 60 characters cut (cut_long_numbers): what `vibro` prints after "vibro: error: " and what
/// the Python module's exceptions say.
inline std::string one_line(std::string_view message) {
  std::string line;
  for (const char c : cut_long_numbers(message))
    line += c == '\n' ? std::string("\\n") : c == '\r' ? std::string("\\r") : std::string(1, c);
  return line;
}

}  // namespace vibro
