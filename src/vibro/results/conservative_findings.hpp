#pragma once
// What a seed-003 scheme finds on the conservative oscillator: a section of the run's findings
// (results/run_findings.hpp).

#include "vibro/scalar/number_text.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// The discrete energy of docs/mathematics.md §5 per flight and across impacts.
struct EnergyRecord {
  std::int64_t flights = 0;
  NumberText largest_relative_variation_in_a_flight;
  NumberText largest_relative_variation_in_a_flight_own;
  std::vector<NumberText> impact_ratios;  ///< the first ones (the statistics cover all)
  NumberText e_squared;
  std::optional<NumberText> largest_ratio_deviation_from_e_squared;
};

/// Example 5.1 of seed 003 against its closed-form solution (docs/mathematics.md §5): exact before the
/// first impact, then each flight the exact one delayed, with the exact amplitude.
struct Example51Comparison {
  NumberText max_error_before_first_impact;
  std::vector<NumberText> delays_in_steps;  ///< delay of flight n after impact n, ÷ Δt
  NumberText largest_amplitude_defect;      ///< max |amplitude / e^{n+1} − 1|
};

/// What a run of a seed-003 scheme on the conservative oscillator finds.
struct ConservativeFindings {
  std::string denominator;
  NumberText largest_abs_y;
  std::int64_t nodes_outside_constraint = 0;
  NumberText initial_energy, final_energy;
  EnergyRecord energy;
  /// Amplitude of the scheme's own free recurrence y^{k+1} = 2c y^k − y^{k−1} through its
  /// first two nodes (closed form, β = 0; none when |c| ≥ 1, a growing mode).
  std::optional<NumberText> discrete_amplitude;
  std::optional<Example51Comparison> example51;
};

}  // namespace vibro
