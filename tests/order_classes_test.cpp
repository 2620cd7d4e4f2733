// An order is never fitted to errors that carry none (docs/convergence.md, "Which metrics
// have an order"): each class of a metric's errors, on error sequences whose order is known by
// construction (e = 3h/10 has order 1, e = 3h²/10 order 2, an exact zero none, an error below
// one rounding unit ε × scale of its type none), built in every scalar type where the class
// exists in it (the exact type has no rounding, so nothing is below its floor), and taken
// through analyse_orders from the errors' texts as every study is. Then the shipped VI-01
// through the executable: its ball rests exactly on the obstacle from t = 3, so the final
// position and velocity reach the exact values to rounding and must show no order.

#include "support/cli_runner.hpp"
#include "support/scalar_types.hpp"

#include "vibro/analysis/study_result.hpp"
#include "vibro/report/study_outputs.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace vibro {
// A failing class or status prints as its name.
void PrintTo(OrderClass c, std::ostream* out) { *out << to_string(c); }
void PrintTo(PointStatus s, std::ostream* out) { *out << to_string(s); }
}  // namespace vibro

namespace {

using vibro::ErrorMetric;
using vibro::index_of;
using vibro::NumberText;
using vibro::OrderAnalysis;
using vibro::OrderClass;
using vibro::PointStatus;
using vibro::StudyResult;
using vibro::testing::num;

constexpr std::size_t points = 8;
constexpr ErrorMetric metric = ErrorMetric::position_linf;

/// Step sizes h_i = 1/(100·2^i), i = 0 … 7, written "1/100", "1/200", ….
template <class Real>
Real h_at(std::size_t i) {
  return Real(1) / Real(static_cast<double>(100 << i));
}

/// A study of `errors` in position_linf (none: no value), every other metric without a value,
/// each rounding unit ε × 1 (a quantity of scale 1) in the type `Real`, and the points of
/// `at_floor` at the floor; its orders analysed from the texts, as a study's are.
template <class Real>
StudyResult study_of(const std::vector<std::optional<Real>>& errors, const std::vector<bool>& at_floor) {
  StudyResult study;
  vibro::PerMetric<std::vector<bool>> floors;
  for (std::size_t i = 0; i < errors.size(); ++i) {
    vibro::StudyRow row;
    row.h = "1/" + std::to_string(100 << i);
    row.h_value = NumberText::of(h_at<Real>(i));
    if (errors[i]) row.errors[index_of(metric)] = NumberText::of(*errors[i]);
    row.rounding_units.emplace();
    for (NumberText& unit : *row.rounding_units) unit = NumberText::of(vibro::epsilon<Real>());
    study.rows.push_back(row);
    for (auto& f : floors) f.push_back(false);
    floors[index_of(metric)].back() = at_floor[i];
  }
  study.orders = vibro::analyse_orders(study.rows, floors);
  return study;
}

const OrderAnalysis& analysis(const StudyResult& study) { return study.orders[index_of(metric)]; }

/// Checks what every class but `fitted` shares: no fit, and no number where the order would be.
void expect_no_order(const StudyResult& study, OrderClass expected, const std::string& label) {
  const OrderAnalysis& o = analysis(study);
  EXPECT_EQ(o.order_class, expected);
  EXPECT_FALSE(o.fit.has_value());
  EXPECT_FALSE(o.slope().has_value());
  EXPECT_EQ(vibro::no_order_label(study, metric), label);
  EXPECT_EQ(vibro::order_cell(study, metric), label);
  // The metrics without a value in any run are their own class, never "exact".
  EXPECT_EQ(study.orders[index_of(ErrorMetric::velocity_l1)].order_class, OrderClass::no_values);
}

template <class Real>
class OrderClasses : public vibro::testing::ScalarTest<Real> {};
TYPED_TEST_SUITE(OrderClasses, vibro::testing::AllTypes, vibro::testing::ScalarNames);

template <class Real>
class OrderClassesWithRounding : public vibro::testing::ScalarTest<Real> {};
TYPED_TEST_SUITE(OrderClassesWithRounding, vibro::testing::FloatingTypes, vibro::testing::ScalarNames);

// e = 3h²/10: order 2 by construction, every point far above ε; the fit is the order, to the
// rounding of the logarithms (which are taken in double).
TYPED_TEST(OrderClasses, ErrorsOfAKnownOrderAreFittedAndShowTheirOrder) {
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
  EXPECT_EQ(vibro::no_order_label(study, metric), "");
}

// Every error exactly 0 (a scheme exact on the problem): nothing to take a logarithm of.
TYPED_TEST(OrderClasses, ExactZerosAreExactAndHaveNoOrder) {
  using Real = TypeParam;
  const StudyResult study = study_of(std::vector<std::optional<Real>>(points, Real(0)), std::vector<bool>(points, false));
  expect_no_order(study, OrderClass::exact, "exact (every error 0)");
  for (const PointStatus s : analysis(study).status) EXPECT_EQ(s, PointStatus::exact);
}

// Two points of order 1 (e = 3h/10), then six at the floor: a line through two points is no
// measurement of a slope.
TYPED_TEST(OrderClasses, FewerThanThreePointsInARowAreTooFewForAnOrder) {
  using Real = TypeParam;
  std::vector<std::optional<Real>> errors;
  for (std::size_t i = 0; i < points; ++i) errors.push_back(num<Real>("0.3") * h_at<Real>(i));
  std::vector<bool> at_floor(points, true);
  at_floor[0] = at_floor[1] = false;
  expect_no_order(study_of(errors, at_floor), OrderClass::too_few_points, "too few points in a row (n = 2)");
  // Five usable points, but never three in a row: still too few.
  at_floor = {false, false, true, false, false, true, false, true};
  expect_no_order(study_of(errors, at_floor), OrderClass::too_few_points, "too few points in a row (n = 2)");
}

// Every error at the floor (its rounding, as the study labelled it), or 0: no order, and the
// reason is the floor.
TYPED_TEST(OrderClasses, ErrorsAllAtTheRoundingFloorHaveNoOrder) {
  using Real = TypeParam;
  std::vector<std::optional<Real>> errors;
  for (std::size_t i = 0; i < points; ++i) errors.push_back(num<Real>("0.3") * h_at<Real>(i));
  errors[3] = Real(0);
  expect_no_order(study_of(errors, std::vector<bool>(points, true)), OrderClass::rounding_floor,
                  "at the rounding floor");
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
  expect_no_order(study, OrderClass::exact_to_rounding, "exact to rounding from h = 1/1600");
  for (std::size_t i = 4; i < points; ++i) EXPECT_EQ(analysis(study).status[i], PointStatus::below_floor) << i;

  // Every nonzero error below the unit: exact to rounding throughout.
  std::vector<std::optional<Real>> tiny(points, eps / Real(2));
  tiny[0] = Real(0);
  expect_no_order(study_of(tiny, std::vector<bool>(points, false)), OrderClass::exact_to_rounding, "exact to rounding");
}

// The contrast: the same four coarse points, then errors a few units above ε that the study
// labelled as rounding (at the floor, not below it). Rounding hides the order at the fine
// end; it does not remove the one measured above it, which is 1.
TYPED_TEST(OrderClassesWithRounding, ErrorsAtTheFloorAtTheFineEndLeaveTheOrderAboveIt) {
  using Real = TypeParam;
  const Real eps = vibro::epsilon<Real>();
  std::vector<std::optional<Real>> errors;
  for (std::size_t i = 0; i < 4; ++i) errors.push_back(num<Real>("0.3") * h_at<Real>(i));
  for (std::size_t i = 4; i < points; ++i) errors.push_back(eps * Real(4));
  const StudyResult study = study_of(errors, {false, false, false, false, true, true, true, true});
  const OrderAnalysis& o = analysis(study);
  EXPECT_EQ(o.order_class, OrderClass::fitted);
  ASSERT_TRUE(o.fit.has_value());
  EXPECT_NEAR(o.fit->slope, 1.0, 1e-9);
  EXPECT_EQ(o.fit->range[1], 3u);
}

namespace fs = std::filesystem;
using vibro::testing::Cli;
using vibro::testing::quoted;

// VI-01 (cases/testset/VI-01.toml): the ball starts at rest at u = 1/2 and never rises above
// it, so the position's scale is 1/2 and one rounding unit of it in double is 2^-53; from
// t = 3 it rests on the obstacle, so at t = 4 the exact position and velocity are 0, which
// the scheme reaches to far below that unit at its finest steps. Neither may show an order;
// the position's error, which carries order 1 on the flights, keeps its fit.
TEST_F(Cli, ConvergeShowsNoOrderForVi01sStateAtRest) {
  const std::string vi01 = quoted(fs::path(VIBRO_CASES_DIR) / "testset" / "VI-01.toml");
  const vibro::testing::Outcome outcome = vibro("converge " + vi01 + " --json --out " + quoted(dir()));
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json study = nlohmann::json::parse(outcome.out).at("convergence");
  for (const char* name : {"final_position", "final_velocity"}) {
    const nlohmann::json& order = study.at("orders").at(name);
    EXPECT_EQ(order.at("order_class"), "exact_to_rounding") << name;
    EXPECT_TRUE(order.at("least_squares").is_null()) << name;
    EXPECT_EQ(order.at("status").back(), "below the rounding floor") << name;
  }
  EXPECT_EQ(study.at("rows").back().at("rounding_units").at("final_position").get<double>(), std::ldexp(1.0, -53));
  EXPECT_EQ(study.at("orders").at("position_linf").at("order_class"), "fitted");
  EXPECT_TRUE(study.at("orders").at("position_linf").at("least_squares").is_number());

  // The text output and the study's page say why, where the order would be.
  const vibro::testing::Outcome text = vibro("converge " + vi01 + " --out " + quoted(dir()));
  ASSERT_EQ(text.status, 0) << text.err;
  for (const std::string& shown : {text.out, vibro::testing::read_text(dir() / "VI-01-double.md")}) {
    // The row of the orders' table (the errors' tables name the metric in their header).
    const std::size_t row = shown.find("\n| final_position | ");
    ASSERT_NE(row, std::string::npos) << shown;
    EXPECT_EQ(shown.substr(row + 1, shown.find('\n', row + 1) - row - 1).find("| final_position | exact to rounding from h = "),
              0u)
        << shown;
  }
}

}  // namespace
