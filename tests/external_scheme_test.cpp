// An external program as a scheme (docs/own_scheme.md): the command line split as a shell
// would without expanding anything; the program run as untrusted (not found, not executable,
// a timeout that kills its whole process group, a non-zero exit with its stderr, a line or an
// output past its bound, a program that stops reading its stdin); and through `vibro converge`,
// every defect of its trajectory refused with exit 1, one line naming the step size, the row
// and the column, and no result file written. The faults come from tests/data/faulty_scheme.py,
// which answers a correct free flight except for the one fault its argument names. And the
// examples of examples/external/, written as a user would, measured through the protocol:
// the Paoli–Schatzman scheme in Python and in C gives the built-in scheme's errors to
// rounding at every step size, and the same observed orders.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"

#include "vibro/external/external_problem.hpp"
#include "vibro/harness.hpp"
#include "vibro/external/external_program.hpp"
#include "vibro/external/external_trajectory.hpp"
#include "vibro/external/shown_output.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/support/input_error.hpp"
#include "support/read_text.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using namespace vibro::testing;
using vibro::ProgramFailure;
using vibro::ProgramLimits;
using vibro::RunningProgram;
using vibro::split_command_line;

TEST(SplitCommandLine, SplitsAtBlanksAndHonoursQuotesWithoutExpanding) {
  EXPECT_EQ(split_command_line("python3  ps.py\t--fast"), (std::vector<std::string>{"python3", "ps.py", "--fast"}));
  EXPECT_EQ(split_command_line("'my scheme' \"a \\\"b\\\" \\\\\" c\\ d '$HOME'"),
            (std::vector<std::string>{"my scheme", "a \"b\" \\", "c d", "$HOME"}));
  EXPECT_EQ(split_command_line("x'y'\"z\""), (std::vector<std::string>{"xyz"}));
  EXPECT_EQ(split_command_line("''"), (std::vector<std::string>{""}));
}

TEST(SplitCommandLine, RefusesUnclosedQuotesAndEmptyLines) {
  EXPECT_THROW(split_command_line("python3 'ps.py"), std::invalid_argument);
  EXPECT_THROW(split_command_line("python3 \"ps.py"), std::invalid_argument);
  EXPECT_THROW(split_command_line("ps\\"), std::invalid_argument);
  EXPECT_THROW(split_command_line("   "), std::invalid_argument);
}

/// The message of the ProgramFailure that `f` throws, or "" when it throws none.
template <class F>
std::string failure_of(F&& f) {
  try {
    f();
  } catch (const ProgramFailure& failure) {
    return failure.what();
  }
  return "";
}

/// Reads the program's lines to the end, then waits for its exit.
void read_all(RunningProgram& program) {
  while (program.next_line()) {
  }
  program.wait_for_exit();
}

TEST(RunningProgram, GivesItsStdinAndReadsItsLines) {
  RunningProgram cat({"cat"}, "a,b\nlast without newline", {});
  EXPECT_EQ(cat.next_line(), "a,b");
  EXPECT_EQ(cat.next_line(), "last without newline");
  EXPECT_EQ(cat.next_line(), std::nullopt);
  EXPECT_NO_THROW(cat.wait_for_exit());
}

TEST(RunningProgram, NamesAProgramThatIsNotFound) {
  const std::string message = failure_of([] { RunningProgram({"vibro-no-such-program"}, "", {}); });
  EXPECT_NE(message.find("'vibro-no-such-program' was not found"), std::string::npos) << message;
}

TEST(RunningProgram, NamesAProgramThatIsNotExecutable) {
  const fs::path file = fs::path(::testing::TempDir()) / "vibro_not_executable.py";
  std::ofstream(file) << "print('t,u,v')\n";
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  const std::string message = failure_of([&] { RunningProgram({file.string()}, "", {}); });
  EXPECT_NE(message.find("is not executable"), std::string::npos) << message;
  fs::remove(file);
}

/// Whether process `pid` is gone or a zombie that is not ours to reap (its parent is then init).
bool gone_or_dead(const std::string& pid) {
  std::ifstream stat("/proc/" + pid + "/stat");
  if (!stat) return true;
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const std::size_t close = text.rfind(')');
  return close != std::string::npos && text.size() > close + 2 && text[close + 2] == 'Z';
}

TEST(RunningProgram, ATimeoutKillsTheWholeGroupAndLeavesNoZombie) {
  const fs::path pids = fs::path(::testing::TempDir()) / "vibro_timeout_pids";
  fs::remove(pids);
  // The program starts a grandchild, writes both process ids, then hangs.
  const std::string script = "sleep 300 & echo $$ $! > '" + pids.string() + "'; wait";
  ProgramLimits limits;
  limits.timeout = std::chrono::milliseconds(500);
  const auto start = std::chrono::steady_clock::now();
  std::string message;
  {
    RunningProgram program({"sh", "-c", script}, "", limits);
    message = failure_of([&] { read_all(program); });
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_NE(message.find("did not finish within 0.5 s"), std::string::npos) << message;
  std::string child, grandchild;
  std::ifstream(pids) >> child >> grandchild;
  ASSERT_FALSE(child.empty());
  // The program itself was reaped: no entry left at all, not even a zombie.
  EXPECT_FALSE(fs::exists("/proc/" + child)) << "the program " << child << " is left behind";
  // What it started was killed with it (a killed orphan is init's to reap).
  for (int tries = 0; tries < 100 && !gone_or_dead(grandchild); ++tries)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(gone_or_dead(grandchild)) << "the program's child " << grandchild << " still runs";
  fs::remove(pids);
}

TEST(RunningProgram, ANonZeroExitNamesTheStatusAndTheLastStderrLines) {
  RunningProgram program({"sh", "-c", "echo first >&2; echo second >&2; exit 3"}, "", {});
  const std::string message = failure_of([&] { read_all(program); });
  EXPECT_NE(message.find("exited with status 3; its last stderr lines: first | second"), std::string::npos) << message;
}

/// Every line kept, escaped; when the program wrote more than is kept, a first line says how much
/// and the cut line is left out.
TEST(RunningProgram, ItsStderrLinesAreTheLinesKept) {
  RunningProgram all({"sh", "-c", "printf 'one\\n\\ntwo\\377\\r\\n' >&2"}, "", {});
  read_all(all);
  EXPECT_EQ(all.stderr_lines(), (std::vector<std::string>{"one", "two\\xFF"}));
  ProgramLimits small;
  small.kept_stderr_bytes = 12;  // of "aaaa\nbbbb\ncccc\ndddd\n": "bb\ncccc\ndddd\n"
  RunningProgram cut({"sh", "-c", "printf 'aaaa\\nbbbb\\ncccc\\ndddd\\n' >&2"}, "", small);
  read_all(cut);
  EXPECT_EQ(cut.stderr_lines(), (std::vector<std::string>{"(its first 8 of 20 bytes not kept)", "cccc", "dddd"}));
}

TEST(RunningProgram, ASignalIsNamed) {
  RunningProgram program({"sh", "-c", "kill -SEGV $$"}, "", {});
  const std::string message = failure_of([&] { read_all(program); });
  EXPECT_NE(message.find("was ended by signal " + std::to_string(SIGSEGV)), std::string::npos) << message;
}

TEST(RunningProgram, ALineLongerThanTheBoundStopsIt) {
  ProgramLimits limits;
  limits.max_line_bytes = 100;
  RunningProgram program({"sh", "-c", "head -c 100000 /dev/zero | tr '\\0' 1; echo"}, "", limits);
  const std::string message = failure_of([&] { read_all(program); });
  EXPECT_NE(message.find("a line longer than 100 bytes"), std::string::npos) << message;
}

TEST(RunningProgram, OutputBeyondTheBoundStopsIt) {
  ProgramLimits limits;
  limits.max_output_bytes = 1 << 16;
  RunningProgram program({"yes", "1,2,3"}, "", limits);
  const std::string message = failure_of([&] { read_all(program); });
  EXPECT_NE(message.find("more than 65536 bytes"), std::string::npos) << message;
}

TEST(RunningProgram, AProgramThatDoesNotReadItsStdinDoesNotEndTheCaller) {
  // 4 MiB more than a pipe holds: the write fails with EPIPE once the program is gone, and
  // SIGPIPE must not end the test program.
  RunningProgram program({"sh", "-c", "echo done"}, std::string(4 << 20, 'x'), {});
  EXPECT_EQ(program.next_line(), "done");
  EXPECT_NO_THROW(read_all(program));
}

TEST(ProgramTrajectory, TheTableSchemaNamesTheColumnsTheReaderTakes) {
  // docs/schema/external_trajectory.table-schema.json describes the CSV for users; the reader
  // is what checks it: their column names must agree (one coordinate, then contact).
  const nlohmann::json schema = nlohmann::json::parse(
      read_text(fs::path(test_paths::source_dir) / "docs" / "schema" / "external_trajectory.table-schema.json"));
  std::vector<std::string> documented;
  for (const nlohmann::json& field : schema["fields"]) documented.push_back(field["name"]);
  std::vector<std::string> read = vibro::trajectory_columns(1);
  read.push_back("contact");
  EXPECT_EQ(documented, read);
  EXPECT_EQ(vibro::trajectory_columns(2), (std::vector<std::string>{"t", "q1", "q2", "v1", "v2"}));
}

TEST(ProgramTrajectory, TheImpactTableSchemaNamesTheColumnsTheReaderTakes) {
  // docs/schema/external_impacts.table-schema.json, likewise.
  const nlohmann::json schema = nlohmann::json::parse(
      read_text(fs::path(test_paths::source_dir) / "docs" / "schema" / "external_impacts.table-schema.json"));
  std::vector<std::string> documented;
  for (const nlohmann::json& field : schema["fields"]) documented.push_back(field["name"]);
  EXPECT_EQ(documented, vibro::impact_table_columns());
}

/// faulty_scheme.py FAULT as a program, and the problem it reads: 4 steps of h = 1/4 from
/// t0 = 0, u0 = 1, v0 = −1 (its rows are then u = 1 − t, v = −1).
vibro::ExternalScheme faulty(const std::string& fault) {
  return {{"python3", std::string(test_paths::test_data_dir) + "/faulty_scheme.py", fault}, "", "faulty", std::chrono::seconds(60), {}, {}};
}
const std::string four_steps =
    R"({"steps": 4, "initial": {"t0": {"double": 0}, "u0": {"double": 1}, "v0": {"double": -1}},)"
    R"( "step": {"h": {"double": 0.25}}})";

TEST(ProgramTrajectory, ReadsEveryRowWithItsContactFlag) {
  vibro::ProgramTrajectory<double, double> trajectory(faulty("bounce"), four_steps, 4, 0.0, 0.25, 1, "test");
  for (std::int64_t k = 0; k <= 4; ++k) {
    double t = -1, u = -1, v = 0;
    const bool contact = trajectory.read_row(k, t, u, v);
    EXPECT_EQ(t, 0.25 * static_cast<double>(k));  // exact: k/4 is a double, and so is its decimal
    EXPECT_EQ(u, 1 - t);
    EXPECT_EQ(v, -1.0);
    EXPECT_EQ(contact, k == 2) << "row " << k;
  }
  EXPECT_NO_THROW(trajectory.finish());
}

/// The message of the RunFailure from the four-step trajectory `make()` gives, read row by row
/// to the end ("" when every row is read).
template <class Make>
std::string failure_reading_rows(const Make& make) {
  try {
    auto trajectory = make();
    double t, u, v;
    for (std::int64_t k = 0; k <= 4; ++k) trajectory.read_row(k, t, u, v);
    trajectory.finish();
  } catch (const vibro::RunFailure& failure) {
    return failure.what();
  }
  return "";
}

/// docs/own_scheme.md's table of `model.parameters` is what vibro sends: for one case of each
/// model type (and of the impact oscillator's physical form, the conservative oscillator with
/// one stop, two and none), every key problem_model gives is in the type's row, and every key a
/// row lists is given by one of its cases. (A newcomer had to dump the JSON to find beta, g, the
/// stops and the pendulum's keys.)
TEST(ProblemJson, EveryModelsParametersAreThoseThisPageLists) {
  const std::string page = read_text(fs::path(test_paths::source_dir) / "docs" / "own_scheme.md");
  const std::size_t table = page.find("| model `type` | `model.parameters` | `dimension` |");
  ASSERT_NE(table, std::string::npos);
  // Each row: its first cell's text, and the backticked names of its second cell.
  std::map<std::string, std::set<std::string>> rows;
  std::istringstream lines(page.substr(table));
  std::string line;
  std::getline(lines, line);
  std::getline(lines, line);
  while (std::getline(lines, line) && line.starts_with("| ")) {
    const std::size_t first_end = line.find(" | ", 2), second_end = line.find(" | ", first_end + 3);
    std::set<std::string> keys;
    const std::string cell = line.substr(first_end + 3, second_end - first_end - 3);
    for (std::size_t at = cell.find('`'); at != std::string::npos; at = cell.find('`', cell.find('`', at + 1) + 1))
      keys.insert(cell.substr(at + 1, cell.find('`', at + 1) - at - 1));
    rows[line.substr(2, first_end - 2)] = keys;
  }
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"`impact-oscillator`", {"ps_forced_oscillator.toml"}},
      {"`impact-oscillator` with physical parameters", {"ps_forced_oscillator_physical.toml"}},
      {"`duffing-oscillator`", {"testset/VI-08.toml"}},
      {"`constant-force`", {"free_fall.toml"}},
      {"`conservative-oscillator`",
       {"nsfd/duffing_obstacle_nonstandard.toml", "nsfd/two_stops_nonstandard.toml", "nsfd/stability_standard.toml"}},
      {"`linear-system`", {"peer/siconos_moreau_jean_two_dof_impacts.toml"}},
      {"`two-mass-spring`", {"seed002/exp1_nsmmm.toml"}},
      {"`double-pendulum`", {"peer/siconos_moreau_jean_pendulum.toml"}}};
  EXPECT_EQ(rows.size(), cases.size());
  // "stiffness[i]" stands for stiffness[1], stiffness[2], …
  const auto listed_as = [](std::string key) {
    const std::size_t bracket = key.find('[');
    return bracket == std::string::npos ? key : key.substr(0, bracket) + "[i]";
  };
  for (const auto& [row, files] : cases) {
    ASSERT_TRUE(rows.contains(row)) << row;
    std::set<std::string> given;
    for (const std::string& file : files) {
      const nlohmann::json parameters =
          vibro::problem_model(vibro::load_case(fs::path(test_paths::cases_dir) / file)).at("parameters");
      for (const auto& [key, value] : parameters.items()) {
        EXPECT_TRUE(rows[row].contains(listed_as(key))) << file << " gives " << key << ", not in the row " << row;
        given.insert(listed_as(key));
      }
    }
    for (const std::string& key : rows[row]) {
      if (key.find(' ') != std::string::npos) continue;  // a value such as "tau = omega0 t", not a name
      EXPECT_TRUE(given.contains(key)) << "the row " << row << " lists " << key << ", which no case of it gives";
    }
  }
}

