#pragma once
// Everything `vibro report` shows, run: every case at the report's precisions, every
// Lyapunov case at its own, and the relations of the published tables on them. The report
// (report/index_report.hpp) renders what this returns and runs nothing itself.

#include "vibro/case/case_spec.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/results/published_values.hpp"
#include "vibro/results/report_runs_result.hpp"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace vibro {

/// Precisions a case is reported at: its own, double, and MPFR at 50 digits, those it runs
/// in (the exact type only where the case's own precision is rational).
std::vector<Precision> report_precisions(const CaseSpec& c);

/// A Lyapunov case's run with what the report shows beside it (its exact exponents).
LyapunovCaseRun lyapunov_case_run(CaseSpec c, LyapunovResult result);

/// Runs every case of `cases` with `base` (threads, progress, work limit; its precision is
/// replaced by each report precision in turn); `status` hears one line before each run.
/// With `base.threads` > 1 the runs (a case at one precision, a Lyapunov case) go to that
/// many worker processes (report_runs/worker_processes.hpp), the costliest first, each on one
/// thread; the results are the same as one after another in this process. The
/// values of `tables` that cases reproduce ([case] reproduces) are compared with their runs; the
/// gate of `vibro check` and the order verdicts of every study (report_runs/order_verdicts.hpp)
/// are judged once, here. `case_files_root` is the directory the cases' file names are relative
/// to (the parent of the cases directory, as load_cases names them): a study with measured
/// orders only is listed with the reason its case file gives.
ReportRuns run_for_report(const std::vector<CaseSpec>& cases, const RunOptions& base,
                          const std::filesystem::path& case_files_root,
                          const std::function<void(const std::string&)>& status = {},
                          const std::vector<PublishedTable>& tables = {});

}  // namespace vibro
