#pragma once
// The seed-002 part of `vibro report` (docs/mathematics.md §6): one section per case on an
// N-DOF system (per coordinate: impacts, contact steps, penetration; the energy of eq. (20)
// between impacts; the errors of free motion), and one section with what seed 002 claims —
// experiment 1's errors against the published numbers with their status, experiment 2's
// penetration of NSPS against NSMMM for μ_m = 1 and 1000 — with displacement plots. The
// convergence of the N-DOF schemes is in their study cases' own sections.

#include "vibro/results/report_runs_result.hpp"

#include <cstdint>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// Markdown of one N-DOF case's runs (one per precision, the case's own first).
std::string system_run_section(const CaseSpec& c, const std::vector<RunResult>& runs);
/// How to read those sections (the energy and its variation), said once at the top of their page.
std::string system_run_note();

/// Markdown of seed 002's claims from the runs of the cases/seed002/ cases (by case name) and
/// the reproductions of its published values; writes seed002_*.svg into `out` when gnuplot is
/// available.
std::string seed002_section(const std::map<std::string, const CaseRuns*>& runs,
                            const std::vector<Reproduction>& reproductions, const std::filesystem::path& out);

/// A published value of seed 002 and its reproduction by a case.
struct Seed002Value {
  std::string id, printed, status, case_file, precision;
  std::optional<std::string> computed;  ///< every digit of the run's value; none when no case computes it
  bool agrees = false;                  ///< to the digits printed
};

/// Experiment 2's penetration of the first mass into its stop, for one case at one precision.
struct PenetrationRow {
  std::string case_name, mu_m, precision;
  std::string max_penetration_q1;  ///< every digit
  std::int64_t nodes_outside_q1 = 0;
};

/// The numbers of the seed-002 section, for index.json.
struct Seed002Claims {
  std::vector<Seed002Value> experiment1;
  std::vector<PenetrationRow> experiment2_penetration;
};

/// The numbers of that section, all digits.
Seed002Claims seed002_claims(const std::map<std::string, const CaseRuns*>& runs,
                             const std::vector<Reproduction>& reproductions);

}  // namespace vibro
