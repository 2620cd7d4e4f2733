#pragma once
// What `vibro lyapunov` finds: the exponents of a case's Poincaré map (MATH.md §4) by the
// method its scheme and [lyapunov] table name, their history and spread, and the
// diagnostics of the method. Scalar-independent (round-trip texts), like RunResult.

#include "vibro/run/run_result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct LyapunovFindings {
  std::string method;         ///< "IDED", "IDND", "NSND / I.N.S.P", "C.N.S.P"
  std::string epsilon;        ///< "1e-8", "3h", "exact"
  std::string clock;          ///< "folded" or "absolute"
  std::int64_t periods = 0;   ///< asked for
  std::int64_t periods_done = 0;
  bool defined = false;
  std::string why_undefined;  ///< when not defined
  NumberText lambda1_per_period, lambda2_per_period, sum_per_period;
  NumberText lambda1_per_unit_time, lambda2_per_unit_time;
  /// max − min of the running estimates over the last half of the periods.
  double spread_lambda1 = 0, spread_lambda2 = 0;
  /// The running estimates λ1,k and λ2,k at one k.
  struct Running {
    std::int64_t k = 0;
    double lambda1 = 0, lambda2 = 0;
  };
  std::vector<Running> history;          ///< k = 1, 10, 100, … and the last k
  std::vector<Running> running_samples;  ///< about 300 k, evenly spaced, for plots
  std::optional<std::int64_t> impacts;                 ///< impacts of the base orbit (reference methods)
  std::optional<NumberText> sum_rule_per_period;       ///< IDED: −2αT + 2 (N_imp/K) ln e
  std::optional<std::int64_t> periods_with_changed_contacts;  ///< forward differences
};

struct LyapunovResult {
  Provenance provenance;
  CaseInfo case_info;
  std::optional<std::string> published;  ///< the case's [lyapunov] published
  LyapunovFindings lyapunov;
};

}  // namespace vibro
