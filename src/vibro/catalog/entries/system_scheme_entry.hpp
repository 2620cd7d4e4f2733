#pragma once
// The registry entry of seed 002's N-DOF schemes (scheme/exact_two_step.hpp and the five
// others, docs/mathematics.md §6): one entry template, registered once per scheme with a
// names struct (case/scheme_catalog.hpp). A run records, per coordinate, the impacts, the contact
// steps and how far the nodes left K; the energy of eq. (20) between impacts (seed 002
// Remark 7); for free motion its error against the closed-form solution and, on the 2-DOF
// system, against seed 002 §3.1's q1^exact. A study measures the scheme against the N-DOF
// reference (drive/study_reference.hpp). No Lyapunov exponents: seed 002 has none.
//
// A names struct gives: names (case-file names), display_name, study_note, and
// free_motion_only (true for the exact and standard schemes of eq. (13), (16), (17), which
// have no constraint: a case with bounds is refused and pointed to the constrained scheme).

#include "vibro/reference/system_reference.hpp"
#include "vibro/drive/coordinate_trajectory.hpp"
#include "vibro/catalog/scheme_entry.hpp"
#include "vibro/drive/recorded_run.hpp"
#include "vibro/drive/scheme_run.hpp"
#include "vibro/case/system_setup_cost.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/drive/projection_log.hpp"
#include "vibro/results/system_findings.hpp"
#include "vibro/results/plot_samples.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

namespace detail {

/// Per coordinate: contacts (runs of active steps), and the nodes outside its bounds.
template <class Real>
class CoordinateTracker {
 public:
  explicit CoordinateTracker(const LinearImpactSystem<Real>& model)
      : model_(model), records_(model.dimension()), penetration_(model.dimension(), Real(0)),
        previous_(model.dimension(), 0) {
    for (std::size_t i = 0; i < records_.size(); ++i) records_[i].constrained = model.bounds(i).constrained();
  }
  void contacts(const std::vector<char>& active) {
    for (std::size_t i = 0; i < records_.size(); ++i) {
      if (active[i]) {
        ++records_[i].contact_steps;
        if (!previous_[i]) ++records_[i].impacts;
      }
      previous_[i] = active[i];
    }
  }
  void node(const Vector<Real>& q) {
    for (std::size_t i = 0; i < records_.size(); ++i) {
      const CoordinateBounds<Real>& b = model_.bounds(i);
      Real outside(0);
      if (b.lower && q[i] < *b.lower) outside = *b.lower - q[i];
      if (b.upper && q[i] > *b.upper) outside = q[i] - *b.upper;
      if (outside > 0) ++records_[i].nodes_outside;
      if (outside > penetration_[i]) penetration_[i] = outside;
    }
  }
  std::vector<CoordinateRecord> records() const {
    std::vector<CoordinateRecord> out = records_;
    for (std::size_t i = 0; i < out.size(); ++i) out[i].max_penetration = number_text_of(penetration_[i]);
    return out;
  }

 private:
  const LinearImpactSystem<Real>& model_;
  std::vector<CoordinateRecord> records_;
  Vector<Real> penetration_;
  std::vector<char> previous_;
};

/// The energy's largest relative variation within a flight: the nodes between two steps
/// with an active constraint (unforced systems: seed 002 Remark 7 says it is constant). When
/// a node's velocity reads the next node (`reads_next_node`, two-step schemes), the node
/// before a contact node is not in a flight either: its velocity is that of the flight
/// through the projected position. The tracker then holds each node until the next arrives;
/// the last node, whose next node the run does not report, is left out.
template <class Real>
class EnergyTracker {
 public:
  EnergyTracker(bool forced, bool reads_next_node) : forced_(forced), reads_next_node_(reads_next_node) {}
  void node(const Real& e, bool active) {
    if (!reads_next_node_) return settle(e, active);
    if (held_) settle(*held_, active);  // the held node's velocity read this node's position
    if (active) {
      settle(e, true);
      held_.reset();
    } else {
      held_ = e;
    }
  }
  std::optional<Real> largest_variation() const { return forced_ ? std::nullopt : std::optional<Real>(largest_); }
  std::int64_t flights() const { return flights_; }

