#pragma once
// The exact two-step scheme of seed 002 eq. (13) for free motion of M²q'' + A²q = h(t)
// (docs/mathematics.md §6):
//   q^{n+1} = 2C q^n − q^{n−1},  C = cos(ΔtB),  B² = M⁻²A²,
// whose nodes lie on the exact solution for every Δt (seed 002 §2: q(t+Δt) + q(t−Δt) =
// 2Cq(t)), with q^1 from the exact one-step map (eq. (17)), the velocity
// v^n = (Sb)⁻¹(q^{n+1} − Cq^n) and the conserved energy of eq. (18) (Proposition 3). The
// forced form (derived) and the shared pieces are in scheme/two_step_core.hpp. A system
// with a bound is refused: the NSPS scheme (scheme/nonstandard_paoli_schatzman.hpp) is this
// scheme with the projection.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/scheme/ndof_scheme_support.hpp"
#include "vibro/scheme/scheme.hpp"
#include "vibro/scheme/system_scheme_base.hpp"
#include "vibro/scheme/two_step_core.hpp"

#include <utility>
#include <vector>

namespace vibro {

template <class Real>
class ExactTwoStep : public SystemSchemeBase<Real, TwoStepState<Real>> {
  using Base = SystemSchemeBase<Real, TwoStepState<Real>>;
  using Base::dt_, Base::model_, Base::node_time, Base::t0_;

 public:
  using typename Base::model_type;
  using typename Base::State;

  /// Free motion is exact (seed 002 eq. (13)/(17)): its errors are rounding, which a study
  /// reports as exact or at the floor. With forcing, the derived forcing terms are second
  /// order (docs/mathematics.md §6), a lower bound (constant forcing is exact).
  static constexpr DeclaredOrders declared_orders =
      declare_orders({{ErrorMetric::position_linf, {2, false, "docs/mathematics.md §6 (derived forcing terms)"}},
                      {ErrorMetric::velocity_linf, {2, false, "docs/mathematics.md §6 (derived forcing terms)"}}});
  /// The matrix functions need cos and sin.
  static constexpr bool rational_arithmetic = false;

  /// Throws std::invalid_argument for a step that is not finite and positive, a system
  /// with a bound, and ω_iΔt a multiple of π to rounding (scheme/two_step_core.hpp).
  ExactTwoStep(model_type model, Real dt, Real t0 = Real(0))
      : Base(std::move(model), std::move(dt), std::move(t0)),
        core_((detail::require_free_motion(model_, "exact two-step", "nonstandard Paoli-Schatzman"), model_), dt_) {}

  /// (q^0, q^1) with q^1 from the exact one-step map; throws std::invalid_argument for data
  /// of the wrong size or not finite.
  State start(const Vector<Real>& q0, const Vector<Real>& v0) const {
    return core_.start(model_, t0_, q0, detail::start_velocity(model_, q0, v0));
  }

  /// q^{n+2} = 2C q^{n+1} − q^n. Never projects: returns false.
  bool step(State& x) const {
    core_.free_into(model_, node_time(x.n + 1), x);
    core_.advance(x);
    return false;
  }

  /// Seed 002 eq. (18), conserved by the unforced scheme (Proposition 3).
  Real energy(const State& x) const { return core_.energy(model_, x); }

 private:
  TwoStepCore<Real> core_;
};

}  // namespace vibro
