#pragma once
// Errors of a trajectory against an exact solution on the trajectory's own grid
// (MATH.md §8): L∞ and L1 of position and velocity. L1 uses the grid's own steps,
// Σ (t_{n+1} − t_n)|e_n| over n < N, so it also serves non-uniform grids.

#include "vibro/scheme/trajectory.hpp"

#include <cmath>

namespace vibro {

template <class Real>
struct GridErrors {
  Real position_linf = Real(0);
  Real position_l1 = Real(0);
  Real velocity_linf = Real(0);
  Real velocity_l1 = Real(0);
};

/// `exact` provides position(t) and velocity(t); the velocity is compared with the
/// scheme's discrete velocity V^n at t_n.
template <class Real, class Exact>
GridErrors<Real> grid_errors(const Trajectory<Real>& trajectory, const Exact& exact) {
  using std::abs;
  GridErrors<Real> errors;
  for (std::size_t n = 0; n < trajectory.size(); ++n) {
    const Real position_error = abs(trajectory.u[n] - exact.position(trajectory.t[n]));
    const Real velocity_error = abs(trajectory.v[n] - exact.velocity(trajectory.t[n]));
    if (position_error > errors.position_linf) errors.position_linf = position_error;
    if (velocity_error > errors.velocity_linf) errors.velocity_linf = velocity_error;
    if (n + 1 < trajectory.size()) {
      const Real dt = trajectory.t[n + 1] - trajectory.t[n];
      errors.position_l1 += dt * position_error;
      errors.velocity_l1 += dt * velocity_error;
    }
  }
  return errors;
}

}  // namespace vibro
