#pragma once
// The report's own parts of reports/index.json, typed (docs/outputs.md "`reports/index.json`"):
// the verdict summary and the tables of the Lyapunov and seed sections, each none when the
// report has no case of its kind; and a run's bulky lists, kept in a file of their own
// (runs/NAME-PRECISION.json). Declared in report/report_fields.hpp, written by
// report/index_json.cpp.

#include "vibro/report/inertia_report.hpp"
#include "vibro/report/lyapunov_report.hpp"
#include "vibro/report/nonstandard_report.hpp"
#include "vibro/report/system_report.hpp"
#include "vibro/report/verdict_summary.hpp"
#include "vibro/results/run_findings.hpp"
#include "vibro/results/reference_findings.hpp"

#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// What index.json holds beside the runs.
struct IndexTables {
  VerdictSummary summary;
  std::optional<LyapunovTable> lyapunov;
  std::optional<Seed003Claims> seed003_claims;
  std::optional<Seed002Claims> seed002;
  std::optional<Seed004Runs> seed004;
};

/// A run's events (a reference run) and stroboscopic samples, moved out of index.json.
struct RunData {
  std::string case_name, precision;
  long significand_bits = 0;  ///< of the precision: whether its numbers have text twins
  std::optional<std::vector<ReferenceEventText>> events;
  std::optional<std::vector<StroboscopicSample>> stroboscopic;
};

}  // namespace vibro
