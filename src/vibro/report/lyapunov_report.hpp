#pragma once
// The Lyapunov section of `vibro report`: every Lyapunov case (at its own precision) with
// the measured spread from its computed golden, next to the published value its case names
// (reference/published/, with its status); the relations of the seeds on every member of
// the chaotic family, judged against the tables' recorded outcomes (the gate of `vibro check`);
// plots of λ1,k and λ2,k against k.

#include "vibro/run/published_values.hpp"
#include "vibro/run/report_runs.hpp"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace vibro {

/// Markdown of the section; writes lyapunov1.svg and lyapunov2.svg (λ1,k and λ2,k against k)
/// into `out` when gnuplot is available. `golden_dir` holds the computed goldens
/// (tests/golden/lyapunov/, one per case file stem) whose measured spreads the table shows.
std::string lyapunov_section(const ReportRuns& report, const std::vector<PublishedTable>& tables,
                             const std::filesystem::path& golden_dir, const std::filesystem::path& out);

/// The same table for index.json: `exponents` (per case: its exponents, the uncertainty the
/// table shows and the published counterpart) and `relations` (the gate, as `vibro check --json`).
nlohmann::json lyapunov_json(const ReportRuns& report, const std::vector<PublishedTable>& tables,
                             const std::filesystem::path& golden_dir);

}  // namespace vibro
