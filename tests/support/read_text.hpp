#pragma once
// A file's whole content, byte for byte ("" when it cannot be read: the caller's expectation
// on the content then fails and names what was missing).

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace vibro::testing {

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace vibro::testing
