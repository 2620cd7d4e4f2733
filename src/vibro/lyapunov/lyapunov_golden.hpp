#pragma once
// Computed Lyapunov goldens, stored with their provenance as Boost.Math stores its test
// values: written by `vibro lyapunov CASE --write-golden FILE`, never by hand, and checked
// by the golden tests.
// A golden holds two kinds of numbers, each with a tolerance that was measured, not chosen:
//
// - short: the finite-time exponents over a horizon short enough that the trajectory is
//   still true in MPFR: the run at D digits and at D + 20 digits agree to at least 25
//   significant digits, and the stored value is checked to 25 digits. (Over a chaotic
//   horizon, rounding grows like e^{λ1 k}: at 3000 periods no affordable precision follows
//   the true orbit, docs/mathematics.md §4.)
// - long: the exponents over the case's own horizon, from a run at the case's precision and
//   initial data, with a tolerance per exponent equal to its stated uncertainty (95 %: the
//   larger of batch means and the spread of an ensemble of nearby starts,
//   lyapunov/lyapunov_error_bars.hpp). Over a chaotic horizon every rerun that differs in one
//   rounding (another compiler, another libm) follows its own pseudo-orbit, and that
//   uncertainty is what its finite-time exponent may differ by.

#include "vibro/case/case_spec.hpp"
#include "vibro/case/run_options.hpp"
#include "vibro/results/golden_result.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace vibro {

struct LyapunovGoldenOptions {
  std::int64_t short_periods = 100;
  long short_digits = 50;           ///< the short horizon runs at mpfr:D and mpfr:D+20
  int required_agreement_digits = 25;
  std::string command;  ///< the command line that wrote the golden, recorded in it
  /// Progress, step limit and the ensemble of every run (their precision is the golden's);
  /// the long horizon's tolerance needs an ensemble (lyapunov_ensemble ≥ 2).
  RunOptions run;
};

/// Runs the experiments of a golden for a case with a [lyapunov] table. Throws InputError
/// when the short horizon is too long for the required agreement (the message says what to
/// change). `progress` is told about each run before it starts.
LyapunovGolden write_lyapunov_golden(const CaseSpec& c, const LyapunovGoldenOptions& options,
                                     const std::function<void(const std::string&)>& progress = {});

/// Re-runs a golden's short horizon at its lower precision and its long horizon at the
/// case's precision, and compares with the stored values and tolerances. Fails (without
/// running) when the case file changed since the golden was written.
LyapunovGoldenCheck check_lyapunov_golden(const LyapunovGolden& golden, const CaseSpec& c);

}  // namespace vibro
