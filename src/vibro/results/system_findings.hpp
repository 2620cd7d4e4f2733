#pragma once
// What an N-DOF scheme of seed 002 finds: a section of the run's findings
// (results/run_findings.hpp).

#include "vibro/scalar/number_text.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace vibro {

/// One coordinate of an N-DOF run (seed 002): its contacts and how far it left K.
struct CoordinateRecord {
  bool constrained = false;        ///< has a bound
  std::int64_t impacts = 0;        ///< runs of consecutive steps with its constraint active
  std::int64_t contact_steps = 0;  ///< steps with its constraint active
  NumberText max_penetration;      ///< max over the nodes of the distance of q_i outside [lower, upper]
  std::int64_t nodes_outside = 0;  ///< nodes with q_i outside [lower, upper]
};

/// What a run of an N-DOF scheme of seed 002 finds (catalog/entries/system_scheme_entry.hpp).
struct SystemFindings {
  std::vector<NumberText> omega;              ///< ω_i, the frequencies of the modes of B
  std::vector<CoordinateRecord> coordinates;  ///< one per coordinate
  /// E = ½(vᵀM²v + qᵀA²q) of the scheme's nodes (seed 002 eq. (20)).
  NumberText initial_energy, final_energy;
  /// Unforced: the largest |E − E_f|/E_f over the nodes of each flight f (the steps between
  /// two steps with an active constraint; seed 002 Remark 7); none with forcing.
  std::optional<NumberText> largest_energy_variation_between_impacts;
  std::int64_t flights = 0;
  /// Unconstrained: max over the nodes of max_i |q_i − q_i(t_n)| against the closed-form
  /// solution (docs/mathematics.md §6).
  std::optional<NumberText> max_error_exact;
  /// Seed 002 §3.1's comparison: max over the nodes of |q1 − q1^exact| with q1^exact the free
  /// oscillator q1'' + (A²_11/M²_11) q1 = 0 through q1(0), v1(0) — cos t for experiment 1,
  /// where the second body is a "rigid wall" (μ_m = 10¹²). Unconstrained two-mass-spring runs only.
  std::optional<NumberText> max_error_rigid_wall_q1;
};

}  // namespace vibro
