#pragma once
// The fields of the result sections of `vibro run`, `vibro lyapunov`, `vibro check`, a
// sweep's header and point lines and its summary, `vibro orbits`, `vibro list` (cases and
// schemes), the comparison of `vibro run --precision LIST` and a computed golden, declared
// once (run/declared_fields.hpp says how): each field's name in every output, its member,
// and how it is written. From these declarations the archive (run/result_archive.cpp)
// writes and reads the sections, the JSON writer (io/declared_json.hpp) writes them under
// these names, and tests/result_fields_test.cpp checks their schemas in docs/schema/ (the
// properties, their text twins, what is required) and docs/outputs.md against them. A member
// added to one of these structs and not declared here is a compile error (below), so no
// output can leave it out silently.

#include <array>
#include <string>
#include <tuple>
#include <type_traits>

#include "vibro/run/declared_fields.hpp"
#include "vibro/run/listed_case.hpp"
#include "vibro/run/listed_scheme.hpp"
#include "vibro/run/lyapunov_golden.hpp"
#include "vibro/run/lyapunov_result.hpp"
#include "vibro/run/orbit_listing.hpp"
#include "vibro/run/precision_differences.hpp"
#include "vibro/run/published_check.hpp"
#include "vibro/run/run_result.hpp"
#include "vibro/run/sweep_header.hpp"
#include "vibro/run/sweep_point.hpp"
#include "vibro/run/sweep_summary.hpp"

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
                    Field{"first_impacts", &StudyRow::first_impacts}};
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
                    Shown{"rule", &rounding_floor_rule}};
}