/// The same for the scheme's answer to four_steps.
std::string trajectory_failure(const vibro::ExternalScheme& scheme) {
  return failure_reading_rows(
      [&] { return vibro::ProgramTrajectory<double, double>(scheme, four_steps, 4, 0.0, 0.25, 1, "test"); });
}

/// The same for the trajectory in `text`, read as the bytes a program wrote, or as the output of
/// `cat` given `text` on its stdin.
std::string failure_reading(const std::string& text, bool through_a_process) {
  vibro::ExternalScheme cat;
  cat.argv = {"cat"};
  return failure_reading_rows([&] {
    return through_a_process
               ? vibro::ProgramTrajectory<double, double>(cat, text, 4, 0.0, 0.25, 1, "test")
               : vibro::ProgramTrajectory<double, double>(vibro::ProgramOutputText{text}, 4, 0.0, 0.25, 1, "test");
  });
}

TEST(ProgramTrajectory, AnOutputGivenAsBytesIsReadAsThatOfAProgram) {
  const std::string rows = "t,u,v\n0,1,0\n0.25,1,0\n0.5,1,0\n0.75,1,0\n";
  for (const std::string& text : {rows + "1,1,0\n", rows + "1,1,0", rows + "1,x,0\n", rows, rows + "1,1,0\n1.25,1,0\n",
                                   rows + "1.5,1,0\n", std::string("t,u\n0,1\n"), std::string(""),
                                   rows + "1,1,0,1\n", std::string("t,u,v,contact\r\n0,1,0,2\r\n")}) {
    const std::string message = failure_reading(text, false);
    EXPECT_EQ(message, failure_reading(text, true)) << text;
    EXPECT_EQ(message.empty(), text == rows + "1,1,0\n" || text == rows + "1,1,0") << message;
  }
  // A line past 256 + 4·(2·17 + 64) = 648 bytes, and an output past 4 + 2 rows and an impact
  // table of max(5, 10 000) impacts with its header: 10 007 lines of 649 bytes.
  const std::string too_long = "t,u,v\n" + std::string(1000, '1') + "\n";
  EXPECT_NE(failure_reading(rows + std::string(6'500'000, '\n'), false).find("wrote more than 6494543 bytes"),
            std::string::npos);
  EXPECT_NE(failure_reading(too_long, false).find("wrote a line longer than"), std::string::npos)
      << failure_reading(too_long, false);
}

/// A blank line is named as such (it was "gave more than the 5 rows asked for" at the end, "has 1
/// cells" between rows), through the byte door and the program's.
TEST(ProgramTrajectory, ABlankLineIsNamedAsSuch) {
  const std::string rows = "t,u,v\n0,1,0\n0.25,1,0\n0.5,1,0\n0.75,1,0\n1,1,0\n";
  for (const bool door : {false, true}) {
    const std::string trailing = failure_reading(rows + "\n", door);
    EXPECT_NE(trailing.find("wrote a blank line (line 7 of its output) after its last row"), std::string::npos)
        << trailing;
    EXPECT_EQ(trailing.find("more than"), std::string::npos) << trailing;
    const std::string between = failure_reading("t,u,v\n0,1,0\n  \r\n0.25,1,0\n", door);
    EXPECT_NE(between.find("row 1 (line 3 of its output) is a blank line"), std::string::npos) << between;
  }
}

/// The line `evaluations,N` after the rows (docs/own_scheme.md "The answer"): read as the
/// program's work, before an impact table; a line that is not a whole number of evaluations, or
/// one after the impact table, is refused with one line.
TEST(ProgramTrajectory, TheEvaluationsLineIsReadBeforeTheImpactTableAndChecked) {
  const std::string rows = "t,u,v\n0,1,0\n0.25,1,0\n0.5,1,0\n0.75,1,0\n1,1,0\n";
  const auto read = [](const std::string& text) {
    vibro::ProgramTrajectory<double, double> trajectory(vibro::ProgramOutputText{text}, 4, 0.0, 0.25, 1, "test", {true});
    double t, q, v;
    for (std::int64_t k = 0; k <= 4; ++k) trajectory.read_row(k, t, q, v);
    std::size_t impacts = 0;
    trajectory.finish([&](const vibro::ProgramImpact<double>&) { ++impacts; });
    return std::pair{trajectory.evaluations(), impacts};
  };
  EXPECT_EQ(read(rows), (std::pair{std::optional<std::int64_t>(), std::size_t{0}}));
  EXPECT_EQ(read(rows + "evaluations,17\n"), (std::pair{std::optional<std::int64_t>(17), std::size_t{0}}));
  EXPECT_EQ(read(rows + "evaluations, 0\nt,coordinate,v_minus,v_plus\n0.5,1,-1,0.5\n"),
            (std::pair{std::optional<std::int64_t>(0), std::size_t{1}}));
  const auto failure = [&](const std::string& text) {
    try {
      read(text);
    } catch (const vibro::RunFailure& why) {
      return std::string(why.what());
    }
    return std::string("accepted");
  };
  for (const char* n : {"-3", "+3", "1.5", "1e3", "", "x", "1000000000000000000"})
    EXPECT_NE(failure(rows + "evaluations," + n + "\n").find("(line 7 of its output), which does not give a whole number"),
              std::string::npos)
        << n << ": " << failure(rows + "evaluations," + n + "\n");
  EXPECT_NE(failure(rows + "evaluations,1,2\n").find("is not 'evaluations,N'"), std::string::npos);
  EXPECT_NE(failure(rows + "t,coordinate,v_minus,v_plus\nevaluations,3\n").find("has 2 cells"), std::string::npos)
      << failure(rows + "t,coordinate,v_minus,v_plus\nevaluations,3\n");
}

/// The four-step trajectory of h = 1/4 from t0 = 0 in `text` (of `dimension` coordinates, with
/// `stops` as ProgramTrajectory takes them) read through the byte door and through `cat`: its
/// rows as "t q… v… contact" lines when `with_rows`, then each impact of its table as "impact t
/// coordinate v_minus v_plus"; or the one-line failure, the same through both doors.
std::string read_through_both_doors(const std::string& text, std::size_t dimension, const std::vector<bool>& stops,
                                    bool with_rows) {
  std::vector<std::string> answers;
  for (const bool through_a_process : {false, true}) {
    std::string said;
    try {
      vibro::ExternalScheme cat;
      cat.argv = {"cat"};
      using Trajectory = vibro::ProgramTrajectory<double, vibro::Vector<double>>;
      auto trajectory = through_a_process
                            ? Trajectory(cat, text, 4, 0.0, 0.25, dimension, "test", stops)
                            : Trajectory(vibro::ProgramOutputText{text}, 4, 0.0, 0.25, dimension, "test", stops);
      double time;
      vibro::Vector<double> q, v;
      for (std::int64_t k = 0; k <= 4; ++k) {
        const bool contact = trajectory.read_row(k, time, q, v);
        if (!with_rows) continue;
        said += vibro::to_text(time);
        for (const double x : q) said += " " + vibro::to_text(x);
        for (const double x : v) said += " " + vibro::to_text(x);
        said += contact ? " 1\n" : " 0\n";
      }
      trajectory.finish([&](const vibro::ProgramImpact<double>& i) {
        said += "impact " + vibro::to_text(i.t) + " " + std::to_string(i.coordinate) + " " + vibro::to_text(i.v_minus) +
                " " + vibro::to_text(i.v_plus) + "\n";
      });
    } catch (const vibro::RunFailure& failure) {
      said = failure.what();
    }
    answers.push_back(said);
  }
  EXPECT_EQ(answers[0], answers[1]) << text;
  return answers[0];
}

