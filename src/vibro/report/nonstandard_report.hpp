#pragma once
// The seed-003 part of `vibro report` (issue 6, MATH.md §5): one section per run of a
// cases/nsfd/ case (impacts, nodes outside K, the discrete energy within flights and across
// impacts, at every precision), and one section with the tables behind seed 003's claims —
// piecewise exactness of example 5.1, y² at Δt = π/(4ω), the stability sweep, spurious
// impacts between two stops, Duffing's energy — with energy plots and phase portraits.

#include "vibro/io/case_spec.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace vibro {

/// Markdown of one seed-003 case's runs (one per precision).
std::string nonstandard_run_section(const CaseSpec& c, const std::vector<nlohmann::json>& runs);

/// Markdown of the claims of seed 003; `double_runs` holds the double run of every case of
/// cases/nsfd/ by case name, with its plot samples. Writes nsfd_*.svg into `out` when
/// gnuplot is available.
std::string nonstandard_claims_section(const std::map<std::string, nlohmann::json>& double_runs,
                                       const std::filesystem::path& out);

}  // namespace vibro
