#pragma once
// `vibro run` for the seed-003 cases (model.type = conservative-oscillator, scheme
// nonstandard-impact or standard-impact, MATH.md §5): the run's final state, its impacts,
// the discrete energy of MATH.md §5 per flight and across impacts, samples for energy
// plots and phase portraits, and the case's convergence study when it has one.

#include "vibro/io/case_spec.hpp"
#include "vibro/io/run_case.hpp"

#include <nlohmann/json.hpp>

namespace vibro {

/// The `run`, and when the case has a [convergence] list the `convergence` and `expected`
/// parts of the result. Throws InputError for a case that cannot run.
nlohmann::json run_nonstandard(const CaseSpec& c, const Precision& precision, const RunOptions& options);

}  // namespace vibro