 private:
  /// A node whose state is known to be in a flight (`contact` false) or not.
  void settle(const Real& e, bool contact) {
    using std::abs;
    if (contact || !start_) {
      // A contact node ends a flight; the next node without contact starts one.
      if (contact) start_.reset();
      else {
        start_ = e;
        ++flights_;
      }
      return;
    }
    if (*start_ != 0) largest_ = std::max(largest_, Real(abs(e - *start_) / abs(*start_)));
  }

  bool forced_, reads_next_node_;
  std::optional<Real> start_, held_;
  Real largest_ = Real(0);
  std::int64_t flights_ = 0;
};

}  // namespace detail

/// The run of a seed-002 N-DOF scheme (its position, velocity and per-coordinate active(x))
/// from the case's start over its horizon: per coordinate, the impacts, the contact steps
/// and how far the nodes left K; the energy of eq. (20) between impacts; for free motion the
/// error against the closed-form solution and, on the 2-DOF system, against seed 002 §3.1's
/// q1^exact (SystemSchemeEntry's run, and the Siconos peer's on the system).
template <class Scheme, class Model>
void run_system_scheme(const Scheme& scheme, const BoundCase<Model>& b, const RunOptions& options, RunRecord& out) {
  using Real = typename Model::real_type;
  using State = typename Scheme::State;

  const CaseSpec& c = b.spec;
  const Model& model = b.model;
  const std::size_t n = model.dimension();
  const RunHorizon<Real> horizon(b, c.step);
  State x = refused_as_input(c, "initial", [&] { return scheme.start(b.u0, b.v0); });
  CoordinateTrajectory<Real> trajectory(n, horizon.steps(), options);

  detail::CoordinateTracker<Real> coordinates(model);
  detail::EnergyTracker<Real> energy(model.forced(), requires { State::velocity_reads_next_node; });
  ProjectionLog projection;
  SectionSamples sections(scheme, x, horizon.stroboscopic(), options);
  // Seed 002 §3.1's q1^exact: q1'' + q1 = 0 (A²_11 = M²_11 = 1) through q1(t0), v1(t0).
  std::optional<Real> rigid_wall_error;
  if (c.model.model_kind() == ModelKind::two_mass_spring && !model.constrained()) rigid_wall_error = Real(0);
  // Free motion: the closed-form solution (one flight of the N-DOF reference), unless the
  // forcing is resonant, where the closed form has no particular solution of the form used.
  std::optional<SystemReference<Real>> exact;
  Real exact_error(0);  ///< meaningful only with `exact`
  if (!model.constrained()) {
    try {
      exact.emplace(model, b.t0, b.u0, b.v0, Real(b.t0 + scheme.step_size() * Real(horizon.steps())));
    } catch (const std::invalid_argument& why) {
      out.run.warnings.push_back(std::string("no comparison with the closed-form solution: ") + why.what());
    }
  }
  std::int64_t step = 0;
  const auto observe = [&](const State& y, bool active) {
    using std::cos;
    using std::sin;
    using std::abs;
    const Vector<Real>& q = scheme.position(y);
    const Real e = model.energy(q, scheme.velocity(y));
    // A state whose energy is no longer finite (its squares overflow the type) ends the run,
    // as a non-finite state does (drive): no finding is ever made from it.
    if (!is_finite(e))
      throw energy_not_finite(c.file, "the energy of eq. (20)", step, to_text_significant(Real(scheme.time(y)), 6),
                              scalar_name<Real>(), "initial.q0 and initial.v0", "the model's parameters");
    coordinates.node(q);
    if (exact) exact_error = std::max(exact_error, distance(q, exact->position(scheme.time(y))));
    if (rigid_wall_error) {
      const Real s = scheme.time(y) - b.t0;
      const Real q1 = b.u0[0] * cos(s) + b.v0[0] * sin(s);
      rigid_wall_error = std::max(*rigid_wall_error, Real(abs(q[0] - q1)));
    }
    energy.node(e, active);
    trajectory.node(step, scheme.time(y), q, scheme.velocity(y), active, e);
  };
  const Real initial_energy = model.energy(scheme.position(x), scheme.velocity(x));
  observe(x, false);
  const DriveEnd end = drive(
      scheme, x, horizon, options,
      [&](const State& y, bool active) {
        ++step;
        projection.observe(active, step);
        coordinates.contacts(scheme.active(y));
        observe(y, active);
      },
      [&](const State& y, std::int64_t k) { sections.add(y, k); });

  SystemFindings found;
  {
    const ModalBasis<Real> basis(model.mass_squared(), model.stiffness());
    for (const Real& w : basis.omega()) found.omega.push_back(number_text_of(w));
  }
  found.coordinates = coordinates.records();
  found.initial_energy = number_text_of(initial_energy);
  found.final_energy = number_text_of(model.energy(scheme.position(x), scheme.velocity(x)));
  found.flights = energy.flights();
  if (rigid_wall_error) found.max_error_rigid_wall_q1 = number_text_of(*rigid_wall_error);
  if (exact) found.max_error_exact = number_text_of(exact_error);
  if (const auto variation = energy.largest_variation()) found.largest_energy_variation_between_impacts = number_text_of(*variation);
  record_run_end(scheme, x, end, out);
  out.run.stroboscopic = sections.take();
  projection.record(out.run);
  out.run.system = std::move(found);
  out.run.samples = trajectory.take();
}