/// The impacts of the impact `table` after four rows (of one coordinate, or of two with a stop
/// on coordinate 1 only), as read_through_both_doors says them.
std::string impacts_read(const std::string& table, std::size_t dimension = 1) {
  const std::string rows = dimension == 1 ? "t,u,v\n0,1,0\n0.25,1,0\n0.5,1,0\n0.75,1,0\n1,1,0\n"
                                          : "t,q1,q2,v1,v2\n0,1,1,0,0\n0.25,1,1,0,0\n0.5,1,1,0,0\n"
                                            "0.75,1,1,0,0\n1,1,1,0,0\n";
  return read_through_both_doors(rows + table, dimension, dimension == 1 ? std::vector<bool>{} : std::vector<bool>{true, false},
                                 false);
}

TEST(ProgramTrajectory, AnImpactTableIsReadInOrderWithEveryDigit) {
  // A last line without its line break counts, as for the rows; each decimal is read correctly
  // rounded (0.30000000000000004 is the double after 0.3).
  EXPECT_EQ(impacts_read("t,coordinate,v_minus,v_plus\n0.1,1,-2,1\n0.30000000000000004,1,-1,0.5\n1,1,-3,1.5"),
            "impact 0.1 1 -2 1\nimpact 0.30000000000000004 1 -1 0.5\nimpact 1 1 -3 1.5\n");
}

TEST(ProgramTrajectory, AnImpactTableIsCheckedBeforeItsImpactsAreUsed) {
  const std::string header = "t,coordinate,v_minus,v_plus\n";
  EXPECT_EQ(impacts_read(header), "") << "an empty table: no impact";
  EXPECT_EQ(impacts_read(header + "0,1,-1,0.5\n1,1,-1,0.5\n"), "impact 0 1 -1 0.5\nimpact 1 1 -1 0.5\n")
      << "both ends of the horizon";
  EXPECT_EQ(impacts_read(header + "0.5,1,-1,0.5\n0.5,1,-1,0.5\n", 2),
            "test: impact 2 (line 9 of its output) is coordinate 1's impact at t = 0.5 again (an impact is listed once)");
  const std::pair<std::string, std::string> refused[] = {
      {"1.25,1,-1,0.5\n", "test: impact 1 (line 8 of its output) t = 1.25 is outside the run's horizon [0, 1] (from row "
                          "0's time to row 4's)"},
      {"-0.5,1,-1,0.5\n", "t = -0.5 is outside the run's horizon [0, 1]"},
      {"0.5,1,-1,0.5\n0.5,1,-1,0.5\n", "test: impact 2 (line 9 of its output) is coordinate 1's impact at t = 0.5 again"},
      {"0.75,1,-1,0.5\n0.5,1,-1,0.5\n",
       "test: impact 2 (line 9 of its output) t = 0.5 is earlier than the previous impact's 0.75 (impacts are listed "
       "in time order)"},
      {"0.5,2,-1,0.5\n", "test: impact 1 (line 8 of its output), column 'coordinate': '2' is not a coordinate of the "
                         "model (1 … 1)"},
      {"0.5,1.0,-1,0.5\n", "column 'coordinate': '1.0' is not a coordinate: a whole number (1 … 1)"},
      {"0.5,1,nan,0.5\n", "test: impact 1 (line 8 of its output), column 'v_minus': 'nan' is not finite"},
      {"0.5,1,-1\n", "test: impact 1 (line 8 of its output) has 3 cells where the impact table's header has 4"},
      {"0.5,1,-1,0.5\n\n", "test: impact 2 (line 9 of its output) is a blank line"},
  };
  for (const auto& [table, message] : refused) {
    const std::string said = impacts_read(header + table);
    EXPECT_NE(said.find(message), std::string::npos) << table << " gave: " << said;
  }
  EXPECT_NE(impacts_read(header + "0.5,2,-1,0.5\n", 2)
                .find("test: impact 1 (line 8 of its output), column 'coordinate': coordinate 2 has no stop (the stops "
                      "are on 1)"),
            std::string::npos);
  EXPECT_NE(impacts_read("t,u,v\n").find("gave more than the 5 rows asked for"), std::string::npos)
      << "a second header of rows is no impact table";
}

/// `values` as little-endian binary64 numbers, as the protocol's binary rows carry them.
std::string binary64(std::initializer_list<double> values) {
  std::string bytes;
  for (const double x : values) {
    std::uint64_t word;
    std::memcpy(&word, &x, 8);
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>((word >> (8 * i)) & 0xff));
  }
  return bytes;
}

/// The four-step trajectory of one coordinate and its impact table in `text`, rows and impacts.
std::string binary_read(const std::string& text) { return read_through_both_doors(text, 1, {}, true); }

TEST(ProgramTrajectory, BinaryRowsAreReadExactlyAndCheckedAsTextRowsAre) {
  const std::string header = "binary64 t,u,v,contact\n";
  const auto row = [](double t, double u, double contact) { return binary64({t, u, -1, contact}); };
  const std::string rows = row(0, 1, 0) + row(0.25, 0.75, 0) + row(0.5, 0.1, 1) + row(0.75, 0.25, 0);
  const std::string last = row(1, 0, 0);
  EXPECT_EQ(binary_read(header + rows + last), "0 1 -1 0\n0.25 0.75 -1 0\n0.5 0.1 -1 1\n0.75 0.25 -1 0\n1 0 -1 0\n");
  EXPECT_EQ(binary_read("binary64 t,u,v\n" + binary64({0, 1, -1, 0.25, 1, -1, 0.5, 1, -1, 0.75, 1, -1, 1, 1, -1}) +
                        "t,coordinate,v_minus,v_plus\n" + binary64({0.5, 1, -1, 0.5})),
            "0 1 -1 0\n0.25 1 -1 0\n0.5 1 -1 0\n0.75 1 -1 0\n1 1 -1 0\nimpact 0.5 1 -1 0.5\n");
  const std::pair<std::string, std::string> refused[] = {
      {header + rows + last.substr(0, 24),
       "test: binary row 4 is cut short: the output ends 24 bytes into it, where a binary row has 32 (8 per column)"},
      {header + rows, "test: the program gave 4 rows after its header where 5 were asked for (k = 0 … 4)"},
      {header + row(0, 1, 0) + row(0.25, std::nan(""), 0), "test: binary row 1, column 'u': nan is not finite"},
      {header + row(0, 1, 0) + row(0.25, 1, 2), "test: binary row 1, column 'contact': 2 is not 0 or 1"},
      {header + row(0, 1, 0) + row(0.3, 1, 0), "test: binary row 1 t = 0.3 is off the grid"},
      {header + rows + last + "\n", "wrote a blank line (line 2 of its output) after its last row"},
      {"binary64 t,u,v\n" + binary64({0, 1, -1, 0.25, 1, -1, 0.5, 1, -1, 0.75, 1, -1, 1, 1, -1}) +
           "t,coordinate,v_minus,v_plus\n" + binary64({0.5, 1.5, -1, 0.5}),
       "test: binary impact 1, column 'coordinate': 1.5 is not a coordinate of the model (1 … 1)"},
  };
  for (const auto& [text, message] : refused) {
    const std::string said = binary_read(text);
    EXPECT_NE(said.find(message), std::string::npos) << said;
  }
}

TEST(ProgramTrajectory, RefusesTooFewAndTooManyRows) {
  EXPECT_NE(trajectory_failure(faulty("many")).find("gave more than the 5 rows asked for"), std::string::npos);
  EXPECT_NE(trajectory_failure(faulty("few")).find("gave 3 rows after its header where 5 were asked for"),
            std::string::npos);
}

TEST(ProgramTrajectory, RefusesTimesOffTheGrid) {
  // 4 steps of h = 1/4, answered as if h were 1/4 + 1/1000·h·2 = the grid's tolerance twice.
  const std::string stretched =
      R"({"steps": 4, "initial": {"t0": {"double": 0}, "u0": {"double": 1}, "v0": {"double": -1}},)"
      R"( "step": {"h": {"double": 0.2505}}})";
  std::string message;
  try {
    vibro::ProgramTrajectory<double, double> trajectory(faulty("none"), stretched, 4, 0.0, 0.25, 1, "test");
    double t, u, v;
    for (std::int64_t k = 0; k <= 4; ++k) trajectory.read_row(k, t, u, v);
  } catch (const vibro::RunFailure& failure) {
    message = failure.what();
  }
  EXPECT_NE(message.find("row 1 (line 3 of its output) t = 0.2505 is off the grid"), std::string::npos) << message;
}

/// A trajectory computed in the process (the Python module's step functions): four steps of
/// h = 1/4 from t0 = 0 of u = 1 − t, v = −1, contact at row 2, then `change` applied.
vibro::ExternalScheme computed(const std::function<void(vibro::ComputedTrajectory&)>& change) {
  vibro::ExternalScheme scheme;
  scheme.name = "computed";
  scheme.compute = [change](const std::string&) {
    vibro::ComputedTrajectory answer;
    for (int k = 0; k <= 4; ++k) {
      answer.t.push_back(0.25 * k);
      answer.q.push_back(1 - 0.25 * k);
      answer.v.push_back(-1);
      answer.contact.push_back(k == 2 ? 1 : 0);
    }
    change(answer);
    return answer;
  };
  return scheme;
}

/// The message of the RunFailure from replaying the computed answer changed by `change`.
std::string computed_failure(const std::function<void(vibro::ComputedTrajectory&)>& change) {
  return trajectory_failure(computed(change));
}

TEST(ComputedTrajectory, ReplaysEveryRowExactlyWithItsContactFlag) {
  vibro::ProgramTrajectory<vibro::mpfr_real, vibro::mpfr_real> trajectory(
      computed([](auto&) {}), four_steps, 4, vibro::mpfr_real(0), vibro::mpfr_real(0.25), 1, "test");
  for (std::int64_t k = 0; k <= 4; ++k) {
    vibro::mpfr_real t, u, v;
    const bool contact = trajectory.read_row(k, t, u, v);
    EXPECT_EQ(t, vibro::mpfr_real(0.25) * k);  // the doubles k/4 exactly, in MPFR too
    EXPECT_EQ(u, 1 - t);
    EXPECT_EQ(v, -1);
    EXPECT_EQ(contact, k == 2) << "row " << k;
  }
}

