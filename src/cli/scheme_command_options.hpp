#pragma once
// --scheme-command, --scheme-name, --scheme-timeout and --scheme-stderr (`vibro run`, `converge`,
// `testset run`), and a study's --tolerances and --by-tolerance (`converge`, `testset run`):
// a program of the user's in place of the case's scheme (docs/own_scheme.md). The command is
// taken from the command line only; a case file never names a program.

#include "vibro/external/external_scheme.hpp"

#include <CLI/CLI.hpp>

#include <optional>
#include <vector>
#include <string>

namespace vibro::cli {

class SchemeCommandOptions {
 public:
  /// Adds the options naming the program to `command`.
  void add_to(CLI::App& command);
  /// Adds --tolerances and --by-tolerance (`vibro converge`, `testset run`): the program's
  /// study over a tolerance ladder (docs/own_scheme.md "Tolerance ladders").
  void add_tolerances_to(CLI::App& command);
  /// The program the options name, or nullopt without --scheme-command. Throws InputError
  /// (naming the option) for a command line that does not split, or a timeout that is not a
  /// positive number of seconds.
  std::optional<ExternalScheme> program() const;

 private:
  std::optional<std::string> command_, name_;
  double timeout_seconds_ = ExternalScheme::default_timeout_seconds;
  bool whole_stderr_ = false;
  std::vector<std::string> tolerances_;
  bool by_tolerance_ = false;
};

/// What outputs call a program without --scheme-name: the file name of the first argument
/// after the program that is an existing regular file (an interpreter's script), else of the
/// program itself, so that `python3 examples/external/paoli_schatzman.py 0.001` is
/// "paoli_schatzman.py" and `./scheme 0.0011` is "scheme".
std::string default_program_name(const std::vector<std::string>& argv);

}  // namespace vibro::cli
