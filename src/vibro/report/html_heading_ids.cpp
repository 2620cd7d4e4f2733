#include "vibro/report/html_heading_ids.hpp"

#include <cctype>
#include <wctype.h>
#include <locale.h>
#include <stdexcept>

namespace vibro {

namespace {

/// The code point starting at `at` (advanced past it); U+FFFD for a malformed sequence.
char32_t next_code_point(std::string_view text, std::size_t& at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  const int length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (length == 0 || at + length > text.size()) {
    ++at;
    return U'\uFFFD';
  }
  char32_t code = length == 1 ? lead : lead & (0x7F >> length);
  for (int i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) {
      ++at;
      return U'\uFFFD';
    }
    code = (code << 6) | (byte(at + i) & 0x3F);
  }
  at += length;
  return code;
}

void append_utf8(std::string& out, char32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

/// The letters and their lower case come from the C library's Unicode tables (the C.UTF-8
/// locale, whatever the process's own locale is); it counts marks and the numbers that are
/// not digits (², ⁶, ½) as punctuation, which GitHub keeps: those blocks are listed here.
locale_t unicode_ctype() {
  static const locale_t ctype = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  if (ctype == static_cast<locale_t>(nullptr))
    throw std::runtime_error("the C.UTF-8 locale is missing: the HTML report's heading ids need its character classes");
  return ctype;
}

bool mark_or_other_number(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) ||                      // combining diacritical marks
         c == 0x00B2 || c == 0x00B3 || c == 0x00B9 ||          // superscript 2, 3, 1
         (c >= 0x00BC && c <= 0x00BE) ||                       // vulgar fractions
         c == 0x2070 || (c >= 0x2074 && c <= 0x2079) ||        // superscript digits
         (c >= 0x2080 && c <= 0x2089) ||                       // subscript digits
         (c >= 0x2150 && c <= 0x2189) ||                       // number forms
         (c >= 0x2460 && c <= 0x249B) || (c >= 0x20D0 && c <= 0x20FF);  // circled numbers, marks for symbols
}

}  // namespace

std::string github_heading_id(std::string_view text) {
  std::string id;
  for (std::size_t at = 0; at < text.size();) {
    const char32_t c = next_code_point(text, at);
    if (c == U' ') {
      id += '-';
    } else if (c < 0x80) {
      const auto ascii = static_cast<unsigned char>(c);
      if (std::isalnum(ascii) || c == U'_' || c == U'-') id += static_cast<char>(std::tolower(ascii));
    } else if (iswalnum_l(static_cast<wint_t>(c), unicode_ctype()) || mark_or_other_number(c)) {
      append_utf8(id, static_cast<char32_t>(towlower_l(static_cast<wint_t>(c), unicode_ctype())));
    }
  }
  return id;
}

std::string GithubHeadingIds::next(std::string_view text) {
  const std::string id = github_heading_id(text);
  const int before = seen_[id]++;
  return before == 0 ? id : id + "-" + std::to_string(before);
}

}  // namespace vibro
