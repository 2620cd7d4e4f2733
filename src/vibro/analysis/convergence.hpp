#pragma once
// The errors of one run of a convergence study against a reference (MATH.md §8): L∞ and L1
// of position and velocity on the run's own grid, the errors at the final time, the
// impact-time error and the impact-count mismatch. The reference is anything with
// position(t) and velocity(t) (a closed form, or DenseReference); studies do not know
// which scheme or which reference they are given.

#include "vibro/analysis/error_metrics.hpp"
#include "vibro/scheme/trajectory.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace vibro {

template <class Real>
struct StudyErrors {
  GridErrors<Real> grid;
  Real final_position = Real(0), final_velocity = Real(0);
  /// Largest distance from a reference impact to the nearest impact of the scheme; empty
  /// when either has none.
  std::optional<Real> impact_time;
  std::size_t scheme_impacts = 0, reference_impacts = 0;
};

/// The impacts of a Paoli–Schatzman run: one per run of consecutive steps with an active
/// projection (the two-step reversal of seed 000 §2 is one impact), at the time t_k of its
/// first step k. That estimate is O(h) from the true impact time, as the scheme itself is.
template <class Real>
std::vector<Real> impact_times_from_projection(const Trajectory<Real>& trajectory) {
  std::vector<Real> times;
  for (std::size_t i = 0; i < trajectory.active_steps.size(); ++i)
    if (i == 0 || trajectory.active_steps[i] != trajectory.active_steps[i - 1] + 1)
      times.push_back(trajectory.t[static_cast<std::size_t>(trajectory.active_steps[i])]);
  return times;
}

/// Largest distance from each of `reference` (sorted) to the nearest of `scheme` (sorted).
template <class Real>
std::optional<Real> impact_time_error(const std::vector<Real>& scheme, const std::vector<Real>& reference) {
  using std::abs;
  if (scheme.empty() || reference.empty()) return std::nullopt;
  Real largest(0);
  for (const Real& t : reference) {
    const auto after = std::lower_bound(scheme.begin(), scheme.end(), t);
    Real nearest = after == scheme.end() ? Real(abs(t - scheme.back())) : Real(abs(*after - t));
    if (after != scheme.begin()) nearest = std::min(nearest, Real(abs(t - *std::prev(after))));
    largest = std::max(largest, nearest);
  }
  return largest;
}

template <class Real, class Reference>
StudyErrors<Real> study_errors(const Trajectory<Real>& trajectory, const std::vector<Real>& scheme_impacts,
                               const Reference& reference, const std::vector<Real>& reference_impacts) {
  using std::abs;
  StudyErrors<Real> errors;
  errors.grid = grid_errors(trajectory, reference);
  const Real& t_end = trajectory.t.back();
  errors.final_position = abs(trajectory.u.back() - reference.position(t_end));
  errors.final_velocity = abs(trajectory.v.back() - reference.velocity(t_end));
  errors.impact_time = impact_time_error(scheme_impacts, reference_impacts);
  errors.scheme_impacts = scheme_impacts.size();
  errors.reference_impacts = reference_impacts.size();
  return errors;
}

}  // namespace vibro
