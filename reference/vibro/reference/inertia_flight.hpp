#pragma once
// The integrated motion of a general-inertia model between two events of the event-driven
// reference (inertia_reference.hpp, docs/mathematics.md §7.2): the state x = (q, u) ∈ R^{2d}
// with q' = u and M(q)u' = f(t, q, u) in flight, or M(q)u' = f − λ∇g_j in contact with
// constraint j (inertia_dynamics.hpp), integrated by the controlled RKF 7(8) of
// controlled_rkf78.hpp, one accepted step at a time, as the 1-DOF flight of
// integrated_flight.hpp is. On the current step [t_k, t_{k+1}] it offers what the
// certified contact search (first_zero.hpp) needs, for the gap γ_j(t) = −g_j(q(t)) of
// every constraint (≥ 0 in L):
// - the state at any t of the step by re-integrating ONE RKF78 step from t_k (as accurate
//   as the step ends; the stored end state at t_{k+1});
// - γ_j, γ_j' = −∇g_j·u and γ_j'' = −(uᵀ∇²g_j u + ∇g_j·u') there;
// - an estimate of the range of γ_j'' on a sub-interval, the quintic Hermite estimate of
//   hermite_curvature.hpp from (γ, γ', γ'') at both step ends: an estimate, not a bound.
// In contact mode it also gives λ(t), whose sign change is the release.
//
// A flight object is not thread-safe: evaluations reuse the stepper's and the dynamics'
// buffers.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/double_pendulum.hpp"
#include "vibro/model/general_inertia.hpp"
#include "vibro/reference/controlled_rkf78.hpp"
#include "vibro/reference/hermite_curvature.hpp"
#include "vibro/reference/inertia_dynamics.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/scalar_list.hpp"

#include <boost/numeric/odeint/algebra/range_algebra.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace vibro {

template <GeneralInertiaModel Model>
class InertiaFlight {
 public:
  using Real = typename Model::real_type;
  using State = Vector<Real>;  ///< (q, u): q in [0, d), u in [d, 2d)

  /// The motion through (t0, q0, u0) — free, or in contact with constraint `contact` —
  /// before its first step; `first_step` is the step size to try first.
  InertiaFlight(const Model& model, const Real& t0, const Vector<Real>& q0, const Vector<Real>& u0,
                std::optional<std::size_t> contact, const IntegrationSettings<Real>& settings, const Real& first_step)
      : dynamics_(model), controller_(settings), contact_(contact), d_(model.dimension()), t0_(t0), t1_(t0),
        proposed_(first_step), q_(d_), u_(d_), a_(d_), gradient_(d_) {
    if (!(first_step > 0)) throw std::invalid_argument("inertia flight: the first step must be positive");
    x1_.resize(2 * d_);
    for (std::size_t i = 0; i < d_; ++i) {
      x1_[i] = q0[i];
      x1_[d_ + i] = u0[i];
    }
    if (!all_finite(x1_)) throw std::runtime_error("inertia flight: the state at t = " + to_text(t0) + " is not finite");
    system()(x1_, dx1_, t1_);
    if (!all_finite(dx1_)) throw std::runtime_error("inertia flight: u' at t = " + to_text(t0) + " is not finite");
    x0_ = x1_;
    dx0_ = dx1_;
    const std::size_t m = model.constraint_count();
    ends0_.resize(m);
    ends1_.resize(m);
    curvature_.resize(m);
    for (std::size_t j = 0; j < m; ++j) ends1_[j] = gap_data(j, x1_, dx1_);
    ends0_ = ends1_;
  }

  /// Takes one accepted step from step_end(), ending at or before t_limit > step_end().
  void step(const Real& t_limit) {
    if (!(t_limit > t1_))
      throw std::invalid_argument("inertia flight: step limit " + to_text(t_limit) + " is not after t = " +
                                  to_text(t1_));
    const AcceptedStep<Real> accepted = controller_.step(system(), t1_, x1_, dx1_, t_limit, proposed_, out_,
                                                         "general-inertia reference");
    t0_ = t1_;
    x0_.swap(x1_);
    dx0_.swap(dx1_);
    ends0_.swap(ends1_);
    t1_ = accepted.t_end;
    x1_.swap(out_);
    system()(x1_, dx1_, t1_);
    interior_.forget();
    for (std::size_t j = 0; j < ends1_.size(); ++j) {
      ends1_[j] = gap_data(j, x1_, dx1_);
      curvature_[j] = HermiteCurvature<Real>(accepted.h, ends0_[j], ends1_[j]);
    }
  }

