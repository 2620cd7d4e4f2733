#pragma once
// A solution's position and velocity at one time, evaluated together: the closed-form
// flights share their sines, cosines and exponential between the two (docs/mathematics.md
// §1.1), and an error accumulator compares both at every node.

namespace vibro {

/// u(t) and u'(t): scalars, or Vectors for an N-DOF system.
template <class Coordinates>
struct PositionVelocity {
  Coordinates position, velocity;
};

}  // namespace vibro
