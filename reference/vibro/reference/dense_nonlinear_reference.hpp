#pragma once
// The nonlinear reference (nonlinear_reference.hpp) over a whole horizon, evaluable at any
// time: what a convergence study compares a scheme of the Duffing oscillator against
// (docs/mathematics.md §5 and §8), as DenseReference is for models with closed-form flights.
// The run is made once, its events kept and its state stored at checkpoints t0 + j·spacing;
// position(t) and velocity(t) continue the reference from the last checkpoint at or before t
// (a copy of the state, so evaluations are independent and may run in parallel). A
// continuation re-detects any contact in between with the same certified search, so its
// values are as accurate as the reference's (integrator tolerance, integrated_flight.hpp),
// at the cost of at most one spacing of integration per evaluation.

#include "vibro/reference/nonlinear_reference.hpp"
#include "vibro/scalar/format.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <utility>
#include <vector>

namespace vibro {

template <class Model>
class DenseNonlinearReference {
 public:
  using Real = typename Model::real_type;
  using State = ReferenceState<Real>;

  /// Runs the reference with these settings from (t0, u0, v0) to t_end (> t0), keeping its
  /// state every `spacing` (> 0).
  DenseNonlinearReference(NonlinearReference<Model> reference, const Real& t0, const Real& u0, const Real& v0,
                          const Real& t_end, const Real& spacing)
      : reference_(std::move(reference)) {
    if (!(spacing > 0) || !(t_end > t0))
      throw std::invalid_argument("DenseNonlinearReference: needs t_end > t0 and a positive spacing");
    State x = reference_.start(t0, u0, v0);
    checkpoints_.push_back(x);
    for (std::int64_t j = 1; x.t < t_end; ++j) {
      const Real next = t0 + Real(j) * spacing;
      reference_.advance(x, next < t_end ? next : t_end, [&](const ReferenceEvent<Real>& e) { events_.push_back(e); });
      checkpoints_.push_back(x);
    }
  }

  Real position(const Real& t) const { return state_at(t).u; }
  Real velocity(const Real& t) const { return state_at(t).v; }

  const std::vector<ReferenceEvent<Real>>& events() const { return events_; }
  /// Times of the transverse impacts (the events a scheme's impacts are compared with).
  std::vector<Real> impact_times() const { return vibro::impact_times(events_); }

 private:
  /// The reference's state at t ∈ [t0, t_end], continued from the last checkpoint ≤ t.
  State state_at(const Real& t) const {
    if (t < checkpoints_.front().t || t > checkpoints_.back().t)
      throw std::invalid_argument("DenseNonlinearReference: time " + to_text(t) + " outside the horizon");
    const auto after = std::upper_bound(checkpoints_.begin(), checkpoints_.end(), t,
                                        [](const Real& time, const State& s) { return time < s.t; });
    State x = *std::prev(after);
    reference_.advance(x, t, [](const ReferenceEvent<Real>&) {});
    return x;
  }

  NonlinearReference<Model> reference_;
  std::vector<State> checkpoints_;
  std::vector<ReferenceEvent<Real>> events_;
};

}  // namespace vibro
