// The words every output shows where a metric has no order (docs/convergence.md, "Which
// metrics have an order"), on the constructed sequences of tests/order_classes_test.cpp; then
// the shipped VI-01 through the executable: its ball rests exactly on the obstacle from t = 3
// (cases/testset/VI-01.toml), so at t = 4 the exact position and velocity are 0, which the
// scheme reaches to far below a rounding unit, and neither may show an order in the JSON, the
// text or the study's page.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"
#include "support/order_sequences.hpp"

#include "vibro/report/study_outputs.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using vibro::no_order_label;
using vibro::order_cell;
using vibro::testing::h_at;
using vibro::testing::study_of;

constexpr std::size_t points = vibro::testing::sequence_points;
constexpr vibro::ErrorMetric metric = vibro::testing::sequence_metric;

/// e = 3h/10 at every point (order 1 by construction), in double.
std::vector<std::optional<double>> first_order() {
  std::vector<std::optional<double>> errors;
  for (std::size_t i = 0; i < points; ++i) errors.push_back(0.3 * h_at<double>(i));
  return errors;
}

TEST(OrderLabels, EachClassIsShownInWordsWhereTheOrderWouldBe) {
  const std::vector<bool> none(points, false);
  const auto label = [](const vibro::StudyResult& study) {
    EXPECT_EQ(order_cell(study, metric), no_order_label(study, metric));
    return no_order_label(study, metric);
  };
  EXPECT_EQ(no_order_label(study_of(first_order(), none), metric), "");
  EXPECT_EQ(label(study_of(std::vector<std::optional<double>>(points, 0.0), none)), "exact (every error 0)");
  EXPECT_EQ(label(study_of(first_order(), std::vector<bool>(points, true))), "at the rounding floor");
  EXPECT_EQ(label(study_of(first_order(), {false, false, true, true, true, true, true, true})),
            "too few points in a row (n = 2)");
  EXPECT_EQ(label(study_of(first_order(), {false, false, true, false, false, true, false, true})),
            "too few points in a row (n = 2)");
  // Below one rounding unit (ε × 1) from the fifth point, h = 1/1600, on.
  std::vector<std::optional<double>> at_rest = first_order();
  for (std::size_t i = 4; i < points; ++i) at_rest[i] = std::ldexp(1.0, -60 - static_cast<int>(i));
  EXPECT_EQ(label(study_of(at_rest, none)), "exact to rounding from h = 1/1600");
  EXPECT_EQ(label(study_of(std::vector<std::optional<double>>(points, std::ldexp(1.0, -60)), none)),
            "exact to rounding");
  const vibro::StudyResult no_values = study_of(std::vector<std::optional<double>>(points), none);
  EXPECT_EQ(label(no_values), "no value (undefined in every run)");
}

using vibro::testing::Cli;
using vibro::testing::quoted;

// The ball starts at rest at u = 1/2 and never rises above it, so the position's scale, the
// largest of 1 and every |u| (docs/convergence.md), is 1 and one rounding unit of it in double
// is ε = 2^-52. The position's L∞ error, order 1 on the
// flights, keeps its fit.
TEST_F(Cli, ConvergeShowsNoOrderForVi01sStateAtRest) {
  const std::string vi01 = quoted(fs::path(test_paths::cases_dir) / "testset" / "VI-01.toml");
  const vibro::testing::Outcome outcome = vibro("converge " + vi01 + " --json --out " + quoted(dir()));
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json study = nlohmann::json::parse(outcome.out).at("convergence");
  for (const char* name : {"final_position", "final_velocity"}) {
    const nlohmann::json& order = study.at("orders").at(name);
    EXPECT_EQ(order.at("order_class"), "exact_to_rounding") << name;
    EXPECT_TRUE(order.at("least_squares").is_null()) << name;
    EXPECT_EQ(order.at("status").back(), "below the rounding floor") << name;
  }
  EXPECT_EQ(study.at("rows").back().at("rounding_units").at("final_position").get<double>(), std::ldexp(1.0, -52));
  EXPECT_EQ(study.at("orders").at("position_linf").at("order_class"), "fitted");
  EXPECT_TRUE(study.at("orders").at("position_linf").at("least_squares").is_number());

  // The text output and the study's page say why, where the order would be.
  const vibro::testing::Outcome text = vibro("converge " + vi01 + " --out " + quoted(dir()));
  ASSERT_EQ(text.status, 0) << text.err;
  for (const std::string& shown : {text.out, vibro::testing::read_text(dir() / "VI-01-double.md")}) {
    // The row of the orders' table (the errors' tables name the metric in their header).
    const std::size_t row = shown.find("\n| final_position | ");
    ASSERT_NE(row, std::string::npos) << shown;
    EXPECT_TRUE(shown.substr(row + 1).starts_with("| final_position | exact to rounding from h = ")) << shown;
  }
}

}  // namespace
