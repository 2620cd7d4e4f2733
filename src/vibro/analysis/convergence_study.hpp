#pragma once
// A convergence study (docs/mathematics.md §8): a scheme run at every step size of a list and measured
// against a reference; then, per error metric, the observed order over the detected
// asymptotic range, the successive slopes, and which points are pre-asymptotic or at the
// rounding floor. Generic in the scheme and the reference: `run_at(i, accumulator)` runs
// the scheme at step size i into the accumulator of its errors (analysis/convergence.hpp),
// and `reference` is anything with position(t) and velocity(t). The result is
// scalar-independent (every error as round-trip text), for every output to render. The
// floor found here is a model's; analysis/rounding_floor.hpp replaces it by a measured one.

#include "vibro/analysis/convergence.hpp"
#include "vibro/analysis/study_result.hpp"
#include "vibro/analysis/parallel_for.hpp"
#include "vibro/scalar/number_text.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/with_scalar.hpp"
#include "vibro/scheme/error_metric.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// The error of one run in `metric` (empty: the metric is undefined for the run, as the
/// impact time of a run without impacts).
template <class Real>
std::optional<Real> metric_value(const StudyErrors<Real>& e, ErrorMetric metric) {
  switch (metric) {
    case ErrorMetric::position_linf: return e.grid.position_linf;
    case ErrorMetric::position_l1: return e.grid.position_l1;
    case ErrorMetric::velocity_linf: return e.grid.velocity_linf;
    case ErrorMetric::velocity_l1: return e.grid.velocity_l1;
    case ErrorMetric::final_position: return e.final_position;
    case ErrorMetric::final_velocity: return e.final_velocity;
    case ErrorMetric::impact_time: return e.impact_time;
  }
  return std::nullopt;  // not reached: every enumerator has its case
}

/// The rounding floor of `metric` for one run: `unit` (the floor's multiple of ε times the
/// run's steps) times the scale of what the metric measures (a position, a velocity, their
/// integrals over the run's duration, or a time).
template <class Real>
Real rounding_floor_of(ErrorMetric metric, const Real& unit, const Real& position_scale, const Real& velocity_scale,
                       const Real& duration, const Real& last_time) {
  using std::abs;
  switch (metric) {
    case ErrorMetric::position_linf: return unit * position_scale;
    case ErrorMetric::position_l1: return unit * position_scale * duration;
    case ErrorMetric::velocity_linf: return unit * velocity_scale;
    case ErrorMetric::velocity_l1: return unit * velocity_scale * duration;
    case ErrorMetric::final_position: return unit * position_scale;
    case ErrorMetric::final_velocity: return unit * velocity_scale;
    case ErrorMetric::impact_time: return unit * Real(abs(last_time) + duration);
  }
  return unit;  // not reached: every enumerator has its case
}

/// What a timing run gives its nodes to: nothing is measured, only nodes and impacts are
/// counted. The impacts depend on every position, and least_run_seconds checks both counts
/// against the measured run's, so the scheme's work stays in the run and is the same work.
template <class Real>
struct UnmeasuredRun {
  std::size_t nodes = 0, impacts = 0;
  template <class Coordinates>
  void node(const Real&, const Coordinates&, const Coordinates&) {
    ++nodes;
  }
  void impact(const Real&) { ++impacts; }
  template <class Coordinates>
  void end(const Real&, const Coordinates&, const Coordinates&) {}
};

/// The least wall time, in seconds, of `repeats` runs of `run_at(i, ·)` without measurement.
/// Each must give the `nodes` and `impacts` of the measured run of step size i (a scheme is
/// deterministic): otherwise the time would be of another run than the errors.
template <class Real, class RunAt>
double least_run_seconds(RunAt& run_at, std::size_t i, unsigned repeats, std::size_t nodes, std::size_t impacts) {
  using clock = std::chrono::steady_clock;
  double least = 0;
  for (unsigned k = 0; k < repeats; ++k) {
    UnmeasuredRun<Real> unmeasured;
    const clock::time_point start = clock::now();
    run_at(i, unmeasured);
    const double seconds = std::chrono::duration<double>(clock::now() - start).count();
    if (unmeasured.nodes != nodes || unmeasured.impacts != impacts)
      throw std::logic_error("convergence_study: a timing run gave " + std::to_string(unmeasured.nodes) + " nodes and " +
                             std::to_string(unmeasured.impacts) + " impacts where the measured run gave " +
                             std::to_string(nodes) + " and " + std::to_string(impacts));
    if (k == 0 || seconds < least) least = seconds;
  }
  return least;
}

