#pragma once
// The report's section on Lyapunov exponents against exact values (docs/periodic_orbits.md
// §6): every Lyapunov case of the report that starts on a closed-form (1, n) periodic orbit
// of its impact oscillator (n ≤ 3, analysis/periodic_orbits.hpp orbit_through), with its
// computed exponents beside the exact ones after the same K periods (the Gram–Schmidt
// recurrence on the orbit's exact period Jacobians) and the asymptotic ln|μi|/n.

#include "vibro/run/report_runs.hpp"

#include <string>

namespace vibro {

/// The Markdown section; empty when no Lyapunov case starts on an orbit.
std::string orbit_lyapunov_section(const ReportRuns& report);

}  // namespace vibro
