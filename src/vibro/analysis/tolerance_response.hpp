#pragma once
// How an adaptive method's error answers its tolerance (docs/convergence.md "Tolerance
// ladders"): a program studied over a ladder of tolerances, loose to tight, at one output
// spacing, has no step size and so no order in h. What it has is a response: the slope of
// log error against log tolerance over the rungs where the error still falls, and the rung
// from which it no longer does (a stall: the error has met what the method, the output, the
// event location or the arithmetic allows, whatever the tolerance asks for). An error
// proportional to the tolerance is what an integrator's user expects (tolerance
// proportionality, Stetter's term): ten times tighter, ten times smaller.

#include "vibro/scalar/number_text.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// A successive slope below this ends the response: a tolerance ten times tighter that buys
/// less than a factor √10 ≈ 3.2 of error. An error-per-step controller of order p answers
/// with p/(p + 1) ≥ 2/3 (p ≥ 2), well above it; a stalled error scatters about 0.
inline constexpr double tolerance_stall_slope = 0.5;
/// The response is tolerance-proportional when its slope is within this of 1: a decade of
/// tolerance moves the error by 10^(1 ± 0.25), a factor within 1.8 of ten.
inline constexpr double tolerance_proportional_band = 0.25;

enum class ToleranceClass {
  proportional,      ///< fitted slope within 1 ± tolerance_proportional_band
  less_than_proportional,
  more_than_proportional,
  no_response,       ///< the error does not fall from the loosest rung on (every slope < the stall slope)
  exact,             ///< every error is exactly 0
  too_few_points,    ///< fewer than two nonzero errors
  no_values          ///< the metric is undefined for every rung
};

/// The class's name in JSON ("class").
constexpr const char* to_string(ToleranceClass c) {
  switch (c) {
    case ToleranceClass::proportional: return "proportional";
    case ToleranceClass::less_than_proportional: return "less_than_proportional";
    case ToleranceClass::more_than_proportional: return "more_than_proportional";
    case ToleranceClass::no_response: return "no_response";
    case ToleranceClass::exact: return "exact";
    case ToleranceClass::too_few_points: return "too_few_points";
    case ToleranceClass::no_values: return "no_values";
  }
  return "?";
}

/// The least-squares slope of log error against log tolerance over rungs range[0] … range[1]
/// (inclusive; the rungs with a nonzero error among them).
struct ToleranceFit {
  double slope = 0;
  std::array<std::size_t, 2> range{};
};

/// Where the error stops answering: from rung `from` on, every successive slope is below
/// tolerance_stall_slope; `error` is the least error from there on.
struct ToleranceStall {
  std::size_t from = 0;
  NumberText error;
};

struct ToleranceResponse {
  /// Between rungs i and i + 1: Δ log error / Δ log tolerance (positive when the error falls
  /// with the tolerance); none where either error is 0 or missing.
  std::vector<std::optional<double>> successive;
  std::optional<ToleranceFit> fit;      ///< over the rungs before the stall, with its first
  std::optional<ToleranceStall> stall;  ///< none: the error answers down to the tightest rung
  ToleranceClass response_class = ToleranceClass::no_values;
  std::string verdict;  ///< in words (tolerance_verdict), for every output
};

/// The response of one metric: `log_tolerance[i]` of rung i (strictly decreasing), the
/// error's logarithm (none for an exact 0 or no value), `error_text` its text (empty: no
/// value), and `has_value[i]` whether the metric has a value at rung i. The stall is the
/// longest tail of successive slopes all below tolerance_stall_slope, over the rungs with a
/// nonzero error (at least one slope long); the fit is over the rungs before it and its
/// first, when there are at least two; a tail from the loosest rung is no_response.
ToleranceResponse analyse_tolerance_response(const std::vector<double>& log_tolerance,
                                             const std::vector<std::optional<double>>& log_error,
                                             const std::vector<std::string>& error_text,
                                             const std::vector<bool>& has_value);

/// The verdict in words, for every output: "tolerance-proportional: error ∝ tol^0.98 over
/// tol 1e-4 … 1e-10; stalls at 3.1e-14 from tol 1e-12". `tolerances` are the rungs' texts.
std::string tolerance_verdict(const ToleranceResponse& r, const std::vector<std::string>& tolerances);

}  // namespace vibro
