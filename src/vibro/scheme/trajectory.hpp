#pragma once
// What a run produces: the grid, positions, velocities, and the steps where the scheme's
// projection (the discrete impact) was active, or the corrected scheme's impact times.

#include <cstdint>
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

/// Runs `steps` steps of `scheme` from `x`, recording X^n for every n, and returns the
/// trajectory. The scheme provides State, time(x), position(x), velocity(x) and step(x).
template <class Scheme>
Trajectory<typename Scheme::Real> record_trajectory(const Scheme& scheme, typename Scheme::State x,
                                                    std::int64_t steps) {
  Trajectory<typename Scheme::Real> trajectory;
  const auto samples = static_cast<std::size_t>(steps) + 1;
  trajectory.t.reserve(samples);
  trajectory.u.reserve(samples);
  trajectory.v.reserve(samples);
  auto record = [&] {
    trajectory.t.push_back(scheme.time(x));
    trajectory.u.push_back(scheme.position(x));
    trajectory.v.push_back(scheme.velocity(x));
  };
  record();
  for (std::int64_t k = 0; k < steps; ++k) {
    if (scheme.step(x)) trajectory.active_steps.push_back(x.n);
    record();
  }
  return trajectory;
}

}  // namespace vibro