// A convergence study: `convergence` of a run, `order` of a sweep point.
constexpr auto declared_fields(std::type_identity<StudyResult>) {
  return std::tuple{Field{"reference", &StudyResult::reference}, Field{"rows", &StudyResult::rows},
                    Field{"orders", &StudyResult::orders}, Field{"rounding_floor", &StudyResult::rounding_floor}};
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

// `precision` of every output: the scalar type the run used.
constexpr auto declared_fields(std::type_identity<PrecisionInfo>) {
  return std::tuple{Field{"name", &PrecisionInfo::name}, Field{"scalar", &PrecisionInfo::scalar},
                    Field{"significand_bits", &PrecisionInfo::significand_bits},
                    Field{"decimal_digits", &PrecisionInfo::decimal_digits}};
}

// Who made an output, written at its top level.
constexpr auto declared_fields(std::type_identity<Provenance>) {
  return std::tuple{Field{"vibro_version", &Provenance::vibro_version}, Field{"precision", &Provenance::precision}};
}

// `case`: the case file run.
constexpr auto declared_fields(std::type_identity<CaseInfo>) {
  return std::tuple{Field{"name", &CaseInfo::name}, Field{"file", &CaseInfo::file},
                    Field{"hash_fnv1a64", &CaseInfo::hash}, Field{"description", &CaseInfo::description}};
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

// `batch_means` of an uncertainty.
constexpr auto declared_fields(std::type_identity<BatchMeans>) {
  return std::tuple{Field{"blocks", &BatchMeans::blocks}, Field{"standard_error", &BatchMeans::standard_error}};
}

// How uncertain one exponent (or the sum) is.
constexpr auto declared_fields(std::type_identity<ExponentUncertainty>) {
  return std::tuple{Field{"batch_means", &ExponentUncertainty::batch, Absent::omitted},
                    Field{"ensemble_size", &ExponentUncertainty::ensemble_size},
                    Field{"ensemble_sd", &ExponentUncertainty::ensemble_sd},
                    Field{"half_width_95", &ExponentUncertainty::half_width}};
}

// `uncertainty` of a Lyapunov result.
constexpr auto declared_fields(std::type_identity<ExponentUncertainties>) {
  return std::tuple{Field{"lambda1", &ExponentUncertainties::lambda1}, Field{"lambda2", &ExponentUncertainties::lambda2},
                    Field{"sum", &ExponentUncertainties::sum}};
}

// A value for each exponent: `spread_last_half`, `shared_significant_digits`.
template <class T>
constexpr auto declared_fields(std::type_identity<ExponentPair<T>>) {
  return std::tuple{Field{"lambda1", &ExponentPair<T>::lambda1}, Field{"lambda2", &ExponentPair<T>::lambda2}};
}

// One element of `history`.
constexpr auto declared_fields(std::type_identity<RunningEstimate>) {
  return std::tuple{Field{"k", &RunningEstimate::k}, Field{"lambda1", &RunningEstimate::lambda1},
                    Field{"lambda2", &RunningEstimate::lambda2}};
}

// Of a result with exponents (a Lyapunov result, an ensemble member, a second precision, a
// sweep point's): whether they are defined, and the three numbers per period and two per unit
// time written when they are.
template <class T>
bool exponents_defined(const T& x) {
  return x.defined;
}
template <class T>
bool exponents_undefined(const T& x) {
  return !x.defined;
}
template <class T>
constexpr auto exponents_found() {
  return std::tuple{When{"lambda1_per_period", &T::lambda1_per_period, &exponents_defined<T>},
                    When{"lambda2_per_period", &T::lambda2_per_period, &exponents_defined<T>},
                    When{"sum_per_period", &T::sum_per_period, &exponents_defined<T>},
                    When{"lambda1_per_unit_time", &T::lambda1_per_unit_time, &exponents_defined<T>},
                    When{"lambda2_per_unit_time", &T::lambda2_per_unit_time, &exponents_defined<T>}};
}

// One element of the ensemble's `members`: its start, and its exponents or why it has none.
constexpr auto declared_fields(std::type_identity<EnsembleMember>) {
  using M = EnsembleMember;
  return std::tuple{Field{"u0", &M::u0}, Field{"v0", &M::v0}, Field{"defined", &M::defined},
                    When{"lambda1_per_period", &M::lambda1_per_period, &exponents_defined<M>},
                    When{"lambda2_per_period", &M::lambda2_per_period, &exponents_defined<M>},
                    When{"why_undefined", &M::why_undefined, &exponents_undefined<M>}};
}

// `ensemble` of a Lyapunov result.
constexpr auto declared_fields(std::type_identity<LyapunovEnsemble>) {
  return std::tuple{Field{"perturbation", &LyapunovEnsemble::perturbation},
                    Field{"members", &LyapunovEnsemble::members}};
}

// `second_precision`: its exponents and the digits they share with the run's, or why it has
// none. Computed at a precision of its own, it twins its numbers as that precision's
// (own_twins), not as the output's.
inline bool own_twins(const SecondPrecision& s) { return s.precision != "double"; }
constexpr auto declared_fields(std::type_identity<SecondPrecision>) {
  using S = SecondPrecision;
  return std::tuple{Field{"precision", &S::precision}, Field{"defined", &S::defined},
                    When{"lambda1_per_period", &S::lambda1_per_period, &exponents_defined<S>},
                    When{"lambda2_per_period", &S::lambda2_per_period, &exponents_defined<S>},
                    When{"shared_significant_digits", &S::shared_significant_digits, &exponents_defined<S>},
                    When{"why_undefined", &S::why_undefined, &exponents_undefined<S>}};
}

// `lyapunov` of `vibro lyapunov --json`: the method and its horizon, the exponents (or why
// they are undefined), their history and diagnostics.
inline bool has_sum_rule(const LyapunovFindings& l) { return l.sum_rule_per_period.has_value(); }
inline bool sum_rule_holds(const LyapunovFindings& l) { return !l.sum_rule_warning; }
constexpr auto declared_fields(std::type_identity<LyapunovFindings>) {
  using L = LyapunovFindings;
  return std::tuple_cat(
      std::tuple{Field{"method", &L::method}, Field{"epsilon", &L::epsilon}, Field{"clock", &L::clock},
                 Field{"periods", &L::periods}, Field{"periods_done", &L::periods_done}, Field{"defined", &L::defined},
                 When{"why_undefined", &L::why_undefined, &exponents_undefined<L>}},
      exponents_found<L>(),
      std::tuple{When{"spread_last_half", &L::spread_last_half, &exponents_defined<L>},
                 When{"history", &L::history, &exponents_defined<L>},
                 When{"running_samples", &L::running_samples, &exponents_defined<L>},
                 Field{"impacts", &L::impacts, Absent::omitted},
                 Field{"sum_rule_per_period", &L::sum_rule_per_period, Absent::omitted},
                 When{"sum_rule_rounding", &L::sum_rule_rounding, &has_sum_rule},
                 ShownWhen{"sum_rule_holds", &sum_rule_holds, &has_sum_rule},
                 Field{"sum_rule_warning", &L::sum_rule_warning, Absent::omitted},
                 Field{"section_impact_warning", &L::section_impact_warning, Absent::omitted},
                 Field{"periods_with_changed_contacts", &L::periods_with_changed_contacts, Absent::omitted},
                 Field{"uncertainty", &L::uncertainty, Absent::omitted},
                 Field{"ensemble", &L::ensemble, Absent::omitted},
                 Field{"second_precision", &L::second_precision, Absent::omitted}});
}

// `vibro lyapunov --json`; io/result_json.cpp adds the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<LyapunovResult>) {
  return std::tuple{Field{"provenance", &LyapunovResult::provenance, Absent::inline_omitted},
                    Field{"case", &LyapunovResult::case_info},
                    Field{"published", &LyapunovResult::published, Absent::omitted},
                    Field{"lyapunov", &LyapunovResult::lyapunov}};
}

// `lyapunov` of a sweep's point line: the exponents, or why they are undefined.
constexpr auto declared_fields(std::type_identity<SweepExponents>) {
  using L = SweepExponents;
  return std::tuple_cat(std::tuple{Field{"method", &L::method}, Field{"epsilon", &L::epsilon},
                                   Field{"periods", &L::periods}, Field{"defined", &L::defined},
                                   When{"why_undefined", &L::why_undefined, &exponents_undefined<L>}},
                        exponents_found<L>(),
                        std::tuple{When{"spread_lambda1", &L::spread_lambda1, &exponents_defined<L>},
                                   When{"spread_lambda2", &L::spread_lambda2, &exponents_defined<L>}});
}

// A point's impacts and their rate per period, beside its other fields (each null when the
// scheme counts none).
constexpr auto declared_fields(std::type_identity<SweepImpacts>) {
  return std::tuple{Field{"impacts", &SweepImpacts::count, Absent::null},
                    Field{"impacts_per_period", &SweepImpacts::per_period, Absent::null}};
}

// `strobe` of a point: its stroboscopic samples.
constexpr auto declared_fields(std::type_identity<SweepStrobe>) {
  return std::tuple{Field{"first_period", &SweepStrobe::first_period}, Field{"u", &SweepStrobe::u},
                    Field{"v", &SweepStrobe::v},
                    Field{"escaped_at_step", &SweepStrobe::escaped_at_step, Absent::omitted}};
}

// A published relation at a point, under its name in `relations`: its outcome, and the
// test with its measures or why there is none.
inline bool relation_tested(const SweepRelation& r) {
  return r.outcome == SweepRelation::Outcome::holds || r.outcome == SweepRelation::Outcome::contradicted;
}
inline bool relation_untested(const SweepRelation& r) { return !relation_tested(r); }
constexpr auto declared_fields(std::type_identity<SweepRelation>) {
  return std::tuple{Field{"outcome", &SweepRelation::outcome}, When{"why", &SweepRelation::why, &relation_untested},
                    When{"test", &SweepRelation::test, &relation_tested},
                    When{"measures", &SweepRelation::measures, &relation_tested}};
}

// A sweep's point line (docs/sweeps.md "Result lines"); io/sweep_results.cpp adds its
// `kind` and the point's `parameters`, which the sweep file gives.
inline bool point_case_read(const SweepPointResult& p) { return p.precision.has_value(); }
constexpr auto declared_fields(std::type_identity<SweepPointResult>) {
  using P = SweepPointResult;
  return std::tuple{Field{"point", &P::index},
                    Field{"precision", &P::precision, Absent::omitted},
                    When{"case_hash", &P::case_hash, &point_case_read},
                    Field{"lyapunov", &P::lyapunov, Absent::omitted},
                    Field{"impacts", &P::impacts, Absent::inline_omitted},
                    Field{"strobe", &P::strobe, Absent::omitted},
                    Field{"relations", &P::relations, Absent::omitted},
                    Field{"order", &P::order, Absent::omitted},
                    Field{"error", &P::error, Absent::omitted},
                    Field{"seconds", &P::seconds, Absent::omitted}};
}

// `summary` of `vibro check --json`.
constexpr auto declared_fields(std::type_identity<CheckSummary>) {
  return std::tuple{Field{"holds", &CheckSummary::holds},
                    Field{"contradicted_as_recorded", &CheckSummary::contradicted_as_recorded},
                    Field{"changed", &CheckSummary::changed}, Field{"not_evaluated", &CheckSummary::not_evaluated}};
}

// One exponent a relation used, an element of a member's `exponents`: its id, case and value,
// and the published value of the same method and exponent.
inline std::string exponent_id(const ComputedExponent& x) { return x.id(); }
constexpr auto declared_fields(std::type_identity<ComputedExponent>) {
  return std::tuple{Shown{"id", &exponent_id}, NotInJson{&ComputedExponent::experiment},
                    NotInJson{&ComputedExponent::index}, Field{"case", &ComputedExponent::case_file},
                    Field{"computed", &ComputedExponent::value},
                    Field{"published", &ComputedExponent::published, Absent::omitted}};
}

// A relation evaluated on one member, beside the member's verdict: its test and the numbers
// it compared, or why it was not evaluated.
inline bool member_evaluated(const MemberEvaluation& e) { return e.computable; }
inline bool member_not_evaluated(const MemberEvaluation& e) { return !e.computable; }
constexpr auto declared_fields(std::type_identity<MemberEvaluation>) {
  using E = MemberEvaluation;
  return std::tuple{Field{"family", &E::family}, Field{"evaluated", &E::computable},
                    When{"why_not_evaluated", &E::why_not, &member_not_evaluated},
                    When{"holds", &E::holds, &member_evaluated}, When{"test", &E::test, &member_evaluated},
                    When{"measures", &E::measures, &member_evaluated},
                    When{"exponents", &E::exponents, &member_evaluated}};
}

// `recorded`: the outcome a published table records for the member, with its reasons.
inline std::string_view recorded_outcome(const RecordedOutcome& o) { return o.holds ? "holds" : "contradicted"; }
constexpr auto declared_fields(std::type_identity<RecordedOutcome>) {
  return std::tuple{NotInJson{&RecordedOutcome::relation}, NotInJson{&RecordedOutcome::family},
                    NotInJson{&RecordedOutcome::holds}, Shown{"outcome", &recorded_outcome},
                    Field{"reason", &RecordedOutcome::reason}, Field{"evidence", &RecordedOutcome::evidence},
                    Field{"measured_by", &RecordedOutcome::measured_by}};
}

// One element of a relation's `members`: the gate's outcome on the member, its evaluation
// beside it, and the record it was held against.
inline bool verdict_changed(const MemberVerdict& m) { return m.outcome == GateOutcome::changed; }
constexpr auto declared_fields(std::type_identity<MemberVerdict>) {
  return std::tuple{Field{"evaluation", &MemberVerdict::evaluation, Absent::inline_omitted},
                    Field{"recorded", &MemberVerdict::recorded, Absent::omitted},
                    Field{"outcome", &MemberVerdict::outcome},
                    When{"why_changed", &MemberVerdict::why_changed, &verdict_changed}};
}

// One element of a relation's `covers`: a published value it checks (as printed in the text).
constexpr auto declared_fields(std::type_identity<CoveredValue>) {
  return std::tuple{Field{"id", &CoveredValue::id}, NotInJson{&CoveredValue::printed},
                    Field{"published", &CoveredValue::value}, Field{"digits_printed", &CoveredValue::digits_printed}};
}

// One element of `relations`.
constexpr auto declared_fields(std::type_identity<RelationVerdict>) {
  return std::tuple{Field{"relation", &RelationVerdict::name}, Field{"statement", &RelationVerdict::statement},
                    Field{"covers", &RelationVerdict::covers},
                    Field{"not_evaluated", &RelationVerdict::not_evaluable, Absent::omitted},
                    Field{"members", &RelationVerdict::members}};
}

// One element of `not_reproducible`.
constexpr auto declared_fields(std::type_identity<UncheckedValue>) {
  return std::tuple{Field{"id", &UncheckedValue::id}, NotInJson{&UncheckedValue::printed},
                    Field{"published", &UncheckedValue::value}, Field{"reason", &UncheckedValue::reason}};
}

// One element of `reproduced`: a published value, as printed, against the run that
// re-computes it, whose value is given as its text (every digit) or null.
inline std::optional<std::string> computed_text(const Reproduction& r) {
  return r.computed ? std::optional<std::string>(r.computed->text) : std::nullopt;
}
inline bool not_computed(const Reproduction& r) { return !r.computed; }
constexpr auto declared_fields(std::type_identity<Reproduction>) {
  using R = Reproduction;
  return std::tuple{Field{"id", &R::id},
                    Field{"published", &R::printed},
                    Field{"digits_printed", &R::digits_printed},
                    NotInJson{&R::status},
                    NotInJson{&R::relations},
                    NotInJson{&R::case_name},
                    Field{"case", &R::case_file},
                    Field{"precision", &R::precision},
                    NotInJson{&R::computed},
                    Shown{"computed", &computed_text, Absent::null},
                    When{"why_not_computed", &R::why_not, &not_computed},
                    Field{"agrees", &R::agrees},
                    NotInJson{&R::ratio}};
}

// `vibro check --json`; io/result_json.cpp adds the layout's `schema_version`.
inline bool check_matches_records(const CheckResult& r) { return r.matches_records(); }
constexpr auto declared_fields(std::type_identity<CheckResult>) {
  return std::tuple{Field{"relations", &CheckResult::relations}, Field{"not_reproducible", &CheckResult::unchecked},
                    Field{"reproduced", &CheckResult::reproduced}, Field{"summary", &CheckResult::summary},
                    Shown{"matches_records", &check_matches_records}};
}

// `case` of a computed golden.
constexpr auto declared_fields(std::type_identity<GoldenCase>) {
  return std::tuple{Field{"file", &GoldenCase::file}, Field{"name", &GoldenCase::name},
                    Field{"hash_fnv1a64", &GoldenCase::hash}};
}

// `short` of a computed golden: a short horizon at two high precisions.
constexpr auto declared_fields(std::type_identity<LyapunovGolden::Short>) {
  using S = LyapunovGolden::Short;
  return std::tuple{Field{"periods", &S::periods},
                    Field{"precision", &S::precision},
                    Field{"compared_with", &S::compared_with},
                    Field{"agreement_digits", &S::agreement_digits},
                    Field{"lambda1_per_period", &S::lambda1_per_period},
                    Field{"lambda2_per_period", &S::lambda2_per_period},
                    Field{"relative_tolerance", &S::relative_tolerance}};
}

// One element of a golden's `ensemble`: a nearby start and its exponents.
constexpr auto declared_fields(std::type_identity<LyapunovGolden::Run>) {
  using R = LyapunovGolden::Run;
  return std::tuple{Field{"u0", &R::u0}, Field{"v0", &R::v0}, Field{"lambda1_per_period", &R::lambda1_per_period},
                    Field{"lambda2_per_period", &R::lambda2_per_period}};
}

// `long` of a computed golden: the case's own horizon with its uncertainty.
inline std::string golden_tolerance_is(const LyapunovGolden::Long&) {
  return "the 95 % uncertainty of the run (batch means and ensemble spread)";
}
constexpr auto declared_fields(std::type_identity<LyapunovGolden::Long>) {
  using L = LyapunovGolden::Long;
  return std::tuple{Field{"periods", &L::periods},
                    Field{"precision", &L::precision},
                    Field{"u0", &L::u0},
                    Field{"v0", &L::v0},
                    Field{"lambda1_per_period", &L::lambda1_per_period},
                    Field{"lambda2_per_period", &L::lambda2_per_period},
                    Field{"tolerance_lambda1", &L::tolerance_lambda1},
                    Field{"tolerance_lambda2", &L::tolerance_lambda2},
                    Shown{"tolerance_is", &golden_tolerance_is},
                    Field{"ensemble_perturbation", &L::ensemble_perturbation},
                    Field{"ensemble", &L::ensemble}};
}

// A computed golden (tests/golden/lyapunov/*.json), written and read from this declaration.
inline std::string golden_what(const LyapunovGolden&) {
  return "computed Lyapunov golden (src/vibro/run/lyapunov_golden.hpp); do not edit by hand";
}
constexpr auto declared_fields(std::type_identity<LyapunovGolden>) {
  return std::tuple{Shown{"what", &golden_what},
                    Field{"written_by", &LyapunovGolden::written_by},
                    Field{"vibro_version", &LyapunovGolden::vibro_version},
                    Field{"case", &LyapunovGolden::case_info},
                    Field{"short", &LyapunovGolden::short_horizon},
                    Field{"long", &LyapunovGolden::long_horizon}};
}

// One element of `orbits` of `vibro orbits --json`: a (1, n) orbit in closed form, and why it
// was rejected when it was.
inline bool orbit_rejected(const OrbitRow& o) { return !o.admissible; }
constexpr auto declared_fields(std::type_identity<OrbitRow>) {
  using O = OrbitRow;
  return std::tuple{Field{"n", &O::n},
                    NotInJson{&O::index},
                    Field{"phase", &O::phase},
                    Field{"impact_time", &O::impact_time},
                    Field{"velocity_before", &O::velocity_before},
                    Field{"velocity_after", &O::velocity_after},
                    Field{"admissible", &O::admissible},
                    When{"rejected_because", &O::rejected_because, &orbit_rejected},
                    Field{"real_multipliers", &O::real_multipliers},
                    Field{"multiplier1", &O::multiplier1},
                    Field{"multiplier2", &O::multiplier2},
                    Field{"largest_modulus", &O::largest_modulus},
                    Field{"stable", &O::stable},
                    Field{"trace", &O::trace},
                    Field{"determinant", &O::determinant},
                    Field{"sum_rule", &O::sum_rule},
                    Field{"lambda1_per_period", &O::lambda1_per_period},
                    Field{"lambda2_per_period", &O::lambda2_per_period},
                    Field{"start_u", &O::start_u},
                    Field{"start_v", &O::start_v}};
}

// One element of `degenerate`.
constexpr auto declared_fields(std::type_identity<DegenerateOrder>) {
  return std::tuple{Field{"n", &DegenerateOrder::n}, Field{"why", &DegenerateOrder::why}};
}

// `vibro orbits --json`; io/result_json.cpp adds the layout's `schema_version`.
inline std::array<int, 2> orbit_orders(const OrbitListing& l) { return {l.n_min, l.n_max}; }
constexpr auto declared_fields(std::type_identity<OrbitListing>) {
  return std::tuple{Field{"case", &OrbitListing::case_info}, Field{"precision", &OrbitListing::precision},
                    NotInJson{&OrbitListing::n_min}, NotInJson{&OrbitListing::n_max}, Shown{"n", &orbit_orders},
                    Field{"orbits", &OrbitListing::orbits}, Field{"degenerate", &OrbitListing::degenerate}};
}

// One element of `cases` of `vibro list --json`.
constexpr auto declared_fields(std::type_identity<ListedCase>) {
  return std::tuple{Field{"name", &ListedCase::name},           Field{"file", &ListedCase::file},
                    Field{"model", &ListedCase::model},         Field{"scheme", &ListedCase::scheme},
                    Field{"precision", &ListedCase::precision}, Field{"description", &ListedCase::description}};
}

// `vibro list --json`; io/result_json.cpp adds the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<CaseListing>) {
  return std::tuple{Field{"cases", &CaseListing::cases}};
}

