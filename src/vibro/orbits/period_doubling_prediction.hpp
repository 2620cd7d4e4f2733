#pragma once
// Where the closed form predicts a period doubling on a one-parameter sweep of an impact
// oscillator (docs/periodic_orbits.md §4): a multiplier of the (1, 1) or (1, 2) orbit crosses
// −1 between two neighbouring values of the swept model parameter. Computed with a sweep's
// points (sweep/sweep_results.hpp compute_sweep); the report marks them on the bifurcation diagram.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/orbit_result.hpp"

#include <string>
#include <vector>

namespace vibro {

/// The doublings for case `base` with its model key `key` (as the case file writes it:
/// "model.e") taking `values` (analysis/periodic_orbits.hpp period_doubling_point, in
/// double): those of the (1, 1) orbit, then those of the (1, 2) orbit, each in increasing
/// order of the value. Empty for another model or a key that is not one of the
/// oscillator's normalised parameters, u_min or e.
std::vector<PredictedDoubling> predicted_doublings(const CaseSpec& base, const std::string& key,
                                                   std::vector<double> values);

}  // namespace vibro
