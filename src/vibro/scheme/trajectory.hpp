#pragma once
// What a run produces: the grid, positions, velocities, and the steps where the scheme's
// projection (the discrete impact) was active, or the corrected scheme's impact times.

#include <cstdint>
#include <utility>
#include <vector>

namespace vibro {

template <class Real>
struct Trajectory {
  std::vector<Real> t;  ///< t_n
  std::vector<Real> u;  ///< U^n
  std::vector<Real> v;  ///< V^n, the scheme's discrete velocity at t_n
  /// Seed numbering: k such that U^{k+1} was computed with the projection active.
  std::vector<std::int64_t> active_steps;
  /// Times of the artificial impacts of the corrected scheme (seed 000 eq. (36)), in order;
  /// empty for the Paoli–Schatzman scheme, whose impacts show in active_steps.
  std::vector<Real> impact_times;
  /// Corrected scheme: halvings of the step (dichotomies) and fallbacks of seed 000
  /// eq. (38) over the run; 0 for the Paoli–Schatzman scheme.
  std::int64_t dichotomies = 0;
  std::int64_t fallbacks = 0;

  std::size_t size() const { return t.size(); }
};

/// Builds a trajectory node by node. The scheme provides State, time(x), position(x) and
/// velocity(x).
template <class Scheme>
class TrajectoryRecorder {
 public:
  /// `nodes`: how many nodes to make room for (0 when unknown).
  explicit TrajectoryRecorder(const Scheme& scheme, std::size_t nodes = 0) : scheme_(scheme) {
    trajectory_.t.reserve(nodes);
    trajectory_.u.reserve(nodes);
    trajectory_.v.reserve(nodes);
  }
  /// Appends X^n; `contact`: the step that produced it made contact (an active projection).
  void node(const typename Scheme::State& x, bool contact = false) {
    trajectory_.t.push_back(scheme_.time(x));
    trajectory_.u.push_back(scheme_.position(x));
    trajectory_.v.push_back(scheme_.velocity(x));
    if (contact) trajectory_.active_steps.push_back(static_cast<std::int64_t>(trajectory_.size()) - 1);
  }
  Trajectory<typename Scheme::Real> take() { return std::move(trajectory_); }

 private:
  const Scheme& scheme_;
  Trajectory<typename Scheme::Real> trajectory_;
};

/// Runs `steps` steps of `scheme` from `x`, recording X^n for every n, and returns the
/// trajectory.
template <class Scheme>
Trajectory<typename Scheme::Real> record_trajectory(const Scheme& scheme, typename Scheme::State x,
                                                    std::int64_t steps) {
  TrajectoryRecorder<Scheme> recorder(scheme, static_cast<std::size_t>(steps) + 1);
  recorder.node(x);
  for (std::int64_t k = 0; k < steps; ++k) {
    const bool contact = static_cast<bool>(scheme.step(x));
    recorder.node(x, contact);
  }
  return recorder.take();
}

}  // namespace vibro
