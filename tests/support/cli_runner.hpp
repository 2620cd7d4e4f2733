#pragma once
// Runs the `vibro` executable as a user does, in a directory of its own under the
// GoogleTest temporary directory, and checks the error policy: bad input exits 2 with
// exactly one line "vibro: error: ..." on stderr naming what is wrong.

#include "support/build_paths.hpp"
#include "support/read_text.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace vibro::testing {

namespace fs = std::filesystem;

/// For the shell: the test paths hold no single quote.
inline std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

/// Starts `vibro arguments…` without a shell, its output to /dev/null; returns its process id
/// (the caller ends it and reaps it).
inline pid_t start_vibro(const std::vector<std::string>& arguments) {
  const pid_t child = ::fork();
  if (child == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    std::vector<char*> argv = {const_cast<char*>(test_paths::vibro_executable)};
    for (const auto& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(test_paths::vibro_executable, argv.data());
    ::_exit(127);
  }
  return child;
}

struct Outcome {
  int status = -1;  ///< exit status, −1 when the process did not exit normally
  std::string out, err;
};

/// Runs `vibro` in a directory of its own under the GoogleTest temporary directory.
class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(::testing::TempDir()) /
           ("vibro_cli_test_" + std::to_string(::getpid()) + "_" + test->test_suite_name() + "_" + test->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  const fs::path& dir() const { return dir_; }

  fs::path write(const std::string& name, const std::string& text) const {
    const fs::path file = dir_ / name;
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }

  Outcome vibro(const std::string& arguments) const { return vibro_limited("", arguments); }

  /// `vibro arguments` under the shell's `limits` first (e.g. "ulimit -f 8"; none when
  /// empty), as a user's shell runs it.
  Outcome vibro_limited(const std::string& limits, const std::string& arguments) const {
    const fs::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    const std::string command = "(" + limits + (limits.empty() ? "" : "; ") + "exec " +
                                quoted(test_paths::vibro_executable) + " " + arguments + ") >" + quoted(out) + " 2>" +
                                quoted(err) + " </dev/null";
    const int raw = std::system(command.c_str());
    Outcome outcome;
    if (raw != -1 && WIFEXITED(raw)) outcome.status = WEXITSTATUS(raw);
    outcome.out = read_text(out);
    outcome.err = read_text(err);
    return outcome;
  }

 private:
  fs::path dir_;
};

/// Exit status 2, nothing on stdout, and one line "vibro: error: ..." on stderr that
/// contains every one of `mentions`.
inline ::testing::AssertionResult bad_input(const Outcome& outcome, std::initializer_list<std::string> mentions) {
  const std::vector<std::string> lines = lines_of(outcome.err);
  bool mentioned = lines.size() == 1;
  for (const auto& m : mentions) mentioned = mentioned && lines[0].find(m) != std::string::npos;
  if (outcome.status == 2 && outcome.out.empty() && lines.size() == 1 && lines[0].starts_with("vibro: error: ") &&
      mentioned)
    return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure();
  failure << "exit status " << outcome.status << ", stdout '" << outcome.out << "', stderr '" << outcome.err
          << "'; expected status 2, no stdout and one line 'vibro: error: ...' mentioning";
  for (const auto& m : mentions) failure << " '" << m << "'";
  return failure;
}

}  // namespace vibro::testing
