#pragma once
// A scheme that is a program of the user's (docs/own_scheme.md): named on the command line
// only (`--scheme-command`), never by a case file, which stays untrusted data. vibro runs it
// once per step size, the problem as one JSON object on its stdin (io/external_problem.hpp),
// its trajectory as CSV on its stdout (run/external_trajectory.hpp), and measures the
// trajectory as it measures a scheme of its own.

#include <chrono>
#include <string>
#include <vector>

namespace vibro {

struct ExternalScheme {
  std::vector<std::string> argv;  ///< the command line as split (io/external_program.hpp)
  std::string command;            ///< as given
  std::string name;               ///< what outputs call it: --scheme-name, else the program's file name
  /// The longest one run of the program may take, from its start to its exit.
  std::chrono::duration<double> timeout{default_timeout_seconds};

  static constexpr double default_timeout_seconds = 600;
};

}  // namespace vibro
