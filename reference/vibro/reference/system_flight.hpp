#pragma once
// Closed-form flight of the linear N-DOF system of seed 002 eq. (1) away from the box
// (docs/mathematics.md §6, "The N-DOF reference"):
//   M² q'' + A² q = c + f cos(Ωt)
// through (t_s, q_s, v_s). The constant c is zero for the system itself; it is the force of
// the coordinates held on a face when the reference flies the reduced system of the others.
//
// With the modal basis Λ = M⁻¹Q of linalg/matrix_functions.hpp, ΛᵀM²Λ = I and
// ΛᵀA²Λ = diag(ω_k²), so η = Λ⁻¹q = QᵀMq obeys, mode by mode (seed 002 eq. (7)),
//   η_k'' + ω_k² η_k = c̃_k + f̃_k cos Ωt,   c̃ = Λᵀc, f̃ = Λᵀf   (Λᵀ = Λ⁻¹M⁻²),
// whose solution is the static part c̃_k/ω_k², the particular part P_k cos Ωt with
// P_k = f̃_k/(ω_k² − Ω²), and the homogeneous part x_k cos(ω_k s) + y_k sin(ω_k s), s = t − t_s,
// fixed by η(t_s), η'(t_s). A forcing at a natural frequency has no bounded particular
// solution, and one close to it amplifies the rounding of the flight by ω_k/|ω_k − Ω|:
// the flight refuses |Ω − ω_k| ≤ √ε ω_k (half the digits lost).
//
// Derivative bounds: each derivative multiplies the homogeneous amplitude R_k = √(x_k² + y_k²)
// by ω_k and P_k by Ω, so for every t
//   |q_i^(n)(t)| ≤ Σ_k |Λ_ik| (R_k ω_k^n + |P_k| Ω^n),   n ≥ 1,
// a global bound, rigorous for the computed coefficients (there is no damping, so no local
// bound would be tighter than the amplitudes). n = 2 is the curvature bound M ≥ sup|g''| of
// the certified contact search (first_zero.hpp); n = 3, 4 certify lift-off from rest.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <cmath>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

template <class Real>
class SystemFlight {
 public:
  using real_type = Real;

  /// `basis`: the modal basis of (M², A²) of the coordinates that move (null when none
  /// does: a flight of dimension 0); `constant` c, `amplitude` f (sized like the basis) and
  /// `frequency` Ω: the forcing c + f cos Ωt. Throws std::invalid_argument near resonance.
  SystemFlight(std::shared_ptr<const ModalBasis<Real>> basis, const Vector<Real>& constant,
               const Vector<Real>& amplitude, Real frequency, Real t_s, const Vector<Real>& q_s,
               const Vector<Real>& v_s)
      : basis_(std::move(basis)), frequency_(std::move(frequency)), t_s_(std::move(t_s)) {
    using std::abs;
    using std::cos;
    using std::sin;
    using std::sqrt;
    const std::size_t n = dimension();
    if (q_s.size() != n || v_s.size() != n || constant.size() != n || amplitude.size() != n)
      throw std::invalid_argument("SystemFlight: data of the wrong size");
    static_part_.resize(n);
    particular_.assign(n, Real(0));
    cos_part_.resize(n);
    sin_part_.resize(n);
    amplitude_.resize(n);
    if (n == 0) return;
    const Matrix<Real>& inverse = basis_->inverse_modes();  // Λ⁻¹ = QᵀM
    const Matrix<Real>& modes = basis_->modes();            // Λ = M⁻¹Q: Λᵀ = Λ⁻¹M⁻²
    const Vector<Real> eta = inverse * q_s, eta_rate = inverse * v_s;
    const Real phase = frequency_ * t_s_;
    const Real cos_phase = cos(phase), sin_phase = sin(phase);
    for (std::size_t k = 0; k < n; ++k) {
      const Real& w = basis_->omega()[k];
      Real c_k(0), f_k(0);
      for (std::size_t i = 0; i < n; ++i) {
        c_k += modes(i, k) * constant[i];
        f_k += modes(i, k) * amplitude[i];
      }
      static_part_[k] = c_k / basis_->omega_squared()[k];
      if (f_k != 0) {
        if (!(abs(w - frequency_) > sqrt(epsilon<Real>()) * w))
          throw std::invalid_argument("the forcing frequency " + to_text(frequency_) +
                                      " resonates with the natural frequency " + to_text(w) +
                                      " (|Ω − ω| ≤ √ε ω): the closed-form flight has no bounded particular solution");
        particular_[k] = f_k / ((w - frequency_) * (w + frequency_));  // ω² − Ω² without cancellation
      }
      cos_part_[k] = eta[k] - static_part_[k] - particular_[k] * cos_phase;
      sin_part_[k] = (eta_rate[k] + particular_[k] * frequency_ * sin_phase) / w;
      amplitude_[k] = sqrt(cos_part_[k] * cos_part_[k] + sin_part_[k] * sin_part_[k]);
    }
  }

