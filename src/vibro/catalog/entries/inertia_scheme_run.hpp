#pragma once
// A run of a scheme on seed 004's double pendulum (the sweeping-process scheme, the Siconos
// peer's Moreau–Jean): the angles and the energy at the nodes for plots, the steps on which
// the contact acted, the energy across impacts (never gained, seed 004) and its variation
// within flights (O(h) for the sweeping process), and the largest violation of the
// constraints at the nodes.

#include "vibro/drive/coordinate_trajectory.hpp"
#include "vibro/catalog/scheme_entry.hpp"
#include "vibro/drive/recorded_run.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/drive/projection_log.hpp"
#include "vibro/results/inertia_findings.hpp"
#include "vibro/results/plot_samples.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>

namespace vibro {

namespace detail {

/// The energy at the nodes, split at the steps on which the projection acted (seed 004's
/// checks: conserved up to O(h) in a flight, never gained at an impact), and the largest
/// violation of the constraints.
template <class Real>
class InertiaTracker {
 public:
  void node(const Real& e, const Real& violation, bool active) {
    using std::abs;
    if (!first_) {
      first_ = e;
      flight_start_ = e;
    } else if (active) {
      if (!gain_ || e - previous_ > *gain_) gain_ = Real(e - previous_);
      flight_start_.reset();
    } else if (!flight_start_) {
      flight_start_ = e;
    } else {
      variation_ = std::max(variation_, Real(abs(e - *flight_start_)));
    }
    violation_ = std::max(violation_, violation);
    previous_ = e;
  }
  InertiaFindings findings() const {
    InertiaFindings f;
    f.initial_energy = number_text_of(*first_);
    f.final_energy = number_text_of(previous_);
    if (gain_) f.largest_energy_gain_at_impact = number_text_of(*gain_);
    f.largest_energy_variation_in_flight = number_text_of(variation_);
    f.max_constraint_violation = number_text_of(violation_);
    return f;
  }

 private:
  std::optional<Real> first_, flight_start_, gain_;
  Real previous_ = Real(0);
  Real variation_ = Real(0), violation_ = Real(0);
};

}  // namespace detail

/// Runs `scheme` (made from the case b) over the case's horizon, filling out.run with what
/// the comment above lists (out.run.inertia), and returns the final state.
template <class Scheme, class Model>
typename Scheme::State run_inertia_scheme(const Scheme& scheme, const BoundCase<Model>& b, const RunOptions& options,
                                          RunRecord& out) {
  using Real = typename Model::real_type;
  using State = typename Scheme::State;

  const CaseSpec& c = b.spec;
  const Model& model = b.model;
  const RunHorizon<Real> horizon(b, c.step);
  State x = refused_as_input(c, "initial", [&] { return scheme.start(b.u0, b.v0); });
  CoordinateTrajectory<Real> trajectory(model.dimension(), horizon.steps(), options);

  ProjectionLog projection;
  detail::InertiaTracker<Real> tracker;
  std::int64_t step = 0;
  const auto observe = [&](const State& y, bool active) {
    const auto& q = scheme.position(y);
    const Real e = model.energy(q, scheme.velocity(y));
    // Overflow shows first in the energy (u huge, q still finite): stop here, naming the keys,
    // before M(q) of a non-finite q is refused as not positive definite by the next step.
    if (!is_finite(e))
      throw energy_not_finite(c.file, "the energy ½uᵀM(q)u + V(q)", step, to_text_significant(Real(scheme.time(y)), 6),
                              scalar_name<Real>(), "initial.v0 and the model's masses, lengths and gravity",
                              "model.gravity and initial.v0");
    Real violation(0);
    for (std::size_t j = 0; j < model.constraint_count(); ++j) violation = std::max(violation, model.constraint(j, q));
    tracker.node(e, violation, active);
    trajectory.node(step, scheme.time(y), q, scheme.velocity(y), active, e);
  };
  observe(x, false);
  const DriveEnd end = drive(
      scheme, x, horizon, options,
      [&](const State& y, bool active) {
        ++step;
        projection.observe(active, step);
        observe(y, active);
      },
      [](const State&, std::int64_t) {});

  record_run_end(scheme, x, end, out);
  projection.record(out.run);
  out.run.inertia = tracker.findings();
  out.run.samples = trajectory.take();
  return x;
}

}  // namespace vibro
