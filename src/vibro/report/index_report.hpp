#pragma once
// `vibro report`: renders every shipped case (run by report_runs/report_runs.hpp at several
// precisions; the report runs nothing itself) into reports/index.md (for people: the summary
// of verdicts and a link per part), a page per part (the cases of each folder, Lyapunov
// exponents, orbits, each seed's claims, the test set; report/report_pages.hpp), reports/index.json
// (every run result, for scripts) and reports/studies/ (each convergence study's table, CSV and plot). Those
// are deterministic: no timestamps, no timings, so a regenerated report diffs cleanly. Wall
// times go to reports/timings.md and to the timed pages (work_precision.md, testset/), the
// files that change from run to run.

#include "vibro/results/sweep_result.hpp"
#include "vibro/results/report_runs_result.hpp"
#include "vibro/report/proved_values_table.hpp"
#include "vibro/results/testset_result.hpp"

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// What the report reads besides the runs.
struct ReportInputs {
  std::filesystem::path cases;      ///< the case files' directory, as given (the report's header names it)
  std::filesystem::path published;  ///< the published tables
  std::filesystem::path goldens;    ///< the computed Lyapunov goldens, for their measured spreads
};

/// Renders `runs` (run_for_report) and `sweeps` (compute_sweep of every sweep file among the
/// cases) into `out/index.md` and its pages, `out/index.json`, `out/timings.md`, `out/sweeps.md`
/// and the study, sweep and plot files, each written atomically; with `testset` (run_testset
/// of the cases' test set), its page and `out/testset/`, with the table of `testset_proved`
/// (the enclosure checks of its problems' stored values).
void write_report(const ReportRuns& runs, const std::vector<SweepOutcome>& sweeps, const ReportInputs& inputs,
                  const std::filesystem::path& out,
                  const std::function<void(const std::string&)>& status = {},
                  const TestsetRunResult* testset = nullptr, const std::vector<ProblemProof>& testset_proved = {});

}  // namespace vibro
