#pragma once
// The exact one-step scheme of seed 002 eq. (17) for free motion of M²q'' + A²q = h(t)
// (docs/mathematics.md §6):
//   q^{n+1} = C q^n + Sb v^n,  v^{n+1} = −SB q^n + C v^n,
// exact for every Δt, and conserving the energy of eq. (20), ½(‖Mv‖² + ‖Aq‖²)
// (Proposition 4). The map, with its forcing (derived), is scheme/exact_flow_step.hpp.
// A system with a bound is refused: the NSMMM scheme (scheme/nonstandard_mmm.hpp) is this
// scheme with the velocity projection.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/scheme/exact_flow_step.hpp"
#include "vibro/scheme/ndof_scheme_support.hpp"
#include "vibro/scheme/scheme.hpp"
#include "vibro/scheme/system_scheme_base.hpp"

#include <utility>
#include <vector>

namespace vibro {

template <class Real>
class ExactOneStep : public SystemSchemeBase<Real, OneStepState<Real>> {
  using Base = SystemSchemeBase<Real, OneStepState<Real>>;
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
  static constexpr bool rational_arithmetic = false;

  /// Throws std::invalid_argument for a step that is not finite and positive and for a
  /// system with a bound.
  ExactOneStep(model_type model, Real dt, Real t0 = Real(0))
      : Base(std::move(model), std::move(dt), std::move(t0)),
        flow_((detail::require_free_motion(model_, "exact one-step", "nonstandard MMM"), model_), dt_),
        inverse_mass_squared_(detail::inverse_mass_squared(model_)) {}

  /// (q0, v0); throws std::invalid_argument for data of the wrong size or not finite.
  State start(const Vector<Real>& q0, const Vector<Real>& v0) const {
    State x = detail::one_step_state(q0, detail::start_velocity(model_, q0, v0));
    if (flow_.forced()) detail::scaled_forcing_into(model_, inverse_mass_squared_, t0_, x.forcing_now);
    return x;
  }

  /// (q^n, v^n) → (q^{n+1}, v^{n+1}) by eq. (17). Never projects: returns false.
  bool step(State& x) const {
    if (flow_.forced()) detail::scaled_forcing_into(model_, inverse_mass_squared_, node_time(x.n + 1), x.forcing_next);
    flow_.position_into(x.q, x.v, x.forcing_now, x.q_next);
    flow_.velocity_into(x.q, x.v, x.forcing_now, x.forcing_next, x.v_next, x.scratch);
    std::swap(x.q, x.q_next);
    std::swap(x.v, x.v_next);
    std::swap(x.forcing_now, x.forcing_next);
    ++x.n;
    return false;
  }

  /// Seed 002 eq. (20), conserved by the unforced scheme (Proposition 4).
  Real energy(const State& x) const { return model_.energy(x.q, x.v); }

 private:
  ExactFlowStep<Real> flow_;
  Vector<Real> inverse_mass_squared_;
};

}  // namespace vibro
