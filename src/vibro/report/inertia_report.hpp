#pragma once
// The seed-004 part of `vibro report` (docs/mathematics.md §7): one section per case on the
// double pendulum (impacts, energy across impacts and within flights, the constraint's
// violation, the implicit version's iterations), and one section with what seed 004 claims
// — convergence of the explicit and implicit sweeping-process schemes, energy conserved in
// flight and never gained at impacts, the constraint respected at the end of every step — and
// what the harness measured on its experiment (q0 = (π/3, π/3), u0 = 0, m = l = 1, τ = 6 s,
// e ∈ {0, 0.5, 1}), with the angle and energy plots and the convergence table.

#include "vibro/results/report_runs_result.hpp"

#include <cstdint>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// Markdown of one double-pendulum case's runs (one per precision, the case's own first).
std::string inertia_run_section(const CaseSpec& c, const std::vector<RunResult>& runs);
/// How to read those sections (the energy and a flight), said once at the top of their page.
std::string inertia_run_note();

/// Markdown of seed 004's claims from the runs of the cases/seed004/ cases (by case name);
/// writes seed004_*.svg into `out` when gnuplot is available.
std::string seed004_section(const std::map<std::string, const CaseRuns*>& runs, const std::filesystem::path& out);

/// An observed order's slope and its standard error.
struct SlopeFit {
  double slope = 0, standard_error = 0;
};

/// One case of seed 004's experiment at one precision.
struct Seed004Run {
  std::string case_name, e, version, precision;  ///< version: "explicit" or "implicit"
  std::int64_t impacts = 0;
  std::string initial_energy, final_energy, max_constraint_violation;  ///< every digit
  bool has_study = false;  ///< the run has a convergence study: the two orders below
  /// The observed orders of the study (none without an asymptotic range).
  std::optional<SlopeFit> order_position_linf, order_velocity_l1;
};

/// The numbers of the seed-004 section, for index.json.
struct Seed004Runs {
  std::vector<Seed004Run> runs;
};

/// The numbers of that section, all digits.
Seed004Runs seed004_runs(const std::map<std::string, const CaseRuns*>& runs);

}  // namespace vibro
