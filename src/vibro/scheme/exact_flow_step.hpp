#pragma once
// The exact one-step map of seed 002 eq. (17) over one step Δt, with the forcing of
// docs/mathematics.md §6 (derived): the variation-of-constants formula
//   q(t+Δt) = Cq + Sb v + ∫₀^Δt Sb(Δt−s) M⁻²h(t+s) ds,
//   v(t+Δt) = −SB q + Cv + ∫₀^Δt C(Δt−s) M⁻²h(t+s) ds,
// (C = cos ΔtB, Sb = sin(ΔtB)B⁻¹, SB = sin(ΔtB)B, Sb(0) = 0, C(0) = I) with the integrals by
// the trapezoidal rule:
//   q' = Cq + Sb v + (Δt/2) Sb M⁻²h(t_n),
//   v' = −SB q + Cv + (Δt/2)(C M⁻²h(t_n) + M⁻²h(t_{n+1})).
// The exact one-step scheme steps with it, the NSMMM scheme moves its position with it, and
// the two-step schemes take their q^1 from it. Unforced, the forcing terms are skipped, so
// the map is eq. (17) operation for operation.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/model/linear_impact_system.hpp"

#include <cstddef>

namespace vibro {

template <class Real>
class ExactFlowStep {
 public:
  ExactFlowStep(const LinearImpactSystem<Real>& model, const Real& dt)
      : basis_(model.mass_squared(), model.stiffness()), matrices_(step_matrices(basis_, dt)), forced_(model.forced()) {
    if (forced_) {
      // The buffers hold M⁻²h(t) already (detail::scaled_forcing_into): the matrices carry Δt/2 only.
      const Real half_step = dt / 2;
      position_forcing_ = scaled(matrices_.sin_over_b, half_step);
      velocity_forcing_now_ = scaled(matrices_.cos_b, half_step);
      half_step_ = half_step;
    }
  }

  const ModalBasis<Real>& basis() const { return basis_; }
  const StepMatrices<Real>& matrices() const { return matrices_; }
  bool forced() const { return forced_; }

  /// out = Cq + Sb v (+ (Δt/2) Sb M⁻²h(t_n), `forcing_now` = M⁻²h(t_n)).
  void position_into(const Vector<Real>& q, const Vector<Real>& v, const Vector<Real>& forcing_now,
                     Vector<Real>& out) const {
    multiply_into(matrices_.cos_b, q, out);
    add_product_into(matrices_.sin_over_b, v, out);
    if (forced_) add_product_into(position_forcing_, forcing_now, out);
  }

  /// out = Cv − SB q (+ the velocity forcing); `scratch` is a buffer of size N.
  void velocity_into(const Vector<Real>& q, const Vector<Real>& v, const Vector<Real>& forcing_now,
                     const Vector<Real>& forcing_next, Vector<Real>& out, Vector<Real>& scratch) const {
    multiply_into(matrices_.cos_b, v, out);
    multiply_into(matrices_.sin_times_b, q, scratch);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] -= scratch[i];
    if (forced_) add_velocity_forcing(forcing_now, forcing_next, out);
  }

  /// out += (Δt/2)(C M⁻²h(t_n) + M⁻²h(t_{n+1})) from `forcing_now` = M⁻²h(t_n) and
  /// `forcing_next` = M⁻²h(t_{n+1}): the velocity update's forcing term alone.
  void add_velocity_forcing(const Vector<Real>& forcing_now, const Vector<Real>& forcing_next,
                            Vector<Real>& out) const {
    add_product_into(velocity_forcing_now_, forcing_now, out);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] += half_step_ * forcing_next[i];
  }

 private:
  ModalBasis<Real> basis_;
  StepMatrices<Real> matrices_;
  bool forced_;
  Matrix<Real> position_forcing_;      ///< (Δt/2) Sb
  Matrix<Real> velocity_forcing_now_;  ///< (Δt/2) C
  Real half_step_ = Real(0);           ///< Δt/2

  static Matrix<Real> scaled(Matrix<Real> a, const Real& factor) {
    for (std::size_t i = 0; i < a.rows(); ++i)
      for (std::size_t j = 0; j < a.cols(); ++j) a(i, j) *= factor;
    return a;
  }
};

}  // namespace vibro
