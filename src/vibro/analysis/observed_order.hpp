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

}  // namespace vibro
