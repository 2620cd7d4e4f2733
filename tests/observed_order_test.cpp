// The observed order of a convergence study on synthetic error sequences whose slope,
// scatter and standard error are known in closed form: an impact inside a step makes the
// error's constant swing with h (successive slopes ±0.6 here) while the order stays 1, and
// that must neither shrink the range nor hide the scatter; points at the rounding floor,
// exact points and grossly pre-asymptotic points are set aside, each with its reason.

#include "vibro/analysis/observed_order.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

namespace {

using vibro::analyse_order;
using vibro::OrderAnalysis;
using vibro::PointStatus;
using SetAside = std::vector<std::optional<PointStatus>>;

/// `count` points, none set aside.
SetAside all_usable(std::size_t count) { return SetAside(count); }

constexpr std::optional<PointStatus> usable = std::nullopt;
constexpr PointStatus floor = PointStatus::rounding_floor;

/// log h of 8 halvings from h = 1/100: x_i = −ln 100 − i ln 2, i = 0 … 7.
std::vector<double> halvings(std::size_t count) {
  std::vector<double> log_h;
  for (std::size_t i = 0; i < count; ++i) log_h.push_back(-std::log(100.0) - static_cast<double>(i) * std::numbers::ln2);
  return log_h;
}

/// Phase scatter of amplitude a in log error with the signs + − − + + − − +: they sum to
/// zero and are orthogonal to x − x̄ ∝ (3.5, 2.5, …, −3.5), so the least-squares slope is
/// exactly the order, the RMS residual is a, and s² = 8a²/6.
constexpr double scatter = 0.4054651081081644;  // ln 1.5: the error swings by a factor 1.5
const std::vector<double> signs = {1, -1, -1, 1, 1, -1, -1, 1};

std::vector<std::optional<double>> first_order_with_scatter(const std::vector<double>& log_h) {
  std::vector<std::optional<double>> log_error;
  for (std::size_t i = 0; i < log_h.size(); ++i) log_error.push_back(std::log(0.3) + log_h[i] + scatter * signs[i]);
  return log_error;
}

/// Rounding of the fit in double: each of 8 logs of size ≤ 10 carries ε·10, which moves
/// the slope by at most 8 · 2ε·10 / (7 ln 2) and the residuals by a few ε·10.
constexpr double fit_rounding = 8 * 2 * std::numeric_limits<double>::epsilon() * 10 / (7 * std::numbers::ln2);

TEST(ObservedOrder, PhaseScatterKeepsEveryPointAndShowsInTheStandardError) {
  const std::vector<double> log_h = halvings(8);
  const OrderAnalysis o = analyse_order(log_h, first_order_with_scatter(log_h), all_usable(8));
  ASSERT_TRUE(o.fit.has_value());
  EXPECT_EQ(o.fit->range[0], 0u);
  EXPECT_EQ(o.fit->range[1], 7u);
  for (const PointStatus s : o.status) EXPECT_EQ(s, PointStatus::asymptotic);
  // Successive slopes swing by 2a/ln 2 ≈ 1.17 around 1: the old band of ±0.25 refused them.
  EXPECT_NEAR(*o.successive[0], 1 + 2 * scatter / std::numbers::ln2, fit_rounding);
  EXPECT_NEAR(o.fit->slope, 1.0, fit_rounding);
  EXPECT_NEAR(o.fit->residual, scatter, fit_rounding);
  // s/√Σ(x − x̄)² with s² = 8a²/6 and Σ(x − x̄)² = 42 (ln 2)².
  const double standard_error = scatter * std::sqrt(8.0 / 6.0) / (std::numbers::ln2 * std::sqrt(42.0));
  EXPECT_NEAR(o.fit->standard_error, standard_error, fit_rounding);
}

TEST(ObservedOrder, AGrossCoarsePointIsPreAsymptoticAndTheRestKeepTheirFit) {
  // A ninth, coarser point twenty times above the line (well beyond 3 standard errors of a
  // prediction there, ≈ 3 × 0.6 in log error).
  std::vector<double> log_h = {-std::log(50.0)};
  for (const double x : halvings(8)) log_h.push_back(x);
  std::vector<std::optional<double>> log_error = {std::log(0.3) + log_h[0] + std::log(20.0)};
  for (const auto& y : first_order_with_scatter(halvings(8))) log_error.push_back(y);
  const OrderAnalysis o = analyse_order(log_h, log_error, all_usable(9));
  ASSERT_TRUE(o.fit.has_value());
  EXPECT_EQ(o.status[0], PointStatus::pre_asymptotic);
  EXPECT_EQ(o.fit->range[0], 1u);
  EXPECT_EQ(o.fit->range[1], 8u);
  EXPECT_NEAR(o.fit->slope, 1.0, fit_rounding);
}

TEST(ObservedOrder, ABreakEndsTheRangeEvenWhereCoarserPointsRejoinTheLine) {
  // The finest five points lie exactly on 0.3 h; the next coarser one repeats the error of
  // its finer neighbour (a successive slope of 0, as when an impact's velocity jump falls
  // into another step); the two coarsest lie on 0.3 h again. The asymptotic regime is the
  // small-h end: the break and everything coarser are pre-asymptotic, even though a line
  // through all eight points would pass near the two coarsest.
  const std::vector<double> log_h = halvings(8);
  std::vector<std::optional<double>> log_error;
  for (const double x : log_h) log_error.push_back(std::log(0.3) + x);
  log_error[2] = log_error[3];
  const OrderAnalysis o = analyse_order(log_h, log_error, all_usable(8));
  ASSERT_TRUE(o.fit.has_value());
  EXPECT_EQ(o.fit->range[0], 3u);
  EXPECT_EQ(o.fit->range[1], 7u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(o.status[i], PointStatus::pre_asymptotic) << i;
  EXPECT_NEAR(o.fit->slope, 1.0, fit_rounding);
}

TEST(ObservedOrder, APointWithinTheScatterIsNotPreAsymptotic) {
  // The same ninth point only 1.5 times above the line: inside the scatter, so kept.
  std::vector<double> log_h = {-std::log(50.0)};
  for (const double x : halvings(8)) log_h.push_back(x);
  std::vector<std::optional<double>> log_error = {std::log(0.3) + log_h[0] + scatter};
  for (const auto& y : first_order_with_scatter(halvings(8))) log_error.push_back(y);
  const OrderAnalysis o = analyse_order(log_h, log_error, all_usable(9));
  ASSERT_TRUE(o.fit.has_value());
  EXPECT_EQ(o.fit->range[0], 0u);
  EXPECT_EQ(o.status[0], PointStatus::asymptotic);
}

TEST(ObservedOrder, FloorAndExactPointsAreSetAsideWithTheirReason) {
  const std::vector<double> log_h = halvings(8);
  std::vector<std::optional<double>> log_error = first_order_with_scatter(log_h);
  log_error[0] = std::nullopt;                                         // exact
  const SetAside set_aside = {PointStatus::exact, usable, usable, usable, usable, usable, floor, floor};
  const OrderAnalysis o = analyse_order(log_h, log_error, set_aside);
  ASSERT_TRUE(o.fit.has_value());
  EXPECT_EQ(o.status[0], PointStatus::exact);
  EXPECT_EQ(o.status[6], PointStatus::rounding_floor);
  EXPECT_EQ(o.status[7], PointStatus::rounding_floor);
  EXPECT_EQ(o.fit->range[0], 1u);
  EXPECT_EQ(o.fit->range[1], 5u);
  for (std::size_t i = 1; i <= 5; ++i) EXPECT_EQ(o.status[i], PointStatus::asymptotic) << i;
}

TEST(ObservedOrder, PointsCutOffByAFloorPointAreOutsideTheRange) {
  const std::vector<double> log_h = halvings(8);
  const SetAside set_aside = {usable, usable, usable, usable, floor, usable, usable, usable};
  const OrderAnalysis o = analyse_order(log_h, first_order_with_scatter(log_h), set_aside);
  ASSERT_TRUE(o.fit.has_value());
  // Runs of 4 (coarse) and 3 (fine): the longer one is the range.
  EXPECT_EQ(o.fit->range[0], 0u);
  EXPECT_EQ(o.fit->range[1], 3u);
  for (std::size_t i = 5; i < 8; ++i) EXPECT_EQ(o.status[i], PointStatus::beyond_range) << i;
}

TEST(ObservedOrder, FewerThanThreeUsablePointsGiveNoOrderAndSayWhy) {
  const std::vector<double> log_h = halvings(4);
  const std::vector<std::optional<double>> log_error = {std::nullopt, -5.0, -6.0, -7.0};
  const SetAside set_aside = {PointStatus::exact, usable, usable, floor};
  const OrderAnalysis o = analyse_order(log_h, log_error, set_aside);
  EXPECT_FALSE(o.fit.has_value());
  EXPECT_EQ(o.status[0], PointStatus::exact);
  EXPECT_EQ(o.status[1], PointStatus::beyond_range);
  EXPECT_EQ(o.status[3], PointStatus::rounding_floor);
}

}  // namespace
