#include "scheme_command_options.hpp"

#include "vibro/case/tolerance_ladder.hpp"
#include "vibro/external/external_program.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/scalar/format.hpp"

#include <cmath>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <string_view>

namespace vibro::cli {

void SchemeCommandOptions::add_to(CLI::App& command) {
  command.add_option("--scheme-command", command_,
                     "Measure this program instead of the case's scheme: run without a shell (quotes honoured) once "
                     "per step size, the problem as JSON on its stdin, its trajectory as CSV on its stdout "
                     "(docs/own_scheme.md)");
  command.add_option("--scheme-name", name_, "What outputs call the program (default: its file name)")
      ->needs("--scheme-command");
  command
      .add_option("--scheme-timeout", timeout_seconds_,
                  "Seconds one run of the program may take before it and every process it started are killed")
      ->capture_default_str()
      ->needs("--scheme-command");
  command
      .add_flag("--scheme-stderr", whole_stderr_,
                "Show every line the program writes to stderr in a run that succeeds, each as a warning (default: "
                "its last five lines in one)")
      ->needs("--scheme-command");
}

void SchemeCommandOptions::add_tolerances_to(CLI::App& command) {
  command
      .add_option("--tolerances", tolerances_,
                  "Study the program over this ladder of tolerances, loose to tight (comma-separated, e.g. "
                  "1e-4,1e-6,1e-8), each problem carrying its tolerance, at the case's step as output spacing, "
                  "instead of over step sizes")
      ->delimiter(',')
      ->needs("--scheme-command");
  command
      .add_flag("--by-tolerance", by_tolerance_,
                "Study the program over the case's [convergence] tolerances, else 1e-4,1e-6,1e-8,1e-10,1e-12")
      ->needs("--scheme-command");
}

std::string default_program_name(const std::vector<std::string>& argv) {
  // `python3 ps.py 0.001` is the script ps.py: the first word after the program that names a
  // file is the script an interpreter runs; an argument that merely looks like a file name
  // (`0.0011`, `out/x`) is not taken for it.
  for (auto word = argv.begin() + 1; word != argv.end(); ++word) {
    std::error_code error;
    if (!word->empty() && word->front() != '-' && std::filesystem::is_regular_file(*word, error))
      return std::filesystem::path(*word).filename().string();
  }
  return std::filesystem::path(argv.front()).filename().string();
}

std::optional<ExternalScheme> SchemeCommandOptions::program() const {
  if (!command_) return std::nullopt;
  ExternalScheme program;
  try {
    program.argv = split_command_line(*command_);
  } catch (const std::invalid_argument& why) {
    throw InputError("", "--scheme-command", std::string(why.what()) + " in '" + shown_input(*command_) +
                                                 "' (allowed: words separated by blanks, '…' and \"…\" quoting)");
  }
  program.command = *command_;
  program.name = name_ ? *name_ : default_program_name(program.argv);
  if (program.name.empty()) throw InputError("", "--scheme-name", "is empty (allowed: a name for the outputs)");
  if (!std::isfinite(timeout_seconds_) || timeout_seconds_ <= 0 || timeout_seconds_ > 1e6)
    throw InputError("", "--scheme-timeout",
                     to_text_significant(timeout_seconds_, 6) + " is not a timeout (allowed: seconds in (0, 1e6])");
  program.timeout = std::chrono::duration<double>(timeout_seconds_);
  program.stderr_whole = whole_stderr_;
  if (!tolerances_.empty()) check_tolerance_ladder(tolerances_, "", "--tolerances");
  program.tolerances = tolerances_;
  program.by_tolerance = by_tolerance_;
  // A warning a line, a run's lines together, whichever thread's step size they come from.
  program.stderr_shown = [](const std::string& said) {
    static std::mutex shown;
    const std::lock_guard<std::mutex> lock(shown);
    std::string_view lines(said);
    for (std::size_t end; (end = lines.find('\n')) != std::string_view::npos; lines.remove_prefix(end + 1))
      std::cerr << "vibro: warning: " << lines.substr(0, end) << "\n";
    std::cerr << "vibro: warning: " << lines << "\n";
  };
  return program;
}

}  // namespace vibro::cli
