#pragma once
// Whether a convergence study shows an order, as a GoogleTest assertion: the rule of
// vibro/analysis/order_band.hpp (the one the report's verdicts use), with its numbers in
// the failure message.

#include "vibro/analysis/order_band.hpp"

#include <gtest/gtest.h>

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

}  // namespace vibro::testing
