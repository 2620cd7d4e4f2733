#pragma once
// Whether a convergence study shows an order, as a GoogleTest assertion: the rule of
// vibro/analysis/order_band.hpp (the one the report's verdicts use), with its numbers in
// the failure message.

#include "vibro/analysis/order_band.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <string>

namespace vibro::testing {

using vibro::max_order_band;
using vibro::min_range_points;
using vibro::order_band;

/// The study shows order `expected` in `metric` (check_order).
inline ::testing::AssertionResult has_order(const StudyResult& study, ErrorMetric metric, double expected,
                                            bool at_least = false) {
  const std::string what(name(metric));
  const OrderCheck check = check_order(study, metric, expected, at_least);
  if (!check.has_range) return ::testing::AssertionFailure() << what << ": no asymptotic range found";
  if (check.shown) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << what << ": observed order " << check.observed << " over " << check.points
                                       << " points, band " << check.band << " (cap " << max_order_band << "), expected "
                                       << (at_least ? "at least " : "") << expected;
}

/// The study's successive slopes scatter on both sides of `expected` without a trend (an
/// impact inside a step makes the error's constant change irregularly with h), which the
/// band of has_order counts as pre-asymptotic drift. Checked instead: the fitted slope
/// within three standard errors of `expected`, over at least min_range_points points, with
/// successive slopes both above and below it.
inline ::testing::AssertionResult scatters_around(const StudyResult& study, ErrorMetric metric, double expected) {
  const OrderAnalysis& o = study.orders[index_of(metric)];
  if (!o.fit) return ::testing::AssertionFailure() << name(metric) << ": no asymptotic range found";
  const std::size_t points = o.fit->range[1] - o.fit->range[0] + 1;
  const double error = 3 * o.fit->standard_error;
  bool above = false, below = false;
  for (std::size_t i = o.fit->range[0]; i < o.fit->range[1]; ++i) {
    above = above || *o.successive[i] > expected;
    below = below || *o.successive[i] < expected;
  }
  if (points >= min_range_points && std::abs(o.fit->slope - expected) <= error && above && below)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << name(metric) << ": observed order " << o.fit->slope << " over " << points
                                       << " points, three standard errors " << error << ", expected " << expected
                                       << (above && below ? "" : ", successive slopes all on one side");
}

}  // namespace vibro::testing
