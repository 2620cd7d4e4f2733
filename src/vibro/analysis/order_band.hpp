#pragma once
// Whether a convergence study shows an order (docs/convergence.md): the observed least-squares
// slope over the detected asymptotic range, within a band derived from the study itself and
// capped, over enough points, so that a wrong order, a range that shrinks to a few points,
// or a fit that wanders all fail. The report's verdicts and the tests of the shipped
// studies use this one rule.

#include "vibro/analysis/convergence_study.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace vibro {

/// Points an asymptotic range must keep out of the 8 step sizes of a shipped study (the
/// free fall has 7).
inline constexpr std::size_t min_range_points = 5;
/// No order is allowed a band wider than this, whatever the study's own spread.
inline constexpr double max_order_band = 0.1;

/// The band of an observed order (the study must have a range for `metric`): three
/// standard errors of the least-squares slope (as the study reports it: s/√Σ(x − x̄)²,
/// s² = Σr²/(n − 2), x = log h over the range), plus the largest distance of a successive
/// slope inside the range from the fitted slope (the systematic drift of a pre-asymptotic
/// term, which is not noise), plus the rounding of the fit itself in double: each log is
/// off by ε|log|, which moves the slope by at most 2ε max|log error| / (log h_max − log h_min)
/// per point.
inline double order_band(const StudyResult& study, ErrorMetric metric) {
  const OrderAnalysis& o = study.orders[index_of(metric)];
  const std::size_t first = o.fit->range[0], last = o.fit->range[1], n = last - first + 1;
  double drift = 0;
  const auto log_of = [](const NumberText& x) { return std::log(static_cast<double>(x.exact())); };
  for (std::size_t i = first; i < last; ++i) drift = std::max(drift, std::abs(*o.successive[i] - o.fit->slope));
  double largest_log = 0;
  for (std::size_t i = first; i <= last; ++i)
    largest_log = std::max(largest_log, std::abs(log_of(*study.rows[i].errors[index_of(metric)])));
  const double fit_rounding = 2 * std::numeric_limits<double>::epsilon() * largest_log * static_cast<double>(n) /
                              std::abs(log_of(study.rows[first].h_value) - log_of(study.rows[last].h_value));
  return 3 * o.fit->standard_error + drift + fit_rounding;
}

/// The judgement of an observed order against an expected one.
struct OrderCheck {
  bool shown = false;       ///< the study shows the order
  bool has_range = false;   ///< an asymptotic range was found (else nothing else is set)
  double observed = 0;      ///< the fitted slope
  double band = 0;          ///< order_band
  std::size_t points = 0;   ///< of the range
};

/// The study shows order `expected` in `metric`: within the band (`at_least`: not below
/// it), over at least min_range_points points, the band within its cap. The cap keeps a
/// wide band from excusing an order below the bound; a lower bound that even the lower end
/// of the band clears needs no excuse, so it holds whatever the band's width (a study whose
/// successive slopes scatter around 2 still shows "at least 1").
inline OrderCheck check_order(const StudyResult& study, ErrorMetric metric, double expected, bool at_least) {
  const OrderAnalysis& o = study.orders[index_of(metric)];
  OrderCheck check;
  if (!o.fit) return check;
  check.has_range = true;
  check.points = o.fit->range[1] - o.fit->range[0] + 1;
  check.observed = o.fit->slope;
  check.band = order_band(study, metric);
  const bool within = at_least ? check.observed >= expected - check.band : std::abs(check.observed - expected) <= check.band;
  const bool clears = at_least && check.observed - check.band >= expected;
  check.shown = check.points >= min_range_points && (clears || (check.band <= max_order_band && within));
  return check;
}

}  // namespace vibro
