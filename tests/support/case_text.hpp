#pragma once
// Case files as text, edited line by line: the tests of the case-file reader start from one
// valid file and change one line to see what is accepted and what is refused.

#include "vibro/io/case_file.hpp"
#include "vibro/support/input_error.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace vibro::testing {

/// `text` with the line `line` (which must occur once) replaced.
inline std::string with_line(const std::string& text, const std::string& line, const std::string& replacement) {
  const std::size_t at = text.find("\n" + line + "\n");
  EXPECT_NE(at, std::string::npos) << line;
  EXPECT_EQ(text.find("\n" + line + "\n", at + 1), std::string::npos) << line;
  return at == std::string::npos ? text : text.substr(0, at + 1) + replacement + text.substr(at + 1 + line.size());
}

/// The key and message of the InputError that parsing `text` throws ("" when accepted).
inline std::pair<std::string, std::string> refusal(const std::string& text) {
  try {
    parse_case(text, "label.toml");
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "label.toml");
    return {error.key(), error.what()};
  }
  return {"", ""};
}

}  // namespace vibro::testing
