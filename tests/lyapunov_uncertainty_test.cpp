// The statistical uncertainty of a finite-time Lyapunov exponent (label unit) on sequences
// whose block means, standard deviations and quantiles are known in closed form. Expected values: closed forms (sums of a few rationals) and
// Student's t quantiles from tables (t(0.975, 9) = 2.2622, t(0.975, 2) = 4.3027).

#include "vibro/analysis/lyapunov_uncertainty.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace {

using vibro::batch_means;
using vibro::exponent_uncertainty;

constexpr double eps = std::numeric_limits<double>::epsilon();

/// Running estimates λ_k = (1/k) Σ_{i ≤ k} g_i of per-period growth rates g.
std::vector<double> running_of(const std::vector<double>& g) {
  std::vector<double> running;
  double sum = 0;
  for (std::size_t k = 0; k < g.size(); ++k) {
    sum += g[k];
    running.push_back(sum / static_cast<double>(k + 1));
  }
  return running;
}

TEST(LyapunovUncertainty, BatchMeansOfBlocksWithKnownMeans) {
  // 100 periods, 10 blocks of 10: block j has growth rate 1 + (−1)^j / 2 in every period, so
  // the block means alternate 1.5, 0.5: mean 1, sd² = 10 · 0.25 / 9, standard error sd/√10.
  std::vector<double> g;
  for (int j = 0; j < 10; ++j)
    for (int i = 0; i < 10; ++i) g.push_back(j % 2 == 0 ? 1.5 : 0.5);
  const auto b = batch_means(running_of(g));
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(b->blocks, 10u);
  const double expected = std::sqrt(10 * 0.25 / 9) / std::sqrt(10.0);
  // Each block mean is a difference of two sums of ≤ 100 terms of size ≤ 1.5: 400 ε.
  EXPECT_NEAR(b->standard_error, expected, 400 * eps);
}

TEST(LyapunovUncertainty, ConstantGrowthHasNoBatchSpreadAndTooFewPeriodsNoBatches) {
  EXPECT_NEAR(batch_means(running_of(std::vector<double>(57, 0.25)))->standard_error, 0.0, 100 * eps);
  EXPECT_FALSE(batch_means(running_of({0.3})).has_value());
  // Fewer periods than blocks: one block per period.
  EXPECT_EQ(batch_means(running_of({0.1, 0.2, 0.3}))->blocks, 3u);
}

TEST(LyapunovUncertainty, TheLargerOfTheTwoHalfWidthsWithStudentsT) {
  const vibro::BatchMeans batch{10, 0.01};
  // Ensemble {1, 2, 3}: sd = 1, t(0.975, 2) = 4.302653.
  const auto u = exponent_uncertainty(batch, {1.0, 2.0, 3.0});
  EXPECT_EQ(u.ensemble_size, 3u);
  EXPECT_NEAR(u.ensemble_sd, 1.0, 4 * eps);
  EXPECT_NEAR(u.half_width, 4.302653, 1e-6);  // the table's six decimals
  // Without an ensemble the batch means decide: t(0.975, 9) = 2.262157.
  EXPECT_NEAR(exponent_uncertainty(batch, {}).half_width, 2.262157 * 0.01, 1e-8);
  // A tight ensemble does not shrink the batch means' half-width.
  EXPECT_NEAR(exponent_uncertainty(batch, {1.0, 1.0}).half_width, 2.262157 * 0.01, 1e-8);
}

}  // namespace
