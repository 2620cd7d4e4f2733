#pragma once
// What a convergence study measures a scheme against (docs/mathematics.md §8), by model: the exact
// free fall in closed form (constant force, g = 0, seed 000 §2), else the exact-detection
// reference over the study's horizon (docs/mathematics.md §1), for the conservative oscillator the one
// of u'' + u = 0 in the time ωt (β = 0, one obstacle or none) or the N-DOF one of its single
// coordinate (two stops), for the Duffing oscillator the
// nonlinear reference (integrated flights, docs/mathematics.md §5), for seed 002's N-DOF
// systems the N-DOF reference (modal flights, docs/mathematics.md §6), for seed 004's double
// pendulum the general-inertia reference (integrated flights, docs/mathematics.md §7.2).

#include "vibro/analysis/free_fall.hpp"
#include "vibro/reference/dense_inertia_reference.hpp"
#include "vibro/reference/dense_nonlinear_reference.hpp"
#include "vibro/reference/dense_reference.hpp"
#include "vibro/reference/one_coordinate_reference.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/reference/system_reference.hpp"
#include "vibro/reference/time_scaled_reference.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/drive/scheme_run.hpp"

#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace vibro {

/// The reference a study of `b` measures against, over [t0, t_end], handed to
/// `study(reference, reference_impacts, name)`: one overload per model whose reference
/// differs, the exact-detection reference of closed-form flights otherwise (the impact
/// oscillator, the constant force with g ≠ 0).
template <class Model, class Study>
decltype(auto) study_against_reference(const BoundCase<Model>& b, const typename Model::real_type& t_end, Study&& study) {
  const DenseReference<Model> reference(b.model, b.t0, b.u0, b.v0, t_end);
  return study(reference, reference.impact_times(), "exact-detection reference (closed-form flights, certified contacts)");
}

template <class Real, class Study>
decltype(auto) study_against_reference(const BoundCase<ConservativeOscillator<Real>>& b, const Real& t_end,
                                       Study&& study) {
  using std::sqrt;
  if (b.model.beta() != 0) throw std::logic_error("a study needs β = 0 (refused when the case was read)");
  const Real& omega = b.model.omega();
  if (b.model.upper()) {
    // Two stops: the N-DOF reference of the one-coordinate system M² = 1, A² = ω² in the box
    // [lower, upper] (reference/one_coordinate_reference.hpp).
    std::vector<CoordinateBounds<Real>> box{{b.model.lower(), b.model.upper(), b.model.restitution()}};
    Matrix<Real> stiffness(1, 1);
    stiffness(0, 0) = omega * omega;
    const LinearImpactSystem<Real> system(Vector<Real>{Real(1)}, std::move(stiffness), std::move(box));
    const OneCoordinateReference<Real> reference(refused_as_input(b.spec, "model.stops", [&] {
      return SystemReference<Real>(system, b.t0, Vector<Real>{b.u0}, Vector<Real>{b.v0}, t_end);
    }));
    return study(reference, reference.impact_times(),
                 "N-DOF exact-detection reference of y'' + ω²y = 0 between the two stops (closed-form flights)");
  }
  // One obstacle or none: without a constraint the reference's obstacle is put below the
  // amplitude √(y0² + (v0/ω)²), where the flow never goes. u'' + u = 0 is the impact
  // oscillator with α = 0 and a = 0 (its forcing frequency is unused).
  const Real amplitude = sqrt(b.u0 * b.u0 + b.v0 * b.v0 / (omega * omega));
  const Real u_min = b.model.lower() ? *b.model.lower() : Real(-2 * amplitude - 1);
  const ImpactOscillator<Real> unit(Real(0), Real(0), Real(1), u_min, b.model.restitution());
  const TimeScaledReference reference(
      DenseReference<ImpactOscillator<Real>>(unit, omega * b.t0, b.u0, b.v0 / omega, omega * t_end), omega);
  return study(reference, reference.impact_times(),
               "exact-detection reference of u'' + u = 0 in the time ωt (closed-form flights)");
}

template <class Real, class Study>
decltype(auto) study_against_reference(const BoundCase<DuffingOscillator<Real>>& b, const Real& t_end, Study&& study) {
  // Checkpoints every sixteenth of a period: an evaluation integrates at most that far.
  constexpr int checkpoints_per_period = 16;
  const ReferenceScales<Real> scales = oscillator_scales(b.model.linear_part(), b.u0, b.v0);
  const ReferenceSettings<Real> settings = default_reference_settings(b.model, b.u0, b.v0);
  const DenseNonlinearReference<DuffingOscillator<Real>> reference(
      NonlinearReference<DuffingOscillator<Real>>(b.model, settings,
                                                  integration_settings(scales.size, settings.max_window)),
      b.t0, b.u0, b.v0, t_end, Real(b.model.period() / checkpoints_per_period));
  return study(reference, reference.impact_times(),
               "nonlinear reference (RKF 7(8) flights, contact search relative to the integrator's estimates)");
}

template <class Real, class Study>
decltype(auto) study_against_reference(const BoundCase<LinearImpactSystem<Real>>& b, const Real& t_end, Study&& study) {
  // A resonant forcing (Ω at a modal frequency) has no closed-form flight of the form used.
  const SystemReference<Real> reference = refused_as_input(
      b.spec, "model.Omega", [&] { return SystemReference<Real>(b.model, b.t0, b.u0, b.v0, t_end); });
  return study(reference, reference.impact_times(),
               "N-DOF exact-detection reference (modal closed-form flights, certified contacts per coordinate)");
}

