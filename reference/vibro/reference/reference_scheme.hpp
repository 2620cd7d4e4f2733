#pragma once
// The exact-detection references in the shape of a scheme (vibro/scheme/scheme.hpp), so
// that a reference case runs through the same run layer as every scheme. A reference has no
// time step: one step advances it to the next sampling time — t0 + k·Δ for the interval Δ
// it is built with (the forcing period of a stroboscopic run), or exactly to the limit
// given to step(x, t_limit) (a section time, or t_end) — and the state keeps what that step
// met: its events and, where the reference computes one, the derivative of the flow over
// it (fundamental and saltation matrices, seed 001 Theorem 3.1).

#include "vibro/reference/contact_law.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/scheme.hpp"

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace vibro {

template <class Reference>
class ReferenceScheme {
 public:
  using model_type = typename Reference::model_type;
  using real_type = typename Reference::Real;
  using Real = real_type;

  struct State {
    ReferenceState<Real> at;  ///< t, u, v, stuck, and the segments counted against the hard cap
    std::int64_t n = 0;       ///< steps taken
    std::vector<ReferenceEvent<Real>> events;  ///< the events of the last step, in order
    /// ∂x(t_n)/∂x(t_{n−1}) over the last step (identity and defined for a reference that
    /// computes no derivative).
    FlowJacobian<Real> jacobian;
  };

  /// Exact up to the certified contact search and the precision: no convergence order.
  static constexpr DeclaredOrders declared_orders{};
  /// Root finding, cos, exp: never exact in rationals.
  static constexpr bool rational_arithmetic = false;

  /// Sampling interval Δ > 0 from t0.
  ReferenceScheme(Reference reference, Real t0, Real interval)
      : reference_(std::move(reference)), t0_(std::move(t0)), interval_(std::move(interval)) {
    if (!is_finite(t0_)) throw std::invalid_argument("t0 must be finite");
    if (!is_finite(interval_) || !(interval_ > 0))
      throw std::invalid_argument("sampling interval " + to_text(interval_) + " must be > 0 and finite");
  }

  const model_type& model() const { return reference_.model(); }
  const Reference& reference() const { return reference_; }
  const Real& initial_time() const { return t0_; }

  const Real& time(const State& x) const { return x.at.t; }
  const Real& position(const State& x) const { return x.at.u; }
  const Real& velocity(const State& x) const { return x.at.v; }

  /// The state at t0; throws std::invalid_argument for inadmissible data.
  State start(const Real& u0, const Real& v0) const { return State{reference_.start(t0_, u0, v0), 0, {}, {}}; }

  /// To t0 + (n+1)Δ (formed as t0 + Δ·(n+1), like every section time). True when the step
  /// met an event.
  bool step(State& x) const { return step(x, Real(t0_ + interval_ * (x.n + 1))); }

  /// To t_limit > t exactly, whatever Δ is. True when the step met an event.
  bool step(State& x, const Real& t_limit) const {
    if (!(t_limit > x.at.t))
      throw std::invalid_argument("t_limit = " + to_text(t_limit) + " must lie after t = " + to_text(x.at.t));
    x.events.clear();
    x.jacobian = FlowJacobian<Real>{};
    const auto record = [&](const ReferenceEvent<Real>& e) { x.events.push_back(e); };
    if constexpr (requires { reference_.advance(x.at, t_limit, record, &x.jacobian); })
      reference_.advance(x.at, t_limit, record, &x.jacobian);
    else
      reference_.advance(x.at, t_limit, record);
    ++x.n;
    return !x.events.empty();
  }

  /// To t_target ≥ t in one step (none when already there), then observer(x, met an event).
  template <class Observer>
  void advance_to(State& x, const Real& t_target, Observer&& observer) const {
    if (!(t_target >= x.at.t))
      throw std::invalid_argument("t_target = " + to_text(t_target) + " lies before t = " + to_text(x.at.t));
    if (x.at.t == t_target) return;
    const bool met = step(x, t_target);
    observer(std::as_const(x), met);
  }

 private:
  Reference reference_;
  Real t0_, interval_;
};

}  // namespace vibro
