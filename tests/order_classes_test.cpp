// An order is never fitted to errors that carry none (docs/convergence.md, "Which metrics
// have an order"): each class of a metric's errors, on error sequences whose order is known by
// construction (e = 3h/10 has order 1, e = 3h²/10 order 2, an exact zero none, an error below
// one rounding unit ε × scale of its type none), built in every scalar type where the class
// exists in it (the exact type has no rounding, so nothing is below its floor), and taken
// through analyse_orders from the errors' texts as every study is. The words each class is
// shown with, and the shipped VI-01 through the executable: tests/order_labels_test.cpp.

#include "support/order_sequences.hpp"
#include "support/scalar_types.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <ostream>
#include <vector>

namespace vibro {
// A failing class or status prints as its name.
void PrintTo(OrderClass c, std::ostream* out) { *out << to_string(c); }
void PrintTo(PointStatus s, std::ostream* out) { *out << to_string(s); }
}  // namespace vibro

namespace {

using vibro::ErrorMetric;
using vibro::index_of;
using vibro::OrderAnalysis;
using vibro::OrderClass;
using vibro::PointStatus;
using vibro::StudyResult;
using vibro::testing::h_at;
using vibro::testing::num;
using vibro::testing::study_of;

constexpr std::size_t points = vibro::testing::sequence_points;

const OrderAnalysis& analysis(const StudyResult& study) {
  return study.orders[index_of(vibro::testing::sequence_metric)];
}

/// What every class but `fitted` shares: no fit, so no number where the order would be.
void expect_no_order(const StudyResult& study, OrderClass expected) {
  const OrderAnalysis& o = analysis(study);
  EXPECT_EQ(o.order_class, expected);
  EXPECT_FALSE(o.fit.has_value());
  EXPECT_FALSE(o.slope().has_value());
  // The metrics without a value in any run are their own class, never "exact".
  EXPECT_EQ(study.orders[index_of(ErrorMetric::velocity_l1)].order_class, OrderClass::no_values);
  for (const PointStatus s : study.orders[index_of(ErrorMetric::velocity_l1)].status) EXPECT_EQ(s, PointStatus::no_value);
}

template <class Real>
class OrderClasses : public vibro::testing::ScalarTest<Real> {};
TYPED_TEST_SUITE(OrderClasses, vibro::testing::AllTypes, vibro::testing::ScalarNames);

template <class Real>
class OrderClassesWithRounding : public vibro::testing::ScalarTest<Real> {};
TYPED_TEST_SUITE(OrderClassesWithRounding, vibro::testing::FloatingTypes, vibro::testing::ScalarNames);

// e = 3h²/10: order 2 by construction, every point far above ε; the fit is the order, to the
// rounding of the logarithms (which are taken in double).
TYPED_TEST(OrderClasses, ErrorsOfAKnownOrderAreFitted) {
  using Real = TypeParam;
  std::vector<std::optional<Real>> errors;
  for (std::size_t i = 0; i < points; ++i) errors.push_back(num<Real>("0.3") * h_at<Real>(i) * h_at<Real>(i));
  const StudyResult study = study_of(errors, std::vector<bool>(points, false));
  const OrderAnalysis& o = analysis(study);
  EXPECT_EQ(o.order_class, OrderClass::fitted);
  ASSERT_TRUE(o.fit.has_value());
  EXPECT_NEAR(o.fit->slope, 2.0, 1e-9);
  EXPECT_EQ(o.fit->range[0], 0u);
  EXPECT_EQ(o.fit->range[1], points - 1);
}

// Every error exactly 0 (a scheme exact on the problem): nothing to take a logarithm of.
TYPED_TEST(OrderClasses, ExactZerosAreExactAndHaveNoOrder) {
  using Real = TypeParam;
  const StudyResult study = study_of(std::vector<std::optional<Real>>(points, Real(0)), std::vector<bool>(points, false));
  expect_no_order(study, OrderClass::exact);
  for (const PointStatus s : analysis(study).status) EXPECT_EQ(s, PointStatus::exact);
}

// Two points of order 1 (e = 3h/10), then six at the floor: a line through two points is no
// measurement of a slope. Then five usable points, but never three in a row.
TYPED_TEST(OrderClasses, FewerThanThreePointsInARowAreTooFewForAnOrder) {
  using Real = TypeParam;
  std::vector<std::optional<Real>> errors;
  for (std::size_t i = 0; i < points; ++i) errors.push_back(num<Real>("0.3") * h_at<Real>(i));
  std::vector<bool> at_floor(points, true);
  at_floor[0] = at_floor[1] = false;
  expect_no_order(study_of(errors, at_floor), OrderClass::too_few_points);
  expect_no_order(study_of(errors, {false, false, true, false, false, true, false, true}), OrderClass::too_few_points);
}

// Every error at the floor (its rounding, as the study labelled it), or 0: no order, and the
// reason is the floor.
TYPED_TEST(OrderClasses, ErrorsAllAtTheRoundingFloorHaveNoOrder) {
  using Real = TypeParam;
  std::vector<std::optional<Real>> errors;
  for (std::size_t i = 0; i < points; ++i) errors.push_back(num<Real>("0.3") * h_at<Real>(i));
  errors[3] = Real(0);
  const StudyResult study = study_of(errors, std::vector<bool>(points, true));
  expect_no_order(study, OrderClass::rounding_floor);
  EXPECT_EQ(analysis(study).status[3], PointStatus::exact);
  EXPECT_EQ(analysis(study).status[4], PointStatus::rounding_floor);
}

// Order 1 (e = 3h/10) over the four coarsest points, then errors that fall below one rounding
// unit ε × 1 and on by 2^-10 a halving (as VI-01's final position does when its ball has come
// to rest on the obstacle): the scheme holds the exact value to rounding, and the coarse
// points are how it got there, not an order.
TYPED_TEST(OrderClassesWithRounding, ErrorsBelowTheRoundingFloorAtTheFineEndAreExactToRounding) {
  using Real = TypeParam;
  const Real eps = vibro::epsilon<Real>();
  std::vector<std::optional<Real>> errors;
  for (std::size_t i = 0; i < 4; ++i) errors.push_back(num<Real>("0.3") * h_at<Real>(i));
  for (std::size_t i = 4; i < points; ++i) errors.push_back(eps * Real(std::ldexp(1.0, -10 * static_cast<int>(i - 3))));
  const StudyResult study = study_of(errors, std::vector<bool>(points, false));
  expect_no_order(study, OrderClass::exact_to_rounding);
  for (std::size_t i = 4; i < points; ++i) EXPECT_EQ(analysis(study).status[i], PointStatus::below_floor) << i;

  // Every nonzero error at most the unit: exact to rounding throughout.
  std::vector<std::optional<Real>> tiny(points, eps);
  tiny[0] = Real(0);
  expect_no_order(study_of(tiny, std::vector<bool>(points, false)), OrderClass::exact_to_rounding);
}

// The contrast: the same four coarse points, then errors four units above ε that the study
// labelled as rounding (at the floor, not below it). Rounding hides the order at the fine
// end; it does not remove the one measured above it, which is 1.
TYPED_TEST(OrderClassesWithRounding, ErrorsAtTheFloorAtTheFineEndLeaveTheOrderAboveIt) {
  using Real = TypeParam;
  std::vector<std::optional<Real>> errors;
  for (std::size_t i = 0; i < 4; ++i) errors.push_back(num<Real>("0.3") * h_at<Real>(i));
  for (std::size_t i = 4; i < points; ++i) errors.push_back(vibro::epsilon<Real>() * Real(4));
  const StudyResult study = study_of(errors, {false, false, false, false, true, true, true, true});
  const OrderAnalysis& o = analysis(study);
  EXPECT_EQ(o.order_class, OrderClass::fitted);
  ASSERT_TRUE(o.fit.has_value());
  EXPECT_NEAR(o.fit->slope, 1.0, 1e-9);
  EXPECT_EQ(o.fit->range[1], 3u);
}

}  // namespace
