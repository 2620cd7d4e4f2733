#pragma once
// What a general-inertia scheme of seed 004 finds: a section of the run's findings
// (results/run_findings.hpp).

#include "vibro/scalar/number_text.hpp"

#include <cstdint>
#include <optional>

namespace vibro {

/// A general-inertia run's findings (seed 004, docs/mathematics.md §7): the energy
/// E = ½uᵀM(q)u + potential of the scheme's nodes, the constraint's violation at the nodes,
/// and the implicit version's fixed-point iterations (its impacts are the run's
/// projection_active).
struct InertiaFindings {
  NumberText initial_energy, final_energy;
  /// The largest E_{i+1} − E_i over the steps on which the projection acted (> 0: energy
  /// gained across an impact; the flight part of the step contributes O(h)); none without one.
  std::optional<NumberText> largest_energy_gain_at_impact;
  /// The largest |E_i − E_f| over the nodes of each flight f (the nodes between two steps
  /// with an active projection): O(h) for the scheme, 0 for the exact flow.
  NumberText largest_energy_variation_in_flight;
  /// max over the nodes and constraints of g_j(q_i)⁺ (Θ(h): the step onto the wall
  /// overshoots it by up to h × the normal rate, docs/mathematics.md §7.1).
  NumberText max_constraint_violation;
  /// The implicit version's fixed-point iterations: in all, and the most on one step.
  std::optional<std::int64_t> iterations_total, iterations_max;
};

}  // namespace vibro
