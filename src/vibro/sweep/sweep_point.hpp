#pragma once
// What one point of a sweep computes (docs/sweeps.md "Result lines"), typed: the point's
// Lyapunov exponents, impact rate, stroboscopic samples, published relations and
// convergence study, each computed here from the point's cases as `vibro lyapunov`,
// `vibro run`, `vibro check` and `vibro converge` compute them. sweep/sweep_results.hpp reads
// the point's cases, writes this result as a JSON line and runs the points on threads; the
// report (report/sweep_report.hpp) draws its maps from these fields, never from JSON.

#include "vibro/case/run_options.hpp"
#include "vibro/case/sweep_spec.hpp"
#include "vibro/results/sweep_result.hpp"

namespace vibro {

/// Computes at one point what `compute` asks, filling `point` as it goes (precision and
/// case hash first). A failure throws and leaves in `point` what was computed before it.
/// `options` are the point's run options (no progress, error bars or estimates).
void compute_point_quantities(const SweepPointCases& cases, const SweepComputation& compute, const RunOptions& options,
                              SweepPointResult& point);

}  // namespace vibro
