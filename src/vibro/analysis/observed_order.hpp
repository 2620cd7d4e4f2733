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
enum class PointStatus { asymptotic, pre_asymptotic, rounding_floor, exact, beyond_range };

constexpr const char* to_string(PointStatus s) {
  switch (s) {
    case PointStatus::asymptotic: return "asymptotic";
    case PointStatus::pre_asymptotic: return "pre-asymptotic";
    case PointStatus::rounding_floor: return "rounding floor";
    case PointStatus::exact: return "exact (zero error)";
    case PointStatus::beyond_range: return "outside the asymptotic range";
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
  std::optional<OrderFit> fit;                     ///< none when no asymptotic range was found

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

/// The observed order over the asymptotic range. Exact points and points at the rounding
/// floor (`at_floor`, decided by the caller) are set aside. The candidate range is the
/// longest contiguous run of the remaining points (the finer run wins a tie).
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
/// least-squares fit over the range, with its standard error and scatter; points of the run
/// beyond an exact or floor point are outside the range. Nothing is averaged across the
/// excluded points: they are reported, with why.
OrderAnalysis analyse_order(const std::vector<double>& log_h, const std::vector<std::optional<double>>& log_error,
                            const std::vector<bool>& at_floor);

}  // namespace vibro
