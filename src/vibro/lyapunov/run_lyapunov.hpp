#pragma once
// `vibro lyapunov CASE`: the Lyapunov exponents of a case's Poincaré map (docs/mathematics.md §4) by
// the method its scheme's entry gives for its [lyapunov] table (IDED, IDND, NSND /
// I.N.S.P, C.N.S.P), with the convergence history, the spread of the running estimates,
// and for IDED the sum rule of docs/mathematics.md §1.2.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/lyapunov_result.hpp"
#include "vibro/case/run_options.hpp"

#include <cstddef>

namespace vibro {

/// The most runs from nearby starts a Lyapunov ensemble may ask for
/// (RunOptions::lyapunov_ensemble): the limit of the command line's `--ensemble` and of the
/// Python module's `ensemble=` alike.
inline constexpr std::size_t lyapunov_ensemble_limit = 1000;

/// Throws InputError when the case has no [lyapunov] table or cannot have exponents.
LyapunovResult run_lyapunov_case(const CaseSpec& c, const RunOptions& options = {});

}  // namespace vibro
