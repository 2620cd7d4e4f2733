#pragma once
// The general-inertia reference (inertia_reference.hpp) over a whole horizon, evaluable at
// any time: what a convergence study compares the sweeping-process scheme against
// (docs/mathematics.md §7.2), as DenseNonlinearReference is for the 1-DOF nonlinear
// reference. The run is made once, its events kept and its state stored at checkpoints
// t0 + k·spacing; position(t) and velocity(t) continue the reference from the last
// checkpoint at or before t (a copy of the state, so evaluations are independent and may
// run in parallel), re-detecting any event in between with the same search, so they are as
// accurate as the run itself (its integrator tolerance) at the cost of at most one spacing
// of integration per evaluation. At an event time they give the state after the event
// (velocity right-continuous).

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/reference/inertia_reference.hpp"
#include "vibro/scalar/format.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <utility>
#include <vector>

namespace vibro {

template <class Model>
class DenseInertiaReference {
 public:
  using Real = typename Model::real_type;
  using State = InertiaState<Real>;
  using Event = InertiaEvent<Real>;

  /// Runs the reference from (t0, q0, u0) to t_end (> t0), keeping its state every
  /// `spacing` (> 0).
  DenseInertiaReference(InertiaReference<Model> reference, const Real& t0, const Vector<Real>& q0,
                        const Vector<Real>& u0, const Real& t_end, const Real& spacing)
      : reference_(std::move(reference)) {
    if (!(spacing > 0) || !(t_end > t0))
      throw std::invalid_argument("DenseInertiaReference: needs t_end > t0 and a positive spacing");
    State x = reference_.start(t0, q0, u0);
    checkpoints_.push_back(x);
    for (std::int64_t k = 1; x.t < t_end; ++k) {
      const Real next = t0 + Real(k) * spacing;
      reference_.advance(x, next < t_end ? next : t_end, [&](const Event& e) { events_.push_back(e); });
      checkpoints_.push_back(x);
    }
  }

  const InertiaReference<Model>& reference() const { return reference_; }

  Vector<Real> position(const Real& t) const { return state_at(t).q; }
  Vector<Real> velocity(const Real& t) const { return state_at(t).u; }
  /// The model's energy at t (after the events at t).
  Real energy(const Real& t) const {
    const State x = state_at(t);
    return reference_.model().energy(x.q, x.u);
  }

  const std::vector<Event>& events() const { return events_; }
  /// Times of the impacts, on every constraint, in time order.
  std::vector<Real> impact_times() const {
    std::vector<Real> times;
    for (const Event& e : events_)
      if (e.kind == EventKind::impact) times.push_back(e.t);
    return times;
  }
  /// Integrator steps and events of the run (the hard cap's count).
  std::int64_t steps() const { return checkpoints_.back().segments; }

 private:
  State state_at(const Real& t) const {
    if (t < checkpoints_.front().t || t > checkpoints_.back().t)
      throw std::invalid_argument("DenseInertiaReference: time " + to_text(t) + " outside the horizon");
    const auto after = std::upper_bound(checkpoints_.begin(), checkpoints_.end(), t,
                                        [](const Real& time, const State& s) { return time < s.t; });
    State x = *std::prev(after);
    reference_.advance(x, t, [](const Event&) {});
    return x;
  }

  InertiaReference<Model> reference_;
  std::vector<State> checkpoints_;
  std::vector<Event> events_;
};

}  // namespace vibro