/// For every i < labels.size(), on `threads` threads: `run_at(i, accumulator)` runs the
/// scheme at step size i, giving every node and impact to `accumulator` (a
/// StudyAccumulator against `reference` and its impact times, or an UnmeasuredRun), and
/// returns its step size h. The step sizes are handed out most `steps[i]` first (a run's
/// cost is proportional to its steps); the rows stay in the order of `labels`. With
/// `timing_repeats` > 0 each step size is run that many times more without measurement and
/// the least wall time kept (StudyRow::seconds: the cost of the scheme, not of the study).
/// Then the orders are analysed. `points_done(n)`, when given, hears (from any thread) that
/// n step sizes are done.
template <class Real, class Reference, class RunAt>
StudyResult convergence_study(const std::vector<std::string>& labels, const std::vector<std::int64_t>& steps,
                              RunAt&& run_at, const Reference& reference, const std::vector<Real>& reference_impacts,
                              std::string reference_name, unsigned threads,
                              const std::function<void(std::size_t)>& points_done = {}, unsigned timing_repeats = 0) {
  struct Point {
    StudyErrors<Real> errors;
    Real h;
    std::size_t steps = 0;
    PerMetric<Real> floors;  ///< rounding_floor_eps_per_step × ε × steps × scale
    PerMetric<Real> rounding_units;  ///< ε × scale: below it an error is below the floor
    std::optional<double> seconds;
    std::optional<std::int64_t> evaluations;
    Real end_time;
    std::vector<Real> end_position, end_velocity, first_impacts;
  };
  std::vector<Point> points(labels.size());
  std::atomic<std::size_t> done{0};
  if (steps.size() != labels.size()) throw std::logic_error("convergence_study: one step count per step size");
  parallel_for_largest_first(points.size(), threads, [&](std::size_t i) {
    StudyAccumulator<Real, Reference> run(reference, reference_impacts);
    Point& p = points[i];
    p.h = run_at(i, run);
    p.errors = run.errors();
    p.steps = run.steps();
    p.end_time = run.last_time();
    p.end_position = run.last_position();
    p.end_velocity = run.last_velocity();
    p.first_impacts = run.first_impacts();
    p.evaluations = run.evaluations();
    const Real duration = run.last_time() - run.first_time();
    const Real unit = rounding_floor_eps_per_step * epsilon<Real>() * Real(static_cast<double>(p.steps));
    const Real& position_scale = run.position_scale();
    const Real& velocity_scale = run.velocity_scale();
    for (const ErrorMetric m : error_metrics) {
      p.floors[index_of(m)] =
          rounding_floor_of(m, unit, position_scale, velocity_scale, duration, Real(run.last_time()));
      p.rounding_units[index_of(m)] =
          rounding_floor_of(m, epsilon<Real>(), position_scale, velocity_scale, duration, Real(run.last_time()));
    }
    if (timing_repeats > 0)
      p.seconds = least_run_seconds<Real>(run_at, i, timing_repeats, p.steps + 1, p.errors.scheme_impacts);
    if (points_done) points_done(++done);
  }, [&](std::size_t i) { return steps[i]; });
  StudyResult study{std::move(reference_name), {}, {}, {}};
  PerMetric<std::vector<bool>> at_floor;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Point& p = points[i];
    StudyRow row{.h = labels[i],
                 .h_value = number_text_of(p.h),
                 .steps = static_cast<std::int64_t>(p.steps),
                 .errors = {},  // below
                 .impacts = {static_cast<std::int64_t>(p.errors.scheme_impacts),
                             static_cast<std::int64_t>(p.errors.reference_impacts)},
                 .rounding_parts = std::nullopt,  // measured afterwards, when asked
                 .rounding_units = std::nullopt,  // below
                 .seconds = p.seconds,
                 .end_time = number_text_of(p.end_time),
                 .end_position = number_texts_of(p.end_position),
                 .end_velocity = number_texts_of(p.end_velocity),
                 .first_impacts = number_texts_of(p.first_impacts),
                 .tolerance = std::nullopt,  // a tolerance study names its rows afterwards
                 .evaluations = p.evaluations};
    row.rounding_units.emplace();
    for (const ErrorMetric metric : error_metrics) {
      const std::size_t m = index_of(metric);
      const std::optional<Real> value = metric_value(p.errors, metric);
      at_floor[m].push_back(value && *value > 0 && *value <= p.floors[m]);
      if (value) row.errors[m] = number_text_of(*value);
      (*row.rounding_units)[m] = number_text_of(p.rounding_units[m]);
    }
    study.rows.push_back(std::move(row));
  }
  study.orders = analyse_orders(study.rows, at_floor);
  return study;
}

}  // namespace vibro
