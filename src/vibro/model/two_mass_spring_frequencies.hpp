#pragma once
// The eigenvalues ω_1² ≤ ω_2² of B² = M⁻²A² for seed 002 §3's 2-DOF system (two_mass_spring:
// M² = diag(1, μ_m), A² = [[1, −1], [−1, 1 + μ_k]]), in closed form. Seed 002 §3 prints them as
//   ω²_{1,2} = (1 + μ_k + μ_m ∓ √((1 + μ_k + μ_m)² − 4μ_kμ_m)) / (2μ_m),
// the roots of λ² − tr(B²)λ + det(B²) with tr = (1 + μ_k + μ_m)/μ_m, det = μ_k/μ_m. Evaluated as
// printed, ω_1² is a difference of two numbers close to 1 + μ_k + μ_m: for μ_m = 10¹² it cancels
// eleven to twelve digits, and the discriminant cancels as much. Written instead so that
// nothing cancels (docs/mathematics.md §6):
//   (1 + μ_k + μ_m)² − 4μ_kμ_m = (μ_m − μ_k + 1)² + 4μ_k   (a sum of positive terms),
//   ω_2² = (1 + μ_k + μ_m + √·) / (2μ_m),   ω_1² = det/ω_2² = 2μ_k / (1 + μ_k + μ_m + √·),
// each a few roundings from the exact value, whatever μ_m.

#include <cmath>
#include <utility>

namespace vibro {

template <class Real>
struct TwoMassSpringFrequencies {
  Real omega1_squared;  ///< the smaller eigenvalue of B²
  Real omega2_squared;  ///< the larger
};

template <class Real>
TwoMassSpringFrequencies<Real> two_mass_spring_frequencies(const Real& mu_k, const Real& mu_m) {
  using std::sqrt;
  const Real difference = mu_m - mu_k + 1;
  const Real sum = 1 + mu_k + mu_m + sqrt(difference * difference + 4 * mu_k);
  return {Real(2 * mu_k / sum), Real(sum / (2 * mu_m))};
}

}  // namespace vibro
