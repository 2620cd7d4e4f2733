#pragma once
// The seed-003 part of `vibro report` (docs/mathematics.md §5): one section per case on the
// conservative oscillator (impacts, nodes outside K, the discrete energy within flights and
// across impacts, at every precision, and the case's step sweep), and one section with the
// tables behind seed 003's claims — piecewise exactness of example 5.1, y² at Δt = π/(4ω),
// the stability sweep, spurious impacts between two stops, Duffing's energy — with energy
// plots and phase portraits. Everything it shows is a run of a case under cases/nsfd/.

#include "vibro/run/report_runs.hpp"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace vibro {

/// Markdown of one seed-003 case's runs (one per precision, the case's own first).
std::string nonstandard_run_section(const CaseSpec& c, const std::vector<RunResult>& runs);

/// Markdown of the claims of seed 003 from the runs of the cases/nsfd/ cases, by case name
/// (a table whose cases are missing says so). Writes nsfd_*.svg into `out` when gnuplot is
/// available.
std::string nonstandard_claims_section(const std::map<std::string, const CaseRuns*>& runs,
                                       const std::filesystem::path& out);

/// The numbers of the claims section for index.json, table by table (null for a table whose
/// cases are missing), with all their digits.
nlohmann::json nonstandard_claims_json(const std::map<std::string, const CaseRuns*>& runs);

}  // namespace vibro