template <template <class> class SchemeOf, class Names>
struct SystemSchemeEntry {
  static constexpr std::span<const std::string_view> names = Names::names;
  static constexpr std::string_view display_name = Names::display_name;
  static constexpr std::string_view study_note = Names::study_note;
  static constexpr ModelKinds models = {ModelKind::linear_system, ModelKind::two_mass_spring};
  template <class Model>
  using scheme_type = SchemeOf<typename Model::real_type>;
  static constexpr ScalarSet scalars = ScalarSet::floating();  // matrix functions: cos, sin, √
  static constexpr bool has_step = true;

  struct Options {};
  static constexpr std::array<std::string_view, 0> option_keys = {};
  static Options options(const SchemeSpec&, const OptionFailure&) { return {}; }
  static std::vector<std::pair<std::string, std::string>> describe(const Options&) { return {}; }

  static void validate(const CaseSpec& c) {
    if (!Names::free_motion_only) return;
    const SystemSpec& s = *c.model.system();
    for (std::size_t i = 0; i < s.dimension(); ++i)
      if (s.lower[i] || s.upper[i])
        throw InputError(c.file, "scheme.type",
                         "'" + c.scheme.type + "' solves the free motion (" + std::string(Names::equation) +
                             ") and coordinate " + std::to_string(i + 1) + " has a bound (allowed: " +
                             std::string(Names::constrained_scheme) + ", or no bounds)");
  }

  static std::optional<std::string> lyapunov_method(const LyapunovSpec&) { return std::nullopt; }

  template <class Model>
  static scheme_type<Model> make(const BoundCase<Model>& b, const StepSpec& step) {
    return refused_as_input(b.spec, "scheme", [&] { return scheme_type<Model>(b.model, b.step(step), b.t0); });
  }

  template <class Model>
  static void run(const BoundCase<Model>& b, const Options&, const RunOptions& options, RunRecord& out) {
    // The O(N³) setup comes before the first step: minutes in MPFR for hundreds of
    // coordinates, so it is announced with its estimate (case/system_setup_cost.hpp).
    const std::size_t n = b.model.dimension();
    if (options.progress)
      options.progress->begin(options.label + ": setting up " + std::to_string(n) + " coordinates", 1, "setup",
                              system_setup_steps(n) * options.seconds_per_step);
    auto scheme = make(b, b.spec.step);
    if (options.progress) options.progress->advance(1);
    run_system_scheme(scheme, b, options, out);
  }

  template <class Model, class Observer>
  static typename Model::real_type study_run(const BoundCase<Model>& b, const Options&, const StepSpec& step,
                                             Observer& observer) {
    return projection_study_run(make(b, step), b, step, observer);
  }
};

}  // namespace vibro
