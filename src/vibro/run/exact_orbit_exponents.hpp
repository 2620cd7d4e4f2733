#pragma once
// The exact Lyapunov exponents of a Lyapunov case that starts on a closed-form (1, n)
// periodic orbit of its impact oscillator (n ≤ 3, analysis/periodic_orbits.hpp orbit_through;
// docs/periodic_orbits.md §6): after the case's K periods, the Gram–Schmidt recurrence on
// the orbit's exact period Jacobians, and the asymptotic ln|μi|/n, beside the computed ones,
// with the asymptotic ones' proved enclosures (docs/proofs.md) where vibro has Arb.

#include "vibro/proof/enclosure.hpp"
#include "vibro/run/case_spec.hpp"
#include "vibro/run/lyapunov_result.hpp"
#include "vibro/scalar/number_text.hpp"

#include <optional>

namespace vibro {

/// The exact values for a case that starts on an orbit, as texts at the case's precision.
struct ExactOnOrbit {
  int n = 1;
  bool stable = false;
  NumberText lambda1_after_k, lambda2_after_k, lambda1_asymptotic, lambda2_asymptotic;
  NumberText difference1, difference2;  ///< |computed − exact after K|
  /// The asymptotic exponents proved in ball arithmetic (run/orbit_proofs.hpp), or why not.
  std::optional<Enclosure> proved_lambda1, proved_lambda2;
  std::string not_proved;
};

/// The exact exponents of case `c`, whose Lyapunov run found `computed`; none when the case
/// does not start on a (1, n) orbit with n ≤ 3, is not an impact oscillator, has no defined
/// exponents or runs in the exact type.
std::optional<ExactOnOrbit> exact_on_orbit(const CaseSpec& c, const LyapunovFindings& computed);

}  // namespace vibro
