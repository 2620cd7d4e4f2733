#pragma once
// The registry entries of seed 004's sweeping-process scheme (scheme/sweeping_process.hpp,
// docs/mathematics.md §7): the explicit version (j(i) = i) and the implicit one
// (j(i) = i + 1, a fixed point per step), on the double pendulum. A run records the angles
// and the energy for plots, the impacts, the energy across impacts and within flights, the
// constraint's violation at the nodes and, for the implicit version, its iterations. A
// study measures the scheme against the general-inertia reference (run/study_reference.hpp).
// No Lyapunov exponents: seed 004 has none.

#include "vibro/run/coordinate_trajectory.hpp"
#include "vibro/run/scheme_entry.hpp"
#include "vibro/run/scheme_run.hpp"
#include "vibro/scheme/sweeping_process.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

template <SweepingVersion Version>
struct SweepingProcessEntry {
  static constexpr bool implicit = Version == SweepingVersion::implicit_force;
  static constexpr std::array<std::string_view, 1> names = {implicit ? "sweeping-process-implicit"
                                                                      : "sweeping-process-explicit"};
  static constexpr std::string_view display_name = implicit ? "sweeping-process scheme, implicit (seed 004)"
                                                            : "sweeping-process scheme, explicit (seed 004)";
  static constexpr std::string_view study_note = "";
  static constexpr ModelKinds models = {ModelKind::double_pendulum};
  template <class Model>
  using scheme_type = SweepingProcess<Model>;
  static constexpr ScalarSet scalars = ScalarSet::floating();  // the pendulum's M(q) and f use cos and sin
  /// Studies run (in the report) and are checked (by the order test) in double and long
  /// double only: their reference integrates the pendulum (RKF 7(8) with a contact search that
  /// re-integrates a step per evaluation), and a one-second study takes about 4 minutes in
  /// MPFR at 30 digits against 0.2 s in double. The scheme's MPFR runs are tested in
  /// sweeping_process_test.
  static constexpr ScalarSet study_scalars = {ScalarKind::double_, ScalarKind::long_double};
  static constexpr bool has_step = true;

  /// The implicit version's cap on fixed-point iterations per step.
  struct Options {
    int max_iterations = SweepingProcessOptions{}.max_iterations;
  };
  static constexpr std::array<std::string_view, implicit ? 1 : 0> option_keys = [] {
    if constexpr (implicit) return std::array<std::string_view, 1>{"max_iterations"};
    else return std::array<std::string_view, 0>{};
  }();

  static Options options(const SchemeSpec& s, const OptionFailure& fail) {
    Options o;
    if constexpr (implicit) {
      if (const std::string* written = s.option("max_iterations")) {
        std::size_t used = 0;
        long value = 0;
        try {
          value = std::stol(*written, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != written->size() || value < 1 || value > 100000)
          fail("max_iterations", "'" + *written + "' is not a whole number in [1, 100000]");
        o.max_iterations = static_cast<int>(value);
      }
    }
    return o;
  }
  static std::vector<std::pair<std::string, std::string>> describe(const Options& o) {
    if constexpr (implicit) return {{"max_iterations", std::to_string(o.max_iterations)}};
    else return {};
  }

  static void validate(const CaseSpec&) {}
  static std::optional<std::string> lyapunov_method(const LyapunovSpec&) { return std::nullopt; }

  template <class Model>
  static scheme_type<Model> make(const BoundCase<Model>& b, const StepSpec& step, const Options& o) {
    return refused_as_input(b.spec, "scheme", [&] {
      return scheme_type<Model>(b.model, b.step(step), b.t0, SweepingProcessOptions{Version, o.max_iterations});
    });
  }

  template <class Model>
  static void run(const BoundCase<Model>& b, const Options& o, const RunOptions& options, RunResult& out) {
    using Real = typename Model::real_type;
    using Scheme = scheme_type<Model>;
    using State = typename Scheme::State;

    const CaseSpec& c = b.spec;
    const Model& model = b.model;
    const std::size_t d = model.dimension();
    const Scheme scheme = make(b, c.step, o);
    const RunHorizon<Real> horizon(b, c.step);
    State x = refused_as_input(c, "initial", [&] { return scheme.start(b.u0, b.v0); });
    CoordinateTrajectory<Real> trajectory(d, horizon.steps(), options);

    ProjectionLog projection;
    InertiaTracker<Real> tracker;
    std::int64_t step = 0;
    const auto observe = [&](const State& y, bool active) {
      const Vector<Real>& q = scheme.position(y);
      const Real e = model.energy(q, scheme.velocity(y));
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

    InertiaFindings found = tracker.findings();
    if constexpr (implicit) {
      found.iterations_total = scheme.iterations(x).total;
      found.iterations_max = scheme.iterations(x).largest;
    }
    out.run.h = NumberText::of(scheme.step_size());
    out.run.steps = end.steps;
    out.run.final = state_text(scheme, x);
    out.run.projection_active = projection.activity();
    out.run.inertia = std::move(found);
    out.run.samples = trajectory.take();
    out.run.escaped = end.escaped;
  }

  template <class Model, class Observer>
  static typename Model::real_type study_run(const BoundCase<Model>& b, const Options& o, const StepSpec& step,
                                             Observer& observer) {
    return projection_study_run(make(b, step, o), b, step, observer);
  }

 private:
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
      f.initial_energy = NumberText::of(*first_);
      f.final_energy = NumberText::of(previous_);
      if (gain_) f.largest_energy_gain_at_impact = NumberText::of(*gain_);
      f.largest_energy_variation_in_flight = NumberText::of(variation_);
      f.max_constraint_violation = NumberText::of(violation_);
      return f;
    }

   private:
    std::optional<Real> first_, flight_start_, gain_;
    Real previous_ = Real(0);
    Real variation_ = Real(0), violation_ = Real(0);
  };
};

using SweepingProcessExplicitEntry = SweepingProcessEntry<SweepingVersion::explicit_force>;
using SweepingProcessImplicitEntry = SweepingProcessEntry<SweepingVersion::implicit_force>;

}  // namespace vibro
