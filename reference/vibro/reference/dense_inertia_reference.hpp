#pragma once
// The general-inertia reference (inertia_reference.hpp) over a whole horizon, evaluable at
// any time: what a convergence study compares the sweeping-process scheme against
// (docs/mathematics.md §7.2), as DenseNonlinearReference is for the 1-DOF nonlinear
// reference. The run is made once, its events kept and its state stored at checkpoints
// t0 + k·spacing; position(t) and velocity(t) continue the reference from the last
// checkpoint at or before t (a copy of the state, so evaluations are independent and may
// run in parallel), re-detecting any event in between with the same search, so they are as
// accurate as the run itself (its integrator tolerance) at the cost of at most one spacing
// of integration per evaluation (checkpointed_run.hpp).

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/reference/checkpointed_run.hpp"
#include "vibro/reference/inertia_reference.hpp"

#include <cstdint>
#include <stdexcept>
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
  DenseInertiaReference(const InertiaReference<Model>& reference, const Real& t0, const Vector<Real>& q0,
                        const Vector<Real>& u0, const Real& t_end, const Real& spacing)
      : run_(reference, start(reference, t0, q0, u0, t_end, spacing), t_end, spacing, "DenseInertiaReference") {}

  const InertiaReference<Model>& reference() const { return run_.reference(); }

  Vector<Real> position(const Real& t) const { return run_.state_at(t).q; }
  Vector<Real> velocity(const Real& t) const { return run_.state_at(t).u; }
  /// The model's energy at t (after the events at t).
  Real energy(const Real& t) const {
    const State x = run_.state_at(t);
    return reference().model().energy(x.q, x.u);
  }

  const std::vector<Event>& events() const { return run_.events(); }
  /// Times of the impacts, on every constraint, in time order.
  std::vector<Real> impact_times() const {
    std::vector<Real> times;
    for (const Event& e : run_.events())
      if (e.kind == EventKind::impact) times.push_back(e.t);
    return times;
  }
  /// Integrator steps and events of the run (the hard cap's count).
  std::int64_t steps() const { return run_.last().segments; }

 private:
  static State start(const InertiaReference<Model>& reference, const Real& t0, const Vector<Real>& q0,
                     const Vector<Real>& u0, const Real& t_end, const Real& spacing) {
    if (!(spacing > 0) || !(t_end > t0))
      throw std::invalid_argument("DenseInertiaReference: needs t_end > t0 and a positive spacing");
    return reference.start(t0, q0, u0);
  }

  CheckpointedRun<InertiaReference<Model>, State, Event> run_;
};

}  // namespace vibro
