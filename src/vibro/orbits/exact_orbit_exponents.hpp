#pragma once
// The exact Lyapunov exponents of a Lyapunov case that starts on a closed-form (1, n)
// periodic orbit of its impact oscillator (n ≤ 3, analysis/periodic_orbits.hpp orbit_through;
// docs/periodic_orbits.md §6): after the case's K periods, the Gram–Schmidt recurrence on
// the orbit's exact period Jacobians, and the asymptotic ln|μi|/n, beside the computed ones,
// with the asymptotic ones' proved enclosures (docs/proofs.md) where vibro has Arb.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/lyapunov_findings.hpp"
#include "vibro/results/orbit_result.hpp"

#include <optional>

namespace vibro {

/// The exact exponents of case `c`, whose Lyapunov run found `computed`; none when the case
/// does not start on a (1, n) orbit with n ≤ 3, is not an impact oscillator, has no defined
/// exponents or runs in the exact type.
std::optional<ExactOnOrbit> exact_on_orbit(const CaseSpec& c, const LyapunovFindings& computed);

}  // namespace vibro
