#pragma once
// The computed Lyapunov goldens of a directory (tests/golden/lyapunov/, one JSON file per case
// file stem, written by `vibro lyapunov CASE --write-golden`): read once by the command that
// shows their measured spreads (`vibro report`), which hands them to the report as results.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/golden_result.hpp"
#include "vibro/results/report_runs_result.hpp"

#include <filesystem>
#include <optional>

namespace vibro {

/// The golden of case `c` in `golden_dir`: the file named by the stem of c's file, when it holds
/// c's name (a family member in a subdirectory with the same stem is not the golden's case).
/// None when there is no such file; InputError naming the file when it is not a golden.
std::optional<LyapunovGolden> stored_golden(const std::filesystem::path& golden_dir, const CaseSpec& c);

/// Every Lyapunov case of `runs` with its stored golden, if any.
void attach_goldens(ReportRuns& runs, const std::filesystem::path& golden_dir);

}  // namespace vibro
