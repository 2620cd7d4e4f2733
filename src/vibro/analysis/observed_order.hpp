#pragma once
// Observed convergence order from errors at several step sizes (docs/convergence.md): the slope
// of the least-squares line through (log h, log error), and the successive slopes
// between neighbouring points. Signed: a negative slope (divergence) is shown as such.

#include "vibro/scalar/types.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
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

/// The slope between points i and i + 1 of (log h, log error), for each i; an empty
/// optional where either error is 0 (marked by an empty `log_error`). Equal lengths ≥ 2.
inline std::vector<std::optional<double>> successive_slopes(const std::vector<double>& log_h,
                                                            const std::vector<std::optional<double>>& log_error) {
  std::vector<std::optional<double>> slopes;
  for (std::size_t i = 0; i + 1 < log_h.size(); ++i) {
    if (log_error[i] && log_error[i + 1])
      slopes.push_back((*log_error[i] - *log_error[i + 1]) / (log_h[i] - log_h[i + 1]));
    else
      slopes.push_back(std::nullopt);
  }
  return slopes;
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
  double residual = 0;        ///< the scatter: RMS of log error about that line
  double standard_error = 0;  ///< of the slope: s/√Σ(x − x̄)², s² = Σ r²/(n − 2)
  std::size_t first = 0, last = 0;                 ///< the range, inclusive (when slope is set)
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

namespace detail {

/// Least squares of y on x over [first, last]: slope, intercept at x̄, x̄, Σ(x − x̄)², and
/// s² = Σ r²/(n − 2) (0 for n = 2).
struct LineFit {
  double slope = 0, mean_x = 0, mean_y = 0, sxx = 0, sum_squares = 0;
  std::size_t n = 0;
  double s() const { return n > 2 ? std::sqrt(sum_squares / static_cast<double>(n - 2)) : 0.0; }
  double at(double x) const { return mean_y + slope * (x - mean_x); }
};

inline LineFit fit_line(const std::vector<double>& x, const std::vector<std::optional<double>>& y, std::size_t first,
                        std::size_t last) {
  LineFit f;
  f.n = last - first + 1;
  for (std::size_t i = first; i <= last; ++i) {
    f.mean_x += x[i];
    f.mean_y += *y[i];
  }
  f.mean_x /= static_cast<double>(f.n);
  f.mean_y /= static_cast<double>(f.n);
  double sxy = 0;
  for (std::size_t i = first; i <= last; ++i) {
    f.sxx += (x[i] - f.mean_x) * (x[i] - f.mean_x);
    sxy += (x[i] - f.mean_x) * (*y[i] - f.mean_y);
  }
  f.slope = sxy / f.sxx;
  for (std::size_t i = first; i <= last; ++i) f.sum_squares += (*y[i] - f.at(x[i])) * (*y[i] - f.at(x[i]));
  return f;
}

}  // namespace detail

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
inline OrderAnalysis analyse_order(const std::vector<double>& log_h, const std::vector<std::optional<double>>& log_error,
                                   const std::vector<bool>& at_floor) {
  OrderAnalysis analysis;
  const std::size_t n = log_h.size();
  analysis.successive = successive_slopes(log_h, log_error);
  analysis.status.assign(n, PointStatus::beyond_range);
  std::vector<bool> usable(n);
  for (std::size_t i = 0; i < n; ++i) {
    usable[i] = log_error[i].has_value() && !at_floor[i];
    if (!log_error[i]) analysis.status[i] = PointStatus::exact;
    else if (at_floor[i]) analysis.status[i] = PointStatus::rounding_floor;
  }
  std::optional<std::pair<std::size_t, std::size_t>> run;
  for (std::size_t first = 0; first < n;) {
    if (!usable[first]) {
      ++first;
      continue;
    }
    std::size_t last = first;
    while (last + 1 < n && usable[last + 1]) ++last;
    if (last - first + 1 >= min_asymptotic_points && (!run || last - first >= run->second - run->first))
      run = std::pair{first, last};
    first = last + 1;
  }
  if (!run) return analysis;
  const auto [run_first, last] = *run;
  const double tail = std::erfc(pre_asymptotic_sigmas / std::sqrt(2.0)) / 2;
  std::size_t first = last + 1 - min_asymptotic_points;
  for (; first > run_first; --first) {
    const std::size_t candidate = first - 1;
    const detail::LineFit finer = detail::fit_line(log_h, log_error, first, last);
    const double spread = log_h[candidate] - finer.mean_x;
    const double prediction_error = std::max(finer.s(), min_scatter) *
                                    std::sqrt(1 + 1 / static_cast<double>(finer.n) + spread * spread / finer.sxx);
    const double t = boost::math::quantile(boost::math::complement(
        boost::math::students_t(static_cast<double>(finer.n - 2)), tail));
    if (std::abs(*log_error[candidate] - finer.at(log_h[candidate])) > t * prediction_error) break;
  }
  for (std::size_t i = run_first; i < first; ++i) analysis.status[i] = PointStatus::pre_asymptotic;
  const detail::LineFit fit = detail::fit_line(log_h, log_error, first, last);
  analysis.first = first;
  analysis.last = last;
  analysis.slope = fit.slope;
  analysis.residual = std::sqrt(fit.sum_squares / static_cast<double>(fit.n));
  analysis.standard_error = fit.s() / std::sqrt(fit.sxx);
  for (std::size_t i = first; i <= last; ++i) analysis.status[i] = PointStatus::asymptotic;
  return analysis;
}

}  // namespace vibro
