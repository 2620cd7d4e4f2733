#pragma once
// The standard one-step scheme of seed 002 eq. (16) (symplectic Euler) for free motion of
// M²q'' + A²q = h(t) (docs/mathematics.md §6):
//   q^{k+1} = q^k + Δt v^k,  M²(v^{k+1} − v^k) = −Δt A² q^{k+1} (+ Δt h(t_{k+1})),
// the velocity update taking the force at the new position and time (derived forcing). The
// scheme seed 002 §3.1 compares the non-standard ones with (experiment 1: 4.99e−3). A
// system with a bound is refused: the MMM scheme (scheme/moreau_monteiro_marques.hpp) is
// this scheme with the velocity projection.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/scheme/ndof_scheme_support.hpp"
#include "vibro/scheme/scheme.hpp"
#include "vibro/scheme/system_scheme_base.hpp"

#include <cstddef>
#include <utility>
#include <vector>

namespace vibro {

template <class Real>
class StandardOneStep : public SystemSchemeBase<Real, OneStepState<Real>> {
  using Base = SystemSchemeBase<Real, OneStepState<Real>>;
  using Base::dt_, Base::model_, Base::node_time, Base::t0_;

 public:
  using typename Base::model_type;
  using typename Base::State;

  /// Seed 002 eq. (16) is the symplectic Euler step with the start q^1 = q0 + Δt v0: first
  /// order in position and velocity (docs/mathematics.md §6), a lower bound.
  static constexpr DeclaredOrders declared_orders =
      declare_orders({{ErrorMetric::position_linf, {1, false, "seed 002 eq. (16), docs/mathematics.md §6"}},
                      {ErrorMetric::velocity_linf, {1, false, "seed 002 eq. (16), docs/mathematics.md §6"}}});
  /// The step is rational, but the model is not: LinearImpactSystem checks A² by a Cholesky
  /// factorisation (square roots) and its forcing needs cos.
  static constexpr bool rational_arithmetic = false;

  /// Throws std::invalid_argument for a step that is not finite and positive and for a
  /// system with a bound.
  StandardOneStep(model_type model, Real dt, Real t0 = Real(0))
      : Base(std::move(model), std::move(dt), std::move(t0)),
        b_squared_((detail::require_free_motion(model_, "standard one-step", "Moreau-Monteiro Marques"),
                    detail::b_squared(model_))),
        inverse_mass_squared_(detail::inverse_mass_squared(model_)) {}

  /// (q0, v0); throws std::invalid_argument for data of the wrong size or not finite.
  State start(const Vector<Real>& q0, const Vector<Real>& v0) const {
    return detail::one_step_state(q0, detail::start_velocity(model_, q0, v0));
  }

  /// (q^k, v^k) → (q^{k+1}, v^{k+1}) by eq. (16). Never projects: returns false.
  bool step(State& x) const {
    const std::size_t n = x.q.size();
    for (std::size_t i = 0; i < n; ++i) x.q_next[i] = x.q[i] + dt_ * x.v[i];
    detail::retarding_acceleration_into(model_, b_squared_, inverse_mass_squared_, node_time(x.n + 1), x);
    for (std::size_t i = 0; i < n; ++i) x.v_next[i] = x.v[i] - dt_ * x.scratch[i];
    std::swap(x.q, x.q_next);
    std::swap(x.v, x.v_next);
    ++x.n;
    return false;
  }

  /// Seed 002 eq. (20) of the scheme's (q^k, v^k); not conserved by this scheme.
  Real energy(const State& x) const { return model_.energy(x.q, x.v); }

 private:
  Matrix<Real> b_squared_;  ///< M⁻²A²
  Vector<Real> inverse_mass_squared_;
};

}  // namespace vibro
