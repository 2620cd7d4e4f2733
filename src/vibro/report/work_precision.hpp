#pragma once
// The work–precision page of `vibro report` (work_precision.md): for every problem that
// several of the report's studies solve — the same model with the same numbers, the same
// initial data and the same horizon — each scheme's error against the scheme's own wall
// time in double, as a log-log diagram and as a table of the time each needs to reach
// 1e−3, 1e−6 and 1e−9 in the position's L∞ error, as ratios to the fastest. Wall times are
// machine and load dependent: the page is the report's only timed output besides
// timings.md, and index.md only links to it.

#include "vibro/run/report_runs.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace vibro {

/// The errors the table asks each scheme to reach.
inline const std::vector<double> work_precision_targets = {1e-3, 1e-6, 1e-9};

/// One point of a scheme's work–precision curve: a step size of its double study.
struct WorkPoint {
  std::string h;
  double seconds = 0;
  double error = 0;  ///< the position's L∞ error at that h
  bool at_floor = false;  ///< the study labels the point as at its rounding floor
};

/// A case's double study as a work–precision curve, timed step sizes with an error only.
struct WorkCurve {
  std::string case_name, scheme;
  std::vector<WorkPoint> points;
};

/// The time a curve needs to reach `target`: that of the cheapest timed step size whose
/// error is ≤ target (a measured point, not an interpolation); none when no point does.
std::optional<double> time_to_reach(const WorkCurve& curve, double target);

/// "not reachable in double: rounding floor ≈ X" when the curve's points at or below the
/// target's reach are at their floor, else "not reached down to h = …  (smallest error X)".
std::string unreached(const WorkCurve& curve);

/// The problems solved by two or more of the report's timed studies, each with its curves,
/// in the order their first case appears.
struct WorkPrecisionProblem {
  std::string description;
  std::vector<WorkCurve> curves;
};
std::vector<WorkPrecisionProblem> work_precision_problems(const ReportRuns& report);

/// Writes work_precision.md and one work_precision_N.svg per problem (when gnuplot is
/// available) into `out`; returns the problems' count.
std::size_t write_work_precision(const ReportRuns& report, const std::filesystem::path& out);

}  // namespace vibro
