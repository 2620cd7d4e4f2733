#pragma once
// `vibro orbits CASE --prove` (docs/proofs.md): the proofs in Arb's ball arithmetic of the
// (1, n) orbits of a case's impact oscillator (proof/orbit_phase_proof.hpp), as texts: each
// enclosure as midpoint ± radius and as exact decimal bounds rounded outward, every claim
// either proved or said not to be, with the reason.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/orbit_result.hpp"

namespace vibro {

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
