#include "vibro/run/run_case.hpp"

#include "vibro/analysis/rounding_floor.hpp"
#include "vibro/run/registry.hpp"
#include "vibro/run/study_reference.hpp"
#include "vibro/run/work_limit.hpp"
#include "vibro/scalar/traits.hpp"

#include <cmath>
#include <functional>

namespace vibro {
namespace {

/// The verdict of each [[expected]] order of a case against its study's least-squares slope.
std::vector<ExpectationVerdict> evaluate_expectations(const CaseSpec& c, const StudyResult& study) {
  std::vector<ExpectationVerdict> verdicts;
  for (const Expectation& e : c.expected) {
    const std::string metric = e.quantity.substr(std::string("order.").size());
    const std::optional<double>& observed = study.orders[index_of(*error_metric_named(metric))].slope;
    const double expected = static_cast<double>(e.value.exact), tolerance = static_cast<double>(e.tolerance.exact);
    verdicts.push_back({e.quantity, e.value.text, e.tolerance.text, e.source, observed,
                        observed && std::abs(*observed - expected) <= tolerance});
  }
  return verdicts;
}

/// The case's convergence study: the scheme at every step of its [convergence] list
/// against the reference of its model, on `threads` threads; `what` names it to the progress.
template <class E, class Model>
StudyResult run_study(const BoundCase<Model>& b, const typename E::Options& o, const RunOptions& options,
                      const std::string& what) {
  using Real = typename Model::real_type;
  const CaseSpec& c = b.spec;
  std::vector<std::string> labels;
  std::vector<std::int64_t> steps;
  for (const StepSpec& step : c.convergence) {
    labels.push_back(step.text());
    steps.push_back(step_count(c, step));
  }
  std::function<void(std::size_t)> points_done;
  if (options.progress) {
    options.progress->begin(what, static_cast<std::int64_t>(labels.size()), "step sizes");
    points_done = [progress = options.progress](std::size_t n) { progress->advance(static_cast<std::int64_t>(n)); };
  }
  return with_study_reference(b, [&](const auto& reference, const std::vector<Real>& impacts, std::string name) {
    return convergence_study<Real>(
        labels, steps,
        [&](std::size_t i, auto& accumulator) { return E::study_run(b, o, c.convergence[i], accumulator); },
        reference, impacts,
        std::move(name), options.threads, points_done, options.timing_repeats);
  });
}

/// The rows of a case written with physical parameters: its times are τ = ω0 t
/// (docs/mathematics.md §1), so the time column is called tau.
class NormalisedTimeRows final : public RowSink {
 public:
  explicit NormalisedTimeRows(RowSink& rows) : rows_(rows) {}
  void header(const std::vector<RowColumn>& columns, bool twins) override {
    std::vector<RowColumn> renamed = columns;
    for (RowColumn& column : renamed)
      if (column.name == "t") column.name = "tau";
    rows_.header(renamed, twins);
  }
  void row(const std::vector<std::string>& cells) override { rows_.row(cells); }

