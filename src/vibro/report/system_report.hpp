#pragma once
// The seed-002 part of `vibro report` (docs/mathematics.md §6): one section per case on an
// N-DOF system (per coordinate: impacts, contact steps, penetration; the energy of eq. (20)
// between impacts; the errors of free motion), and one section with what seed 002 claims —
// experiment 1's errors against the published numbers with their status, experiment 2's
// penetration of NSPS against NSMMM for μ_m = 1 and 1000 — with displacement plots. The
// convergence of the N-DOF schemes is in their study cases' own sections.

#include "vibro/run/report_runs.hpp"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace vibro {

/// Markdown of one N-DOF case's runs (one per precision, the case's own first).
std::string system_run_section(const CaseSpec& c, const std::vector<RunResult>& runs);

/// Markdown of seed 002's claims from the runs of the cases/seed002/ cases (by case name) and
/// the reproductions of its published values; writes seed002_*.svg into `out` when gnuplot is
/// available.
std::string seed002_section(const std::map<std::string, const CaseRuns*>& runs,
                            const std::vector<Reproduction>& reproductions, const std::filesystem::path& out);

/// The numbers of that section for index.json, all digits.
nlohmann::json seed002_json(const std::map<std::string, const CaseRuns*>& runs,
                            const std::vector<Reproduction>& reproductions);

}  // namespace vibro
