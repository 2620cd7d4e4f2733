// libFuzzer target over the two TOML input parsers (fuzz/README.md): the case-file parser
// and the published-table parser read every input, which they must accept or refuse with
// an InputError whose message is one line (it may quote the input, escaped). Any other
// exception (std::terminate), a message with a line break, a crash, an assertion of toml++
// or a sanitizer report is a bug.

#include "vibro/io/case_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/run/input_error.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

namespace {

void require_one_line(const vibro::InputError& error) {
  if (std::strchr(error.what(), '\n') == nullptr) return;
  std::fprintf(stderr, "InputError message with a line break: %s\n", error.what());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string label = "fuzz.toml";
  try {
    vibro::parse_case(text, label);
  } catch (const vibro::InputError& error) {
    require_one_line(error);
  }
  try {
    vibro::parse_published_table(text, label);
  } catch (const vibro::InputError& error) {
    require_one_line(error);
  }
  return 0;
}
