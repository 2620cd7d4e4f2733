#pragma once
// The fields of `vibro run`'s result (results/run_result.hpp) and of its parts, declared once
// (results/declared_fields.hpp says how): each field's name in every output, its member, and how
// it is written.

#include "vibro/results/declared_fields.hpp"
#include "vibro/results/provenance_fields.hpp"
#include "vibro/results/run_result.hpp"
#include "vibro/results/projection_activity.hpp"
#include "vibro/results/reported_impacts.hpp"
#include "vibro/results/corrected_counters.hpp"
#include "vibro/results/conservative_findings.hpp"
#include "vibro/results/reference_findings.hpp"
#include "vibro/results/system_findings.hpp"
#include "vibro/results/inertia_findings.hpp"
#include "vibro/results/plot_samples.hpp"
#include "vibro/results/free_fall_reversal.hpp"

#include <array>
#include <string>
#include <tuple>
#include <type_traits>

namespace vibro {

// `escaped`: the step at which the state left the bound, and |u| there.
constexpr auto declared_fields(std::type_identity<Escape>) {
  return std::tuple{Field{"step", &Escape::step}, Field{"abs_u", &Escape::value}};
}

// `projection_active`.
constexpr auto declared_fields(std::type_identity<ProjectionActivity>) {
  return std::tuple{Field{"count", &ProjectionActivity::count}, Field{"first_steps", &ProjectionActivity::first_steps},
                    Field{"impacts", &ProjectionActivity::impacts}};
}

// One impact of `reported_impacts.first`.
constexpr auto declared_fields(std::type_identity<ReportedImpactText>) {
  return std::tuple{Field{"t", &ReportedImpactText::t}, Field{"coordinate", &ReportedImpactText::coordinate},
                    Field{"v_minus", &ReportedImpactText::v_minus}, Field{"v_plus", &ReportedImpactText::v_plus}};
}

// `reported_impacts`: an external program's impact table, counted, its first impacts listed.
constexpr auto declared_fields(std::type_identity<ReportedImpacts>) {
  return std::tuple{Field{"count", &ReportedImpacts::count}, Field{"first", &ReportedImpacts::first}};
}

// The corrected scheme's counters, written into the run's findings themselves.
constexpr auto declared_fields(std::type_identity<CorrectedCounters>) {
  return std::tuple{Field{"impacts", &CorrectedCounters::impacts},
                    Field{"dichotomies", &CorrectedCounters::dichotomies},
                    Field{"fallbacks", &CorrectedCounters::fallbacks}};
}

// `energy` of a seed-003 run.
constexpr auto declared_fields(std::type_identity<EnergyRecord>) {
  return std::tuple{
      Field{"flights", &EnergyRecord::flights},
      Field{"largest_relative_variation_in_a_flight", &EnergyRecord::largest_relative_variation_in_a_flight},
      Field{"largest_relative_variation_in_a_flight_own", &EnergyRecord::largest_relative_variation_in_a_flight_own},
      Field{"impact_ratios", &EnergyRecord::impact_ratios},
      Field{"e_squared", &EnergyRecord::e_squared},
      Field{"largest_ratio_deviation_from_e_squared", &EnergyRecord::largest_ratio_deviation_from_e_squared,
            Absent::omitted}};
}

// `example51`: seed 003's example 5.1 against its closed form.
constexpr auto declared_fields(std::type_identity<Example51Comparison>) {
  return std::tuple{Field{"max_error_before_first_impact", &Example51Comparison::max_error_before_first_impact},
                    Field{"delays_in_steps", &Example51Comparison::delays_in_steps},
                    Field{"largest_amplitude_defect", &Example51Comparison::largest_amplitude_defect}};
}

// A seed-003 run on the conservative oscillator, written into the run's findings themselves.
constexpr auto declared_fields(std::type_identity<ConservativeFindings>) {
  return std::tuple{Field{"denominator", &ConservativeFindings::denominator},
                    Field{"largest_abs_y", &ConservativeFindings::largest_abs_y},
                    Field{"nodes_outside_constraint", &ConservativeFindings::nodes_outside_constraint},
                    Field{"initial_energy", &ConservativeFindings::initial_energy},
                    Field{"final_energy", &ConservativeFindings::final_energy},
                    Field{"energy", &ConservativeFindings::energy},
                    Field{"discrete_amplitude", &ConservativeFindings::discrete_amplitude, Absent::omitted},
                    Field{"example51", &ConservativeFindings::example51, Absent::omitted}};
}

// One element of `system.coordinates`.
constexpr auto declared_fields(std::type_identity<CoordinateRecord>) {
  return std::tuple{Field{"constrained", &CoordinateRecord::constrained}, Field{"impacts", &CoordinateRecord::impacts},
                    Field{"contact_steps", &CoordinateRecord::contact_steps},
                    Field{"max_penetration", &CoordinateRecord::max_penetration},
                    Field{"nodes_outside", &CoordinateRecord::nodes_outside}};
}

// `system` of an N-DOF run.
constexpr auto declared_fields(std::type_identity<SystemFindings>) {
  return std::tuple{Field{"omega", &SystemFindings::omega},
                    Field{"coordinates", &SystemFindings::coordinates},
                    Field{"initial_energy", &SystemFindings::initial_energy},
                    Field{"final_energy", &SystemFindings::final_energy},
                    Field{"largest_energy_variation_between_impacts",
                          &SystemFindings::largest_energy_variation_between_impacts, Absent::null},
                    Field{"flights", &SystemFindings::flights},
                    Field{"max_error_exact", &SystemFindings::max_error_exact, Absent::null},
                    Field{"max_error_rigid_wall_q1", &SystemFindings::max_error_rigid_wall_q1, Absent::null}};
}

// `inertia` of a general-inertia run.
constexpr auto declared_fields(std::type_identity<InertiaFindings>) {
  return std::tuple{
      Field{"initial_energy", &InertiaFindings::initial_energy},
      Field{"final_energy", &InertiaFindings::final_energy},
      Field{"largest_energy_gain_at_impact", &InertiaFindings::largest_energy_gain_at_impact, Absent::null},
      Field{"largest_energy_variation_in_flight", &InertiaFindings::largest_energy_variation_in_flight},
      Field{"max_constraint_violation", &InertiaFindings::max_constraint_violation},
      Field{"iterations_total", &InertiaFindings::iterations_total, Absent::omitted},
      Field{"iterations_max", &InertiaFindings::iterations_max, Absent::omitted}};
}

// `digits_needed` of a reference's λ1 estimate.
constexpr auto declared_fields(std::type_identity<DigitsNeeded>) {
  return std::tuple{Field{"target_digits", &DigitsNeeded::target_digits}, Field{"horizon", &DigitsNeeded::horizon},
                    Field{"digits", &DigitsNeeded::digits},           Field{"basis", &DigitsNeeded::basis},
                    Field{"from_lambda1", &DigitsNeeded::from_lambda1},
                    Field{"measured_loss", &DigitsNeeded::measured_loss, Absent::omitted}};
}

// A reference's λ1 estimate, beside `defined` in `lyapunov_estimate`.
constexpr auto declared_fields(std::type_identity<Lambda1Estimate>) {
  return std::tuple{Field{"lambda1_per_period_or_horizon", &Lambda1Estimate::lambda1_per_period_or_horizon},
                    Field{"lambda1_per_unit_time", &Lambda1Estimate::lambda1_per_unit_time},
                    Field{"digits_needed", &Lambda1Estimate::digits_needed}};
}

// `lyapunov_estimate` of a reference run: the estimate's fields, or why there is none.
constexpr auto declared_fields(std::type_identity<LyapunovEstimate>) {
  return std::tuple{Shown{"defined", +[](const LyapunovEstimate& l) { return l.estimate.has_value(); }},
                    Field{"why_undefined", &LyapunovEstimate::why_undefined, Absent::omitted},
                    Field{"estimate", &LyapunovEstimate::estimate, Absent::inline_omitted}};
}

// One element of `events`: a reference's event.
constexpr auto declared_fields(std::type_identity<ReferenceEventText>) {
  return std::tuple{Field{"kind", &ReferenceEventText::kind}, Field{"t", &ReferenceEventText::t},
                    Field{"v_minus", &ReferenceEventText::v_minus}, Field{"v_plus", &ReferenceEventText::v_plus}};
}

// One element of `sticking_intervals`.
constexpr auto declared_fields(std::type_identity<StickingInterval>) {
  return std::tuple{Field{"start", &StickingInterval::start}, Field{"end", &StickingInterval::end, Absent::null}};
}

// `settings` of a reference run.
constexpr auto declared_fields(std::type_identity<ReferenceSettingsText>) {
  return std::tuple{Field{"max_window", &ReferenceSettingsText::max_window},
                    Field{"contact_tolerance", &ReferenceSettingsText::contact_tolerance},
                    Field{"force_tolerance", &ReferenceSettingsText::force_tolerance}};
}

// `error_estimate` of a reference run: the same run at more digits. Its differences are
// three-digit summaries.
constexpr auto declared_fields(std::type_identity<ErrorEstimate>) {
  constexpr int summary = 3;
  return std::tuple{
      Field{"compared_with", &ErrorEstimate::compared_with},
      Field{"max_event_time_difference", &ErrorEstimate::max_event_time_difference, Absent::omitted, summary},
      Field{"event_kind_missing_at_more_digits", &ErrorEstimate::event_kind_missing_at_more_digits},
      Field{"event_counts_at_more_digits", &ErrorEstimate::event_counts_at_more_digits},
      Field{"final_position_difference", &ErrorEstimate::final_position_difference, Absent::omitted, summary},
      Field{"final_velocity_difference", &ErrorEstimate::final_velocity_difference, Absent::omitted, summary},
      Field{"final_state_correct_digits", &ErrorEstimate::final_state_correct_digits},
      Field{"lower_bound_only", &ErrorEstimate::lower_bound_only, Absent::omitted}};
}

// A reference run's findings, written into the run's findings themselves.
constexpr auto declared_fields(std::type_identity<ReferenceFindings>) {
  return std::tuple{Field{"events", &ReferenceFindings::events},
                    Field{"event_counts", &ReferenceFindings::event_counts},
                    Field{"sticking_intervals", &ReferenceFindings::sticking_intervals},
                    Field{"settings", &ReferenceFindings::settings},
                    Field{"lyapunov_estimate", &ReferenceFindings::lyapunov_estimate},
                    Field{"error_estimate", &ReferenceFindings::error_estimate, Absent::omitted}};
}

// A state: `t` with `u` and `v` of a 1-DOF model, or with the lists `q` and `v` of an N-DOF one.
inline bool holds_u_and_v(const StateText& s) { return !s.has_coordinates(); }
inline bool holds_coordinates(const StateText& s) { return s.has_coordinates(); }
constexpr auto declared_fields(std::type_identity<StateText>) {
  return std::tuple{Field{"t", &StateText::t}, When{"u", &StateText::u, &holds_u_and_v},
                    When{"v", &StateText::v, &holds_u_and_v}, When{"q", &StateText::q, &holds_coordinates},
                    When{"v", &StateText::qv, &holds_coordinates}};
}

// One element of `stroboscopic`: the state at t0 + kT.
constexpr auto declared_fields(std::type_identity<StroboscopicSample>) {
  return std::tuple{Field{"period", &StroboscopicSample::period}, Field{"state", &StroboscopicSample::state}};
}

// `samples`: the run's trajectory for plots, one row of numbers per kept node.
constexpr auto declared_fields(std::type_identity<PlotSamples>) {
  return std::tuple{Field{"columns", &PlotSamples::columns}, Field{"rows", &PlotSamples::rows}};
}

// `run`: what a run found, each scheme's findings when it has them; the corrected scheme's,
// the conservative oscillator's and the reference's beside the others.
constexpr auto declared_fields(std::type_identity<RunFindings>) {
  return std::tuple{Field{"h", &RunFindings::h, Absent::omitted},
                    Field{"steps", &RunFindings::steps, Absent::omitted},
                    Field{"final", &RunFindings::final},
                    Field{"stroboscopic", &RunFindings::stroboscopic, Absent::omitted},
                    Field{"escaped", &RunFindings::escaped, Absent::omitted},
                    Field{"projection_active", &RunFindings::projection_active, Absent::omitted},
                    Field{"reported_impacts", &RunFindings::reported_impacts, Absent::omitted},
                    Field{"corrected", &RunFindings::corrected, Absent::inline_omitted},
                    Field{"conservative", &RunFindings::conservative, Absent::inline_omitted},
                    Field{"reference", &RunFindings::reference, Absent::inline_omitted},
                    Field{"system", &RunFindings::system, Absent::omitted},
                    Field{"inertia", &RunFindings::inertia, Absent::omitted},
                    Field{"samples", &RunFindings::samples, Absent::omitted},
                    Field{"warnings", &RunFindings::warnings}};
}

// One element of a run's `sweep`: the run at one step.
constexpr auto declared_fields(std::type_identity<SweepPoint>) {
  return std::tuple{Field{"step", &SweepPoint::step}, Field{"run", &SweepPoint::run}};
}

// The impacts of one step size of a study.
constexpr auto declared_fields(std::type_identity<ImpactCounts>) {
  return std::tuple{Field{"scheme", &ImpactCounts::scheme}, Field{"reference", &ImpactCounts::reference}};
}

// One element of a study's `rows`: a per-metric field is an object keyed by the metrics'
// names, an absent value null.
constexpr auto declared_fields(std::type_identity<StudyRow>) {
  return std::tuple{Field{"h", &StudyRow::h},
                    Field{"h_value", &StudyRow::h_value},
                    Field{"steps", &StudyRow::steps},
                    Field{"errors", &StudyRow::errors},
                    Field{"impacts", &StudyRow::impacts},
                    Field{"rounding_parts", &StudyRow::rounding_parts, Absent::omitted},
                    Field{"rounding_units", &StudyRow::rounding_units, Absent::omitted},
                    Field{"seconds", &StudyRow::seconds, Absent::omitted},
                    Field{"end_time", &StudyRow::end_time},
                    Field{"end_position", &StudyRow::end_position},
                    Field{"end_velocity", &StudyRow::end_velocity},
                    Field{"first_impacts", &StudyRow::first_impacts},
                    Field{"tolerance", &StudyRow::tolerance, Absent::omitted},
                    Field{"evaluations", &StudyRow::evaluations, Absent::omitted}};
}

// The least-squares line of an observed order, beside the order's other fields.
constexpr auto declared_fields(std::type_identity<OrderFit>) {
  return std::tuple{Field{"least_squares", &OrderFit::slope}, Field{"residual", &OrderFit::residual},
                    Field{"standard_error", &OrderFit::standard_error}, Field{"range", &OrderFit::range}};
}

// The observed order of one metric, an element of a study's `orders`.
constexpr auto declared_fields(std::type_identity<OrderAnalysis>) {
  return std::tuple{Field{"fit", &OrderAnalysis::fit, Absent::inline_nulls},
                    Field{"successive", &OrderAnalysis::successive}, Field{"status", &OrderAnalysis::status},
                    Field{"order_class", &OrderAnalysis::order_class}};
}

// A study's `rounding_floor`.
constexpr auto declared_fields(std::type_identity<RoundingFloorBasis>) {
  return std::tuple{Field{"measured_at", &RoundingFloorBasis::measured_at, Absent::null},
                    Field{"unmeasured", &RoundingFloorBasis::unmeasured, Absent::omitted},
                    Shown{"rule", &rounding_floor_rule}};
}

// The least-squares line of a tolerance response.
constexpr auto declared_fields(std::type_identity<ToleranceFit>) {
  return std::tuple{Field{"slope", &ToleranceFit::slope}, Field{"range", &ToleranceFit::range}};
}

// Where a tolerance response stalls.
constexpr auto declared_fields(std::type_identity<ToleranceStall>) {
  return std::tuple{Field{"from", &ToleranceStall::from}, Field{"error", &ToleranceStall::error}};
}

// One metric's response to the tolerance, an element of a tolerance study's `tolerance_response`.
constexpr auto declared_fields(std::type_identity<ToleranceResponse>) {
  return std::tuple{Field{"class", &ToleranceResponse::response_class},
                    Field{"fit", &ToleranceResponse::fit, Absent::null},
                    Field{"stall", &ToleranceResponse::stall, Absent::null},
                    Field{"successive", &ToleranceResponse::successive},
                    Field{"verdict", &ToleranceResponse::verdict}};
}

// A convergence study: `convergence` of a run, `order` of a sweep point.
constexpr auto declared_fields(std::type_identity<StudyResult>) {
  return std::tuple{Field{"reference", &StudyResult::reference}, Field{"rows", &StudyResult::rows},
                    Field{"orders", &StudyResult::orders}, Field{"rounding_floor", &StudyResult::rounding_floor},
                    Field{"tolerance_response", &StudyResult::tolerance_response, Absent::omitted}};
}

// One element of the free-fall comparison's `table`.
constexpr auto declared_fields(std::type_identity<FreeFallRow>) {
  return std::tuple{Field{"n", &FreeFallRow::n}, Field{"predicted", &FreeFallRow::predicted},
                    Field{"computed", &FreeFallRow::computed}, Field{"difference", &FreeFallRow::difference}};
}

// The free-fall comparison, beside `applicable` in `free_fall`.
constexpr auto declared_fields(std::type_identity<FreeFallReversalComparison>) {
  return std::tuple{Field{"m", &FreeFallReversalComparison::m},
                    Field{"case", &FreeFallReversalComparison::reversal_case},
                    Field{"reversal_steps", &FreeFallReversalComparison::reversal_steps},
                    Field{"line_start", &FreeFallReversalComparison::line_start},
                    Field{"slope_per_step", &FreeFallReversalComparison::slope_per_step},
                    Field{"max_deviation_from_prediction", &FreeFallReversalComparison::max_deviation_from_prediction},
                    Field{"table", &FreeFallReversalComparison::table}};
}

// `free_fall`: the comparison's fields, or the reason it does not apply.
constexpr auto declared_fields(std::type_identity<FreeFallReversalResult>) {
  return std::tuple{Shown{"applicable", +[](const FreeFallReversalResult& f) { return f.comparison.has_value(); }},
                    Field{"reason", &FreeFallReversalResult::reason, Absent::omitted},
                    Field{"comparison", &FreeFallReversalResult::comparison, Absent::inline_omitted}};
}

// One element of a run's `expected`: an `[[expected]]` order against the study.
constexpr auto declared_fields(std::type_identity<ExpectationVerdict>) {
  return std::tuple{Field{"quantity", &ExpectationVerdict::quantity},
                    Field{"expected", &ExpectationVerdict::expected},
                    Field{"tolerance", &ExpectationVerdict::tolerance},
                    Field{"source", &ExpectationVerdict::source},
                    Field{"observed", &ExpectationVerdict::observed, Absent::null},
                    Field{"verdict", &ExpectationVerdict::verdict}};
}

// `vibro run --json`: the case, its model, initial values and scheme as written, what the run
// found, and what the case asked for besides (a free-fall comparison, a study with its
// expected orders, a step sweep). The model, the initial values and the scheme are keyed by
// their parameters' and options' own names (io/result_json.cpp), which also writes the
// layout's `schema_version`.
inline bool has_study(const RunResult& r) { return r.convergence.has_value(); }
inline bool has_sweep(const RunResult& r) { return !r.sweep.empty(); }
constexpr auto declared_fields(std::type_identity<RunResult>) {
  return std::tuple{Field{"provenance", &RunResult::provenance, Absent::inline_omitted},
                    Field{"case", &RunResult::case_info},
                    Field{"model", &RunResult::model},
                    Field{"initial", &RunResult::initial},
                    Field{"scheme", &RunResult::scheme},
                    Field{"run", &RunResult::run},
                    Field{"free_fall", &RunResult::free_fall, Absent::omitted},
                    Field{"convergence", &RunResult::convergence, Absent::omitted},
                    When{"expected", &RunResult::expected, &has_study},
                    When{"sweep", &RunResult::sweep, &has_sweep}};
}

}  // namespace vibro
