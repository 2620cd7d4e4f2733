#pragma once
// `vibro orbits CASE --prove` (docs/proofs.md): the proofs in Arb's ball arithmetic of the
// (1, n) orbits of a case's impact oscillator (proof/orbit_phase_proof.hpp), as texts: each
// enclosure as midpoint ± radius and as exact decimal bounds rounded outward, every claim
// either proved or said not to be, with the reason.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/orbit_result.hpp"
#include "vibro/support/progress.hpp"

namespace vibro {

/// The default working precision of the proofs: enclosures near 1e−48 wide, below the 1e−30 claimed.
inline constexpr long default_proof_digits = 40;
/// The report's: 24 to 28 digits proved, as many as a table can show.
inline constexpr long report_proof_digits = 20;

/// About how many seconds the proofs of one n take at `digits` (a fit of measured times,
/// docs/proofs.md "Time").
double proof_seconds_per_n(long digits);

/// Every root for n = n_min … n_max of the case's impact oscillator (its parameters as
/// written), proved at `digits` decimal digits; `progress`, if given, is told of each n.
/// InputError for another model, physical parameters (their conversion is not exact), a vibro
/// built without Arb, digits out of [20, 10000], or proofs estimated beyond the work limit
/// (about ten minutes of one core), said before any is made.
OrbitProofListing prove_orbits(const CaseSpec& c, int n_min, int n_max, long digits, Progress* progress = nullptr);

}  // namespace vibro
