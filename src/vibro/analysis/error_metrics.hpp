#pragma once
// Errors of a trajectory against an exact solution on the trajectory's own grid
// (docs/mathematics.md §8): L∞ and L1 of position and velocity. L1 uses the grid's own steps,
// Σ (t_{n+1} − t_n)|e_n| over n < N, so it also serves non-uniform grids. The errors
// accumulate node by node (GridErrorAccumulator), so a run of any length is measured
// without being stored.

#include "vibro/analysis/exact_along_run.hpp"
#include "vibro/linalg/coordinates.hpp"
#include "vibro/scheme/trajectory.hpp"

#include <cmath>
#include <optional>
#include <utility>

namespace vibro {

template <class Real>
struct GridErrors {
  Real position_linf = Real(0);
  Real position_l1 = Real(0);
  Real velocity_linf = Real(0);
  Real velocity_l1 = Real(0);
};

/// The grid errors of nodes given in order of time. `exact` provides position(t) and
/// velocity(t) (evaluated together where it can: analysis/exact_along_run.hpp); the
/// velocity is compared with the scheme's discrete velocity V^n at t_n.
/// The coordinates are a scalar or, for an N-DOF system, a Vector: its error at a node is
/// the largest over the coordinates (linalg/coordinates.hpp).
template <class Real, class Exact>
class GridErrorAccumulator {
 public:
  explicit GridErrorAccumulator(const Exact& exact) : exact_(along_run(exact)) {}

  /// X^n = (t_n, U^n, V^n); the previous node's error enters L1 with weight t_n − t_{n−1}.
  template <class Coordinates>
  void node(const Real& t, const Coordinates& u, const Coordinates& v) {
    if (previous_) {
      const Real dt = t - previous_->t;
      errors_.position_l1 += dt * previous_->position_error;
      errors_.velocity_l1 += dt * previous_->velocity_error;
    }
    const auto exact = exact_.state(t);
    const Real position_error = distance(u, exact.position);
    const Real velocity_error = distance(v, exact.velocity);
    if (position_error > errors_.position_linf) errors_.position_linf = position_error;
    if (velocity_error > errors_.velocity_linf) errors_.velocity_linf = velocity_error;
    previous_ = Previous{t, position_error, velocity_error};
  }

  const GridErrors<Real>& errors() const { return errors_; }
  /// |U^N − u(t_N)| and |V^N − v(t_N)| of the last node so far (none before the first).
  std::optional<Real> last_position_error() const { return previous_ ? std::optional(previous_->position_error) : std::nullopt; }
  std::optional<Real> last_velocity_error() const { return previous_ ? std::optional(previous_->velocity_error) : std::nullopt; }

 private:
  struct Previous {
    Real t, position_error, velocity_error;
  };
  decltype(along_run(std::declval<const Exact&>())) exact_;
  GridErrors<Real> errors_;
  std::optional<Previous> previous_;
};

template <class Real, class Exact>
GridErrors<Real> grid_errors(const Trajectory<Real>& trajectory, const Exact& exact) {
  GridErrorAccumulator<Real, Exact> errors(exact);
  for (std::size_t n = 0; n < trajectory.size(); ++n) errors.node(trajectory.t[n], trajectory.u[n], trajectory.v[n]);
  return errors.errors();
}

}  // namespace vibro
