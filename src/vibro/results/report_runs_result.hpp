#pragma once
// Everything `vibro report` shows, as data: every case's runs at the report's precisions, every
// Lyapunov case's run with its exact exponents on an orbit, the relations of the published
// tables evaluated, the published values re-computed (report_runs/report_runs.hpp computes them).

#include "vibro/case/case_spec.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/results/golden_result.hpp"
#include "vibro/results/lyapunov_result.hpp"
#include "vibro/results/orbit_result.hpp"
#include "vibro/results/order_verdict.hpp"
#include "vibro/results/published_check_result.hpp"
#include "vibro/results/published_values.hpp"
#include "vibro/results/work_curve.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct RunResult;  // results/run_result.hpp

/// The MPFR precision every case is also reported at.
inline const Precision report_mpfr{ScalarKind::mpfr, 50};

/// The report times the step sizes of its studies in double (the work–precision page,
/// report/work_precision.hpp) with this many timing runs each.
inline constexpr unsigned report_timing_repeats = 3;

/// A case's runs. Its copy, move and destruction are compiled in report_runs_result.cpp, where
/// RunResult is complete, so that a unit holding the report's runs without reading a case's run
/// (the Lyapunov and orbit pages, the goldens, the report verb) does not include run_result.hpp
/// and a field added to a run's result does not recompile it; a unit that reads `runs`
/// includes run_result.hpp.
struct CaseRuns {
  CaseRuns(CaseSpec spec, unsigned threads);
  CaseRuns(const CaseRuns&);
  CaseRuns(CaseRuns&&) noexcept;
  CaseRuns& operator=(const CaseRuns&);
  CaseRuns& operator=(CaseRuns&&) noexcept;
  ~CaseRuns();

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
  /// The case's computed golden, when one is stored for it (tests/golden/lyapunov/; read by the
  /// command, io/golden_file.hpp): the uncertainty the report shows comes from it.
  std::optional<LyapunovGolden> golden;
};

struct ReportRuns {
  std::vector<CaseRuns> cases;             ///< the cases without a [lyapunov] table, in order
  std::vector<LyapunovCaseRun> lyapunov;   ///< the cases with one
  RelationEvaluations relations;  ///< the report judges them against the tables' records (check_published)
  std::vector<Reproduction> reproductions;  ///< the published values cases re-compute (published/published_reproduction.hpp)
  std::vector<PublishedTable> published_tables;  ///< the tables the relations and reproductions were judged against
  CheckResult check;  ///< the gate of `vibro check` on the relations and reproductions above, computed once
  OrderJudgement order_judgement;  ///< the declared orders judged on every study (report_runs/order_verdicts.hpp)
  unsigned worker_processes = 1;  ///< how many runs were made at a time (1: one after another, in this process)
  /// Peers' studies of some of the cases, stored (reference/peers/work_precision/), drawn on
  /// the work–precision page beside the cases' own.
  std::vector<WorkCurve> stored_work_curves;
};

}  // namespace vibro
