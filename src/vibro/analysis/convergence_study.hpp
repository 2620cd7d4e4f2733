#pragma once
// A convergence study (MATH.md §8): a scheme run at every step size of a list and measured
// against a reference; then, per error metric, the observed order over the detected
// asymptotic range, the successive slopes, and which points are pre-asymptotic or at the
// rounding floor. Generic in the scheme and the reference: `run_at(i)` returns the run at
// step size i, and `reference` is anything with position(t) and velocity(t). The result is
// scalar-independent (every error as round-trip text), for every output to render.

#include "vibro/analysis/convergence.hpp"
#include "vibro/analysis/observed_order.hpp"
#include "vibro/analysis/parallel_for.hpp"
#include "vibro/scalar/number_text.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/error_metric.hpp"
#include "vibro/scheme/trajectory.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// A point is at the rounding floor when its error is below this many ε × steps × scale:
/// the accumulated rounding of a run of that many steps (a bound, not an estimate).
inline constexpr int rounding_floor_eps_per_step = 64;

/// What a study needs from one run of the scheme: every node, the scheme's impact times
/// (sorted) and the step size.
template <class Real>
struct StudyRun {
  Trajectory<Real> trajectory;
  std::vector<Real> impacts;
  Real h;
};

/// One step size of a study: its errors in every metric (none where a metric has no value,
/// e.g. no impact to compare), the impacts of the scheme and of the reference.
struct StudyRow {
  std::string h;  ///< as written in the case ("T/100", "2/21")
  NumberText h_value;
  std::int64_t steps = 0;
  PerMetric<std::optional<NumberText>> errors;
  std::int64_t scheme_impacts = 0, reference_impacts = 0;
};

struct StudyResult {
  std::string reference;  ///< what the scheme was measured against
  std::vector<StudyRow> rows;
  PerMetric<OrderAnalysis> orders;
};

/// The errors of one run in metric order.
template <class Real>
PerMetric<std::optional<Real>> metric_values(const StudyErrors<Real>& e) {
  return {e.grid.position_linf, e.grid.position_l1, e.grid.velocity_linf, e.grid.velocity_l1,
          e.final_position,     e.final_velocity,   e.impact_time};
}

/// Runs `run_at(i)` for every i < labels.size() on `threads` threads, measures each run
/// against `reference` (with the reference's impact times), and analyses the orders.
template <class Real, class Reference, class RunAt>
StudyResult convergence_study(const std::vector<std::string>& labels, RunAt&& run_at, const Reference& reference,
                              const std::vector<Real>& reference_impacts, std::string reference_name,
                              unsigned threads) {
  using std::abs;
  struct Point {
    StudyErrors<Real> errors;
    Real h;
    std::size_t steps = 0;
    PerMetric<Real> floors;  ///< rounding_floor_eps_per_step × ε × steps × scale
  };
  std::vector<Point> points(labels.size());
  parallel_for(points.size(), threads, [&](std::size_t i) {
    const StudyRun<Real> run = run_at(i);
    const Trajectory<Real>& trajectory = run.trajectory;
    Point& p = points[i];
    p.errors = study_errors(trajectory, run.impacts, reference, reference_impacts);
    p.h = run.h;
    p.steps = trajectory.size() - 1;
    Real position_scale(1), velocity_scale(1);
    for (std::size_t n = 0; n < trajectory.size(); ++n) {
      position_scale = std::max(position_scale, Real(abs(trajectory.u[n])));
      velocity_scale = std::max(velocity_scale, Real(abs(trajectory.v[n])));
    }
    const Real duration = trajectory.t.back() - trajectory.t.front();
    const Real unit = rounding_floor_eps_per_step * epsilon<Real>() * Real(static_cast<double>(p.steps));
    p.floors = {unit * position_scale, unit * position_scale * duration, unit * velocity_scale,
                unit * velocity_scale * duration, unit * position_scale, unit * velocity_scale,
                unit * Real(abs(trajectory.t.back()) + duration)};
  });
  StudyResult study{std::move(reference_name), {}, {}};
  std::vector<double> log_h;
  PerMetric<std::vector<std::optional<double>>> log_errors;
  PerMetric<std::vector<bool>> at_floor;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Point& p = points[i];
    const PerMetric<std::optional<Real>> values = metric_values(p.errors);
    StudyRow row{labels[i], NumberText::of(p.h), static_cast<std::int64_t>(p.steps), {},
                 static_cast<std::int64_t>(p.errors.scheme_impacts), static_cast<std::int64_t>(p.errors.reference_impacts)};
    for (std::size_t m = 0; m < error_metric_count; ++m) {
      const bool positive = values[m] && *values[m] > 0;
      log_errors[m].push_back(positive ? std::optional<double>(log_as_double(*values[m])) : std::nullopt);
      at_floor[m].push_back(positive && *values[m] <= p.floors[m]);
      if (values[m]) row.errors[m] = NumberText::of(*values[m]);
    }
    study.rows.push_back(std::move(row));
    log_h.push_back(log_as_double(p.h));
  }
  for (std::size_t m = 0; m < error_metric_count; ++m) study.orders[m] = analyse_order(log_h, log_errors[m], at_floor[m]);
  return study;
}

}  // namespace vibro