TEST(ComputedTrajectory, RefusesEachDefectWithOneLineNamingTheRowAndColumn) {
  using A = vibro::ComputedTrajectory;
  const auto says = [](const std::function<void(A&)>& change, const std::string& expected) {
    const std::string message = computed_failure(change);
    EXPECT_NE(message.find(expected), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  };
  says([](A& a) { a.t.pop_back(); }, "test: the step function gave 4 rows where 5 were asked for");
  says([](A& a) { a.q.push_back(0); }, "gave 6 values of q where 5 were asked for");
  says([](A& a) { a.v.pop_back(); }, "gave 4 values of v where 5 were asked for");
  says([](A& a) { a.contact.pop_back(); }, "gave 4 contact flags where 5 were asked for");
  says([](A& a) { a.dimension = 2; }, "gave 2 coordinates per row where the model has 1");
  says([](A& a) { a.q[3] = std::numeric_limits<double>::quiet_NaN(); },
       "the step function's row 3, column 'u': nan is not finite");
  says([](A& a) { a.v[1] = std::numeric_limits<double>::infinity(); }, "row 1, column 'v': inf is not finite");
  says([](A& a) { a.t[2] = 0.5 + 0.25 / 500; }, "row 2 t = 0.5005 is off the grid");
  says([](A& a) { a.t[0] = -0.25 / 500; }, "row 0 t = -0.0005 is off the grid");
  says([](A& a) { a.t[3] = a.t[2]; }, "row 3 t = 0.5 is not later than the previous row's 0.5");
  says([](A& a) { a.contact[4] = 2; }, "row 4, column 'contact': 2 is not 0 or 1");
  EXPECT_EQ(computed_failure([](A&) {}), "");
  EXPECT_EQ(computed_failure([](A& a) { a.contact.clear(); }), "");  // the flags are optional
}

TEST(ComputedTrajectory, AFailedComputationIsARunErrorInItsContext) {
  vibro::ExternalScheme scheme;
  scheme.compute = [](const std::string&) -> vibro::ComputedTrajectory {
    throw vibro::ProgramFailure("the step function raised ZeroDivisionError: division by zero");
  };
  try {
    vibro::ProgramTrajectory<double, double> trajectory(scheme, four_steps, 4, 0.0, 0.25, 1, "'f' at step size 1/4");
    ADD_FAILURE() << "no failure";
  } catch (const vibro::RunFailure& failure) {
    EXPECT_STREQ(failure.what(), "'f' at step size 1/4: the step function raised ZeroDivisionError: division by zero");
  }
}

/// The harmonic oscillator with an obstacle (cases/study_ps_harmonic_obstacle.toml), one
/// period at T/40 with a two-step ladder: small enough that each fault shows at once.
const char* const small_study = R"([case]
name = "small-study"
description = "harmonic oscillator with an obstacle, one period"
precision = "double"

[model]
type = "impact-oscillator"
alpha = 0
a = 0
omega = 1
u_min = 0
e = 0.5

[initial]
u0 = 1
v0 = 0

[scheme]
type = "paoli-schatzman"

[step]
steps_per_period = 40

[horizon]
periods = 1

[convergence]
steps_per_period = [40, 80]
)";

/// A rung of a tolerance ladder tells the program its tolerance, as given and as the nearest
/// double (docs/own_scheme.md "The problem"); a run over step sizes has no such member.
TEST(ProblemJson, ARungOfAToleranceLadderCarriesItsTolerance) {
  using Model = vibro::ImpactOscillator<double>;
  const vibro::CaseSpec c = vibro::parse_case(small_study, "small.toml");
  const vibro::BoundCase<Model> b = vibro::bind_case<Model>(c);
  const vibro::RunHorizon<double> horizon(b, b.spec.step);
  const std::string tolerance = "1e-8";
  const nlohmann::json rung =
      nlohmann::json::parse(vibro::problem_message(b, c.step, horizon, 1, {"t", "u", "v"}, &tolerance));
  EXPECT_EQ(rung["tolerance"]["text"], "1e-8");
  EXPECT_EQ(rung["tolerance"]["double"].get<double>(), 1e-8);
  EXPECT_FALSE(nlohmann::json::parse(vibro::problem_message(b, c.step, horizon, 1, {"t", "u", "v"})).contains("tolerance"));
}

class ExternalSchemeCli : public Cli {
 protected:
  /// The study `vibro converge` prints with --json: the built-in scheme, or `command`.
  nlohmann::json converge_json(const fs::path& study, const std::string& command) const {
    const std::string program = command.empty() ? "" : " --scheme-command \"" + command + "\"";
    const Outcome outcome = vibro("converge " + quoted(study) + " --json --timing-repeats 0 --no-measure-rounding --out " +
                                  quoted(dir() / "out") + program);
    EXPECT_EQ(outcome.status, 0) << outcome.err;
    return nlohmann::json::parse(outcome.out)["convergence"];
  }

  /// `vibro converge` of the small study with faulty_scheme.py FAULT as the scheme.
  Outcome converge_with_fault(const std::string& fault, const std::string& more = "") const {
    const fs::path study = write("small.toml", small_study);
    return vibro("converge " + quoted(study) + " --out " + quoted(dir() / "out") + " --scheme-command \"python3 " +
                 std::string(test_paths::test_data_dir) + "/faulty_scheme.py " + fault + "\" " + more);
  }
};

/// Exit 1, nothing on stdout, one line on stderr with every one of `mentions`, and no result
/// file written.
::testing::AssertionResult refused(const Outcome& outcome, const fs::path& out,
                                   std::initializer_list<std::string> mentions) {
  const std::vector<std::string> lines = lines_of(outcome.err);
  bool ok = outcome.status == 1 && outcome.out.empty() && lines.size() == 1 && lines[0].starts_with("vibro: error: ");
  for (const std::string& m : mentions) ok = ok && lines[0].find(m) != std::string::npos;
  const bool nothing_written = !fs::exists(out) || fs::is_empty(out);
  if (ok && nothing_written) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure();
  failure << "exit " << outcome.status << ", stdout '" << outcome.out << "', stderr '" << outcome.err << "'"
          << (nothing_written ? "" : ", and files were written") << "; expected exit 1 and one line mentioning";
  for (const std::string& m : mentions) failure << " '" << m << "'";
  return failure;
}

TEST_F(ExternalSchemeCli, ACorrectAnswerIsMeasured) {
  const Outcome outcome = converge_with_fault("none", "--json");
  EXPECT_EQ(outcome.status, 0) << outcome.err;
  EXPECT_NE(outcome.out.find("\"external\": true"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir() / "out" / "small-study-double.csv"));
}

/// What a program that succeeded wrote to its stderr is shown, a warning line per run with
/// its last lines (it was dropped: a program's warnings were invisible); the study is the same.
TEST_F(ExternalSchemeCli, ASuccessfulProgramsStderrIsShownAsAWarning) {
  const Outcome plain = converge_with_fault("none", "--json");
  const Outcome warned = converge_with_fault("warn", "--json");
  ASSERT_EQ(warned.status, 0) << warned.err;
  const auto errors = [](const Outcome& outcome) {
    const nlohmann::json study = nlohmann::json::parse(outcome.out).at("convergence");
    nlohmann::json errors = nlohmann::json::array();
    for (const nlohmann::json& row : study.at("rows")) errors.push_back(row.at("errors"));
    return errors;
  };
  EXPECT_EQ(errors(warned), errors(plain));
  EXPECT_TRUE(plain.err.empty()) << plain.err;
  const std::vector<std::string> lines = lines_of(warned.err);
  ASSERT_FALSE(lines.empty());
  for (const std::string& line : lines) {
    EXPECT_TRUE(line.starts_with("vibro: warning: ")) << line;
    EXPECT_NE(line.find("at step size"), std::string::npos) << line;
    EXPECT_NE(line.find("the program succeeded and wrote to stderr: note: the step is coarse | second line"),
              std::string::npos)
        << line;
  }
}

/// By default a run's last five lines in one warning; with --scheme-stderr every line, each a
/// warning of its own.
TEST_F(ExternalSchemeCli, SchemeStderrShowsEveryLineOfTheProgramsStderr) {
  const Outcome tail = converge_with_fault("chatty");
  const Outcome whole = converge_with_fault("chatty", "--scheme-stderr");
  ASSERT_EQ(tail.status, 0) << tail.err;
  ASSERT_EQ(whole.status, 0) << whole.err;
  const std::vector<std::string> tail_lines = lines_of(tail.err), whole_lines = lines_of(whole.err);
  ASSERT_FALSE(tail_lines.empty());
  EXPECT_NE(tail_lines[0].find("wrote to stderr: line 3 | line 4 | line 5 | line 6 | line 7"), std::string::npos)
      << tail_lines[0];
  ASSERT_EQ(whole_lines.size(), 7 * tail_lines.size()) << whole.err;
  for (std::size_t i = 0; i < 7; ++i) {
    EXPECT_TRUE(whole_lines[i].starts_with("vibro: warning: ")) << whole_lines[i];
    EXPECT_TRUE(whole_lines[i].ends_with("the program's stderr: line " + std::to_string(i + 1))) << whole_lines[i];
  }
}

/// The grammar of docs/own_scheme.md allows a '+' before a number; round 4 found `+0.5`
/// refused in double (the reader there takes no '+'). The same study as without the signs.
TEST_F(ExternalSchemeCli, APlusSignBeforeANumberIsReadAsTheGrammarSays) {
  const Outcome plain = converge_with_fault("none", "--json");
  const Outcome plus = converge_with_fault("plus", "--json");
  ASSERT_EQ(plus.status, 0) << plus.err;
  const auto errors = [](const Outcome& o) {
    nlohmann::json rows = nlohmann::json::parse(o.out).at("convergence").at("rows");
    for (auto& row : rows) row.erase("seconds");  // wall times differ from run to run
    return rows.dump();
  };
  EXPECT_EQ(errors(plus), errors(plain));
}

TEST_F(ExternalSchemeCli, EachDefectOfTheTrajectoryIsOneLineNamingStepRowAndColumn) {
  const fs::path out = dir() / "out";
  const std::string at = "external scheme 'faulty_scheme.py' at step size T/";
  EXPECT_TRUE(refused(converge_with_fault("text"), out, {at, "row 5 (line 7 of its output), column 'u'", "'abc' is not a decimal number"}));
  EXPECT_TRUE(refused(converge_with_fault("nan"), out, {at, "row 5", "column 'v'", "'nan' is not finite"}));
  EXPECT_TRUE(refused(converge_with_fault("columns"), out, {at, "row 5", "has 5 cells where the header has 4"}));
  EXPECT_TRUE(refused(converge_with_fault("header"), out, {at, "line 1 is 't,u,x'", "'t,u,v' or 't,u,v,contact'"}));
  EXPECT_TRUE(refused(converge_with_fault("decreasing"), out, {at, "row 5", "is not later than the previous row's"}));
  EXPECT_TRUE(refused(converge_with_fault("offgrid"), out, {at, "row 5", "is off the grid", "within h/1000"}));
  EXPECT_TRUE(refused(converge_with_fault("contact"), out, {at, "row 5", "column 'contact'", "'2' is not 0 or 1"}));
  // On one thread the step sizes run in the ladder's order: the first failure is at T/40, 41 rows.
  EXPECT_TRUE(refused(converge_with_fault("few"), out, {at + "40", "gave 39 rows after its header where 41 were asked for"}));
  EXPECT_TRUE(refused(converge_with_fault("many"), out, {at + "40", "gave more than the 41 rows asked for"}));
  EXPECT_TRUE(refused(converge_with_fault("long"), out, {at, "a line longer than"}));
  EXPECT_TRUE(refused(converge_with_fault("silent"), out, {at, "wrote nothing to stdout"}));
}

