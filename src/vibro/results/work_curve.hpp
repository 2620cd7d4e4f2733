#pragma once
// A scheme's work–precision curve: its error against its wall time at each step size of its
// double study (report/work_precision.hpp draws them). The report's own studies give them, and
// a peer's study stored as `vibro converge --json` wrote it (io/stored_peer_scores.hpp).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// One point of a scheme's work–precision curve: a step size (or a tolerance) of its double study.
struct WorkPoint {
  std::string h;  ///< the study's text of the step size: "T/N", a decimal or a fraction
  double seconds = 0;
  double error = 0;  ///< the position's L∞ error at that h
  bool at_floor = false;  ///< the study labels the point as at its rounding floor
  double h_value = 0;  ///< h as a double, to show a fraction as a short decimal
  /// The rung's tolerance on a tolerance ladder (an adaptive peer's study: `h` is then its
  /// output spacing, the same at every point); none on a step ladder.
  std::optional<std::string> tolerance{};
  /// The right-hand-side evaluations the program reported at that point (its work besides the
  /// wall time); none for a built-in scheme and a program that reports none.
  std::optional<std::int64_t> evaluations{};
};

/// A case's double study as a work–precision curve, timed step sizes with an error only.
struct WorkCurve {
  std::string case_name, scheme;
  std::vector<WorkPoint> points;
  /// For a peer's stored study: where it comes from ("scipy-dop853--periodic.json, vibro 0.1.0");
  /// empty for a study of this report.
  std::string stored{};
};

}  // namespace vibro
