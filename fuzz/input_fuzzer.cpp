// libFuzzer target over the input readers (fuzz/README.md): the case-file parser, the
// published-table parser, the sweep-file parser and the resume reader of a sweep's result
// file read every input, which they must accept or refuse with an InputError whose message
// is one line (it may quote the input, escaped). Any other exception (std::terminate), a
// message with a line break, a crash, an assertion of toml++ or a sanitizer report is a bug.
// A sweep file's case paths are read from the shipped cases (VIBRO_FUZZ_SWEEP_DIR); the
// result file is read against fuzz/resume.sweep.toml and the header of its seed result file.

#include "vibro/io/case_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/io/sweep_file.hpp"
#include "vibro/io/sweep_result_lines.hpp"
#include "vibro/io/toml_reader.hpp"
#include "vibro/support/input_error.hpp"

#include <nlohmann/json.hpp>

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

/// Sweeps of at most this many points: every point is read as a case, and an input must run
/// in bounded time (libFuzzer's -timeout).
constexpr std::size_t fuzz_max_points = 64;

/// fuzz/resume.sweep.toml and its seed result file's header line, read once.
struct ResumeFixture {
  vibro::SweepSpec sweep;
  nlohmann::json header;
};

const ResumeFixture& resume_fixture() {
  static const ResumeFixture fixture = [] {
    const std::string dir = VIBRO_FUZZ_DATA_DIR;
    ResumeFixture f{vibro::load_sweep(dir + "/resume.sweep.toml", false), {}};
    const std::string seed = vibro::read_input_file(dir + "/resume_seed.jsonl", "seed result file");
    f.header = nlohmann::json::parse(seed.substr(0, seed.find('\n')));
    return f;
  }();
  return fixture;
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
  try {
    vibro::parse_sweep(text, "fuzz.sweep.toml", VIBRO_FUZZ_SWEEP_DIR, false, fuzz_max_points);
  } catch (const vibro::InputError& error) {
    require_one_line(error);
  }
  const ResumeFixture& resume = resume_fixture();
  try {
    vibro::read_sweep_result_lines(std::string(text), resume.header, resume.sweep, std::nullopt, "fuzz.jsonl");
  } catch (const vibro::InputError& error) {
    require_one_line(error);
  }
  return 0;
}