TEST_F(ExternalSchemeCli, AProgramThatFailsIsNamedWithItsStderr) {
  const fs::path out = dir() / "out";
  EXPECT_TRUE(refused(converge_with_fault("exit"), out,
                      {"the program exited with status 3; its last stderr lines: reading the model: unknown type | "
                       "cannot go on"}));
  EXPECT_TRUE(refused(converge_with_fault("signal"), out, {"the program was ended by signal"}));
  EXPECT_TRUE(refused(converge_with_fault("hang", "--scheme-timeout 1"), out,
                      {"the program did not finish within 1 s (--scheme-timeout"}));
  const fs::path study = write("small.toml", small_study);
  EXPECT_TRUE(refused(vibro("converge " + quoted(study) + " --out " + quoted(out) + " --scheme-command vibro-no-such"),
                      out, {"the program 'vibro-no-such' was not found"}));
}

/// A program for the process tests: it starts `sleep 9994` in a session of its own (setsid:
/// out of its process group, so that killing the group does not reach it), writes its own
/// process id and the sleep's to `pids`, then does what `then` says.
fs::path escaping_program(const fs::path& pids, const std::string& then) {
  const fs::path script = pids.parent_path() / "escaping.sh";
  std::ofstream(script) << "setsid sleep 9994 </dev/null >/dev/null 2>&1 &\n"
                        << "echo $$ $! > '" << pids.string() << ".part'\n"
                        << "mv '" << pids.string() << ".part' '" << pids.string() << "'\n"
                        << then << "\n";
  return script;
}

/// The two process ids the program wrote (empty until it has).
std::vector<std::string> pids_written(const fs::path& pids) {
  std::vector<std::string> found;
  std::ifstream in(pids);
  for (std::string pid; in >> pid;) found.push_back(pid);
  return found;
}

/// Whether every process of `pids` is gone (or a zombie left to init) within 3 s; kills the
/// ones left, so that a failing test leaves nothing behind either.
::testing::AssertionResult all_gone(const std::vector<std::string>& pids) {
  for (int tries = 0; tries < 150; ++tries) {
    if (std::all_of(pids.begin(), pids.end(), [](const std::string& p) { return gone_or_dead(p); }))
      return ::testing::AssertionSuccess();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  auto failure = ::testing::AssertionFailure() << "left running:";
  for (const std::string& p : pids)
    if (!gone_or_dead(p)) {
      failure << " " << p;
      ::kill(std::stoi(p), SIGKILL);
    }
  return failure;
}

// A timeout stops the program and the descendant that left its group (the command line is
// its subreaper: docs/own_scheme.md "What vibro stops").
TEST_F(ExternalSchemeCli, ATimeoutStopsADescendantThatLeftTheProcessGroup) {
  const fs::path pids = dir() / "pids";
  const fs::path program = escaping_program(pids, "sleep 300");
  const fs::path study = write("small.toml", small_study);
  const fs::path out = dir() / "out";
  const Outcome outcome = vibro("converge " + quoted(study) + " --out " + quoted(out) + " --threads 1" +
                                " --scheme-timeout 1 --scheme-command \"sh " + program.string() + "\"");
  EXPECT_TRUE(refused(outcome, out, {"did not finish within 1 s", "with every process it started"}));
  const std::vector<std::string> started = pids_written(pids);
  ASSERT_EQ(started.size(), 2u) << outcome.err;
  EXPECT_TRUE(all_gone(started));
}

// SIGINT, SIGTERM or SIGHUP sent to vibro alone (as `kill` does, not the terminal's whole
// group) ends the program and its escaped descendant before vibro ends by the signal.
TEST_F(ExternalSchemeCli, EverySignalThatEndsVibroEndsTheProgramAndItsDescendantsFirst) {
  const fs::path study = write("small.toml", small_study);
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
    const fs::path pids = dir() / ("pids" + std::to_string(signal_number));
    const fs::path program = escaping_program(pids, "sleep 300");
    const pid_t vibro_pid = ::fork();
    ASSERT_GE(vibro_pid, 0);
    if (vibro_pid == 0) {
      const std::string command = "exec " + quoted(test_paths::vibro_executable) + " converge " + quoted(study) +
                                  " --out " + quoted(dir() / "out") + " --threads 1 --scheme-command \"sh " +
                                  program.string() + "\" >/dev/null 2>&1 </dev/null";
      ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    std::vector<std::string> started;
    for (int tries = 0; tries < 500 && started.size() < 2; ++tries) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      started = pids_written(pids);
    }
    ::kill(vibro_pid, signal_number);
    int status = 0;
    ::waitpid(vibro_pid, &status, 0);
    ASSERT_EQ(started.size(), 2u) << "signal " << signal_number << ": the program did not start";
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal_number) << "signal " << signal_number;
    EXPECT_TRUE(all_gone(started)) << "signal " << signal_number;
  }
}

// A program that exits with a failure while a process it started still holds its stdout is
// named by its exit status at once, not after the timeout; what it started is stopped.
TEST_F(ExternalSchemeCli, AFailedExitIsNamedWhileAChildHoldsTheOutput) {
  const fs::path pids = dir() / "pids";
  const fs::path program = escaping_program(pids, "sleep 9993 & echo $! >> '" + (dir() / "held").string() +
                                                             "'\nexit 5");
  const fs::path study = write("small.toml", small_study);
  const fs::path out = dir() / "out";
  const auto begin = std::chrono::steady_clock::now();
  const Outcome outcome = vibro("converge " + quoted(study) + " --out " + quoted(out) + " --threads 1" +
                                " --scheme-timeout 60 --scheme-command \"sh " + program.string() + "\"");
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(20));
  EXPECT_TRUE(refused(outcome, out, {"the program exited with status 5"}));
  std::vector<std::string> started = pids_written(pids);
  const std::vector<std::string> holder = pids_written(dir() / "held");
  started.insert(started.end(), holder.begin(), holder.end());
  ASSERT_EQ(started.size(), 3u) << outcome.err;
  EXPECT_TRUE(all_gone(started));
}

// With --threads 2 the step size whose program fails stops the other's program at once,
// instead of letting it run to its own timeout (600 s by default): the study's 80-step run
// hangs, its 40-step run fails after a second (the case's own run, 20 steps, is answered).
TEST_F(ExternalSchemeCli, AFailedStepSizeStopsTheOthers) {
  std::string text = small_study;
  text.replace(text.find("[step]\nsteps_per_period = 40"), 28, "[step]\nsteps_per_period = 20");
  const fs::path study = write("small.toml", text);
  const fs::path out = dir() / "out";
  const fs::path hanging = dir() / "hanging";
  const auto begin = std::chrono::steady_clock::now();
  const Outcome outcome = vibro("converge " + quoted(study) + " --out " + quoted(out) + " --threads 2" +
                                " --scheme-command \"python3 " + std::string(test_paths::test_data_dir) +
                                "/faulty_scheme.py study:" + hanging.string() + "\"");
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(30));
  EXPECT_TRUE(refused(outcome, out, {"at step size T/40", "the program exited with status 7"}));
  const std::vector<std::string> pid = pids_written(hanging);
  ASSERT_EQ(pid.size(), 1u) << outcome.err;
  EXPECT_TRUE(all_gone(pid));
}

// Without --scheme-name the outputs name the program by its file name, or by its script's
// when an interpreter runs one; an argument that only looks like a file name is not taken.
TEST_F(ExternalSchemeCli, TheDefaultNameIsTheProgramsOrItsScriptsFileName) {
  const fs::path program = write("my_scheme", "#!/bin/sh\necho no >&2\nexit 3\n");
  fs::permissions(program, fs::perms::owner_all);
  const fs::path study = write("small.toml", small_study);
  const fs::path out = dir() / "out";
  EXPECT_TRUE(refused(vibro("converge " + quoted(study) + " --out " + quoted(out) + " --scheme-command \"" +
                            program.string() + " 0.0011 out/PWNED1\""),
                      out, {"external scheme 'my_scheme' at step size"}));
  EXPECT_TRUE(refused(vibro("converge " + quoted(study) + " --out " + quoted(out) + " --scheme-command \"sh " +
                            program.string() + " 0.0011\""),
                      out, {"external scheme 'my_scheme' at step size"}));
  EXPECT_TRUE(refused(vibro("converge " + quoted(study) + " --out " + quoted(out) +
                            " --scheme-command \"sh -c 'exit 3' x.py\""),
                      out, {"external scheme 'sh' at step size"}));
}

// What a program wrote reaches a message visible and on one line: a byte-order mark before
// its header is shown as \uFEFF, invalid UTF-8 bytes of its stderr as \xHH (no raw byte
// reaches the terminal), and a 10 000-byte stderr line is cut with its length (of the 8 KiB kept).
TEST(ShownOutput, ShowsInvisibleAndInvalidBytesAndCutsLongText) {
  EXPECT_EQ(vibro::shown_output("\xEF\xBB\xBFt,u,v"), "\\uFEFFt,u,v");
  EXPECT_EQ(vibro::shown_output("a\xFF\xFE" "b\tc"), "a\\xFF\\xFEb\\tc");
  EXPECT_EQ(vibro::shown_output("\xC3\xA9t\xC3"), "\xC3\xA9t\\xC3");  // é kept, a cut character not
  EXPECT_EQ(vibro::shown_output("\xED\xA0\x80"), "\\xED\\xA0\\x80");  // a surrogate is not UTF-8
  EXPECT_EQ(vibro::shown_output(std::string(100, 'x'), 10), "xxxxxxxxxx… (100 bytes)");
}

TEST_F(ExternalSchemeCli, AProgramsBytesAreShownEscapedAndCut) {
  const fs::path study = write("small.toml", small_study);
  const fs::path out = dir() / "out";
  const fs::path bom = write("bom.sh", "cat >/dev/null; printf '\\357\\273\\277t,u,v\\n0,1,0\\n'\n");
  Outcome outcome = vibro("converge " + quoted(study) + " --out " + quoted(out) + " --scheme-command \"sh " +
                          bom.string() + "\"");
  EXPECT_TRUE(refused(outcome, out, {"line 1 is '\\uFEFFt,u,v' where the header 't,u,v'"}));
  const fs::path raw = write("raw.sh", "printf 'bad \\377\\376 bytes\\n' >&2; exit 3\n");
  outcome = vibro("converge " + quoted(study) + " --out " + quoted(out) + " --scheme-command \"sh " + raw.string() + "\"");
  EXPECT_TRUE(refused(outcome, out, {"its last stderr lines: bad \\xFF\\xFE bytes"}));
  EXPECT_EQ(outcome.err.find('\xFF'), std::string::npos) << "a raw byte reached stderr";
  const fs::path long_line = write("long.sh", "head -c 10000 /dev/zero | tr '\\0' e >&2; exit 3\n");
  outcome = vibro("converge " + quoted(study) + " --out " + quoted(out) + " --scheme-command \"sh " +
                  long_line.string() + "\"");
  EXPECT_TRUE(refused(outcome, out, {"its last stderr lines: eeee", " bytes)"}));
  EXPECT_LT(outcome.err.size(), 1000u);
}