// A declared order, a value of a listed scheme's `declared_orders`.
constexpr auto declared_fields(std::type_identity<DeclaredOrder>) {
  return std::tuple{Field{"order", &DeclaredOrder::order}, Field{"sharp", &DeclaredOrder::sharp},
                    Field{"source", &DeclaredOrder::source}};
}

// One element of `schemes` of `vibro list --schemes --json`.
constexpr auto declared_fields(std::type_identity<ListedScheme>) {
  using S = ListedScheme;
  return std::tuple{Field{"names", &S::names},       Field{"display_name", &S::display_name},
                    Field{"models", &S::models},     Field{"precisions", &S::precisions},
                    Field{"options", &S::options},   Field{"has_step", &S::has_step},
                    Field{"declared_orders", &S::declared_orders}};
}

// `vibro list --schemes --json`; io/result_json.cpp adds the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<SchemeListing>) {
  return std::tuple{Field{"schemes", &SchemeListing::schemes}};
}

// One run's entry in a number's `runs`, of `vibro run --precision LIST --json`'s
// `difference`: the difference is written as a double and as its exact text in every
// precision (null both when there is none), unlike a run's own numbers, twinned by the run's.
constexpr auto declared_fields(std::type_identity<PrecisionDifference>) {
  using D = PrecisionDifference;
  return std::tuple{Field{"precision", &D::precision}, Field{"difference", &D::difference, Absent::null},
                    Field{"difference_text", &D::difference_text, Absent::null},
                    Field{"agreeing_digits", &D::agreeing_digits, Absent::null}};
}

