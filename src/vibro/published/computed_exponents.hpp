#pragma once
// Exponents a caller has computed already at the Lyapunov cases' own settings (the report runs
// every case), handed to evaluate_relations (published/published_check.hpp) so that it reuses
// them instead of running the cases again. A header of its own so that the check's header
// declares it and the units that only evaluate or gate the relations do not include the
// Lyapunov findings.

#include "vibro/results/lyapunov_findings.hpp"
#include "vibro/results/published_check_result.hpp"

#include <map>

namespace vibro {

struct ComputedExponents {
  std::map<ExperimentKey, LyapunovFindings> by_experiment;
};

}  // namespace vibro
