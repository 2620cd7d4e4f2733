#pragma once
// Everything `vibro report` shows, run: every case at the report's precisions, every
// Lyapunov case at its own, and the relations of the published tables on them. The report
// (report/index_report.hpp) renders what this returns and runs nothing itself.

#include "vibro/run/case_spec.hpp"
#include "vibro/run/exact_orbit_exponents.hpp"
#include "vibro/run/lyapunov_result.hpp"
#include "vibro/run/published_check.hpp"
#include "vibro/run/published_values.hpp"
#include "vibro/run/run_options.hpp"
#include "vibro/run/run_result.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// The MPFR precision every case is also reported at.
inline const Precision report_mpfr{ScalarKind::mpfr, 50};

/// Precisions a case is reported at: its own, double, and MPFR at 50 digits, those it runs
/// in (the exact type only where the case's own precision is rational).
std::vector<Precision> report_precisions(const CaseSpec& c);

/// The report times the step sizes of its studies in double (the work–precision page,
/// report/work_precision.hpp) with this many timing runs each.
inline constexpr unsigned report_timing_repeats = 3;

struct CaseRuns {
  CaseSpec spec;
  std::vector<RunResult> runs;  ///< one per report precision, the case's own first
  std::vector<double> wall_seconds;
  unsigned threads = 1;
  /// Per run, per study row: the scheme's wall time at that step size (StudyRow::seconds),
  /// moved out of the runs so that no deterministic output of the report can show it.
  std::vector<std::vector<std::optional<double>>> scheme_seconds;
};

/// The run of `runs` at the precision named `precision` ("double", "mpfr:50"), or nullptr.
const RunResult* run_at(const CaseRuns& runs, const std::string& precision);

/// The double run of the case named `name` among `runs` (by case name), or nullptr when the
/// case is not among them or was not run in double.
const RunResult* double_run(const std::map<std::string, const CaseRuns*>& runs, const std::string& name);

struct LyapunovCaseRun {
  CaseSpec spec;
  LyapunovResult result;
  /// The exact exponents, when the case starts on a closed-form periodic orbit.
  std::optional<ExactOnOrbit> on_orbit;
};

/// A Lyapunov case's run with what the report shows beside it (its exact exponents).
LyapunovCaseRun lyapunov_case_run(CaseSpec c, LyapunovResult result);

struct ReportRuns {
  std::vector<CaseRuns> cases;             ///< the cases without a [lyapunov] table, in order
  std::vector<LyapunovCaseRun> lyapunov;   ///< the cases with one
  RelationEvaluations relations;  ///< the report judges them against the tables' records (check_published)
  std::vector<Reproduction> reproductions;  ///< the published values cases re-compute (run/published_reproduction.hpp)
  unsigned worker_processes = 1;  ///< how many runs were made at a time (1: one after another, in this process)
};

/// Runs every case of `cases` with `base` (threads, progress, work limit; its precision is
/// replaced by each report precision in turn); `status` hears one line before each run.
/// With `base.threads` > 1 the runs (a case at one precision, a Lyapunov case) go to that
/// many worker processes (run/worker_processes.hpp), the costliest first, each on one
/// thread; the results are the same as one after another in this process. The
/// values of `tables` that cases reproduce ([case] reproduces) are compared with their runs.
ReportRuns run_for_report(const std::vector<CaseSpec>& cases, const RunOptions& base,
                          const std::function<void(const std::string&)>& status = {},
                          const std::vector<PublishedTable>& tables = {});

}  // namespace vibro
