#pragma once
// `vibro run`: a case at a precision — its run, its sweep and its convergence study — as
// one typed result (results/run_result.hpp). The registry picks the scheme, the precision its
// scalar type and the case its model, once; the scheme's entry does the rest.

#include "vibro/case/case_spec.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/results/run_result.hpp"
#include "vibro/run/run_precision.hpp"

namespace vibro {

/// Throws InputError for a case that cannot run (a precision its scheme or model does not
/// take, data the scheme refuses, a study without a reference for its model).
RunResult run_case(const CaseSpec& c, const RunOptions& options = {});

/// Throws InputError when the case has no [convergence] list of step sizes, which a study needs.
void require_convergence_list(const CaseSpec& c);

/// A result of the case at `precision` with what every result says of its case: the
/// provenance, the case, the model and the initial data as written (its scheme and its
/// sections are the caller's).
RunResult case_run_result(const CaseSpec& c, const Precision& precision);

}  // namespace vibro
