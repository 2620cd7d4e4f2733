#pragma once
// The closed-form periodic orbits and what is proved, as data: the (1, n) orbits `vibro orbits`
// lists and the proofs of `--prove`, the exact exponents on an orbit beside a computed run, the
// period doublings a one-parameter sweep predicts, and the enclosure of a reference run
// (`vibro run --enclose`) with the test set's check of its proved values. orbits/ computes them.

#include "vibro/proof/enclosure.hpp"
#include "vibro/results/predicted_doubling.hpp"
#include "vibro/results/provenance.hpp"
#include "vibro/scalar/number_text.hpp"
#include "vibro/scalar/precision.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// One root of the impact-phase equation of the (1, n) orbits.
struct OrbitRow {
  int n = 1;
  int index = 1;  ///< its place among the roots for this n, from 1
  NumberText phase, impact_time, velocity_before, velocity_after;
  bool admissible = false;
  std::string rejected_because;
  bool real_multipliers = true;
  /// Real: μ1 and μ2 (|μ1| ≥ |μ2|); complex: the real part and the imaginary part (> 0).
  NumberText multiplier1, multiplier2;
  NumberText largest_modulus;
  bool stable = false;
  NumberText trace, determinant;
  NumberText sum_rule;  ///< e² exp(−2αnT), which the determinant must equal
  /// ln|μi|/n: the Lyapunov exponents per forcing period on the orbit.
  NumberText lambda1_per_period, lambda2_per_period;
  /// The state at t = 0 (≡ nT) on the orbit.
  NumberText start_u, start_v;
};

/// An n for which no orbit was sought: its phase equation is degenerate, for the reason given.
struct DegenerateOrder {
  int n = 0;
  std::string why;
};

struct OrbitListing {
  CaseInfo case_info;
  Precision precision;
  int n_min = 1, n_max = 1;
  std::vector<OrbitRow> orbits;            ///< by n, then by phase as found
  std::vector<DegenerateOrder> degenerate;  ///< by n
};

/// The Floquet multipliers of a transverse root, when their kind is proved.
struct ProvedMultiplierTexts {
  std::string kind;  ///< "real" (μ1, μ2 with |μ1| ≥ |μ2|) or "complex" (real part, imaginary part > 0)
  Enclosure first, second;
  Enclosure lambda1_per_period, lambda2_per_period;  ///< ln|μi|/n: the exact Lyapunov exponents per period
  std::string stability;  ///< "stable", "unstable", or "not proved"
};

/// One root of the impact-phase equation and what is proved about it.
struct ProvedOrbitRow {
  int n = 1;
  int index = 1;        ///< its place among the two roots for this n, from 1
  bool unique = false;  ///< exactly one root in the box around `phase`
  bool transverse = false;  ///< v− < 0 on the whole enclosure
  /// "admissible" (the flight proved above the obstacle), "not admissible" (proved below it
  /// somewhere) or "not proved".
  std::string admissibility;
  Enclosure phase, impact_time, velocity_before, velocity_after;
  std::optional<ProvedMultiplierTexts> multipliers;
  /// Each claim that is not proved, with its reason (empty when all are).
  std::vector<std::string> not_proved;
};

/// For one n: the number of roots, proved (2 or 0), or why it is not decided.
struct ProvedRootCount {
  int n = 1;
  std::optional<int> roots;
  std::string undecided;
};

struct OrbitProofListing {
  CaseInfo case_info;
  long digits = 40;  ///< the working precision in decimal digits
  long bits = 0;     ///< and in bits
  int n_min = 1, n_max = 1;
  std::vector<ProvedRootCount> root_counts;
  std::vector<ProvedOrbitRow> orbits;
};

/// The exact values for a case that starts on an orbit, as texts at the case's precision.
struct ExactOnOrbit {
  int n = 1;
  bool stable = false;
  NumberText lambda1_after_k, lambda2_after_k, lambda1_asymptotic, lambda2_asymptotic;
  NumberText difference1, difference2;  ///< |computed − exact after K|
  /// The asymptotic exponents proved in ball arithmetic (orbits/orbit_proofs.hpp), or why not.
  std::optional<Enclosure> proved_lambda1, proved_lambda2;
  std::string not_proved;
};

struct EnclosedImpactRow {
  int index = 1;
  /// The coordinate that hits, from 1 (1 for a 1-DOF model); the velocities are its own.
  int coordinate = 1;
  Enclosure t, velocity_before, velocity_after;
};

struct EnclosedReference {
  CaseInfo case_info;
  long digits = 40, bits = 0;
  std::string max_width;  ///< the width bound, as given
  /// "t_end", "periods" or "impacts": what the horizon is (the case's, or --impacts).
  std::string horizon_is;
  int dimension = 1;  ///< the model's coordinates
  std::optional<Enclosure> horizon;  ///< the time the enclosure ends at, when it got there
  std::vector<EnclosedImpactRow> impacts;
  std::optional<Enclosure> final_u, final_v;  ///< the state at the horizon, of a 1-DOF model
  /// The state at the horizon, every coordinate of any model (one each for a 1-DOF model);
  /// empty when the horizon was not reached.
  std::vector<Enclosure> final_positions, final_velocities;
  /// The first accumulation point before the horizon (infinitely many impacts before it, the
  /// first listed; at rest after it): the first of `accumulations`.
  std::optional<Enclosure> accumulation;
  /// Every accumulation point before the horizon, in time order, and the oscillator's release
  /// from rest after each (a constant force's rest lasts: no release).
  std::vector<Enclosure> accumulations, releases;
  std::string stopped_because;  ///< empty when the horizon was reached
  /// The radius of the impact times, at the first and last impact, and its mean factor per
  /// impact (how the enclosure grows with the horizon).
  std::string first_impact_radius, last_impact_radius, radius_growth_per_impact;
};

/// What the enclosure proves of a test-set problem's stored values (docs/testset.md): a value
/// is proved when the enclosure of its number lies within what the value claims, its half
/// last unit plus its bound (stored_accuracy); contradicted when the two are apart.
struct TestsetEnclosureCheck {
  std::string not_enclosed;        ///< why the problem's reference is not enclosed (empty when it is)
  std::size_t values = 0, proved = 0;
  std::vector<std::string> contradicted;  ///< one line per stored value the enclosure contradicts
  std::vector<std::string> undecided;     ///< one line per value the enclosure neither proves nor contradicts
  std::vector<std::string> unreached;     ///< the names of the values the enclosure did not reach
  std::string stopped_because;            ///< why it did not reach them
};

}  // namespace vibro