TEST_F(ExternalSchemeCli, TheCommandComesFromTheCommandLineOnly) {
  // A case cannot name a program: neither as a key of [scheme] nor as a scheme type.
  std::string text = small_study;
  text.replace(text.find("type = \"paoli-schatzman\""), 24, "type = \"paoli-schatzman\"\ncommand = \"sh\"");
  EXPECT_TRUE(bad_input(vibro("converge " + quoted(write("command.toml", text))), {"key 'scheme.command'"}));
  text = small_study;
  text.replace(text.find("type = \"paoli-schatzman\""), 24, "type = \"external-program\"");
  EXPECT_TRUE(bad_input(vibro("converge " + quoted(write("type.toml", text))), {"key 'scheme.type'", "external-program"}));
  // A command line that does not split is bad input.
  EXPECT_TRUE(bad_input(vibro("converge " + quoted(write("small.toml", small_study)) + " --scheme-command \"python3 'x\""),
                        {"'--scheme-command'", "a single quote is not closed"}));
  EXPECT_TRUE(bad_input(vibro("converge " + quoted(write("small.toml", small_study)) +
                              " --scheme-command true --scheme-timeout 0"),
                        {"'--scheme-timeout'"}));
}

TEST_F(ExternalSchemeCli, ThePaoliSchatzmanExamplesGiveTheBuiltInErrorsToRoundingAndItsOrders) {
  const std::string python = "python3 " + std::string(test_paths::source_dir) + "/examples/external/paoli_schatzman.py";
  for (const char* name : {"study_ps_centered_periodic.toml", "study_ps_harmonic_obstacle.toml"}) {
    const fs::path study = fs::path(test_paths::cases_dir) / name;
    const nlohmann::json built_in = converge_json(study, "");
    for (const std::string& program : {python, std::string(test_paths::example_c_program)}) {
      const nlohmann::json external = converge_json(study, program);
      ASSERT_EQ(external["rows"].size(), built_in["rows"].size()) << program;
      for (std::size_t i = 0; i < built_in["rows"].size(); ++i) {
        const nlohmann::json &a = external["rows"][i], &b = built_in["rows"][i];
        EXPECT_EQ(a["impacts"], b["impacts"]) << program << " on " << name << " at " << b["h"];
        // The two programs compute the same recurrence in double with other roundings (cos(ωt)
        // from libm instead of the built-in forcing grid): they differ by the rounding the
        // study's floor allows, 64 ε per step times the scale (|u| ≤ 1, |v| ≤ 4, the
        // horizon ≤ 32 for the integrals and the impact times; docs/convergence.md).
        const double steps = b["steps"].get<double>();
        const double floor = 64 * std::numeric_limits<double>::epsilon() * steps * 4 * 32;
        for (const auto& [metric, value] : b["errors"].items())
          EXPECT_NEAR(a["errors"][metric].get<double>(), value.get<double>(), floor)
              << metric << " of " << program << " on " << name << " at " << b["h"];
      }
      for (const auto& [metric, order] : built_in["orders"].items()) {
        if (!order["least_squares"].is_number()) continue;
        EXPECT_NEAR(external["orders"][metric]["least_squares"].get<double>(), order["least_squares"].get<double>(), 0.01)
            << "the observed order of " << metric << " of " << program << " on " << name;
      }
    }
  }
}

TEST_F(ExternalSchemeCli, TheCExamplesBinaryRowsGiveItsTextRowsStudyBitForBit) {
  // %.17g round-trips a double, and a binary64 row is the double itself: the two answers of
  // examples/external/paoli_schatzman.c carry the same numbers, so the studies agree exactly.
  const fs::path study = fs::path(test_paths::cases_dir) / "study_ps_centered_periodic.toml";
  const std::string c = test_paths::example_c_program;
  const nlohmann::json text = converge_json(study, c), binary = converge_json(study, c + " --binary");
  ASSERT_EQ(text["rows"].size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(binary["rows"][i]["errors"], text["rows"][i]["errors"]) << i;
    EXPECT_EQ(binary["rows"][i]["impacts"], text["rows"][i]["impacts"]) << i;
    EXPECT_EQ(binary["rows"][i]["end_position"], text["rows"][i]["end_position"]) << i;
  }
}

TEST_F(ExternalSchemeCli, VelocityVerletWithReflectionIsSecondOrderOnlyWhereImpactsFallOnNodes) {
  // A scheme the catalog does not have (examples/external/stormer_verlet_reflection.py).
  // Expected from its construction: velocity Verlet is second order on smooth flights, and a
  // reflection at a node is the exact impact law, so on the harmonic oscillator with an
  // obstacle, whose impacts fall at π/2 + nπ, multiples of T/4 and so nodes of every T/N of
  // the ladder, the position error stays O(h²), where the built-in Paoli–Schatzman scheme is
  // first order; on the forced case the impact falls inside a step and the reflected velocity
  // is the mid-step one, an O(h) error that the flight carries: first order.
  const std::string verlet =
      "python3 " + std::string(test_paths::source_dir) + "/examples/external/stormer_verlet_reflection.py";
  const auto order = [](const nlohmann::json& study, const char* metric) {
    return study["orders"][metric]["least_squares"].get<double>();
  };
  const fs::path on_nodes = fs::path(test_paths::cases_dir) / "study_ps_harmonic_obstacle.toml";
  const fs::path inside_steps = fs::path(test_paths::cases_dir) / "study_ps_centered_periodic.toml";
  EXPECT_NEAR(order(converge_json(on_nodes, verlet), "position_linf"), 2, 0.05);
  EXPECT_NEAR(order(converge_json(on_nodes, ""), "position_linf"), 1, 0.05);
  EXPECT_NEAR(order(converge_json(inside_steps, verlet), "position_linf"), 1, 0.1);
}

TEST_F(ExternalSchemeCli, TheTestSetScoresAProgramAsItsOwnSchemeAndListsWhatItRefuses) {
  // VI-02's own scheme is the Paoli–Schatzman scheme with its defaults: the Python example must
  // score as it does at every step of the ladder (its errors are the built-in's, see above).
  // VI-01 is a constant-force problem, which the example refuses: the pair gave up, with its
  // message, and the run goes on.
  const std::string python = "python3 " + std::string(test_paths::source_dir) + "/examples/external/paoli_schatzman.py";
  const std::string common = "--json testset run --timing-repeats 0 --out " + quoted(dir() / "out") + " --problem VI-02";
  const Outcome built_in = vibro(common);
  const Outcome external = vibro(common + " --problem VI-01 --scheme-command \"" + python + "\"");
  ASSERT_EQ(built_in.status, 0) << built_in.err;
  ASSERT_EQ(external.status, 0) << external.err;
  const nlohmann::json a = nlohmann::json::parse(built_in.out)["pairs"], b = nlohmann::json::parse(external.out)["pairs"];
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0]["scheme"], "paoli_schatzman.py");  // in the order the problems were named
  EXPECT_EQ(b[0]["scores"], a[0]["scores"]);
  EXPECT_EQ(b[1]["problem"], "VI-01");
  EXPECT_NE(b[1]["failure"].get<std::string>().find("only the impact oscillator, not constant-force"), std::string::npos);
}

TEST_F(ExternalSchemeCli, AnImpactTableIsMeasuredAsTheReferencesImpactsAre) {
  // examples/external/event_driven_oscillator.py locates each impact as a root of the closed-form
  // flight, bisected to the last bit of a double, and reports it in its impact table. The
  // independent method is vibro's reference, which finds the same roots of the same closed form:
  // the two differ by the rounding of the gap's evaluation over |v-| >= 1.1, a few ε times the
  // time scale (t ≤ 10 T ≈ 31), so the impact-time error is below 1e-11 at every step size,
  // where the rows alone (the built-in scheme's impacts at nodes) are O(h) off: above 1e-4 at
  // the ladder's finest step T/12800 ≈ 2.5e-4.
  const fs::path study = fs::path(test_paths::cases_dir) / "study_ps_centered_periodic.toml";
  const std::string events = "python3 " + std::string(test_paths::source_dir) + "/examples/external/event_driven_oscillator.py";
  const nlohmann::json program = converge_json(study, events), built_in = converge_json(study, "");
  ASSERT_EQ(program["rows"].size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) {
    const nlohmann::json &row = program["rows"][i], &rows_only = built_in["rows"][i];
    EXPECT_EQ(row["impacts"]["scheme"], 10) << row["h"];
    EXPECT_EQ(row["impacts"]["reference"], 10) << row["h"];
    EXPECT_LT(row["errors"]["impact_time"].get<double>(), 1e-11) << row["h"];
    EXPECT_GT(rows_only["errors"]["impact_time"].get<double>(), 1e-4) << rows_only["h"];
  }
  // `vibro run` lists them, as the program gave them: 10, the first at t ≈ 1.91 with v- ≈ -1.10.
  const Outcome run = vibro("--json run " + quoted(study) + " --scheme-command \"" + events + "\"");
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json reported = nlohmann::json::parse(run.out)["run"]["reported_impacts"];
  EXPECT_EQ(reported["count"], 10);
  ASSERT_EQ(reported["first"].size(), 10u);
  EXPECT_EQ(reported["first"][0]["coordinate"], 1);
  EXPECT_NEAR(reported["first"][0]["t"].get<double>(), program["rows"][0]["first_impacts"][0].get<double>(), 0);
  EXPECT_NEAR(reported["first"][0]["v_plus"].get<double>(), -0.8 * reported["first"][0]["v_minus"].get<double>(), 1e-15);
  const Outcome text = vibro("run " + quoted(study) + " --scheme-command \"" + events + "\"");
  EXPECT_NE(text.out.find("impacts    10 reported by the program:"), std::string::npos) << text.out;
}

TEST_F(ExternalSchemeCli, TheTestSetScoresTheImpactTablesTimes) {
  // VI-04's third impact nearly grazes (an event-driven integrator with a loose step bound
  // misses it). The example's table has all three, each a root bisected in double: against
  // the stored reference values (cases/testset/VI-04, 30 digits), at least 12 impact-time
  // digits at every step of the ladder (double's rounding allows 15; the rows alone: about 2).
  const std::string events = "python3 " + std::string(test_paths::source_dir) + "/examples/external/event_driven_oscillator.py";
  const Outcome outcome = vibro("--json testset run --timing-repeats 0 --out " + quoted(dir() / "out") +
                                " --problem VI-04 --scheme-command \"" + events + "\"");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json scores = nlohmann::json::parse(outcome.out)["pairs"][0]["scores"];
  ASSERT_GE(scores.size(), 2u);
  for (const nlohmann::json& score : scores) {
    EXPECT_EQ(score["impacts_seen"], 3) << score.dump();
    EXPECT_GE(score["impact_times"]["digits"].get<double>(), 12) << score.dump();
  }
}

/// Whether Debian's Python has SciPy (python3-scipy): the SciPy peer's tests are skipped, with
/// the reason, without it.
bool debian_python_has_scipy() { return std::system("/usr/bin/python3 -c 'import scipy' 2>/dev/null") == 0; }

