#include "vibro/analysis/observed_order.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <utility>

namespace vibro {
namespace {

/// Least squares of y on x over [first, last]: slope, intercept at x̄, x̄, Σ(x − x̄)², and
/// s² = Σ r²/(n − 2) (0 for n = 2).
struct LineFit {
  double slope = 0, mean_x = 0, mean_y = 0, sxx = 0, sum_squares = 0;
  std::size_t n = 0;
  double s() const { return n > 2 ? std::sqrt(sum_squares / static_cast<double>(n - 2)) : 0.0; }
  double at(double x) const { return mean_y + slope * (x - mean_x); }
};

LineFit fit_line(const std::vector<double>& x, const std::vector<std::optional<double>>& y, std::size_t first,
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

}  // namespace

std::vector<std::optional<double>> successive_slopes(const std::vector<double>& log_h,
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

namespace {

/// The longest contiguous run of usable points (the finer run wins a tie), if any.
std::optional<std::pair<std::size_t, std::size_t>> longest_usable_run(
    const std::vector<std::optional<PointStatus>>& set_aside) {
  std::optional<std::pair<std::size_t, std::size_t>> run;
  const std::size_t n = set_aside.size();
  for (std::size_t first = 0; first < n;) {
    if (set_aside[first]) {
      ++first;
      continue;
    }
    std::size_t last = first;
    while (last + 1 < n && !set_aside[last + 1]) ++last;
    if (!run || last - first >= run->second - run->first) run = std::pair{first, last};
    first = last + 1;
  }
  return run;
}

}  // namespace

OrderClass order_class_of(const std::vector<std::optional<PointStatus>>& set_aside) {
  const auto is = [](PointStatus s) { return [s](const std::optional<PointStatus>& p) { return p == s; }; };
  if (std::all_of(set_aside.begin(), set_aside.end(), is(PointStatus::no_value))) return OrderClass::no_values;
  if (std::all_of(set_aside.begin(), set_aside.end(),
                  [](const auto& p) { return p == PointStatus::no_value || p == PointStatus::exact; }))
    return OrderClass::exact;
  const auto nonzero = [](const std::optional<PointStatus>& p) {
    return p != PointStatus::no_value && p != PointStatus::exact;
  };
  const auto below = is(PointStatus::below_floor);
  if (std::all_of(set_aside.begin(), set_aside.end(), [&](const auto& p) { return !nonzero(p) || below(p); }))
    return OrderClass::exact_to_rounding;
  const auto run = longest_usable_run(set_aside);
  if (!run) return OrderClass::rounding_floor;
  if (below(*std::find_if(set_aside.rbegin(), set_aside.rend(), nonzero))) return OrderClass::exact_to_rounding;
  if (run->second - run->first + 1 < min_asymptotic_points) return OrderClass::too_few_points;
  return OrderClass::fitted;
}

OrderAnalysis analyse_order(const std::vector<double>& log_h, const std::vector<std::optional<double>>& log_error,
                            const std::vector<std::optional<PointStatus>>& set_aside) {
  OrderAnalysis analysis;
  analysis.successive = successive_slopes(log_h, log_error);
  analysis.status.assign(log_h.size(), PointStatus::beyond_range);
  for (std::size_t i = 0; i < log_h.size(); ++i)
    if (set_aside[i]) analysis.status[i] = *set_aside[i];
  analysis.order_class = order_class_of(set_aside);
  if (analysis.order_class != OrderClass::fitted) return analysis;
  const std::optional<std::pair<std::size_t, std::size_t>> run = longest_usable_run(set_aside);
  const auto [run_first, last] = *run;
  const double tail = std::erfc(pre_asymptotic_sigmas / std::sqrt(2.0)) / 2;
  std::size_t first = last + 1 - min_asymptotic_points;
  for (; first > run_first; --first) {
    const std::size_t candidate = first - 1;
    const LineFit finer = fit_line(log_h, log_error, first, last);
    const double spread = log_h[candidate] - finer.mean_x;
    const double prediction_error = std::max(finer.s(), min_scatter) *
                                    std::sqrt(1 + 1 / static_cast<double>(finer.n) + spread * spread / finer.sxx);
    const double t = boost::math::quantile(boost::math::complement(
        boost::math::students_t(static_cast<double>(finer.n - 2)), tail));
    if (std::abs(*log_error[candidate] - finer.at(log_h[candidate])) > t * prediction_error) break;
  }
  for (std::size_t i = run_first; i < first; ++i) analysis.status[i] = PointStatus::pre_asymptotic;
  const LineFit fit = fit_line(log_h, log_error, first, last);
  analysis.fit = OrderFit{.slope = fit.slope,
                          .residual = std::sqrt(fit.sum_squares / static_cast<double>(fit.n)),
                          .standard_error = fit.s() / std::sqrt(fit.sxx),
                          .range = {first, last}};
  for (std::size_t i = first; i <= last; ++i) analysis.status[i] = PointStatus::asymptotic;
  return analysis;
}

}  // namespace vibro