 private:
  RowSink& rows_;
};

bool physical_form(const CaseSpec& c) {
  const auto* osc = std::get_if<OscillatorSpec>(&c.model.kind);
  return osc && osc->physical;
}

/// Calls body(case) with the case's model bound to Real, as entry E takes it.
template <class E, class Real, class Body>
void with_bound_case(const CaseSpec& c, Body&& body) {
  with_model<Real>(c.model, [&](auto model) {
    using Model = decltype(model);
    if constexpr (E::models.contains(model_kind_of<Model>)) {
      body(BoundCase<Model>{c, std::move(model)});
    } else {
      throw std::logic_error("scheme '" + c.scheme.type + "' on model " + std::string(model_name(model_kind_of<Model>)) +
                             " (refused when the case was read)");
    }
  });
}

/// The precision that measures the rounding of a study run at `precision` (floating).
Precision rounding_precision(const Precision& precision) {
  return rounding_measure_precision(precision.kind, provenance(precision).precision.decimal_digits);
}

/// Replaces the model's rounding floor of `study` (the case's study at `precision`) by a
/// measured one: the same study at rounding_precision, compared point by point.
template <class E>
void measure_floor(const CaseSpec& c, const typename E::Options& o, const RunOptions& options,
                   const Precision& precision, StudyResult& study) {
  const Precision wider = rounding_precision(precision);
  RunOptions untimed = options;  // the wider study measures rounding, not time
  untimed.timing_repeats = 0;
  const StudyResult wide = with_scalar(wider, [&]<class Wide>(std::type_identity<Wide>) {
    StudyResult found;
    // Only for entries that run in the wider type: run_case measures no floor for the others
    // (their study_scalars lack it; a double-only entry, the Siconos peer, has no wider model).
    if constexpr (!is_exact_v<Wide> && E::scalars.contains(scalar_kind_of<Wide>)) {
      with_bound_case<E, Wide>(c, [&](const auto& b) {
        found = run_study<E>(b, o, untimed, "rounding floor of " + c.name + " at " + wider.name());
      });
    } else {
      throw std::logic_error("the rounding floor is measured in a wider type the scheme runs in");
    }
    return found;
  });
  measure_rounding_floor(study, wide, wider.name());
}

/// Runs the case (its step, its sweep, its study) with entry E at scalar type Real, the
/// type of `precision`.
template <class E, class Real>
void run_with(const CaseSpec& c, const Precision& precision, const RunOptions& options, RunResult& result) {
  const auto o = E::options(c.scheme, OptionFailure{c.file});
  const auto bind = [&](auto&& body) { with_bound_case<E, Real>(c, body); };
  const auto bound_model = [&](auto&& body) {
    try {
      bind(body);
    } catch (const std::invalid_argument& why) {
      throw InputError(c.file, "model", why.what());
    }
  };
  // The model's own checks (e.g. stops that coincide at this precision) are model errors;
  // the runs turn their own refusals into errors naming their keys.
  bound_model([](const auto&) {});
  bind([&](const auto& b) {
    E::run(b, o, options, result);
    for (const StepSpec& step : c.sweep) {
      CaseSpec at_step = c;
      at_step.step = step;
      RunResult point;
      RunOptions at_step_options = options;
      at_step_options.rows = nullptr;  // the rows are the case's own run's
      at_step_options.label = "sweep of " + c.name + " at step " + step.text();
      using Model = std::decay_t<decltype(b.model)>;
      E::run(BoundCase<Model>{at_step, b.model}, o, at_step_options, point);
      result.sweep.push_back({step.text(), std::move(point.run)});
    }
    if constexpr (E::has_step) {
      if (!c.convergence.empty() && options.study) {
        result.convergence = run_study<E>(b, o, options, "study of " + c.name);
        if (options.rounding_floor == RoundingFloor::measured && !is_exact_v<Real>)
          measure_floor<E>(c, o, options, precision, *result.convergence);
        result.expected = evaluate_expectations(c, *result.convergence);
      }
    }
  });
}

}  // namespace

Provenance provenance(const Precision& precision) {
  return with_scalar(precision, [&]<class Real>(std::type_identity<Real>) {
    return Provenance{VIBRO_VERSION, PrecisionInfo{precision.name(), scalar_name<Real>(), significand_bits<Real>(),
                                                   decimal_digits<Real>()}};
  });
}

CaseInfo case_info(const CaseSpec& c) { return {c.name, c.file, c.hash, c.description}; }

Precision run_precision(const CaseSpec& c, const RunOptions& options, const ScalarNeed& need) {
  const Precision precision = options.precision.value_or(c.precision);
  require_runnable(c, precision, options.precision ? "--precision" : "case.precision", need);
  require_within_limit(c, scheme_infos().at(c.scheme.entry).has_step, precision, options.max_steps);
  return precision;
}

RunResult run_case(const CaseSpec& c, const RunOptions& given) {
  const Precision precision = run_precision(c, given);
  const SchemeInfo& scheme = scheme_infos().at(c.scheme.entry);
  const bool has_step = scheme.has_step;
  // The floor is measured by running the study again in the next wider type
  // (rounding_measure_precision), where the scheme's studies run in it: the others (a
  // double-only peer; the sweeping process, whose long double studies would need float128)
  // keep the model's bound, which every output of the study names as such. By default only
  // where the wider type is fixed-width, a few times the study's cost.
  const bool floating = precision.kind != ScalarKind::rational;
  const bool wanted = given.rounding_floor == RoundingFloor::measured ||
                      (given.rounding_floor == RoundingFloor::automatic && measured_by_default(precision.kind));
  bool measure_rounding = floating && wanted && scheme.study_scalars.contains(rounding_precision(precision).kind);
  if (measure_rounding && given.study && has_step && !c.convergence.empty()) {
    // The measurement runs the study again in a wider type, within the same limit (counted,
    // as for any run, over the whole case: an overestimate by the run and its sweep). Past
    // it, a measurement asked for is refused; the default falls back to the model's bound.
    const Precision wider = rounding_precision(precision);
    try {
      require_within_limit(c, has_step, wider, given.max_steps);
    } catch (const InputError& error) {
      if (given.rounding_floor == RoundingFloor::automatic) {
        measure_rounding = false;
      } else {
        throw InputError(error.file(), error.key(),
                         "measuring the rounding floor runs the study again at " + wider.name() + ": " + error.message());
      }
    }
  }
  RunOptions options = given;
  options.rounding_floor = measure_rounding ? RoundingFloor::measured : RoundingFloor::model;
  std::optional<NormalisedTimeRows> tau_rows;
  if (options.rows && physical_form(c)) options.rows = &tau_rows.emplace(*options.rows);
  if (options.label.empty()) options.label = "run of " + c.name + " at " + precision.name();
  options.seconds_per_step = seconds_per_step(precision);
  // Checked again inside runs whose steps are not known in advance (the reference's).
  options.max_steps = given.max_steps.value_or(default_max_steps(precision));
  RunResult result;
  result.provenance = provenance(precision);
  result.case_info = case_info(c);
  result.model = describe_model(c.model);
  if (!c.q0.empty()) {  // an N-DOF system or the double pendulum
    result.initial = {{c.q0_over_pi ? "q0_over_pi" : "q0", texts_of(c.q0), true},
                      {"v0", texts_of(c.q0_velocity), true},
                      {"t0", {c.t0.text}}};
  } else {
    result.initial = {{"u0", {c.u0.text}}, {"v0", {c.v0.text}}, {"t0", {c.t0.text}}};
  }
  with_entry(c.scheme.entry, [&]<class E>(std::type_identity<E>) {
    result.scheme.type = c.scheme.type;
    result.scheme.display_name = E::display_name;
    result.scheme.options = E::describe(E::options(c.scheme, OptionFailure{c.file}));
    if (E::has_step) result.scheme.step = c.step.text();
    naming_file(c, [&] {
      with_scalar(precision, [&]<class Real>(std::type_identity<Real>) {
        if constexpr (E::scalars.contains(scalar_kind_of<Real>)) run_with<E, Real>(c, precision, options, result);
        else throw std::logic_error("precision refused by require_runnable");
      });
    });
    if constexpr (requires(RunResult& r, const std::function<RunResult(const Precision&)>& rerun) {
                    E::finish(r, rerun);
                  }) {
      if (options.error_estimate)
        E::finish(result, [&](const Precision& more) {
          RunOptions quiet;
          quiet.precision = more;
          quiet.error_estimate = false;
          quiet.max_steps = given.max_steps;
          quiet.progress = options.progress;
          quiet.label = "error estimate of " + c.name + " at " + more.name();
          return run_case(c, quiet);
        });
    }
  });
  return result;
}

}  // namespace vibro
