#pragma once
// Observed convergence order from errors at several step sizes (MATH.md §8): the slope
// of the least-squares line through (log h, log error), and the successive slopes
// between neighbouring points. Signed: a negative slope (divergence) is shown as such.

#include "vibro/scalar/types.hpp"

#include <cmath>
#include <optional>
#include <vector>

namespace vibro {

/// log(x) as a double for any scalar type, taken in the type itself (or in MPFR for the
/// exact type) so that errors far below double's range keep their logarithm.
template <class Real>
double log_as_double(const Real& x) {
  using std::log;
  if constexpr (std::is_same_v<Real, rational>) return static_cast<double>(log(mpfr_real(x)));
  else return static_cast<double>(log(x));
}

struct OrderFit {
  std::optional<double> slope;              ///< least-squares slope; empty if any error is 0
  std::vector<std::optional<double>> successive;  ///< slope between points i and i+1
};

/// `log_h` and `log_error` of equal length ≥ 2; an empty optional marks error = 0.
inline OrderFit fit_order(const std::vector<double>& log_h, const std::vector<std::optional<double>>& log_error) {
  OrderFit fit;
  for (std::size_t i = 0; i + 1 < log_h.size(); ++i) {
    if (log_error[i] && log_error[i + 1])
      fit.successive.push_back((*log_error[i] - *log_error[i + 1]) / (log_h[i] - log_h[i + 1]));
    else
      fit.successive.push_back(std::nullopt);
  }
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double count = static_cast<double>(log_h.size());
  for (std::size_t i = 0; i < log_h.size(); ++i) {
    if (!log_error[i]) return fit;
    sx += log_h[i];
    sy += *log_error[i];
    sxx += log_h[i] * log_h[i];
    sxy += log_h[i] * *log_error[i];
  }
  fit.slope = (count * sxy - sx * sy) / (count * sxx - sx * sx);
  return fit;
}

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

struct OrderAnalysis {
  std::vector<PointStatus> status;                 ///< one per point, coarse to fine
  std::vector<std::optional<double>> successive;   ///< slope between points i and i+1
  std::optional<double> slope;                     ///< least squares over the asymptotic range
  double residual = 0;                             ///< RMS of log error about that line
  std::size_t first = 0, last = 0;                 ///< the range, inclusive (when slope is set)
};

/// Minimum number of points an asymptotic range must have.
inline constexpr std::size_t min_asymptotic_points = 3;
/// Largest deviation, in order units, of a successive slope from the range's fitted slope.
inline constexpr double asymptotic_slope_band = 0.25;

/// The observed order over the asymptotic range (MATH.md §8): points at the rounding floor
/// (`at_floor`, decided by the caller from the type's ε) and exact points are set aside;
/// the range is the longest contiguous run of at least three remaining points whose
/// successive slopes all lie within `asymptotic_slope_band` of the run's own least-squares
/// slope (finer runs win ties); coarser points are pre-asymptotic, finer ones are outside
/// the range. Nothing is averaged across the excluded points: they are reported, with why.
inline OrderAnalysis analyse_order(const std::vector<double>& log_h, const std::vector<std::optional<double>>& log_error,
                                   const std::vector<bool>& at_floor) {
  OrderAnalysis analysis;
  const std::size_t n = log_h.size();
  analysis.successive = fit_order(log_h, log_error).successive;
  analysis.status.assign(n, PointStatus::beyond_range);
  std::vector<bool> usable(n);
  for (std::size_t i = 0; i < n; ++i) {
    usable[i] = log_error[i].has_value() && !at_floor[i];
    if (!log_error[i]) analysis.status[i] = PointStatus::exact;
    else if (at_floor[i]) analysis.status[i] = PointStatus::rounding_floor;
  }
  std::optional<std::pair<std::size_t, std::size_t>> best;
  OrderFit best_fit;
  for (std::size_t first = 0; first < n; ++first) {
    for (std::size_t last = first + min_asymptotic_points - 1; last < n; ++last) {
      bool contiguous = true;
      for (std::size_t i = first; i <= last; ++i) contiguous = contiguous && usable[i];
      if (!contiguous) break;
      const std::vector<double> xs(log_h.begin() + static_cast<long>(first), log_h.begin() + static_cast<long>(last) + 1);
      const std::vector<std::optional<double>> ys(log_error.begin() + static_cast<long>(first),
                                                  log_error.begin() + static_cast<long>(last) + 1);
      const OrderFit fit = fit_order(xs, ys);
      bool steady = fit.slope.has_value();
      for (const auto& s : fit.successive) steady = steady && s && std::abs(*s - *fit.slope) <= asymptotic_slope_band;
      const std::size_t length = last - first + 1;
      const bool better = !best || length > best->second - best->first + 1 ||
                          (length == best->second - best->first + 1 && first > best->first);
      if (steady && better) {
        best = std::pair{first, last};
        best_fit = fit;
      }
    }
  }
  if (!best) return analysis;
  analysis.first = best->first;
  analysis.last = best->second;
  analysis.slope = best_fit.slope;
  double squares = 0;
  const double mean_x = [&] {
    double sum = 0;
    for (std::size_t i = analysis.first; i <= analysis.last; ++i) sum += log_h[i];
    return sum / static_cast<double>(analysis.last - analysis.first + 1);
  }();
  double mean_y = 0;
  for (std::size_t i = analysis.first; i <= analysis.last; ++i) mean_y += *log_error[i];
  mean_y /= static_cast<double>(analysis.last - analysis.first + 1);
  for (std::size_t i = analysis.first; i <= analysis.last; ++i) {
    const double deviation = *log_error[i] - (mean_y + *analysis.slope * (log_h[i] - mean_x));
    squares += deviation * deviation;
  }
  analysis.residual = std::sqrt(squares / static_cast<double>(analysis.last - analysis.first + 1));
  for (std::size_t i = 0; i < n; ++i) {
    if (!usable[i]) continue;
    analysis.status[i] = i < analysis.first ? PointStatus::pre_asymptotic
                         : i <= analysis.last ? PointStatus::asymptotic
                                              : PointStatus::beyond_range;
  }
  return analysis;
}

}  // namespace vibro
