#pragma once
// A reference run over a whole horizon, evaluable at any time: the part shared by the dense
// forms of the integrated references (dense_nonlinear_reference.hpp for the 1-DOF nonlinear
// reference, dense_inertia_reference.hpp for the general-inertia one). The run is made once,
// its events kept and its state stored at checkpoints t0 + k·spacing; state_at(t) continues
// the reference from the last checkpoint at or before t (a copy of the state, so
// evaluations are independent and may run in parallel). A continuation re-detects any
// event in between with the same search, so its values are as accurate as the run itself
// (its integrator tolerance) at the cost of at most one spacing of integration per
// evaluation. At an event time it gives the state after the event.
//
// Reference: advance(State&, const Real&, Sink) as NonlinearReference and InertiaReference
// have it; State: a struct with the time `t`; Event: what the reference's sink receives.

#include "vibro/scalar/format.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

template <class Reference, class State, class Event>
class CheckpointedRun {
 public:
  using Real = decltype(State::t);

  /// Runs `reference` from `start` to t_end (> start.t), keeping its state every `spacing`
  /// (> 0); `name` opens the messages of its errors.
  CheckpointedRun(Reference reference, State start, const Real& t_end, const Real& spacing, const std::string& name)
      : reference_(std::move(reference)), name_(name) {
    const Real t0 = start.t;
    checkpoints_.push_back(std::move(start));
    State x = checkpoints_.back();
    for (std::int64_t k = 1; x.t < t_end; ++k) {
      const Real next = t0 + Real(k) * spacing;
      reference_.advance(x, next < t_end ? next : t_end, [&](const Event& e) { events_.push_back(e); });
      checkpoints_.push_back(x);
    }
  }

  const Reference& reference() const { return reference_; }
  const std::vector<Event>& events() const { return events_; }
  /// The state at the end of the horizon.
  const State& last() const { return checkpoints_.back(); }

  /// The reference's state at t ∈ [t0, t_end], continued from the last checkpoint ≤ t.
  State state_at(const Real& t) const {
    if (t < checkpoints_.front().t || t > checkpoints_.back().t)
      throw std::invalid_argument(name_ + ": time " + to_text(t) + " outside the horizon");
    const auto after = std::upper_bound(checkpoints_.begin(), checkpoints_.end(), t,
                                        [](const Real& time, const State& s) { return time < s.t; });
    State x = *std::prev(after);
    reference_.advance(x, t, [](const Event&) {});
    return x;
  }

 private:
  Reference reference_;
  std::string name_;
  std::vector<State> checkpoints_;
  std::vector<Event> events_;
};

}  // namespace vibro
