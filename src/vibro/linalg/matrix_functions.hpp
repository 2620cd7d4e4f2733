#pragma once
// Functions of B = (M⁻² A²)^{1/2} for the N-DOF system M² q'' + A² q = h(t) of seed 002
// (eq. (5)–(8), docs/mathematics.md §6). M² is diagonal positive and A² symmetric positive
// definite, so B² = M⁻²A² is not symmetric but is similar to the symmetric
//   S = M⁻¹ A² M⁻¹ = Q diag(ω_i²) Qᵀ   (M = diag(√m_i²)),
// whence B² = Λ diag(ω_i²) Λ⁻¹ with Λ = M⁻¹Q, Λ⁻¹ = QᵀM (seed 002 eq. (7), with an explicit
// transition matrix), and g(B) = Λ diag(g(ω_i)) Λ⁻¹ (eq. (8)). The symmetric route keeps
// Q orthogonal, so Λ⁻¹ costs no inversion and its rounding is that of Q.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/symmetric_eigen.hpp"
#include "vibro/scalar/scalar_list.hpp"

#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <utility>

namespace vibro {

template <class Real>
class ModalBasis {
 public:
  /// `mass_squared`: the diagonal of M²; `stiffness`: A² (symmetric positive definite; the
  /// model has checked both).
  ModalBasis(const Vector<Real>& mass_squared, const Matrix<Real>& stiffness)
      : mass_(mass_squared.size()), scaled_(stiffness.rows(), stiffness.cols()) {
    using std::sqrt;
    const std::size_t n = mass_squared.size();
    for (std::size_t i = 0; i < n; ++i) mass_[i] = sqrt(mass_squared[i]);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) scaled_(i, j) = stiffness(i, j) / (mass_[i] * mass_[j]);
    eigen_ = symmetric_eigen(scaled_);
    omega_.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      if (!(eigen_.values[i] > 0))
        throw std::invalid_argument("the stiffness matrix is not positive definite in this precision (an "
                                    "eigenvalue of M⁻¹A²M⁻¹ is ≤ 0 after rounding)");
      omega_[i] = sqrt(eigen_.values[i]);
    }
    modes_ = Matrix<Real>(n, n);
    inverse_ = Matrix<Real>(n, n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        modes_(i, j) = eigen_.vectors(i, j) / mass_[i];
        inverse_(j, i) = eigen_.vectors(i, j) * mass_[i];
      }
  }

  std::size_t dimension() const { return omega_.size(); }
  /// ω_i² (eigenvalues of B²) and ω_i, in the order of the columns of modes().
  const Vector<Real>& omega_squared() const { return eigen_.values; }
  const Vector<Real>& omega() const { return omega_; }
  /// Λ = M⁻¹Q: its columns are the mode shapes; Λ⁻¹ = QᵀM.
  const Matrix<Real>& modes() const { return modes_; }
  const Matrix<Real>& inverse_modes() const { return inverse_; }
  /// S = M⁻¹A²M⁻¹ and its decomposition, for residual checks.
  const Matrix<Real>& scaled_stiffness() const { return scaled_; }
  const SymmetricEigen<Real>& symmetric() const { return eigen_; }

  /// g(B) = Λ diag(g(ω_i)) Λ⁻¹ for a scalar function g of ω (seed 002 eq. (8)).
  template <class G>
  Matrix<Real> function(const G& g) const {
    const std::size_t n = dimension();
    Vector<Real> d(n);
    for (std::size_t k = 0; k < n; ++k) d[k] = g(omega_[k]);
    Matrix<Real> out(n, n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        Real sum(0);
        for (std::size_t k = 0; k < n; ++k) sum += modes_(i, k) * d[k] * inverse_(k, j);
        out(i, j) = std::move(sum);
      }
    return out;
  }

 private:
  Vector<Real> mass_;  ///< diagonal of M
  Matrix<Real> scaled_;
  SymmetricEigen<Real> eigen_;
  Vector<Real> omega_;
  Matrix<Real> modes_, inverse_;
};

/// The matrices of one step Δt (seed 002 eq. (13), (14), (17)):
///   C = cos(ΔtB), Sb = sin(ΔtB)B⁻¹, SB = sin(ΔtB)B, Φ = 4 sin²(ΔtB/2) B⁻².
template <class Real>
struct StepMatrices {
  Matrix<Real> cos_b, sin_over_b, sin_times_b, phi;
};

template <class Real>
StepMatrices<Real> step_matrices(const ModalBasis<Real>& basis, const Real& dt) {
  using std::cos;
  using std::sin;
  return {basis.function([&](const Real& w) { return Real(cos(dt * w)); }),
          basis.function([&](const Real& w) { return Real(sin(dt * w) / w); }),
          basis.function([&](const Real& w) { return Real(sin(dt * w) * w); }),
          basis.function([&](const Real& w) {
            const Real s = sin(dt * w / 2) / w;
            return Real(4 * s * s);
          })};
}

VIBRO_COMPILED_ONCE_PER_FLOATING_TYPE(ModalBasis)

}  // namespace vibro