// One element of `numbers`.
constexpr auto declared_fields(std::type_identity<NumberDifferences>) {
  return std::tuple{Field{"pointer", &NumberDifferences::pointer}, Field{"runs", &NumberDifferences::runs}};
}

// `difference`; the verb writes it beside the runs and the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<PrecisionDifferences>) {
  return std::tuple{Field{"against", &PrecisionDifferences::against},
                    Field{"numbers", &PrecisionDifferences::numbers}};
}

// One element of a sweep header's `parameters`.
constexpr auto declared_fields(std::type_identity<SweptParameter>) {
  return std::tuple{Field{"key", &SweptParameter::key}, Field{"spacing", &SweptParameter::spacing},
                    Field{"values", &SweptParameter::values}};
}

// A sweep header's `strobe`.
constexpr auto declared_fields(std::type_identity<StrobeSampling>) {
  return std::tuple{Field{"transient", &StrobeSampling::transient}, Field{"samples", &StrobeSampling::samples}};
}

// A sweep result file's first line; io/result_json.cpp adds `kind` and the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<SweepHeader>) {
  using H = SweepHeader;
  return std::tuple{Field{"sweep", &H::sweep},           Field{"sweep_file", &H::sweep_file},
                    Field{"sweep_hash", &H::sweep_hash}, Field{"base_case", &H::base_case},
                    Field{"precision", &H::precision, Absent::null},
                    Field{"points", &H::points},         Field{"parameters", &H::parameters},
                    Field{"compute", &H::compute},       Field{"strobe", &H::strobe, Absent::omitted}};
}

