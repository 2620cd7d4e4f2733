#pragma once
// `vibro orbits CASE --prove` (docs/proofs.md): the proofs in Arb's ball arithmetic of the
// (1, n) orbits of a case's impact oscillator (proof/orbit_phase_proof.hpp), as texts: each
// enclosure as midpoint ± radius and as exact decimal bounds rounded outward, every claim
// either proved or said not to be, with the reason.

#include "vibro/proof/enclosure.hpp"
#include "vibro/run/case_spec.hpp"
#include "vibro/run/run_result.hpp"

#include <optional>
#include <string>
#include <vector>

namespace vibro {

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

/// The default working precision of the proofs: enclosures near 1e−48 wide, below the 1e−30 claimed.
inline constexpr long default_proof_digits = 40;
/// The report's: 24 to 28 digits proved, as many as a table can show.
inline constexpr long report_proof_digits = 20;

/// Every root for n = n_min … n_max of the case's impact oscillator (its parameters as
/// written), proved at `digits` decimal digits. InputError for another model, physical
/// parameters (their conversion is not exact), a vibro built without Arb, or digits out of
/// [20, 10000].
OrbitProofListing prove_orbits(const CaseSpec& c, int n_min, int n_max, long digits);

}  // namespace vibro
