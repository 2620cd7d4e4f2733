// libFuzzer target over the input readers (fuzz/README.md): the case-file parser, the
// published-table parser, the sweep-file parser, the resume reader of a sweep's result file
// and the reader of a test-set problem's stored reference values read every input, which they
// must accept or refuse with an InputError whose message is one line (it may quote the input,
// escaped); the reader of an external program's trajectory reads it as the bytes a program
// wrote (ProgramOutputText: the same reader and line bounds, no process), and must accept it or
// refuse it with a one-line RunFailure. Any other
// exception (std::terminate), a message with a line break, a crash, an assertion of toml++ or a
// sanitizer report is a bug.
// A sweep file's case paths are read from the shipped cases (VIBRO_FUZZ_SWEEP_DIR); the
// result file is read against fuzz/resume.sweep.toml and the header of its seed result file.

#include "vibro/external/external_trajectory.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/io/sweep_file.hpp"
#include "vibro/io/sweep_result_lines.hpp"
#include "vibro/io/testset_reference_file.hpp"
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

void require_one_line(const std::exception& error) {
  if (std::strchr(error.what(), '\n') == nullptr) return;
  std::fprintf(stderr, "error message with a line break: %s\n", error.what());
  std::abort();
}

/// The rows an input is read for as a program's trajectory: t = 0, 0.25, …, 1.
constexpr std::int64_t fuzz_trajectory_steps = 4;

/// The external-program reader (external/external_trajectory.hpp: header, cells, decimals,
/// times on the grid, the contact column, the row count, the bounds on a line and on the
/// output) on `text` as what a program wrote.
void read_as_program_output(std::string_view text) {
  vibro::ProgramTrajectory<double, double> trajectory(vibro::ProgramOutputText{std::string(text)},
                                                      fuzz_trajectory_steps, 0.0, 0.25, 1, "fuzz");
  double t = 0, q = 0, v = 0;
  for (std::int64_t k = 0; k <= fuzz_trajectory_steps; ++k) trajectory.read_row(k, t, q, v);
  trajectory.finish();
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
  try {
    vibro::parse_testset_reference(text, "VI-00.toml");
  } catch (const vibro::InputError& error) {
    require_one_line(error);
  }
  try {
    read_as_program_output(text);
  } catch (const vibro::RunFailure& failure) {
    require_one_line(failure);
  }
  const ResumeFixture& resume = resume_fixture();
  try {
    vibro::read_sweep_result_lines(std::string(text), resume.header, resume.sweep, std::nullopt, "fuzz.jsonl");
  } catch (const vibro::InputError& error) {
    require_one_line(error);
  }
  return 0;
}