TEST_F(ExternalSchemeCli, TheScipyPeerIsScoredAndItsGrazingMissIsSeen) {
  if (!debian_python_has_scipy()) GTEST_SKIP() << "SciPy is not installed for /usr/bin/python3 (python3-scipy)";
  // examples/peers/scipy_event_driven.py: solve_ivp (DOP853, rtol = atol = 1e-12) with a
  // terminal event on the gap. Against the stored reference values: on VI-02 (a transverse
  // periodic regime) at least 11 end-state and impact-time digits (the tolerance's 12, less a
  // digit of accumulation over 10 periods); on VI-04 its event locator, which looks for sign
  // changes between its own steps, misses the third impact, whose gap dips below zero within
  // one of them (2 of 3 impacts, the end state wrong in its first digits), and sees it when
  // --max-step 0.1 bounds its steps (3 of 3, at least 11 digits).
  const std::string scipy = "/usr/bin/python3 " + std::string(test_paths::source_dir) + "/examples/peers/scipy_event_driven.py";
  const auto first_score = [&](const std::string& problem, const std::string& options) {
    const Outcome outcome = vibro("--json testset run --timing-repeats 0 --out " + quoted(dir() / "out") +
                                  " --problem " + problem + " --scheme-command \"" + scipy + options + "\"");
    EXPECT_EQ(outcome.status, 0) << outcome.err;
    return nlohmann::json::parse(outcome.out)["pairs"][0]["scores"][0];
  };
  const nlohmann::json periodic = first_score("VI-02", "");
  EXPECT_EQ(periodic["impacts_seen"], 10);
  EXPECT_GE(periodic["state"]["digits"].get<double>(), 11) << periodic.dump();
  EXPECT_GE(periodic["impact_times"]["digits"].get<double>(), 11) << periodic.dump();
  const nlohmann::json grazing = first_score("VI-04", "");
  EXPECT_EQ(grazing["impacts_seen"], 2);
  EXPECT_LT(grazing["state"]["digits"].get<double>(), 3) << grazing.dump();
  const nlohmann::json bounded = first_score("VI-04", " --max-step 0.1");
  EXPECT_EQ(bounded["impacts_seen"], 3);
  EXPECT_GE(bounded["state"]["digits"].get<double>(), 11) << bounded.dump();
}

TEST_F(ExternalSchemeCli, TheOdeintPeerIsScoredThroughBinaryRowsAndItsImpactTable) {
  // examples/peers/odeint_event_driven.cpp: Boost.Odeint's dense-output Dormand–Prince 5(4)
  // (tolerance 1e-12) with the gap looked at after each step, binary rows and a binary impact
  // table. Against the stored reference values, at least 10 end-state and impact-time digits with
  // every impact seen on VI-02 (periodic), VI-04 (near grazing: its steps, bounded by h at each
  // start, are short enough there) and VI-06 (chatter ending in rest, then release), where the
  // time-stepping schemes reach at most 6.7.
  for (const char* problem : {"VI-02", "VI-04", "VI-06"}) {
    const Outcome outcome = vibro("--json testset run --timing-repeats 0 --out " + quoted(dir() / "out") + " --problem " +
                                  problem + " --scheme-command " + quoted(test_paths::peer_odeint_program));
    ASSERT_EQ(outcome.status, 0) << outcome.err;
    const nlohmann::json score = nlohmann::json::parse(outcome.out)["pairs"][0]["scores"][0];
    if (!score["impacts_reference"].is_null()) {
      EXPECT_EQ(score["impacts_seen"], score["impacts_reference"]) << problem;
    }
    EXPECT_GE(score["state"]["digits"].get<double>(), 10) << problem << ": " << score.dump();
    EXPECT_GE(score["impact_times"]["digits"].get<double>(), 10) << problem << ": " << score.dump();
  }
}

/// A tolerance ladder (docs/own_scheme.md "Tolerance ladders"): one run per tolerance at the
/// case's step, each problem carrying its tolerance, and a response to the tolerance in place of
/// an order. tests/data/tolerance_scheme.py answers the exact trajectory with every position
/// moved by the tolerance (or by its --floor when larger): the position error is the tolerance
/// by construction, so the response is proportional with slope 1, and stalls at the floor.
TEST_F(ExternalSchemeCli, AToleranceLadderGivesEachRunItsToleranceAndAResponseInPlaceOfAnOrder) {
  const fs::path study = write("small.toml", small_study);
  const std::string program = "python3 " + std::string(test_paths::test_data_dir) + "/tolerance_scheme.py";
  const auto converge = [&](const std::string& more) {
    const Outcome outcome = vibro("converge " + quoted(study) + " --json --timing-repeats 0 --out " +
                                  quoted(dir() / "out") + " " + more);
    EXPECT_EQ(outcome.status, 0) << outcome.err;
    return nlohmann::json::parse(outcome.out)["convergence"];
  };
  const std::vector<std::string> ladder{"1e-3", "1e-5", "1e-7", "1e-9"};
  const nlohmann::json proportional =
      converge("--scheme-command \"" + program + "\" --tolerances 1e-3,1e-5,1e-7,1e-9");
  ASSERT_EQ(proportional["rows"].size(), ladder.size());
  for (std::size_t i = 0; i < ladder.size(); ++i) {
    const nlohmann::json& row = proportional["rows"][i];
    EXPECT_EQ(row["tolerance"], ladder[i]);
    EXPECT_EQ(row["h"], "T/40");  // the case's step: every rung's output spacing
    EXPECT_NEAR(row["errors"]["position_linf"].get<double>() / std::stod(ladder[i]), 1, 1e-6) << ladder[i];
    EXPECT_EQ(row["evaluations"], 1000 * (3 + 2 * static_cast<int>(i))) << ladder[i];  // what it reported
  }
  const nlohmann::json& response = proportional["tolerance_response"]["position_linf"];
  EXPECT_EQ(response["class"], "proportional") << response.dump();
  EXPECT_NEAR(response["fit"]["slope"].get<double>(), 1, 1e-6);
  EXPECT_TRUE(response["stall"].is_null());
  EXPECT_EQ(proportional["orders"]["position_linf"]["order_class"], "over_tolerances");
  EXPECT_TRUE(proportional["rounding_floor"].contains("unmeasured"));
  // Down to a floor of 1e-7: the error stops falling there, and the response says from where.
  const nlohmann::json floored =
      converge("--scheme-command \"" + program + " --floor 1e-7\" --tolerances 1e-3,1e-5,1e-7,1e-9");
  const nlohmann::json& stalled = floored["tolerance_response"]["position_linf"];
  EXPECT_EQ(stalled["stall"]["from"], 2) << stalled.dump();
  EXPECT_NEAR(stalled["stall"]["error"].get<double>(), 1e-7, 1e-13);
  EXPECT_NE(stalled["verdict"].get<std::string>().find("stalls at 1.0e-7 from tol 1e-7"), std::string::npos)
      << stalled.dump();
  // --by-tolerance takes the case's [convergence] tolerances; a program that ignores the
  // tolerance (faulty_scheme.py's free flight) answers none of it.
  const fs::path with_ladder = write("ladder.toml", std::string(small_study) + "tolerances = [1e-2, 1e-4, 1e-6]\n");
  const Outcome ignored = vibro("converge " + quoted(with_ladder) + " --json --timing-repeats 0 --out " +
                                quoted(dir() / "out") + " --by-tolerance --scheme-command \"python3 " +
                                std::string(test_paths::test_data_dir) + "/faulty_scheme.py none\"");
  ASSERT_EQ(ignored.status, 0) << ignored.err;
  const nlohmann::json none = nlohmann::json::parse(ignored.out)["convergence"];
  ASSERT_EQ(none["rows"].size(), 3u);
  EXPECT_EQ(none["rows"][2]["tolerance"], "1e-6");
  EXPECT_EQ(none["tolerance_response"]["position_linf"]["class"], "no_response");
}

/// A program's work (docs/own_scheme.md "The answer"): the line `evaluations,N` after its rows is
/// kept in each row of the study and its CSV; a line that does not give a whole number is refused.
TEST_F(ExternalSchemeCli, TheEvaluationsAProgramReportsAreKeptAndCheckedBeforeUse) {
  const Outcome counted = converge_with_fault("evaluations:12345", "--json");
  ASSERT_EQ(counted.status, 0) << counted.err;
  for (const nlohmann::json& row : nlohmann::json::parse(counted.out)["convergence"]["rows"])
    EXPECT_EQ(row["evaluations"], 12345);
  const std::string csv = read_text(dir() / "out" / "small-study-double.csv");
  EXPECT_NE(csv.substr(0, csv.find('\n')).find(",evaluations"), std::string::npos) << csv;
  const Outcome plain = converge_with_fault("none", "--json");
  EXPECT_FALSE(nlohmann::json::parse(plain.out)["convergence"]["rows"][0].contains("evaluations"));
  const auto refused_line = [&](const std::string& fault, const std::string& why) {
    fs::remove_all(dir() / "out");
    EXPECT_TRUE(refused(converge_with_fault(fault), dir() / "out", {"wrote 'evaluations,", "(line 43 of its output)", why}))
        << fault;
  };
  refused_line("evaluations:-3", "does not give a whole number of evaluations");
  refused_line("evaluations:1.5", "does not give a whole number of evaluations");
  refused_line("evaluations:1e3", "does not give a whole number of evaluations");
  refused_line("evaluations:", "does not give a whole number of evaluations");
  refused_line("evaluations:1,2", "is not 'evaluations,N'");
}

TEST_F(ExternalSchemeCli, ABadToleranceLadderIsRefusedWithOneLine) {
  const fs::path study = write("small.toml", small_study);
  const std::string program =
      " --scheme-command \"python3 " + std::string(test_paths::test_data_dir) + "/tolerance_scheme.py\"";
  const auto converge = [&](const std::string& more) {
    return vibro("converge " + quoted(study) + " --out " + quoted(dir() / "out") + " " + more);
  };
  // Bad input: exit 2 and one line naming the option, before any program runs.
  const auto bad_input = [&](const Outcome& outcome, const std::string& key, const std::string& why) {
    EXPECT_EQ(outcome.status, 2) << outcome.err;
    EXPECT_EQ(lines_of(outcome.err).size(), 1u) << outcome.err;
    EXPECT_NE(outcome.err.find("key '" + key + "': "), std::string::npos) << outcome.err;
    EXPECT_NE(outcome.err.find(why), std::string::npos) << outcome.err;
  };
  bad_input(converge("--tolerances 1e-4,1e-3" + program), "--tolerances[1]", "is not smaller than the tolerance before it");
  bad_input(converge("--tolerances 1e-4,-1" + program), "--tolerances[1]", "is not a tolerance");
  bad_input(converge("--tolerances 1e-4" + program), "--tolerances", "at least 2 tolerances");
  bad_input(converge("--tolerances 1e-4,1e-6 --measure-rounding" + program), "--measure-rounding", "not measured");
  // A ladder of tolerances is for a program: a built-in scheme has a step.
  const Outcome builtin = converge("--tolerances 1e-4,1e-6");
  EXPECT_NE(builtin.status, 0);
  EXPECT_NE(builtin.err.find("--scheme-command"), std::string::npos) << builtin.err;
}

