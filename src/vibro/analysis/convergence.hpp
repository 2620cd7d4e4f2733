#pragma once
// The errors of one run of a convergence study against a reference (docs/mathematics.md §8): L∞ and L1
// of position and velocity on the run's own grid, the errors at the final time, the
// impact-time error and the impact-count mismatch. The reference is anything with
// position(t) and velocity(t) (a closed form, or DenseReference); studies do not know
// which scheme or which reference they are given. Everything accumulates as the run goes
// (StudyAccumulator): a study keeps what its metrics need, never the trajectory.

#include "vibro/analysis/error_metrics.hpp"
#include "vibro/linalg/coordinates.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
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

/// The most impact times of the scheme a study run keeps (StudyAccumulator::first_impacts):
/// the test set scores the first impacts of a run against its stored ones (docs/testset.md),
/// at most 20 (io/case_file.cpp); the rest leaves room for spurious impacts before them.
inline constexpr std::size_t kept_scheme_impacts = 64;

/// One run of a study measured as it goes: its nodes in order of time (node), its impact
/// times in increasing order (impact), its last node again when it is over (end), against `reference` and the reference's sorted
/// impact times. Besides the errors, it keeps the scales the rounding floor is formed from.
template <class Real, class Reference>
class StudyAccumulator {
 public:
  StudyAccumulator(const Reference& reference, const std::vector<Real>& reference_impacts)
      : grid_(reference), reference_impacts_(reference_impacts) {
    first_impacts_.reserve(kept_scheme_impacts);  // no allocation as the run goes
  }

  /// A node: u and v are scalars, or Vectors for an N-DOF system (the scales are then the
  /// largest |q_i| and |v_i|).
  template <class Coordinates>
  void node(const Real& t, const Coordinates& u, const Coordinates& v) {
    grid_.node(t, u, v);
    if (!first_time_) first_time_ = t;
    last_time_ = t;
    ++nodes_;
    position_scale_ = std::max(position_scale_, Real(magnitude(u)));
    velocity_scale_ = std::max(velocity_scale_, Real(magnitude(v)));
  }

  /// The run's last node again, once, after the last node(): its coordinates are kept for
  /// the test set's score (copied here, not at every node).
  template <class Coordinates>
  void end(const Real&, const Coordinates& u, const Coordinates& v) {
    assign_coordinates(last_position_, u);
    assign_coordinates(last_velocity_, v);
  }

  /// An impact of the scheme at time s, later than the previous one. Each reference impact
  /// r is settled by the first s ≥ r: its nearest scheme impact is that s or the one before.
  void impact(const Real& s) {
    while (next_reference_ < reference_impacts_.size() && reference_impacts_[next_reference_] <= s)
      settle(reference_impacts_[next_reference_++], s);
    last_impact_ = s;
    ++scheme_impacts_;
    if (first_impacts_.size() < kept_scheme_impacts) first_impacts_.push_back(s);
  }

  /// The right-hand-side evaluations the run reported (an external program's work, its line
  /// `evaluations,N`), when it reports them.
  void report_evaluations(std::int64_t n) { evaluations_ = n; }
  const std::optional<std::int64_t>& evaluations() const { return evaluations_; }

  StudyErrors<Real> errors() const {
    StudyErrors<Real> errors;
    errors.grid = grid_.errors();
    errors.final_position = grid_.last_position_error().value_or(Real(0));
    errors.final_velocity = grid_.last_velocity_error().value_or(Real(0));
    if (last_impact_ && !reference_impacts_.empty()) {
      using std::abs;
      Real largest = largest_distance_;
      // Reference impacts after the scheme's last: that one is the nearest.
      for (std::size_t j = next_reference_; j < reference_impacts_.size(); ++j)
        largest = std::max(largest, Real(abs(reference_impacts_[j] - *last_impact_)));
      errors.impact_time = largest;
    }
    errors.scheme_impacts = scheme_impacts_;
    errors.reference_impacts = reference_impacts_.size();
    return errors;
  }

  /// Steps: nodes − 1.
  std::size_t steps() const { return nodes_ > 0 ? nodes_ - 1 : 0; }
  /// max(1, max |U^n|) and max(1, max |V^n|).
  const Real& position_scale() const { return position_scale_; }
  const Real& velocity_scale() const { return velocity_scale_; }
  Real first_time() const { return first_time_.value_or(Real(0)); }
  Real last_time() const { return last_time_; }
  /// The coordinates and velocities of the last node (one element for a 1-DOF scheme), as
  /// end() gave them; empty before.
  const std::vector<Real>& last_position() const { return last_position_; }
  const std::vector<Real>& last_velocity() const { return last_velocity_; }
  /// The scheme's first impact times, at most kept_scheme_impacts of them.
  const std::vector<Real>& first_impacts() const { return first_impacts_; }

 private:
  void settle(const Real& r, const Real& s) {
    using std::abs;
    Real nearest = abs(s - r);
    if (last_impact_) nearest = std::min(nearest, Real(abs(r - *last_impact_)));
    largest_distance_ = std::max(largest_distance_, nearest);
  }

  GridErrorAccumulator<Real, Reference> grid_;
  const std::vector<Real>& reference_impacts_;
  std::size_t next_reference_ = 0, scheme_impacts_ = 0, nodes_ = 0;
  std::optional<Real> last_impact_, first_time_;
  std::optional<std::int64_t> evaluations_;
  Real largest_distance_ = Real(0);  ///< over the reference impacts settled so far
  Real last_time_ = Real(0), position_scale_ = Real(1), velocity_scale_ = Real(1);
  std::vector<Real> last_position_, last_velocity_, first_impacts_;
};

}  // namespace vibro
