#pragma once
// A scheme that is a program of the user's (docs/own_scheme.md): named on the command line
// only (`--scheme-command`), never by a case file, which stays untrusted data. vibro runs it
// once per step size, the problem as one JSON object on its stdin (external/external_problem.hpp),
// its trajectory as CSV on its stdout (external/external_trajectory.hpp), and measures the
// trajectory as it measures a scheme of its own.
//
// The Python module's step functions (docs/python.md) take the same road without a program:
// `compute` is called in this process with the problem's JSON text and returns the trajectory
// as arrays, which are checked and replayed exactly as a program's rows are.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// A trajectory computed in this process: its rows' times, coordinates and velocities as
/// doubles (q and v row after row, `dimension` values per row) and, when given, each row's
/// contact flag (0 or 1; empty: not given) or its impact table (four numbers per impact: t,
/// coordinate, v_minus, v_plus, as a program's table; `has_impacts` false: not given), and its
/// evaluations when given.
struct ComputedTrajectory {
  std::size_t dimension = 1;
  std::vector<double> t, q, v;
  std::vector<std::uint8_t> contact;
  bool has_impacts = false;
  std::vector<double> impacts;
  /// The right-hand-side evaluations of the run, when given: its work (a program's line
  /// `evaluations,N`).
  std::optional<std::int64_t> evaluations{};
};

/// Computes the trajectory of one problem (its JSON text, external/external_problem.hpp); throws
/// ProgramFailure (external/external_program.hpp) with what went wrong, said of the computation
/// ("the step function raised …").
using TrajectoryFunction = std::function<ComputedTrajectory(const std::string& problem)>;

struct ExternalScheme {
  std::vector<std::string> argv;  ///< the command line as split (external/external_program.hpp)
  std::string command;            ///< as given
  std::string name;               ///< what outputs call it: --scheme-name, else the program's file name
  /// The longest one run of the program may take, from its start to its exit.
  std::chrono::duration<double> timeout{default_timeout_seconds};
  /// When set, no program is started: this computes each trajectory in the process (argv and
  /// the timeout are then unused; `command` says what it is).
  TrajectoryFunction compute;
  /// Told what a program that succeeded wrote to its stderr (its last lines, escaped: its
  /// warnings), said of the run: one line, or with stderr_whole a line per line of the program's;
  /// called once per such run, from the thread of its step size. None: not shown.
  std::function<void(const std::string& said)> stderr_shown;
  /// Show every line of a successful program's stderr (up to its last MiB), each on its own,
  /// instead of its last lines (--scheme-stderr).
  bool stderr_whole = false;
  /// A tolerance ladder, loose to tight, as given by `--tolerances` (docs/own_scheme.md
  /// "Tolerance ladders"): when not empty, a study runs the program once per tolerance at the
  /// case's step (its output spacing), each problem carrying its `tolerance`, instead of once
  /// per step size. run_case puts here the ladder it resolves (case/tolerance_ladder.hpp).
  std::vector<std::string> tolerances{};
  /// Study the program over a tolerance ladder even without `tolerances`: the case's
  /// [convergence] tolerances, else the default ladder (case/tolerance_ladder.hpp).
  bool by_tolerance = false;

  static constexpr double default_timeout_seconds = 600;
};

}  // namespace vibro
