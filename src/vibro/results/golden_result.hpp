#pragma once
// A computed Lyapunov golden and the outcome of re-checking it, as data (lyapunov/lyapunov_golden.hpp
// says what a golden holds and computes it; io/result_json.hpp writes and reads it).

#include <cstdint>
#include <string>
#include <vector>

namespace vibro {

/// The case a golden was computed from: its file, name and hash (the golden is stale once the
/// file changes).
struct GoldenCase {
  std::string file, name, hash;
};

/// A computed golden (written and read as JSON by io/result_json.hpp from its declaration in
/// results/golden_result_fields.hpp; the file records the command that wrote it).
struct LyapunovGolden {
  std::string written_by, vibro_version;
  GoldenCase case_info;
  struct Short {
    std::int64_t periods = 0;
    std::string precision, compared_with;
    double agreement_digits = 0;  ///< measured, rounded down to a tenth
    std::string lambda1_per_period, lambda2_per_period;
    std::string relative_tolerance;  ///< "1e-25"
  } short_horizon;
  struct Run {
    std::string u0, v0, lambda1_per_period, lambda2_per_period;
  };
  struct Long {
    std::int64_t periods = 0;
    std::string precision, u0, v0;
    std::string lambda1_per_period, lambda2_per_period;
    std::string tolerance_lambda1, tolerance_lambda2;  ///< the 95 % uncertainties, rounded up
    std::string ensemble_perturbation;
    std::vector<Run> ensemble;  ///< the nearby starts the uncertainty's spread came from
  } long_horizon;
};

/// The outcome of re-running a golden's experiments: one line per compared number.
struct LyapunovGoldenCheck {
  bool passed = true;
  std::vector<std::string> lines;
};

}  // namespace vibro
