#pragma once
// An exact solution evaluated at a run's nodes, in order of time, as the error accumulators
// ask for it: position and velocity together at each node. A reference with a cursor()
// (DenseReference) keeps its place between nodes instead of searching its segments at
// each; one with state(t) evaluates both at once; anything else is asked position(t) and
// velocity(t) apart (the closed forms of the tests, the N-DOF references).

#include "vibro/model/position_velocity.hpp"

#include <utility>

namespace vibro {

/// Evaluates an exact solution without a cursor through state(t), or position(t) and velocity(t).
template <class Exact>
class StateOf {
 public:
  explicit StateOf(const Exact& exact) : exact_(exact) {}
  template <class Real>
  auto state(const Real& t) const {
    if constexpr (requires { exact_.state(t); }) {
      return exact_.state(t);
    } else {
      using Coordinates = decltype(exact_.position(t));
      return PositionVelocity<Coordinates>{exact_.position(t), exact_.velocity(t)};
    }
  }

 private:
  const Exact& exact_;
};

/// What evaluates `exact` along a run: its cursor when it has one, else a StateOf. The
/// result holds a reference to `exact`, which must outlive it.
template <class Exact>
auto along_run(const Exact& exact) {
  if constexpr (requires { exact.cursor(); }) return exact.cursor();
  else return StateOf<Exact>(exact);
}

}  // namespace vibro
