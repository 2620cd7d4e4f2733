#pragma once
// The seed-003 part of `vibro report` (docs/mathematics.md §5): one section per case on the
// conservative oscillator (impacts, nodes outside K, the discrete energy within flights and
// across impacts, at every precision, and the case's step sweep), and one section with the
// tables behind seed 003's claims — piecewise exactness of example 5.1, y² at Δt = π/(4ω),
// the stability sweep, spurious impacts between two stops, Duffing's energy — with energy
// plots and phase portraits. Everything it shows is a run of a case under cases/nsfd/.

#include "vibro/results/report_runs_result.hpp"

#include "vibro/scalar/number_text.hpp"

#include <cstdint>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// Markdown of one seed-003 case's runs (one per precision, the case's own first).
std::string nonstandard_run_section(const CaseSpec& c, const std::vector<RunResult>& runs);
/// How to read those sections (the energy, the nodes outside K), said once at the top of their page.
std::string nonstandard_run_note();

/// Markdown of the claims of seed 003 from the runs of the cases/nsfd/ cases, by case name
/// (a table whose cases are missing says so). Writes nsfd_*.svg into `out` when gnuplot is
/// available.
std::string nonstandard_claims_section(const std::map<std::string, const CaseRuns*>& runs,
                                       const std::filesystem::path& out);

/// Example 5.1 at one precision: exact before the first impact, then delayed flights.
struct PiecewiseExactnessRow {
  std::string precision;
  long significand_bits = 0;  ///< of the precision: whether its numbers have text twins
  NumberText max_error_before_first_impact, largest_relative_variation_in_a_flight;
  std::optional<NumberText> largest_ratio_deviation_from_e_squared;
  std::vector<NumberText> delays_in_steps;
  NumberText largest_amplitude_defect;
};

/// A scheme's first nodes y¹, y² at Δt = π/(4ω) (doubles) and y²'s closed form.
struct FirstNodes {
  NumberText y1, y2, y2_closed_form;
};

struct QuarterStep {
  FirstNodes nonstandard, standard;
};

/// One ωΔt of the stability sweep, both schemes.
struct StabilityRow {
  NumberText omega_dt, nonstandard_max_abs_y, standard_max_abs_y;
  std::optional<std::int64_t> standard_escaped_at_step;  ///< none: Störmer–Verlet stayed bounded
  std::optional<NumberText> standard_amplitude_closed_form;  ///< none for a growing mode
};

/// A run between two stops: its scheme, projection counts, nodes outside K and max |y|.
struct ConstrainedRun {
  std::string scheme;
  std::int64_t active_steps = 0;
  std::optional<std::int64_t> first_active_step;
  std::int64_t nodes_outside_constraint = 0;
  NumberText max_abs_y;
};

/// A run of the spurious-impact sweep, at its step.
struct SpuriousImpactRow {
  NumberText dt;
  ConstrainedRun run;
};

struct TwoStops {
  ConstrainedRun nonstandard, standard;
};

/// Duffing with an obstacle, one scheme.
struct DuffingObstacleRow {
  std::string scheme;
  std::int64_t impacts = 0;
  NumberText largest_relative_variation_in_a_flight, final_energy;
};

/// The tables behind seed 003's claims; each none when its cases are missing.
struct Seed003Claims {
  std::optional<std::vector<PiecewiseExactnessRow>> piecewise_exactness;
  std::optional<QuarterStep> quarter_step;
  std::optional<std::vector<StabilityRow>> stability;
  std::optional<std::vector<SpuriousImpactRow>> spurious_impacts;
  std::optional<TwoStops> two_stops;
  std::optional<std::vector<DuffingObstacleRow>> duffing_obstacle;
};

/// The numbers of the claims section, table by table, with all their digits.
Seed003Claims seed003_claims(const std::map<std::string, const CaseRuns*>& runs);

}  // namespace vibro