// The counts of `vibro sweep --json`'s summary, written beside its other fields.
constexpr auto declared_fields(std::type_identity<SweepRunSummary>) {
  using S = SweepRunSummary;
  return std::tuple{Field{"points", &S::points}, Field{"skipped", &S::skipped}, Field{"computed", &S::computed},
                    Field{"failed", &S::failed}, Field{"seconds", &S::seconds}};
}

// `vibro sweep --json`; io/result_json.cpp adds the layout's `schema_version`.
constexpr auto declared_fields(std::type_identity<SweepSummary>) {
  using S = SweepSummary;
  return std::tuple{Field{"sweep", &S::sweep}, Field{"file", &S::file},
                    Field{"counts", &S::counts, Absent::inline_omitted}, Field{"workers", &S::workers}};
}

/// Every declared section: what the archive, the JSON writer and the documentation test go over.
using DeclaredSections = std::tuple<Escape, ProjectionActivity, CorrectedCounters, EnergyRecord, Example51Comparison,
                                    ConservativeFindings, ErrorEstimate, DigitsNeeded, Lambda1Estimate, LyapunovEstimate,
                                    ReferenceEventText, StickingInterval, ReferenceSettingsText,
                                    ReferenceFindings, CoordinateRecord, SystemFindings, InertiaFindings, ImpactCounts,
                                    StudyRow, OrderFit, OrderAnalysis, RoundingFloorBasis, StudyResult,
                                    ExpectationVerdict, FreeFallRow, FreeFallReversalComparison, FreeFallReversalResult,
                                    StateText, StroboscopicSample, PlotSamples, RunFindings, SweepPoint,
                                    PrecisionInfo, Provenance, CaseInfo, RunResult, BatchMeans, ExponentUncertainty,
                                    ExponentUncertainties, ExponentPair<double>, ExponentPair<int>, RunningEstimate,
                                    EnsembleMember, LyapunovEnsemble, SecondPrecision, LyapunovFindings,
                                    LyapunovResult, SweepExponents, SweepImpacts, SweepStrobe, SweepRelation,
                                    SweepPointResult, CheckSummary, ComputedExponent, MemberEvaluation,
                                    RecordedOutcome, MemberVerdict, CoveredValue, RelationVerdict, UncheckedValue,
                                    Reproduction, CheckResult, GoldenCase, LyapunovGolden::Short,
                                    LyapunovGolden::Run, LyapunovGolden::Long, LyapunovGolden, OrbitRow,
                                    DegenerateOrder, OrbitListing, ListedCase, CaseListing, DeclaredOrder,
                                    ListedScheme, SchemeListing, PrecisionDifference, NumberDifferences,
                                    PrecisionDifferences, SweptParameter, StrobeSampling, SweepHeader,
                                    SweepRunSummary, SweepSummary>;

static_assert(
    []<class... Section>(std::type_identity<std::tuple<Section...>>) {
      return (all_members_declared<Section> && ...);
    }(std::type_identity<DeclaredSections>{}),
    "a member of a declared section is missing from its declaration");

}  // namespace vibro
