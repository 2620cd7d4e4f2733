#pragma once
// The statistical uncertainty of a finite-time Lyapunov exponent as an estimate of the
// asymptotic one (docs/lyapunov.md, "Error bars"). A run over K periods gives
// λ_K = (1/K) Σ ln n_k, the mean of K per-period growth rates along one (pseudo-)orbit. Two
// runs of a chaotic map that differ by rounding or by a tiny change of the initial data
// follow different orbits after a few dozen periods, so their λ_K differ by the fluctuation
// of a time average, not by an error of either. That fluctuation is estimated twice, because
// each estimate fails in its own way:
//
// - batch means: the K periods cut into B blocks; the block means are nearly independent
//   when a block is much longer than the map's correlation time, and their standard deviation
//   over √B is the standard error of λ_K. It sees one orbit only, and underestimates when
//   rare events (an impact every ~35 periods on the chaotic case) make the blocks
//   correlated or heavy-tailed;
// - an ensemble: λ_K of the same method from M nearby initial conditions (a perturbation that
//   is never zero). Their standard deviation is the spread of λ_K itself, directly.
//
// The uncertainty is the larger of the two 95 % half-widths, each with Student's t for the
// few degrees of freedom it rests on: t(B − 1)·SE_batch and t(n − 1)·sd_ensemble (n members
// with the run itself).

#include <cstddef>
#include <optional>
#include <vector>

namespace vibro {

/// Blocks of the batch means (fewer when the run has fewer periods than this).
inline constexpr std::size_t lyapunov_batch_blocks = 10;
/// Two-sided coverage of the stated uncertainty.
inline constexpr double lyapunov_uncertainty_coverage = 0.95;

/// The quantile of Student's t with `degrees` degrees of freedom for the coverage.
double coverage_t(std::size_t degrees);

/// Sample standard deviation (n − 1 in the denominator); 0 for fewer than two values.
double sample_standard_deviation(const std::vector<double>& values);

struct BatchMeans {
  std::size_t blocks = 0;
  double standard_error = 0;  ///< sd of the block means / √blocks
};

/// Batch means of the per-period growth rates from the running estimates λ_k (k = 1 … K):
/// block j covers periods (j·b, (j+1)·b] with b = ⌊K/B⌋, its mean is
/// ((j+1)b·λ_{(j+1)b} − jb·λ_{jb}) / b. The last K − B·b periods are left out (at most
/// B − 1 of them). Empty when there are fewer than two blocks.
std::optional<BatchMeans> batch_means(const std::vector<double>& running);

struct ExponentUncertainty {
  std::optional<BatchMeans> batch;
  std::size_t ensemble_size = 0;  ///< values the ensemble's sd rests on (the run's own included)
  double ensemble_sd = 0;
  double half_width = 0;          ///< the stated uncertainty: the larger 95 % half-width
};

/// `batch`: the run's batch means; `ensemble`: λ_K of the run itself and of its nearby
/// starts (those that were defined), or nothing.
ExponentUncertainty exponent_uncertainty(const std::optional<BatchMeans>& batch, const std::vector<double>& ensemble);

}  // namespace vibro
