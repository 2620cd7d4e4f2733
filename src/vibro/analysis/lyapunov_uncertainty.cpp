// The uncertainty of a finite-time Lyapunov exponent (analysis/lyapunov_uncertainty.hpp): compiled
// once, so that the many units that see a Lyapunov result do not parse Boost.Math's distributions.

#include "vibro/analysis/lyapunov_uncertainty.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>

namespace vibro {

double coverage_t(std::size_t degrees) {
  const boost::math::students_t t(static_cast<double>(degrees));
  return boost::math::quantile(boost::math::complement(t, (1 - lyapunov_uncertainty_coverage) / 2));
}

double sample_standard_deviation(const std::vector<double>& values) {
  if (values.size() < 2) return 0;
  double mean = 0;
  for (const double x : values) mean += x;
  mean /= static_cast<double>(values.size());
  double squares = 0;
  for (const double x : values) squares += (x - mean) * (x - mean);
  return std::sqrt(squares / static_cast<double>(values.size() - 1));
}

std::optional<BatchMeans> batch_means(const std::vector<double>& running) {
  const std::size_t blocks = std::min(lyapunov_batch_blocks, running.size());
  if (blocks < 2) return std::nullopt;
  const std::size_t b = running.size() / blocks;
  const auto sum_to = [&](std::size_t k) { return k == 0 ? 0.0 : static_cast<double>(k) * running[k - 1]; };
  std::vector<double> means;
  for (std::size_t j = 0; j < blocks; ++j) means.push_back((sum_to((j + 1) * b) - sum_to(j * b)) / static_cast<double>(b));
  return BatchMeans{blocks, sample_standard_deviation(means) / std::sqrt(static_cast<double>(blocks))};
}

ExponentUncertainty exponent_uncertainty(const std::optional<BatchMeans>& batch, const std::vector<double>& ensemble) {
  ExponentUncertainty u;
  u.batch = batch;
  if (u.batch) u.half_width = coverage_t(u.batch->blocks - 1) * u.batch->standard_error;
  u.ensemble_size = ensemble.size();
  if (ensemble.size() >= 2) {
    u.ensemble_sd = sample_standard_deviation(ensemble);
    u.half_width = std::max(u.half_width, coverage_t(ensemble.size() - 1) * u.ensemble_sd);
  }
  return u;
}

}  // namespace vibro
