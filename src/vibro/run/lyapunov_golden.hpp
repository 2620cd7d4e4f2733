#pragma once
// Computed Lyapunov goldens (issue 5, item 5; STYLE.md "Boost.Math's tests"): written by
// `vibro lyapunov CASE --write-golden FILE`, never by hand, and checked by the golden tests.
// A golden holds two kinds of numbers, each with a tolerance that was measured, not chosen:
//
// - short: the finite-time exponents over a horizon short enough that the trajectory is
//   still true in MPFR: the run at D digits and at D + 20 digits agree to at least 25
//   significant digits, and the stored value is checked to 25 digits. (Over a chaotic
//   horizon, rounding grows like e^{λ1 k}: at 3000 periods no affordable precision follows
//   the true orbit, MATH.md §4.)
// - long: the exponents over the case's own horizon, from a run at the case's precision and
//   initial data, with a tolerance per exponent equal to the largest difference from it
//   over runs at other precisions and at nearby initial velocities: each of those follows
//   its own pseudo-orbit, so their spread is what a finite-time exponent at this horizon
//   means, and what a rerun on another platform may differ by.

#include "vibro/run/case_spec.hpp"
#include "vibro/run/run_options.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace vibro {

struct LyapunovGoldenOptions {
  std::int64_t short_periods = 100;
  long short_digits = 50;           ///< the short horizon runs at mpfr:D and mpfr:D+20
  int required_agreement_digits = 25;
  /// Precisions of the long-horizon spread (the case's own precision is always included).
  std::vector<Precision> spread_precisions = {Precision::parse("double"), Precision::parse("long-double"),
                                              Precision::parse("mpfr:30")};
  /// Nearby initial conditions: v0 × (1 ± this), besides v0 itself.
  std::string nearby_relative = "1e-3";
  std::string command;  ///< the command line that wrote the golden, recorded in it
  RunOptions run;       ///< progress and step limit of every run (their precision is the golden's)
};

/// A computed golden (written as JSON by io/golden_json.hpp; the file records the command
/// that wrote it).
struct LyapunovGolden {
  std::string written_by, vibro_version;
  std::string case_file, case_name, case_hash;
  struct Short {
    std::int64_t periods = 0;
    std::string precision, compared_with;
    double agreement_digits = 0;  ///< measured, rounded down to a tenth
    std::string lambda1_per_period, lambda2_per_period;
    std::string relative_tolerance;  ///< "1e-25"
  } short_horizon;
  struct Run {
    std::string precision, v0, lambda1_per_period, lambda2_per_period;
  };
  struct Long {
    std::int64_t periods = 0;
    std::string precision, v0;
    std::string lambda1_per_period, lambda2_per_period;
    std::string tolerance_lambda1, tolerance_lambda2;  ///< the measured spreads, rounded up
    std::string nearby_relative;
    std::vector<Run> runs;
  } long_horizon;
};

/// Runs the experiments of a golden for a case with a [lyapunov] table. Throws InputError
/// when the short horizon is too long for the required agreement (the message says what to
/// change). `progress` is told about each run before it starts.
LyapunovGolden write_lyapunov_golden(const CaseSpec& c, const LyapunovGoldenOptions& options,
                                     const std::function<void(const std::string&)>& progress = {});

/// The outcome of re-running a golden's experiments: one line per compared number.
struct LyapunovGoldenCheck {
  bool passed = true;
  std::vector<std::string> lines;
};

/// Re-runs a golden's short horizon at its lower precision and its long horizon at the
/// case's precision, and compares with the stored values and tolerances. Fails (without
/// running) when the case file changed since the golden was written.
LyapunovGoldenCheck check_lyapunov_golden(const LyapunovGolden& golden, const CaseSpec& c);

}  // namespace vibro
