#pragma once
// An external program as a scheme (docs/own_scheme.md): the shape of a registry entry
// (catalog/scheme_entry.hpp), so that its run, its sweep, its study and the rounding floor go
// through the same code as a built-in scheme's (catalog/entry_runners.hpp), but not in the
// catalog: no case file can name it. Its one option, the program, comes from RunOptions,
// which only the command line fills (`--scheme-command`).

#include "vibro/catalog/entry_runners.hpp"
#include "vibro/drive/recorded_run.hpp"
#include "vibro/external/external_problem.hpp"
#include "vibro/external/external_scheme.hpp"
#include "vibro/external/external_trajectory.hpp"
#include "vibro/scalar/number_text_of.hpp"
#include "vibro/drive/projection_log.hpp"
#include "vibro/results/reported_impacts.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// The coordinates of the bound case's model: 1, or the length of its initial data.
template <class Model>
std::size_t program_dimension(const BoundCase<Model>& b) {
  if constexpr (std::is_same_v<coordinates_t<Model>, typename Model::real_type>) return 1;
  else return b.u0.size();
}

/// Per coordinate (per constraint for a model of constraints, the double pendulum), whether an
/// impact may be reported on it: it has a stop.
template <class Model>
std::vector<bool> program_stops(const Model& model, std::size_t dimension) {
  if constexpr (requires { model.bounds(std::size_t{}); }) {
    std::vector<bool> stops(dimension);
    for (std::size_t i = 0; i < dimension; ++i) stops[i] = model.bounds(i).constrained();
    return stops;
  } else if constexpr (requires { model.constraint_count(); }) {
    return std::vector<bool>(model.constraint_count(), true);
  } else if constexpr (requires { model.constrained(); }) {
    return {model.constrained()};
  } else {
    return std::vector<bool>(dimension, true);
  }
}

/// One run of the program at `step` of the bound case (and at `tolerance`, a rung of its
/// tolerance ladder, when given): its horizon, the program started with the problem on its
/// stdin, and its rows as a scheme (`scheme`, reading `trajectory`).
template <class Model>
struct ProgramRun {
  using Real = typename Model::real_type;
  ProgramRun(const BoundCase<Model>& b, const StepSpec& step, const ExternalScheme& program,
             const std::string* tolerance = nullptr)
      : horizon(b, step), h(b.step(step)), dimension(program_dimension(b)),
        trajectory(program, problem_message(b, step, horizon, dimension, trajectory_columns(dimension), tolerance),
                   horizon.steps(), b.t0, h, dimension,
                   "external scheme '" + program.name + "' at " +
                       (tolerance ? "tolerance " + *tolerance : "step size " + step.text()),
                   program_stops(b.model, dimension)),
        scheme(b.model, trajectory, h) {}

  RunHorizon<Real> horizon;
  Real h;
  std::size_t dimension;
  typename ProgramScheme<Model>::Trajectory trajectory;
  ProgramScheme<Model> scheme;
};

struct ExternalProgramEntry {
  static constexpr std::array<std::string_view, 1> names = {"external-program"};
  static constexpr std::string_view display_name = "external program";
  static constexpr std::string_view study_note = "";
  static constexpr ModelKinds models = every_model_kind;
  /// Floating types: the program's decimals are read rounded at the run's precision.
  static constexpr ScalarSet scalars = ScalarSet::floating();
  static constexpr bool has_step = true;
  static constexpr std::array<std::string_view, 0> option_keys{};

  struct Options {
    const ExternalScheme* program = nullptr;
  };
  /// The program from the run's options (a case cannot name one).
  static Options options(const SchemeSpec&, const OptionFailure&, const RunOptions& run) {
    if (!run.program) throw std::logic_error("an external run without its program");
    return {run.program};
  }
  /// A program's command and timeout; a step function computed in this process has no timeout.
  static std::vector<std::pair<std::string, std::string>> describe(const Options& o) {
    if (o.program->compute) return {{"command", o.program->command}};
    return {{"command", o.program->command},
            {"timeout", to_text_significant(o.program->timeout.count(), 6) + " s"}};
  }
  static void validate(const CaseSpec&) {}
  /// The program's tolerance ladder (empty: its studies are over the case's step sizes).
  static const std::vector<std::string>& tolerances(const Options& o) { return o.program->tolerances; }
  static std::optional<std::string> lyapunov_method(const LyapunovSpec&) { return std::nullopt; }