/// The test set over a tolerance ladder: each score carries its rung's tolerance, and Odeint's
/// end state gains digits as the tolerance tightens (six decades of tolerance, at least four
/// more digits on VI-02's transverse periodic impacts).
TEST_F(ExternalSchemeCli, TheTestSetScoresAProgramAtEachTolerance) {
  const Outcome outcome = vibro("--json testset run --timing-repeats 0 --out " + quoted(dir() / "out") +
                                " --problem VI-02 --tolerances 1e-6,1e-9,1e-12 --scheme-command " +
                                quoted(test_paths::peer_odeint_program));
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json scores = nlohmann::json::parse(outcome.out)["pairs"][0]["scores"];
  ASSERT_EQ(scores.size(), 3u);
  EXPECT_EQ(scores[0]["tolerance"], "1e-6");
  EXPECT_EQ(scores[2]["tolerance"], "1e-12");
  EXPECT_GE(scores[2]["state"]["digits"].get<double>(), scores[0]["state"]["digits"].get<double>() + 4) << scores.dump();
}

TEST_F(ExternalSchemeCli, TheFortranMoreauJeanPeerGivesSiconossMoreauJeanErrors) {
#ifndef VIBRO_WITH_PEER_MOREAU_JEAN
  GTEST_SKIP() << "no Fortran compiler was found (Debian's gfortran): examples/peers/moreau_jean.f90 was not built";
#else
  // examples/peers/moreau_jean.f90 writes Moreau–Jean's θ-method (θ = 1/2) with Newton's law at
  // velocity level and the activation at the predicted position u + h/2 v, as Siconos's
  // MoreauJeanOSI does (the built-in peer siconos-moreau-jean, docs/peer.md): an independent
  // implementation of one recurrence, so on the peer's shipped study the two give the same
  // errors within the rounding the study's floor allows (64 ε per step times the scale, as the
  // Paoli–Schatzman examples above) and the same observed orders.
  const fs::path study = fs::path(test_paths::cases_dir) / "peer" / "siconos_moreau_jean_periodic.toml";
  const nlohmann::json siconos = converge_json(study, ""),
                       fortran = converge_json(study, test_paths::peer_moreau_jean_program);
  ASSERT_EQ(fortran["rows"].size(), siconos["rows"].size());
  for (std::size_t i = 0; i < siconos["rows"].size(); ++i) {
    const nlohmann::json &a = fortran["rows"][i], &b = siconos["rows"][i];
    EXPECT_EQ(a["impacts"], b["impacts"]) << b["h"];
    const double floor = 64 * std::numeric_limits<double>::epsilon() * b["steps"].get<double>() * 4 * 32;
    for (const auto& [metric, value] : b["errors"].items())
      EXPECT_NEAR(a["errors"][metric].get<double>(), value.get<double>(), floor) << metric << " at " << b["h"];
  }
  for (const auto& [metric, order] : siconos["orders"].items()) {
    if (!order["least_squares"].is_number()) continue;
    EXPECT_NEAR(fortran["orders"][metric]["least_squares"].get<double>(), order["least_squares"].get<double>(), 0.01)
        << metric;
  }
#endif
}

TEST_F(ExternalSchemeCli, EachDefectOfTheImpactTableIsOneLineNamingTheImpact) {
  const fs::path out = dir() / "out";
  EXPECT_TRUE(refused(converge_with_fault("impacts-outside"), out,
                      {"impact 2 (line", "is outside the run's horizon"}));
  EXPECT_TRUE(refused(converge_with_fault("impacts-twice"), out, {"impact 2 (line", "again (an impact is listed once)"}));
  EXPECT_TRUE(refused(converge_with_fault("impacts-order"), out, {"impact 2 (line", "is earlier than the previous impact's"}));
  EXPECT_TRUE(refused(converge_with_fault("impacts-coordinate"), out, {"'2' is not a coordinate of the model (1 … 1)"}));
  EXPECT_TRUE(refused(converge_with_fault("impacts-contact"), out, {"an impact table after rows with a contact column"}));
  // seed 002's system has a stop on q1 only (lower = [0, -inf]).
  const Outcome no_stop =
      vibro("converge " + quoted(fs::path(test_paths::cases_dir) / "seed002/study_nsps_impacts.toml") + " --out " +
            quoted(out) + " --scheme-command \"python3 " + std::string(test_paths::test_data_dir) +
            "/faulty_scheme.py impacts\"");
  EXPECT_TRUE(refused(no_stop, out, {"column 'coordinate': coordinate 2 has no stop (the stops are on 1)"}));
  // A correct table, and an empty one: measured.
  for (const char* fault : {"impacts", "impacts-empty"}) {
    const Outcome measured = converge_with_fault(fault, "--json");
    EXPECT_EQ(measured.status, 0) << fault << ": " << measured.err;
  }
  // `vibro run` says an empty table's count, 0, as it says a table's: the program saw no impact.
  const Outcome empty = vibro("--json run " + quoted(write("small.toml", small_study)) + " --scheme-command \"python3 " +
                              std::string(test_paths::test_data_dir) + "/faulty_scheme.py impacts-empty\"");
  ASSERT_EQ(empty.status, 0) << empty.err;
  const nlohmann::json reported = nlohmann::json::parse(empty.out)["run"]["reported_impacts"];
  EXPECT_EQ(reported["count"], 0) << empty.out;
  EXPECT_EQ(reported["first"].size(), 0u);
}

/// The CPU time, in clock ticks, each thread of process `pid` has used (user + system), by thread id.
std::map<std::string, long> thread_ticks(const std::string& pid) {
  std::map<std::string, long> ticks;
  for (const fs::directory_entry& task : fs::directory_iterator("/proc/" + pid + "/task")) {
    std::istringstream stat(read_text(task.path() / "stat"));
    std::string field;
    long user = 0, system = 0;
    for (int i = 1; i <= 15 && stat >> field; ++i) {  // after "(comm)", which has no blank here
      if (i == 14) user = std::stol(field);
      if (i == 15) system = std::stol(field);
    }
    ticks[task.path().filename().string()] = user + system;
  }
  return ticks;
}

TEST_F(ExternalSchemeCli, NoIdleThreadOfVibroTakesTheCoreAProgramNeeds) {
  // The Siconos peer links OpenBLAS, whose threaded build starts a worker per core as it is
  // loaded and lets it spin for about 0.1 s: on two cores, the core an external program (or a
  // study's second thread) runs on. vibro stops those workers first thing: in the first second
  // of a one-threaded run (the chaotic reference at mpfr:2000, several seconds long), every
  // thread but the main one has used at most 2 clock ticks (20 ms).
  const pid_t child = vibro::testing::start_vibro(
      {"run", (fs::path(test_paths::cases_dir) / "reference_chaotic.toml").string(), "--precision", "mpfr:2000"});
  ASSERT_GT(child, 0);
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const std::string pid = std::to_string(child);
  const std::map<std::string, long> ticks = thread_ticks(pid);
  ::kill(child, SIGTERM);
  ::waitpid(child, nullptr, 0);
  ASSERT_TRUE(ticks.contains(pid));
  EXPECT_GT(ticks.at(pid), 50) << "the main thread computes";
  for (const auto& [thread, used] : ticks) {
    if (thread == pid) continue;
    EXPECT_LE(used, 2) << "thread " << thread << " of vibro used " << used << " ticks";
  }
}

TEST_F(ExternalSchemeCli, StepSizesRunOnThreadsGiveTheSameStudy) {
  // --threads 2 runs two programs at once (each with its own pipes, none inheriting another's):
  // the study is the one thread's, row for row.
  const fs::path study = write("small.toml", small_study);
  const std::string command = "python3 " + std::string(test_paths::test_data_dir) + "/faulty_scheme.py bounce";
  const auto rows = [&](const char* threads) {
    const Outcome outcome = vibro(std::string("--threads ") + threads + " --json converge --timing-repeats 0 --out " +
                                  quoted(dir() / "out") + " " + quoted(study) + " --scheme-command \"" + command + "\"");
    EXPECT_EQ(outcome.status, 0) << outcome.err;
    return nlohmann::json::parse(outcome.out)["convergence"]["rows"];
  };
  EXPECT_EQ(rows("2"), rows("1"));
}

TEST_F(ExternalSchemeCli, AnNdofAnswerIsReadAndMeasuredPerCoordinate) {
  // seed 002's two-coordinate system (cases/seed002/study_nsps_impacts.toml) answered by free
  // flight, which never meets the constraints the reference bounces on: every step size is
  // read (t, q1, q2, v1, v2, contact), sees no impact where the reference has 4, and stays O(1)
  // away from it whatever h, as a scheme that ignores the constraints must.
  const nlohmann::json study =
      converge_json(fs::path(test_paths::cases_dir) / "seed002/study_nsps_impacts.toml",
                    "python3 " + std::string(test_paths::test_data_dir) + "/faulty_scheme.py none");
  ASSERT_GE(study["rows"].size(), 2u);
  for (const nlohmann::json& row : study["rows"]) {
    EXPECT_EQ(row["impacts"]["scheme"], 0);
    EXPECT_GT(row["impacts"]["reference"], 0);
    EXPECT_EQ(row["end_position"].size(), 2u);
    EXPECT_GT(row["errors"]["position_linf"].get<double>(), 0.1);
  }
}

TEST_F(ExternalSchemeCli, AnAnswerInMpfrDigitsIsMeasuredBeyondDouble) {
  // A flight away from the obstacle (g = 0, v0 > 0: the exact free fall, never an impact),
  // h = 1/10 and 1/30, which no double holds. tests/data/exact_free_flight.py computes the
  // exact flight in fractions from the problem's texts and writes 80 digits: at mpfr:50 every
  // error is the run's own rounding, far below double's; the same flight computed in double
  // (faulty_scheme.py none) is measured at its double rounding.
  const fs::path flight = write("flight.toml", R"([case]
name = "flight"
description = "free flight away from the obstacle"
precision = "mpfr:50"

[model]
type = "constant-force"
g = 0
u_min = 0
e = "1/2"

[initial]
u0 = 1
v0 = 1

[scheme]
type = "paoli-schatzman"

[step]
h = "1/10"

[horizon]
t_end = 1

[convergence]
h = ["1/10", "1/30"]
)");
  const std::string data = std::string(test_paths::test_data_dir);
  const nlohmann::json exact = converge_json(flight, "python3 " + data + "/exact_free_flight.py");
  const nlohmann::json in_double = converge_json(flight, "python3 " + data + "/faulty_scheme.py none");
  // At mpfr:50 every number has a text twin with all its digits.
  const auto error = [](const nlohmann::json& row, const char* metric) {
    return std::stod(row["errors"][std::string(metric) + "_text"].get<std::string>());
  };
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(exact["rows"][i]["impacts"]["reference"], 0);
    EXPECT_EQ(exact["rows"][i]["impacts"]["scheme"], 0);
    for (const char* metric : {"position_linf", "velocity_linf", "final_position"})
      EXPECT_LT(error(exact["rows"][i], metric), 1e-45) << metric;
    EXPECT_GT(error(in_double["rows"][i], "position_linf"), 1e-18);
    EXPECT_LT(error(in_double["rows"][i], "position_linf"), 1e-14);
  }
}

}  // namespace
