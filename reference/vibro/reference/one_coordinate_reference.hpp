#pragma once
// The N-DOF exact-detection reference (system_reference.hpp) of a system with one coordinate,
// seen as a 1-DOF reference: position(t) and velocity(t) are scalars. Seed 003's conservative
// oscillator between two stops, y'' + ω² y = 0 in K = [lower, upper] (docs/mathematics.md §5),
// is the linear system M² = 1, A² = ω², with both bounds on its one coordinate; the 1-DOF
// reference of closed-form flights (dense_reference.hpp) has one obstacle below, the N-DOF one
// a box, so the two-stop oscillator is measured against the latter.

#include "vibro/reference/system_reference.hpp"

#include <utility>
#include <vector>

namespace vibro {

template <class Real>
class OneCoordinateReference {
 public:
  /// `system` has one coordinate (its constructor's caller builds it so).
  explicit OneCoordinateReference(SystemReference<Real> system) : system_(std::move(system)) {}

  Real position(const Real& t) const { return system_.position(t)[0]; }
  Real velocity(const Real& t) const { return system_.velocity(t)[0]; }
  std::vector<Real> impact_times() const { return system_.impact_times(); }
  const auto& events() const { return system_.events(); }

 private:
  SystemReference<Real> system_;
};

}  // namespace vibro
