#pragma once
// The nonlinear reference (nonlinear_reference.hpp) over a whole horizon, evaluable at any
// time: what a convergence study compares a scheme of the Duffing oscillator against
// (docs/mathematics.md §5 and §8), as DenseReference is for models with closed-form flights.
// The run is made once, its events kept and its state stored at checkpoints t0 + j·spacing;
// position(t) and velocity(t) continue the reference from the last checkpoint at or before t
// (checkpointed_run.hpp). A continuation re-detects any contact in between with the same
// certified search, so its values are as accurate as the reference's (integrator tolerance,
// integrated_flight.hpp), at the cost of at most one spacing of integration per evaluation.

#include "vibro/reference/checkpointed_run.hpp"
#include "vibro/reference/nonlinear_reference.hpp"

#include <stdexcept>
#include <vector>

namespace vibro {

template <class Model>
class DenseNonlinearReference {
 public:
  using Real = typename Model::real_type;
  using State = ReferenceState<Real>;

  /// Runs the reference with these settings from (t0, u0, v0) to t_end (> t0), keeping its
  /// state every `spacing` (> 0).
  DenseNonlinearReference(const NonlinearReference<Model>& reference, const Real& t0, const Real& u0,
                          const Real& v0, const Real& t_end, const Real& spacing)
      : run_(reference, start(reference, t0, u0, v0, t_end, spacing), t_end, spacing, "DenseNonlinearReference") {}

  Real position(const Real& t) const { return run_.state_at(t).u; }
  Real velocity(const Real& t) const { return run_.state_at(t).v; }

  const std::vector<ReferenceEvent<Real>>& events() const { return run_.events(); }
  /// Times of the transverse impacts (the events a scheme's impacts are compared with).
  std::vector<Real> impact_times() const { return vibro::impact_times(run_.events()); }

 private:
  static State start(const NonlinearReference<Model>& reference, const Real& t0, const Real& u0, const Real& v0,
                     const Real& t_end, const Real& spacing) {
    if (!(spacing > 0) || !(t_end > t0))
      throw std::invalid_argument("DenseNonlinearReference: needs t_end > t0 and a positive spacing");
    return reference.start(t0, u0, v0);
  }

  CheckpointedRun<NonlinearReference<Model>, State, ReferenceEvent<Real>> run_;
};

}  // namespace vibro
