#pragma once
// The report's page on Lyapunov exponents against exact values (docs/periodic_orbits.md
// §6): every Lyapunov case of the report that starts on a closed-form (1, n) periodic orbit
// of its impact oscillator (n ≤ 3, analysis/periodic_orbits.hpp orbit_through), grouped by
// orbit, with its computed exponents beside the exact ones after the same K periods (the
// Gram–Schmidt recurrence on the orbit's exact period Jacobians) and a verdict per exponent:
// within the error the method states for itself, outside it, or of the wrong sign.

#include "vibro/report/lyapunov_report.hpp"
#include "vibro/results/report_runs_result.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// The verdicts exponent_verdict gives, each defined on the page that shows them.
const std::vector<std::string>& exponent_verdicts();

/// A method's exponent `computed` against the `exact` one after the same K periods, both per
/// forcing period, given the 95 % half-width the method states for itself (`stated_error`):
/// "wrong sign, within its error" / "wrong sign, outside its error" when the two have opposite
/// signs (a stable orbit shown with λ1 > 0, or the reverse) — the sign is what a reader takes
/// from an exponent, so it is flagged whatever the distance — else "within its error" when
/// |computed − exact| ≤ stated_error, "outside its error" when not; "no stated error" without one.
std::string exponent_verdict(double computed, double exact, std::optional<double> stated_error);

/// The verdicts on λ1 and λ2 of a Lyapunov case that starts on an orbit (`exact`), against the
/// errors `u` it states (lyapunov.md's).
std::pair<std::string, std::string> orbit_verdicts(const LyapunovFindings& l, const ExactOnOrbit& exact,
                                                   const ShownUncertainty& u);

/// The Markdown section; empty when no Lyapunov case starts on an orbit. The errors shown are
/// the ones lyapunov.md shows for the same cases (shown_uncertainty).
std::string orbit_lyapunov_section(const ReportRuns& report);

}  // namespace vibro
