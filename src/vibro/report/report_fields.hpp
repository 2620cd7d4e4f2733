#pragma once
// The fields of the report's own parts of reports/index.json (report/index_tables.hpp),
// declared once as the outputs of `vibro` are (results/declared_fields.hpp says how): from these
// report/index_json.cpp writes them, and tests/result_fields_test.cpp checks
// docs/schema/index.schema.json, docs/schema/run_data.schema.json and docs/outputs.md against
// them. The runs index.json holds are the declared run results (results/declared_sections.hpp).

#include "vibro/io/json_number.hpp"
#include "vibro/report/index_tables.hpp"
#include "vibro/results/declared_fields.hpp"
#include "vibro/results/orbit_result_fields.hpp"
#include "vibro/results/declared_sections.hpp"

#include <tuple>
#include <type_traits>

namespace vibro {

// --- summary ---------------------------------------------------------------------------

// A row of `summary.orders`: without a range, point_statuses says how many points have each status.
inline std::optional<std::string> point_statuses_of(const OrderVerdict& v) {
  return v.points.empty() ? std::nullopt : std::optional(v.points);
}
constexpr auto declared_fields(std::type_identity<OrderVerdict>) {
  using V = OrderVerdict;
  return std::tuple{Field{"case", &V::case_name},
                    Field{"metric", &V::metric},
                    Field{"precision", &V::precision},
                    Field{"declared_order", &V::declared},
                    Field{"at_least", &V::at_least},
                    Field{"source", &V::source},
                    Field{"observed_order", &V::observed, Absent::null},
                    Field{"standard_error", &V::standard_error, Absent::null},
                    Field{"band", &V::band, Absent::null},
                    Field{"verdict", &V::verdict},
                    NotInJson{&V::points},
                    Shown{"point_statuses", &point_statuses_of, Absent::null}};
}

constexpr auto declared_fields(std::type_identity<ExpectationRow>) {
  return std::tuple{Field{"case", &ExpectationRow::case_name}, Field{"quantity", &ExpectationRow::quantity},
                    Field{"precision", &ExpectationRow::precision}, Field{"pass", &ExpectationRow::pass}};
}

constexpr auto declared_fields(std::type_identity<RelationRow>) {
  return std::tuple{Field{"relation", &RelationRow::relation}, Field{"family", &RelationRow::family},
                    Field{"outcome", &RelationRow::outcome}};
}

constexpr auto declared_fields(std::type_identity<PublishedRow>) {
  return std::tuple{Field{"id", &PublishedRow::id}, Field{"printed", &PublishedRow::printed},
                    Field{"value", &PublishedRow::value}, Field{"status", &PublishedRow::status},
                    Field{"relations", &PublishedRow::relations}};
}

// Each part of `summary`: how many rows have each verdict, and the rows.
constexpr auto declared_fields(std::type_identity<OrderVerdicts>) {
  using P = OrderVerdicts;
  return std::tuple{Shown{"counts", static_cast<std::map<std::string, std::size_t> (*)(const P&)>(&counts_of)},
                    Field{"rows", &P::rows}};
}
constexpr auto declared_fields(std::type_identity<ExpectationVerdicts>) {
  using P = ExpectationVerdicts;
  return std::tuple{Shown{"counts", static_cast<std::map<std::string, std::size_t> (*)(const P&)>(&counts_of)},
                    Field{"rows", &P::rows}};
}
constexpr auto declared_fields(std::type_identity<RelationVerdicts>) {
  using P = RelationVerdicts;
  return std::tuple{Field{"evaluated", &P::evaluated},
                    Shown{"counts", static_cast<std::map<std::string, std::size_t> (*)(const P&)>(&counts_of)},
                    Field{"rows", &P::rows}};
}
constexpr auto declared_fields(std::type_identity<PublishedStatuses>) {
  using P = PublishedStatuses;
  return std::tuple{Shown{"counts", static_cast<std::map<std::string, std::size_t> (*)(const P&)>(&counts_of)},
                    Field{"rows", &P::rows}};
}

constexpr auto declared_fields(std::type_identity<UncheckedStudy>) {
  return std::tuple{Field{"case", &UncheckedStudy::case_name}, Field{"why", &UncheckedStudy::why}};
}

constexpr auto declared_fields(std::type_identity<VerdictSummary>) {
  using S = VerdictSummary;
  return std::tuple{Field{"orders", &S::orders}, Field{"orders_not_checked", &S::orders_not_checked},
                    Field{"expectations", &S::expectations},
                    Field{"relations", &S::relations}, Field{"published_values", &S::published_values}};
}

// --- lyapunov --------------------------------------------------------------------------

// `uncertainty_95` of a Lyapunov row.
constexpr auto declared_fields(std::type_identity<ShownUncertainty>) {
  return std::tuple{Field{"from", &ShownUncertainty::from}, Field{"lambda1", &ShownUncertainty::lambda1, Absent::null},
                    Field{"lambda2", &ShownUncertainty::lambda2, Absent::null}};
}

// `published` of a Lyapunov row: decimals as printed, so always with their text.
inline bool own_twins(const PublishedCounterpart&) { return true; }
constexpr auto declared_fields(std::type_identity<PublishedCounterpart>) {
  using P = PublishedCounterpart;
  return std::tuple{Field{"id", &P::id}, Field{"status", &P::status}, Field{"lambda1", &P::lambda1},
                    Field{"lambda2", &P::lambda2}};
}

// `on_orbit` of a Lyapunov row: the exact exponents of the orbit the case starts on, every
// proved digit with its enclosure (orbits.md shows 10 digits), and the verdicts orbits.md shows.
constexpr auto declared_fields(std::type_identity<ExactOnOrbit>) {
  using E = ExactOnOrbit;
  return std::tuple{Field{"n", &E::n},
                    Field{"stable", &E::stable},
                    Field{"lambda1_after_k", &E::lambda1_after_k},
                    Field{"lambda2_after_k", &E::lambda2_after_k},
                    Field{"lambda1_asymptotic", &E::lambda1_asymptotic},
                    Field{"lambda2_asymptotic", &E::lambda2_asymptotic},
                    Field{"difference1", &E::difference1},
                    Field{"difference2", &E::difference2},
                    Field{"proved_lambda1", &E::proved_lambda1, Absent::null},
                    Field{"proved_lambda2", &E::proved_lambda2, Absent::null},
                    Field{"not_proved", &E::not_proved}};
}
constexpr auto declared_fields(std::type_identity<OrbitExponents>) {
  using O = OrbitExponents;
  return std::tuple{Field{"exact", &O::exact}, Field{"verdict_lambda1", &O::verdict_lambda1},
                    Field{"verdict_lambda2", &O::verdict_lambda2}};
}

// A row of `lyapunov.exponents`, its numbers twinned as its precision's; the exponents and
// their uncertainty when defined, why not when not.
inline bool own_twins(const LyapunovTableRow& r) { return JsonNumbers::for_significand_bits(r.significand_bits).twins(); }
inline bool exponents_defined(const LyapunovTableRow& r) { return r.defined; }
inline bool exponents_undefined(const LyapunovTableRow& r) { return !r.defined; }
constexpr auto declared_fields(std::type_identity<LyapunovTableRow>) {
  using R = LyapunovTableRow;
  return std::tuple{Field{"case", &R::case_name},
                    Field{"precision", &R::precision},
                    NotInJson{&R::significand_bits},
                    Field{"method", &R::method},
                    Field{"epsilon", &R::epsilon},
                    Field{"defined", &R::defined},
                    When{"lambda1_per_period", &R::lambda1_per_period, &exponents_defined},
                    When{"lambda2_per_period", &R::lambda2_per_period, &exponents_defined},
                    When{"sum_per_period", &R::sum_per_period, &exponents_defined},
                    When{"uncertainty_95", &R::uncertainty_95, &exponents_defined},
                    When{"why_undefined", &R::why_undefined, &exponents_undefined},
                    Field{"published", &R::published, Absent::null},
                    Field{"on_orbit", &R::on_orbit, Absent::omitted}};
}

// `lyapunov`: its `relations` as `vibro check --json` writes them, without the version.
constexpr auto declared_fields(std::type_identity<LyapunovTable>) {
  return std::tuple{Field{"exponents", &LyapunovTable::exponents}, Field{"relations", &LyapunovTable::relations}};
}

// --- seed 003 --------------------------------------------------------------------------

inline bool own_twins(const PiecewiseExactnessRow& r) { return JsonNumbers::for_significand_bits(r.significand_bits).twins(); }
constexpr auto declared_fields(std::type_identity<PiecewiseExactnessRow>) {
  using R = PiecewiseExactnessRow;
  return std::tuple{Field{"precision", &R::precision},
                    NotInJson{&R::significand_bits},
                    Field{"max_error_before_first_impact", &R::max_error_before_first_impact},
                    Field{"largest_relative_variation_in_a_flight", &R::largest_relative_variation_in_a_flight},
                    Field{"largest_ratio_deviation_from_e_squared", &R::largest_ratio_deviation_from_e_squared,
                          Absent::null},
                    Field{"delays_in_steps", &R::delays_in_steps},
                    Field{"largest_amplitude_defect", &R::largest_amplitude_defect}};
}

constexpr auto declared_fields(std::type_identity<FirstNodes>) {
  return std::tuple{Field{"y1", &FirstNodes::y1}, Field{"y2", &FirstNodes::y2},
                    Field{"y2_closed_form", &FirstNodes::y2_closed_form}};
}

constexpr auto declared_fields(std::type_identity<QuarterStep>) {
  return std::tuple{Field{"nonstandard", &QuarterStep::nonstandard}, Field{"standard", &QuarterStep::standard}};
}

constexpr auto declared_fields(std::type_identity<StabilityRow>) {
  using R = StabilityRow;
  return std::tuple{Field{"omega_dt", &R::omega_dt},
                    Field{"nonstandard_max_abs_y", &R::nonstandard_max_abs_y},
                    Field{"standard_max_abs_y", &R::standard_max_abs_y},
                    Field{"standard_escaped_at_step", &R::standard_escaped_at_step, Absent::null},
                    Field{"standard_amplitude_closed_form", &R::standard_amplitude_closed_form, Absent::null}};
}

constexpr auto declared_fields(std::type_identity<ConstrainedRun>) {
  using R = ConstrainedRun;
  return std::tuple{Field{"scheme", &R::scheme}, Field{"active_steps", &R::active_steps},
                    Field{"first_active_step", &R::first_active_step, Absent::null},
                    Field{"nodes_outside_constraint", &R::nodes_outside_constraint}, Field{"max_abs_y", &R::max_abs_y}};
}

// A row of `spurious_impacts`: the step, and the run's fields beside it.
constexpr auto declared_fields(std::type_identity<SpuriousImpactRow>) {
  return std::tuple{Field{"dt", &SpuriousImpactRow::dt},
                    Field{"run", &SpuriousImpactRow::run, Absent::inline_omitted}};
}

constexpr auto declared_fields(std::type_identity<TwoStops>) {
  return std::tuple{Field{"nonstandard", &TwoStops::nonstandard}, Field{"standard", &TwoStops::standard}};
}

constexpr auto declared_fields(std::type_identity<DuffingObstacleRow>) {
  using R = DuffingObstacleRow;
  return std::tuple{Field{"scheme", &R::scheme}, Field{"impacts", &R::impacts},
                    Field{"largest_relative_variation_in_a_flight", &R::largest_relative_variation_in_a_flight},
                    Field{"final_energy", &R::final_energy}};
}

// `seed003_claims`: each table null when its cases are missing.
constexpr auto declared_fields(std::type_identity<Seed003Claims>) {
  using C = Seed003Claims;
  return std::tuple{Field{"piecewise_exactness", &C::piecewise_exactness, Absent::null},
                    Field{"quarter_step", &C::quarter_step, Absent::null},
                    Field{"stability", &C::stability, Absent::null},
                    Field{"spurious_impacts", &C::spurious_impacts, Absent::null},
                    Field{"two_stops", &C::two_stops, Absent::null},
                    Field{"duffing_obstacle", &C::duffing_obstacle, Absent::null}};
}

// --- seed 002 --------------------------------------------------------------------------

constexpr auto declared_fields(std::type_identity<Seed002Value>) {
  using V = Seed002Value;
  return std::tuple{Field{"id", &V::id},
                    Field{"printed", &V::printed},
                    Field{"status", &V::status},
                    Field{"case", &V::case_file},
                    Field{"precision", &V::precision},
                    Field{"computed", &V::computed, Absent::null},
                    Field{"agrees", &V::agrees}};
}

constexpr auto declared_fields(std::type_identity<PenetrationRow>) {
  using R = PenetrationRow;
  return std::tuple{Field{"case", &R::case_name}, Field{"mu_m", &R::mu_m}, Field{"precision", &R::precision},
                    Field{"max_penetration_q1", &R::max_penetration_q1},
                    Field{"nodes_outside_q1", &R::nodes_outside_q1}};
}

constexpr auto declared_fields(std::type_identity<Seed002Claims>) {
  return std::tuple{Field{"experiment1", &Seed002Claims::experiment1},
                    Field{"experiment2_penetration", &Seed002Claims::experiment2_penetration}};
}

// --- seed 004 --------------------------------------------------------------------------

constexpr auto declared_fields(std::type_identity<SlopeFit>) {
  return std::tuple{Field{"slope", &SlopeFit::slope}, Field{"standard_error", &SlopeFit::standard_error}};
}

// A run of `seed004.runs`; where it has a study, its two observed orders (null without an
// asymptotic range).
inline bool with_study(const Seed004Run& r) { return r.has_study; }
constexpr auto declared_fields(std::type_identity<Seed004Run>) {
  using R = Seed004Run;
  return std::tuple{Field{"case", &R::case_name},
                    Field{"e", &R::e},
                    Field{"version", &R::version},
                    Field{"precision", &R::precision},
                    Field{"impacts", &R::impacts},
                    Field{"initial_energy", &R::initial_energy},
                    Field{"final_energy", &R::final_energy},
                    Field{"max_constraint_violation", &R::max_constraint_violation},
                    NotInJson{&R::has_study},
                    When{"order_position_linf", &R::order_position_linf, &with_study, Absent::null},
                    When{"order_velocity_l1", &R::order_velocity_l1, &with_study, Absent::null}};
}

constexpr auto declared_fields(std::type_identity<Seed004Runs>) { return std::tuple{Field{"runs", &Seed004Runs::runs}}; }

// --- index.json and runs/*.json --------------------------------------------------------

// index.json beside its `cases`; report/index_json.cpp adds those, the layout's
// `schema_version` and `vibro_version`.
constexpr auto declared_fields(std::type_identity<IndexTables>) {
  using T = IndexTables;
  return std::tuple{Field{"summary", &T::summary}, Field{"lyapunov", &T::lyapunov, Absent::null},
                    Field{"seed003_claims", &T::seed003_claims, Absent::null}, Field{"seed002", &T::seed002, Absent::null},
                    Field{"seed004", &T::seed004, Absent::null}};
}

// runs/NAME-PRECISION.json, twinned as its run; report/index_json.cpp adds `schema_version`.
inline bool own_twins(const RunData& d) { return JsonNumbers::for_significand_bits(d.significand_bits).twins(); }
constexpr auto declared_fields(std::type_identity<RunData>) {
  return std::tuple{Field{"case", &RunData::case_name}, Field{"precision", &RunData::precision},
                    NotInJson{&RunData::significand_bits}, Field{"events", &RunData::events, Absent::omitted},
                    Field{"stroboscopic", &RunData::stroboscopic, Absent::omitted}};
}

/// Every declared section of the report's own parts, for the documentation test.
using ReportSections =
    std::tuple<OrderVerdict, ExpectationRow, RelationRow, PublishedRow, OrderVerdicts, ExpectationVerdicts,
               RelationVerdicts, PublishedStatuses, UncheckedStudy, VerdictSummary, ShownUncertainty,
               ExactOnOrbit, OrbitExponents, PublishedCounterpart, LyapunovTableRow, LyapunovTable,
               PiecewiseExactnessRow, FirstNodes, QuarterStep, StabilityRow,
               ConstrainedRun, SpuriousImpactRow, TwoStops, DuffingObstacleRow, Seed003Claims, Seed002Value,
               PenetrationRow, Seed002Claims, SlopeFit, Seed004Run, Seed004Runs, IndexTables, RunData>;

static_assert(
    []<class... Section>(std::type_identity<std::tuple<Section...>>) {
      return (all_members_declared<Section> && ...);
    }(std::type_identity<ReportSections>{}),
    "a member of a declared section of the report is missing from its declaration");

}  // namespace vibro
