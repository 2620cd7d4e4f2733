#include "vibro/run/run_case.hpp"

#include "vibro/analysis/rounding_floor.hpp"
#include "vibro/catalog/entries/external_program_entry.hpp"
#include "vibro/case/tolerance_ladder.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/binding/model_binding.hpp"
#include "vibro/binding/model_description.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/catalog/scheme_runners.hpp"
#include "vibro/case/work_limit.hpp"
#include "vibro/run/error_estimate_in_step.hpp"

#include <cmath>

namespace vibro {
namespace {

/// The verdict of each [[expected]] order of a case against its study's least-squares slope.
std::vector<ExpectationVerdict> evaluate_expectations(const CaseSpec& c, const StudyResult& study) {
  std::vector<ExpectationVerdict> verdicts;
  for (const Expectation& e : c.expected) {
    const std::string metric = e.quantity.substr(std::string("order.").size());
    const std::optional<double>& observed = study.orders[index_of(*error_metric_named(metric))].slope();
    const double expected = static_cast<double>(e.value.exact), tolerance = static_cast<double>(e.tolerance.exact);
    const bool holds = observed && std::abs(*observed - expected) <= tolerance;
    verdicts.push_back({e.quantity, NumberText{e.value.text}, NumberText{e.tolerance.text}, e.source, observed,
                        holds ? ExpectationOutcome::pass : ExpectationOutcome::fail});
  }
  return verdicts;
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

/// The precision that measures the rounding of a study run at `precision` (floating).
Precision rounding_precision(const Precision& precision) {
  return rounding_measure_precision(precision.kind, provenance(precision).precision.decimal_digits);
}

/// The precision an external program runs at: a floating one the model binds to (its
/// decimals are read rounded at it), for a case with a step.
Precision external_precision(const CaseSpec& c, const RunOptions& options) {
  const Precision precision = options.precision.value_or(c.precision);
  const std::string key = options.precision ? "--precision" : "case.precision";
  const ScalarSet allowed = ExternalProgramEntry::scalars & model_scalars(c.model.model_kind());
  if (!allowed.contains(precision.kind))
    throw InputError(c.file, key,
                     precision.name() + ": an external program's decimals are read rounded at a floating-point "
                                        "precision (allowed here: " + allowed.text() + ")");
  if (!c.step.h && !c.step.steps_per_period)
    throw InputError(c.file, "step",
                     "the case has no [step] (its scheme '" + c.scheme.type +
                         "' has none), and an external program runs at one (allowed: a case with [step])");
  require_within_limit(c, true, precision, options.max_steps);
  return precision;
}

/// What run_case needs of the external program's entry: it has a step and its studies run
/// in every floating type (the rounding floor's wider one included).
const SchemeInfo& external_program_info() {
  static const SchemeInfo info = [] {
    SchemeInfo i;
    i.has_step = ExternalProgramEntry::has_step;
    i.scalars = i.study_scalars = ExternalProgramEntry::scalars;
    return i;
  }();
  return info;
}

}  // namespace

RunResult case_run_result(const CaseSpec& c, const Precision& precision) {
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
  return result;
}

namespace {

/// The case and the program as a tolerance study runs them (docs/own_scheme.md "Tolerance
/// ladders"): the program with its ladder resolved, the case's [convergence] list its step
/// alone (every rung has the same nodes); nullopt for a study over step sizes.
struct ToleranceRun {
  CaseSpec c;
  ExternalScheme program;
};

std::optional<ToleranceRun> tolerance_run(const CaseSpec& c, const RunOptions& given) {
  if (!given.program) return std::nullopt;
  std::vector<std::string> ladder = tolerance_ladder_of(c, given.program->tolerances, given.program->by_tolerance);
  if (ladder.empty()) return std::nullopt;
  if (given.rounding_floor == RoundingFloor::measured)
    throw InputError("", "--measure-rounding",
                     "a tolerance ladder's rounding floor is not measured (its errors are bounded by the tolerance, "
                     "not by ε × steps): leave --measure-rounding out");
  ToleranceRun run{c, *given.program};
  run.c.convergence = {c.step};
  run.program.tolerances = std::move(ladder);
  return run;
}

/// The run of a case as run_case resolved it (a tolerance ladder made a one-step study).
RunResult run_resolved(const CaseSpec& c, const RunOptions& given) {
  const bool external = given.program != nullptr;
  const Precision precision = external ? external_precision(c, given) : run_precision(c, given);
  const SchemeInfo& scheme = external ? external_program_info() : scheme_infos().at(c.scheme.entry);
  const bool has_step = scheme.has_step;
  // The floor is measured by running the study again in the next wider type
  // (rounding_measure_precision), where the scheme's studies run in it: the others (a
  // double-only peer; the sweeping process, whose long double studies would need float128)
  // keep the model's bound, which every output of the study names as such. By default only
  // where the wider type is fixed-width, a few times the study's cost.
  const bool floating = precision.kind != ScalarKind::rational;
  // An external program is run again in the wider type only when asked: the floor it measures
  // is real only if the program honours the precision it is given.
  const bool wanted = given.rounding_floor == RoundingFloor::measured ||
                      (given.rounding_floor == RoundingFloor::automatic && measured_by_default(precision.kind) && !external);
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
  RunResult result = case_run_result(c, precision);
  if (external) {
    result.scheme.type = given.program->name;
    result.scheme.display_name = "external program '" + given.program->name + "'";
    result.scheme.options = ExternalProgramEntry::describe({given.program});
    result.scheme.external = true;
  } else {
    result.scheme.type = c.scheme.type;
    result.scheme.display_name = scheme.display_name;
    result.scheme.options = scheme.options(c);
  }
  if (has_step) result.scheme.step = c.step.text();
  static const SchemeRunners external_runners = external_program_runners();
  const SchemeRunners& runners = external ? external_runners : scheme_runners(c.scheme.entry);
  RunRecord record;
  if (runners.finish && options.error_estimate)
    run_with_error_estimate(c, precision, options, given.max_steps, runners, record);
  else
    runners.run(c, precision, options, record);
  result.run = std::move(record.run);
  result.free_fall = std::move(record.free_fall);
  result.sweep = std::move(record.sweep);
  result.convergence = std::move(record.convergence);
  // A case's expected orders are in h: a study over tolerances has none to hold them to.
  if (result.convergence && !result.convergence->tolerance_response)
    result.expected = evaluate_expectations(c, *result.convergence);
  return result;
}

}  // namespace

RunResult run_case(const CaseSpec& c, const RunOptions& options) {
  if (std::optional<ToleranceRun> t = tolerance_run(c, options)) {
    RunOptions resolved = options;
    resolved.program = &t->program;
    return run_resolved(t->c, resolved);
  }
  return run_resolved(c, options);
}

void require_convergence_list(const CaseSpec& c) {
  if (c.convergence.empty())
    throw InputError(c.file, "convergence", "the case has no [convergence] list of step sizes to study");
}

}  // namespace vibro