  /// Coordinates that move (the size of the vectors below).
  std::size_t dimension() const { return basis_ ? basis_->dimension() : 0; }
  const Real& start() const { return t_s_; }

  /// η^(order)(t): the modal coordinates' order-th derivative.
  Vector<Real> modal_derivative(int order, const Real& t) const {
    using std::cos;
    using std::sin;
    const std::size_t n = dimension();
    Vector<Real> out(n);
    const Real s = t - t_s_;
    // d/dt maps (a cos + b sin) to (ω b cos − ω a sin): the pair (a, b) rotates by a quarter turn.
    const auto differentiate = [order](Real a, Real b, const Real& w, const Real& angle) {
      for (int m = 0; m < order; ++m) {
        const Real next = w * b;
        b = -w * a;
        a = next;
      }
      return Real(a * cos(angle) + b * sin(angle));
    };
    for (std::size_t k = 0; k < n; ++k) {
      const Real& w = basis_->omega()[k];
      out[k] = differentiate(cos_part_[k], sin_part_[k], w, Real(w * s));
      if (particular_[k] != 0) out[k] += differentiate(particular_[k], Real(0), frequency_, Real(frequency_ * t));
      if (order == 0) out[k] += static_part_[k];
    }
    return out;
  }

  /// q^(order)(t) = Λ η^(order)(t), every coordinate.
  Vector<Real> derivative(int order, const Real& t) const {
    if (dimension() == 0) return {};
    return basis_->modes() * modal_derivative(order, t);
  }
  Vector<Real> position(const Real& t) const { return derivative(0, t); }
  Vector<Real> velocity(const Real& t) const { return derivative(1, t); }
  /// q''(t) from the modal second derivatives (not from the equation of motion, so that
  /// the two can check each other).
  Vector<Real> acceleration(const Real& t) const { return derivative(2, t); }

  /// q_i^(order)(t), one coordinate.
  Real coordinate(std::size_t i, int order, const Real& t) const {
    const Vector<Real> eta = modal_derivative(order, t);
    Real sum(0);
    for (std::size_t k = 0; k < dimension(); ++k) sum += basis_->modes()(i, k) * eta[k];
    return sum;
  }

  /// An upper bound of sup_t |q_i^(order)(t)|, order ≥ 1 (the comment at the top).
  Real derivative_bound(std::size_t i, int order) const {
    using std::abs;
    const auto power = [order](const Real& x) {
      Real p(1);
      for (int m = 0; m < order; ++m) p *= x;
      return p;
    };
    Real sum(0);
    for (std::size_t k = 0; k < dimension(); ++k)
      sum += abs(basis_->modes()(i, k)) *
             (amplitude_[k] * power(basis_->omega()[k]) + abs(particular_[k]) * power(frequency_));
    return sum;
  }

  /// The gap g(t) = q_i(t) − bound of coordinate i to a bound, its rate g', and
  /// M ≥ sup |g''| for the certified contact search.
  Real gap(std::size_t i, const Real& bound, const Real& t) const { return coordinate(i, 0, t) - bound; }
  Real gap_rate(std::size_t i, const Real& t) const { return coordinate(i, 1, t); }
  Real gap_curvature_bound(std::size_t i) const { return derivative_bound(i, 2); }

 private:
  std::shared_ptr<const ModalBasis<Real>> basis_;
  Real frequency_, t_s_;
  Vector<Real> static_part_, particular_, cos_part_, sin_part_, amplitude_;
};

}  // namespace vibro
