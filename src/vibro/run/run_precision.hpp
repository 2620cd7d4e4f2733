#pragma once
// What every result says of its run before any run: the precision the case runs at, the tool's
// version with that precision, and the case. Apart from run/run_case.hpp so that the code that
// needs these alone (a Lyapunov run, the orbits, the test set) does not see a run's result.

#include "vibro/case/case_spec.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/case/runnable.hpp"
#include "vibro/results/provenance.hpp"

namespace vibro {

/// What every machine output carries: the tool version and the precision.
Provenance provenance(const Precision& precision);

CaseInfo case_info(const CaseSpec& c);

/// The precision a case runs at: `--precision` when given, else the case's own; refused
/// (InputError) when the case's scheme or model, or what is computed (`need`), cannot run
/// in it.
Precision run_precision(const CaseSpec& c, const RunOptions& options, const ScalarNeed& need = {});

}  // namespace vibro