template <class Real, class Study>
decltype(auto) study_against_reference(const BoundCase<DoublePendulum<Real>>& b, const Real& t_end, Study&& study) {
  // Checkpoints every 2048th of the time scale (the small-oscillation period, 2 s for the
  // seed's pendulum: about every millisecond), so that each of a study's thousands of
  // evaluations integrates at most that far from its checkpoint.
  constexpr int checkpoints_per_time_scale = 2048;
  const ReferenceScales<Real> scales = pendulum_scales(b.model, b.u0, b.v0);
  const DenseInertiaReference<DoublePendulum<Real>> reference(inertia_reference(b.model, scales), b.t0, b.u0, b.v0,
                                                              t_end, Real(scales.time / checkpoints_per_time_scale));
  return study(reference, reference.impact_times(),
               "general-inertia reference (RKF 7(8) flights and contact phases, contact search relative to the "
               "integrator's estimates)");
}

/// Calls `study(reference, reference_impacts, name)` with the reference for the case's
/// model (the exact free fall in closed form when g = 0, else study_against_reference),
/// over the study's horizon: up to the latest last node of its step sizes, t0 + N h in Real
/// (the same horizon rounds differently with each h, by a few ulps, and a reference that is
/// evaluated only inside its horizon must reach every node).
template <class Model, class Study>
decltype(auto) with_study_reference(const BoundCase<Model>& b, Study&& study) {
  using Real = typename Model::real_type;
  const CaseSpec& c = b.spec;
  if constexpr (std::is_same_v<Model, ConstantForce<Real>>) {
    if (std::get<ConstantForceSpec>(c.model.kind).g.exact == 0) {
      const ExactFreeFall<Real> exact(b.model.obstacle(), b.u0, b.v0, b.model.restitution(), b.t0);
      std::vector<Real> impacts;  // none when the flight moves away from the obstacle
      if (exact.impact_time()) impacts.push_back(*exact.impact_time());
      return study(exact, impacts, "exact free fall (closed form, seed 000 §2)");
    }
  }
  if constexpr (is_exact_v<Real>) {
    throw InputError(c.file, "convergence",
                     "the exact rational type has a closed-form reference only for the free fall (g = 0); other "
                     "studies need a floating-point precision");
  } else {
    const StepSpec& finest = c.convergence.back();
    Real t_end = b.t0 + b.step(finest) * step_count(c, finest);
    for (const StepSpec& step : c.convergence) {
      const Real last_node = b.t0 + b.step(step) * step_count(c, step);
      if (last_node > t_end) t_end = last_node;
    }
    return study_against_reference(b, t_end, study);
  }
}

/// The case's convergence study, whatever the scheme: `run_at(step, observer)` runs it at one
/// step of the case's [convergence] list (not empty), giving its nodes and impacts to the
/// observer, and returns its h. Measured against the case's reference (with_study_reference) on
/// `threads` threads, each step size timed `timing_repeats` times more (convergence_study);
/// `points_done(n)`, when given, hears that n step sizes are done. What a registry entry's study
/// and a scheme of the user's own (vibro/harness.hpp) both are.
template <class Model, class RunAt>
StudyResult case_study(const BoundCase<Model>& b, RunAt&& run_at, unsigned threads, unsigned timing_repeats,
                       const std::function<void(std::size_t)>& points_done = {}) {
  using Real = typename Model::real_type;
  const CaseSpec& c = b.spec;
  std::vector<std::string> labels;
  std::vector<std::int64_t> steps;
  for (const StepSpec& step : c.convergence) {
    labels.push_back(step.text());
    steps.push_back(step_count(c, step));
  }
  return with_study_reference(b, [&](const auto& reference, const std::vector<Real>& impacts, std::string name) {
    return convergence_study<Real>(
        labels, steps, [&](std::size_t i, auto& observer) { return run_at(c.convergence[i], observer); }, reference,
        impacts, std::move(name), threads, points_done, timing_repeats);
  });
}

/// The case's study over a tolerance ladder (docs/convergence.md "Tolerance ladders"):
/// `run_at(i, observer)` runs rung i (tolerances[i]) at the case's step, its output spacing,
/// and returns its h. Every rung has the same nodes, so the case's [convergence] list is that
/// one step (run_case makes it so: the reference's horizon). Measured as case_study measures a
/// step ladder; then each metric's response to the tolerance takes the place of an order
/// (make_tolerance_study).
template <class Model, class RunAt>
StudyResult tolerance_study(const BoundCase<Model>& b, const std::vector<std::string>& tolerances, RunAt&& run_at,
                            unsigned threads, unsigned timing_repeats,
                            const std::function<void(std::size_t)>& points_done = {}) {
  using Real = typename Model::real_type;
  const CaseSpec& c = b.spec;
  if (c.convergence.size() != 1 || c.convergence.front().text() != c.step.text())
    throw std::logic_error("tolerance_study: the case's [convergence] list is not its step alone");
  const std::vector<std::int64_t> steps(tolerances.size(), step_count(c, c.step));
  StudyResult study = with_study_reference(b, [&](const auto& reference, const std::vector<Real>& impacts, std::string name) {
    return convergence_study<Real>(tolerances, steps, run_at, reference, impacts, std::move(name), threads, points_done,
                                   timing_repeats);
  });
  for (StudyRow& row : study.rows) {
    row.tolerance = row.h;
    row.h = c.step.text();
  }
  make_tolerance_study(study);
  return study;
}

}  // namespace vibro