  const Real& step_start() const { return t0_; }
  const Real& step_end() const { return t1_; }
  const Real& proposed_step() const { return proposed_; }
  std::int64_t rejected_steps() const { return controller_.rejected_steps(); }
  const std::optional<std::size_t>& contact() const { return contact_; }

  /// q(t) and u(t) for t in the current step.
  Vector<Real> position(const Real& t) const {
    const State& x = state_at(t);
    return Vector<Real>(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(d_));
  }
  Vector<Real> velocity(const Real& t) const {
    const State& x = state_at(t);
    return Vector<Real>(x.begin() + static_cast<std::ptrdiff_t>(d_), x.end());
  }

  /// γ_j = −g_j(q(t)), its rate and its curvature at t in the current step.
  HermiteEnd<Real> gap(std::size_t j, const Real& t) const {
    if (t == t0_) return ends0_[j];
    if (t == t1_) return ends1_[j];
    const State& x = state_at(t);
    system()(x, scratch_, t);
    return gap_data(j, x, scratch_);
  }

  /// Estimates of min γ_j'' and max γ_j'' on [t_from, t_to] inside the current step.
  Range<Real> gap_curvature_range(std::size_t j, const Real& t_from, const Real& t_to) const {
    require_in_step(t_from, t_to);
    if (t1_ == t0_) return {ends0_[j].curvature, ends0_[j].curvature};
    const Real h = t1_ - t0_;
    return curvature_[j].range(Real((t_from - t0_) / h), Real((t_to - t0_) / h));
  }

  /// λ(t) of the constraint held, for t in the current step (contact mode only).
  Real contact_force(const Real& t) const {
    if (!contact_) throw std::logic_error("inertia flight: no contact force in free flight");
    const State& x = state_at(t);
    split(x);
    return dynamics_.multiplier(t, q_, u_, *contact_);
  }

 private:
  using Controller = ControlledRkf78<State, Real, boost::numeric::odeint::range_algebra>;

  auto system() const {
    return [this](const State& x, State& dxdt, const Real& t) {
      split(x);
      dxdt.resize(2 * d_);
      dynamics_.acceleration(t, q_, u_, contact_, a_);
      for (std::size_t i = 0; i < d_; ++i) {
        dxdt[i] = u_[i];
        dxdt[d_ + i] = a_[i];
      }
    };
  }

  /// q_ and u_ from x.
  void split(const State& x) const {
    for (std::size_t i = 0; i < d_; ++i) {
      q_[i] = x[i];
      u_[i] = x[d_ + i];
    }
  }

  /// (γ, γ', γ'') of constraint j from the state x and its derivative dx.
  HermiteEnd<Real> gap_data(std::size_t j, const State& x, const State& dx) const {
    split(x);
    const Model& model = dynamics_.model();
    model.constraint_gradient(j, q_, gradient_);
    Real rate(0), normal_acceleration(0);
    for (std::size_t i = 0; i < d_; ++i) {
      rate += gradient_[i] * u_[i];
      normal_acceleration += gradient_[i] * dx[d_ + i];
    }
    return {Real(-model.constraint(j, q_)), Real(-rate),
            Real(-(model.constraint_curvature(j, q_, u_) + normal_acceleration))};
  }

  void require_in_step(const Real& t_from, const Real& t_to) const {
    require_within_step(t0_, t1_, t_from, t_to, "inertia flight");
  }

  /// The state at t in the current step (the last interior evaluation is kept).
  const State& state_at(const Real& t) const {
    return interior_.at(controller_, system(), t0_, x0_, dx0_, t1_, x1_, t, "inertia flight");
  }

  mutable InertiaDynamics<Model> dynamics_;
  Controller controller_;
  std::optional<std::size_t> contact_;
  std::size_t d_;
  Real t0_, t1_;
  State x0_, x1_, dx0_, dx1_, out_;
  Real proposed_;
  std::vector<HermiteEnd<Real>> ends0_, ends1_;  // (γ_j, γ_j', γ_j'') at the step ends
  std::vector<HermiteCurvature<Real>> curvature_;
  mutable Vector<Real> q_, u_, a_, gradient_;
  mutable State scratch_;
  StepInterior<State, Real> interior_;
};

// The double pendulum is the one general-inertia model: compiled once per floating type.
VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(InertiaFlight, DoublePendulum)

}  // namespace vibro
