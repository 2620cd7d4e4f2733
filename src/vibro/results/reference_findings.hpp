#pragma once
// What a run of the exact-detection reference finds — its events, sticking, the digits its
// horizon needs and its error estimate: a section of the run's findings (results/run_findings.hpp).

#include "vibro/scalar/number_text.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

struct ReferenceEventText {
  std::string kind;
  NumberText t, v_minus, v_plus;
};

/// Where a reference run's "digits needed" comes from (analysis/digits_needed.hpp).
enum class DigitsBasis {
  lambda1,     ///< λ1 t/ln 10 + target alone: no comparison run, the growth's prefactor missing
  measured,    ///< the run's own loss against the error estimate's run, + target + margin
  lower_bound  ///< the run kept no correct digit against that run: at least this many
};

constexpr std::string_view to_string(DigitsBasis b) {
  return b == DigitsBasis::lambda1 ? "lambda1" : b == DigitsBasis::measured ? "measured" : "lower_bound";
}

/// The digits a run needs to keep `target_digits` correct up to `horizon`.
struct DigitsNeeded {
  long target_digits = 0;
  double horizon = 0;
  long digits = 0;  ///< per `basis`
  DigitsBasis basis = DigitsBasis::lambda1;
  long from_lambda1 = 0;              ///< ⌈λ1 t/ln 10⌉ + target alone
  std::optional<long> measured_loss;  ///< run digits − correct digits, when measured
};

/// A finite-time estimate of the largest Lyapunov exponent, and the digits it asks for.
struct Lambda1Estimate {
  double lambda1_per_period_or_horizon = 0, lambda1_per_unit_time = 0;
  DigitsNeeded digits_needed;
};

/// λ1 of the reference's exact Jacobian over the run and the digits its horizon needs, or
/// why the flow's derivative is undefined: exactly one of the two is set.
struct LyapunovEstimate {
  std::optional<std::string> why_undefined;
  std::optional<Lambda1Estimate> estimate;
};

/// The same reference run at more digits, compared with this one.
struct ErrorEstimate {
  std::string compared_with;
  std::string max_event_time_difference;  ///< three significant digits
  bool event_kind_missing_at_more_digits = false;
  std::map<std::string, std::int64_t> event_counts_at_more_digits;
  std::string final_position_difference, final_velocity_difference;
  /// Significant digits the run's final state shares with the comparison run's, the fewer
  /// of u's and v's (the run's own digits when both agree to every digit).
  long final_state_correct_digits = 0;
  std::optional<std::string> lower_bound_only;  ///< why the differences bound the error from below only
};

/// A time interval the reference spent in contact with the obstacle (sticking).
struct StickingInterval {
  NumberText start;
  std::optional<NumberText> end;  ///< none: open at the end of the run (no release)
};

/// The reference's settings as it ran: its largest flight window and its tolerances.
struct ReferenceSettingsText {
  NumberText max_window, contact_tolerance, force_tolerance;
};

/// What a run of the exact-detection reference finds.
struct ReferenceFindings {
  std::vector<ReferenceEventText> events;
  std::map<std::string, std::int64_t> event_counts;
  std::vector<StickingInterval> sticking_intervals;
  ReferenceSettingsText settings;
  LyapunovEstimate lyapunov_estimate;
  std::optional<ErrorEstimate> error_estimate;
};

}  // namespace vibro
