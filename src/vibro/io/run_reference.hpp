#pragma once
// `vibro run` for a case with scheme = "reference": the exact-detection reference's events,
// stroboscopic samples, a finite-time estimate of λ1 with the digits the horizon needs, and
// an error estimate from the same run at 20 more digits (issue 3, items 4 and 7).

#include "vibro/io/case_spec.hpp"
#include "vibro/io/run_case.hpp"

#include <nlohmann/json.hpp>

namespace vibro {

/// Correct digits of the final state that the precision check asks for.
inline constexpr long reference_target_digits = 10;
/// The error estimate reruns the case at this many more decimal digits, in MPFR.
inline constexpr long error_estimate_extra_digits = 20;

/// Runs the reference at `precision` (the guard for MPFR is set by the caller); adds the
/// error estimate when options.error_estimate is set.
nlohmann::json run_reference(const CaseSpec& c, const Precision& precision, const RunOptions& options);

}  // namespace vibro
