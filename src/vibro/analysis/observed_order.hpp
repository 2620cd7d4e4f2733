#pragma once
// Observed convergence order from errors at several step sizes (docs/convergence.md): the slope
// of the least-squares line through (log h, log error), and the successive slopes
// between neighbouring points. Signed: a negative slope (divergence) is shown as such.

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace vibro {

/// The slope between points i and i + 1 of (log h, log error), for each i; an empty
/// optional where either error is 0 (marked by an empty `log_error`). Equal lengths ≥ 2.
std::vector<std::optional<double>> successive_slopes(const std::vector<double>& log_h,
                                                     const std::vector<std::optional<double>>& log_error);

/// What a point of a convergence study is, once the asymptotic range is found.
enum class PointStatus {
  asymptotic,
  pre_asymptotic,
  rounding_floor,
  exact,
  beyond_range,
  below_floor,  ///< 0 < error ≤ one rounding unit of the type at the quantity's scale (ε × scale)
  no_value      ///< the metric is undefined for the run (no impact to compare)
};

constexpr const char* to_string(PointStatus s) {
  switch (s) {
    case PointStatus::asymptotic: return "asymptotic";
    case PointStatus::pre_asymptotic: return "pre-asymptotic";
    case PointStatus::rounding_floor: return "rounding floor";
    case PointStatus::exact: return "exact (zero error)";
    case PointStatus::beyond_range: return "outside the asymptotic range";
    case PointStatus::below_floor: return "below the rounding floor";
    case PointStatus::no_value: return "no value";
  }
  return "?";
}

/// What an order analysis found for one metric (docs/convergence.md, "Which metrics have an
/// order"): an order fitted over an asymptotic range, or why none is. An order is never
/// fitted to errors that carry none: exact zeros, errors below or at the rounding floor, or
/// fewer than min_asymptotic_points points in a row.
enum class OrderClass {
  fitted,             ///< a range of at least min_asymptotic_points points: the fit
  exact,              ///< every error is exactly 0
  exact_to_rounding,  ///< the finest nonzero error is below the rounding floor: the scheme
                      ///< holds the exact value to the type's rounding (VI-01's ball at rest)
  rounding_floor,     ///< every error is 0, below or at the rounding floor
  too_few_points,     ///< errors above the floor, but fewer than min_asymptotic_points in a row
  no_values,          ///< the metric is undefined for every run
  over_tolerances     ///< a study over a tolerance ladder, which has a response instead (analysis/tolerance_response.hpp)
};

/// The class's name in JSON ("order_class").
constexpr const char* to_string(OrderClass c) {
  switch (c) {
    case OrderClass::fitted: return "fitted";
    case OrderClass::exact: return "exact";
    case OrderClass::exact_to_rounding: return "exact_to_rounding";
    case OrderClass::rounding_floor: return "rounding_floor";
    case OrderClass::too_few_points: return "too_few_points";
    case OrderClass::no_values: return "no_values";
    case OrderClass::over_tolerances: return "over_tolerances";
  }
  return "?";
}

/// The least-squares line through the points of the asymptotic range.
struct OrderFit {
  double slope = 0;           ///< the observed order
  double residual = 0;        ///< the scatter: RMS of log error about that line
  double standard_error = 0;  ///< of the slope: s/√Σ(x − x̄)², s² = Σ r²/(n − 2)
  std::array<std::size_t, 2> range{};  ///< the first and last point of the range (inclusive)
};

struct OrderAnalysis {
  std::vector<PointStatus> status;                 ///< one per point, coarse to fine
  std::vector<std::optional<double>> successive;   ///< slope between points i and i+1
  std::optional<OrderFit> fit;                     ///< set exactly when order_class is fitted
  OrderClass order_class = OrderClass::no_values;

  /// The observed order, when a range was found.
  std::optional<double> slope() const { return fit ? std::optional(fit->slope) : std::nullopt; }
};

/// Minimum number of points an asymptotic range must have.
inline constexpr std::size_t min_asymptotic_points = 3;
/// A coarse point is pre-asymptotic when it lies outside the prediction interval of the line
/// through the finer points at the level of a 3σ normal deviation (two-sided probability
/// 0.0027 of a false cut per test), with Student's t for the scatter's own uncertainty.
inline constexpr double pre_asymptotic_sigmas = 3;
/// The least scatter (in log error) the prediction test assumes: a point within a few per
/// cent of the line is not called pre-asymptotic because the finer points happen to lie
/// on a line to rounding (an exactly proportional sequence).
inline constexpr double min_scatter = 0.01;

/// The observed order over the asymptotic range. `set_aside[i]` says why point i has no
/// place in any fit, as the caller decided it from its error: PointStatus::no_value,
/// exact, below_floor or rounding_floor; none for a usable point. `log_error[i]` is empty
/// exactly for the no_value and exact points (a zero has no logarithm).
/// The class comes first (order_class_of): a metric whose finest nonzero error is below the
/// rounding floor has reached the exact value to the type's rounding, and what its coarser
/// errors do is how it got there, not an order; with nothing usable, or no run of
/// min_asymptotic_points usable points, there is nothing to fit either.
/// Otherwise the candidate range is the longest contiguous run of usable points (the finer
/// run wins a tie).
/// An impact inside a step makes the error's constant depend on where in the step the
/// impact falls, which changes irregularly with h: successive slopes of a first-order
/// scheme then swing by ±0.5 while the errors stay within a bounded factor of C·h. So a
/// point is not judged by its successive slope but by its distance from the line through
/// the finer points, in units of the standard error of a prediction there,
/// s·√(1 + 1/m + (x₀ − x̄)²/Σ(x − x̄)²) with s the finer points' scatter (at least
/// min_scatter), against Student's t with m − 2 degrees of freedom (three finer points
/// estimate their scatter from one residual: a tight threshold there would cut on noise).
/// The range grows from the finest min_asymptotic_points points towards coarser ones while
/// each next coarser point is inside its interval; the first point outside it and every
/// coarser point are pre-asymptotic (the asymptotic regime is the small-h end: a coarse
/// point that happens to lie on the line beyond a break does not rejoin it). The slope is the
/// least-squares fit over the range, with its standard error and scatter; usable points
/// beyond an exact, floor or below-floor point are outside the range. Nothing is averaged
/// across the excluded points: they are reported, with why.
OrderAnalysis analyse_order(const std::vector<double>& log_h, const std::vector<std::optional<double>>& log_error,
                            const std::vector<std::optional<PointStatus>>& set_aside);

/// The class of a metric from the points set aside before any fit (as analyse_order takes
/// them), the first that applies: no value anywhere → no_values; every value exactly 0 →
/// exact; every nonzero error below the rounding floor → exact_to_rounding; no usable point
/// → rounding_floor (some error is at the floor); the finest nonzero error below the floor
/// → exact_to_rounding (usable coarser points notwithstanding); no run of
/// min_asymptotic_points usable points → too_few_points; else fitted.
OrderClass order_class_of(const std::vector<std::optional<PointStatus>>& set_aside);

}  // namespace vibro
