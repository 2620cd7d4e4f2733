#pragma once
// The reference's error estimate: the case run again at error_estimate_extra_digits more
// MPFR digits, in step with the run it checks (a fiber beside it, support/fiber.hpp), each
// event compared as both runs find it (analysis/event_time_comparison.hpp). Neither run keeps
// its events for the comparison, so a run whose output lists a few events holds memory flat in
// the horizon with its estimate as without (docs/reliability.md).

#include "vibro/case/case_spec.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/catalog/scheme_runners.hpp"
#include "vibro/results/run_record.hpp"

#include <cstdint>
#include <optional>

namespace vibro {

/// Runs `c` at `precision` into `record` with `runners.run`, and beside it the same case at
/// more digits with `max_steps`; then `runners.finish` adds the estimate. `options.progress`
/// is told the run's progress, then the rest of the precise run's. Either run's failure stops
/// the other and is rethrown.
void run_with_error_estimate(const CaseSpec& c, const Precision& precision, const RunOptions& options,
                             const std::optional<std::int64_t>& max_steps, const SchemeRunners& runners,
                             RunRecord& record);

}  // namespace vibro
