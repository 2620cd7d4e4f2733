#pragma once
// The error bars of `vibro lyapunov` (docs/lyapunov.md, "Error bars"): an ensemble of nearby
// starts for the statistical uncertainty of each exponent (analysis/lyapunov_uncertainty.hpp),
// a second precision for the digits of the computed orbit's finite-time value that both
// precisions share, and the sum rule's warning decided against the sum's uncertainty.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/lyapunov_result.hpp"
#include "vibro/case/run_options.hpp"

namespace vibro {

/// Completes a defined `result` of case `c`: runs the options' ensemble and second
/// precision (each without error bars of its own), sets the uncertainties to the larger of
/// batch means and ensemble spread, and the sum-rule warning.
void add_lyapunov_error_bars(LyapunovResult& result, const CaseSpec& c, const RunOptions& options);

}  // namespace vibro
