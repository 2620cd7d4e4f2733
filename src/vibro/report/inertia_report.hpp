#pragma once
// The seed-004 part of `vibro report` (docs/mathematics.md §7): one section per case on the
// double pendulum (impacts, energy across impacts and within flights, the constraint's
// violation, the implicit version's iterations), and one section with what seed 004 claims
// — convergence of the explicit and implicit sweeping-process schemes, energy conserved in
// flight and never gained at impacts, the constraint respected at the end of every step — and
// what the harness measured on its experiment (q0 = (π/3, π/3), u0 = 0, m = l = 1, τ = 6 s,
// e ∈ {0, 0.5, 1}), with the angle and energy plots and the convergence table.

#include "vibro/run/report_runs.hpp"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace vibro {

/// Markdown of one double-pendulum case's runs (one per precision, the case's own first).
std::string inertia_run_section(const CaseSpec& c, const std::vector<RunResult>& runs);

/// Markdown of seed 004's claims from the runs of the cases/seed004/ cases (by case name);
/// writes seed004_*.svg into `out` when gnuplot is available.
std::string seed004_section(const std::map<std::string, const CaseRuns*>& runs, const std::filesystem::path& out);

/// The numbers of that section for index.json, all digits.
nlohmann::json seed004_json(const std::map<std::string, const CaseRuns*>& runs);

}  // namespace vibro