  /// The case's run at its step: rows (n, t, coordinates, velocities, contact), samples,
  /// contact steps and the final state, as a projection scheme's run records them. With a
  /// tolerance ladder, at its tightest tolerance.
  template <class Model>
  static void run(const BoundCase<Model>& b, const Options& o, const RunOptions& options, RunRecord& out) {
    using State = typename ProgramScheme<Model>::State;
    const std::vector<std::string>& ladder = o.program->tolerances;
    ProgramRun<Model> r(b, b.spec.step, *o.program, ladder.empty() ? nullptr : &ladder.back());
    State x = r.scheme.start(b.u0, b.v0);
    SectionSamples samples(r.scheme, x, r.horizon.stroboscopic(), options);
    ProjectionLog contacts;
    const auto row = [&](const State& y, bool contact) {
      if (!options.rows) return;
      std::vector<std::string> cells{std::to_string(y.n), to_text(y.t)};
      append_texts(cells, y.q);
      append_texts(cells, y.v);
      cells.push_back(contact ? "1" : "0");
      options.rows->row(cells);
    };
    if (options.rows) {
      std::vector<RowColumn> columns{{"n"}};
      for (const std::string& name : trajectory_columns(r.dimension)) columns.push_back({name, true});
      columns.push_back({"contact"});
      options.rows->header(columns, has_text_twins<typename Model::real_type>);
    }
    row(x, false);
    const DriveEnd end = drive(
        r.scheme, x, r.horizon, options,
        [&](const State& y, bool contact) {
          contacts.observe(contact, y.n);
          row(y, contact);
        },
        [&](const State& y, std::int64_t k) { samples.add(y, k); });
    Section<ReportedImpacts>& reported = out.run.reported_impacts;  // the program's impact table, if any
    r.trajectory.finish([&](const ProgramImpact<typename Model::real_type>& i) {
      if (!reported) reported.emplace();
      if (reported->first.size() < ReportedImpacts::listed)
        reported->first.push_back({number_text_of(i.t), static_cast<std::int64_t>(i.coordinate), number_text_of(i.v_minus),
                                   number_text_of(i.v_plus)});
      ++reported->count;
    });
    // A table without an impact says the program saw none: 0, not "no table".
    if (!reported && r.trajectory.gave_impact_table()) reported.emplace();
    record_run_end(r.scheme, x, end, out);
    out.run.stroboscopic = samples.take();
    contacts.record(out.run);
  }

  /// One step size of a study: an impact is the first of a run of contact rows, as for a
  /// projection scheme (projection_study_run), or each impact of the program's impact table.
  /// With `tolerance`: the rung of the program's tolerance ladder, at the case's step.
  template <class Model, class Observer>
  static typename Model::real_type study_run(const BoundCase<Model>& b, const Options& o, const StepSpec& step,
                                             Observer& observer, const std::string* tolerance = nullptr) {
    ProgramRun<Model> r(b, step, *o.program, tolerance);
    projection_study_run(r.scheme, b, step, observer);
    r.trajectory.finish([&](const ProgramImpact<typename Model::real_type>& i) { observer.impact(i.t); });
    // The work it reported, for a study's row (a timing run's observer does not keep it).
    if constexpr (requires { observer.report_evaluations(std::int64_t{}); })
      if (const std::optional<std::int64_t> n = r.trajectory.evaluations()) observer.report_evaluations(*n);
    return r.h;
  }

 private:
  template <class Real>
  static void append_texts(std::vector<std::string>& cells, const Real& x) {
    cells.push_back(to_text(x));
  }
  template <class Real>
  static void append_texts(std::vector<std::string>& cells, const Vector<Real>& xs) {
    for (const Real& x : xs) cells.push_back(to_text(x));
  }
};

/// The runners of the external program (catalog/entries/external_program_entry.cpp).
SchemeRunners external_program_runners();

}  // namespace vibro
