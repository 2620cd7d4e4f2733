#pragma once
// The work–precision page of `vibro report` (work_precision.md): for every problem that
// several of the report's studies solve — the same model with the same numbers, the same
// initial data and the same horizon — each scheme's error against the scheme's own wall
// time in double, as a log-log diagram shown under the problem and as a table of the time
// each needs to reach 1e−3, 1e−6 and 1e−9 in the position's L∞ error, as ratios to the
// fastest. Wall times are machine and load dependent: the page is the report's only timed
// output besides timings.md, and index.md only links to it.

#include "vibro/results/report_runs_result.hpp"
#include "vibro/results/work_curve.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace vibro {

/// The errors the table asks each scheme to reach.
inline const std::vector<double> work_precision_targets = {1e-3, 1e-6, 1e-9};

/// The time a curve needs to reach `target`: that of the cheapest timed step size whose
/// error is ≤ target (a measured point, not an interpolation); none when no point does.
std::optional<double> time_to_reach(const WorkCurve& curve, double target);

/// A step size as the page shows it: "T/N" as it is, anything else as a decimal of four
/// significant digits (the exact value stays in the study's tables and index.json).
std::string shown_step(const WorkPoint& point);

/// The smallest error of a curve and where: "2.7e-03 at T/12800", with ", rounding floor"
/// when the study labels any of its points as at its floor — what a target the curve does
/// not reach is missing for.
std::string smallest_error(const WorkCurve& curve);

/// The problems solved by two or more of the report's timed studies, each with its curves,
/// in the order their first case appears; `description` shows each number to at most ten
/// significant digits.
struct WorkPrecisionProblem {
  std::string description;
  std::vector<WorkCurve> curves;
};
std::vector<WorkPrecisionProblem> work_precision_problems(const ReportRuns& report);

/// The text of work_precision.md under its title (report/report_pages.hpp makes its head and
/// turns its links to the cases' anchors into links to their pages), with one
/// work_precision_N.svg per problem written into `out` (when gnuplot is available) and shown
/// under the problem; empty when no problem is solved by two timed studies.
std::string work_precision_page(const ReportRuns& report, const std::filesystem::path& out);

}  // namespace vibro
