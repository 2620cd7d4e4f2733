#pragma once
// `vibro lyapunov CASE`: the Lyapunov exponents of a case's Poincaré map (MATH.md §4) by
// the method its scheme and [lyapunov] table name (IDED, IDND, NSND / I.N.S.P, C.N.S.P),
// with the convergence history, the spread of the running estimates, and for IDED the sum
// rule of MATH.md §1.2.

#include "vibro/io/case_spec.hpp"
#include "vibro/io/run_case.hpp"

#include <nlohmann/json.hpp>

namespace vibro {

/// Throws InputError when the case has no [lyapunov] table or cannot have exponents.
nlohmann::json run_lyapunov_case(const CaseSpec& c, const RunOptions& options);

}  // namespace vibro
