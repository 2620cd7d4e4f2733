#pragma once
// What a run at one step size finds (RunFindings) and its optional sections, each filled by the
// scheme's registry entry (catalog/entries/) and rendered when present; every number as
// round-trip text. A scheme's entry writes these (results/run_record.hpp), not the whole
// RunResult (results/run_result.hpp), so that a field added to the run's result does not
// recompile the catalog. A new scheme reuses the sections that fit it.

#include "vibro/scalar/number_text.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

/// v_i of an N-DOF system (u and v then unset).
struct StateText {
  NumberText t, u, v;
  std::vector<NumberText> q, qv;
  bool has_coordinates() const { return !q.empty(); }
};

struct StroboscopicSample {
  std::int64_t period = 0;
  StateText state;
};

/// The steps where a projection scheme's projection was active (the discrete impacts).
struct ProjectionActivity {
  std::int64_t count = 0;
  std::vector<std::int64_t> first_steps;  ///< the first of them: n of the node U^n the projection made
  std::int64_t impacts = 0;               ///< runs of consecutive active steps: a two-step reversal is one
};

/// An impact an external program reported in its impact table (docs/own_scheme.md "The impact
/// table"): its time, the coordinate it is on (from 1), the velocity before and after.
struct ReportedImpactText {
  NumberText t;
  std::int64_t coordinate = 1;
  NumberText v_minus, v_plus;
};

/// The impacts a program reported: how many, and the first `listed` of them.
struct ReportedImpacts {
  static constexpr std::size_t listed = 64;
  std::int64_t count = 0;
  std::vector<ReportedImpactText> first;
};

/// The corrected scheme's artificial impacts, dichotomies and fallbacks (seed 000 §3).
struct CorrectedCounters {
  std::int64_t impacts = 0, dichotomies = 0, fallbacks = 0;
};

/// The discrete energy of docs/mathematics.md §5 per flight and across impacts.
struct EnergyRecord {
  std::int64_t flights = 0;
  NumberText largest_relative_variation_in_a_flight;
  NumberText largest_relative_variation_in_a_flight_own;
  std::vector<NumberText> impact_ratios;  ///< the first ones (the statistics cover all)
  NumberText e_squared;
  std::optional<NumberText> largest_ratio_deviation_from_e_squared;
};

/// Example 5.1 of seed 003 against its closed-form solution (docs/mathematics.md §5): exact before the
/// first impact, then each flight the exact one delayed, with the exact amplitude.
struct Example51Comparison {
  NumberText max_error_before_first_impact;
  std::vector<NumberText> delays_in_steps;  ///< delay of flight n after impact n, ÷ Δt
  NumberText largest_amplitude_defect;      ///< max |amplitude / e^{n+1} − 1|
};

/// What a run of a seed-003 scheme on the conservative oscillator finds.
struct ConservativeFindings {
  std::string denominator;
  NumberText largest_abs_y;
  std::int64_t nodes_outside_constraint = 0;
  NumberText initial_energy, final_energy;
  EnergyRecord energy;
  /// Amplitude of the scheme's own free recurrence y^{k+1} = 2c y^k − y^{k−1} through its
  /// first two nodes (closed form, β = 0; none when |c| ≥ 1, a growing mode).
  std::optional<NumberText> discrete_amplitude;
  std::optional<Example51Comparison> example51;
};

/// One coordinate of an N-DOF run (seed 002): its contacts and how far it left K.
struct CoordinateRecord {
  bool constrained = false;        ///< has a bound
  std::int64_t impacts = 0;        ///< runs of consecutive steps with its constraint active
  std::int64_t contact_steps = 0;  ///< steps with its constraint active
  NumberText max_penetration;      ///< max over the nodes of the distance of q_i outside [lower, upper]
  std::int64_t nodes_outside = 0;  ///< nodes with q_i outside [lower, upper]
};

/// What a run of an N-DOF scheme of seed 002 finds (catalog/entries/system_scheme_entry.hpp).
struct SystemFindings {
  std::vector<NumberText> omega;              ///< ω_i, the frequencies of the modes of B
  std::vector<CoordinateRecord> coordinates;  ///< one per coordinate
  /// E = ½(vᵀM²v + qᵀA²q) of the scheme's nodes (seed 002 eq. (20)).
  NumberText initial_energy, final_energy;
  /// Unforced: the largest |E − E_f|/E_f over the nodes of each flight f (the steps between
  /// two steps with an active constraint; seed 002 Remark 7); none with forcing.
  std::optional<NumberText> largest_energy_variation_between_impacts;
  std::int64_t flights = 0;
  /// Unconstrained: max over the nodes of max_i |q_i − q_i(t_n)| against the closed-form
  /// solution (docs/mathematics.md §6).
  std::optional<NumberText> max_error_exact;
  /// Seed 002 §3.1's comparison: max over the nodes of |q1 − q1^exact| with q1^exact the free
  /// oscillator q1'' + (A²_11/M²_11) q1 = 0 through q1(0), v1(0) — cos t for experiment 1,
  /// where the second body is a "rigid wall" (μ_m = 10¹²). Unconstrained two-mass-spring runs only.
  std::optional<NumberText> max_error_rigid_wall_q1;
};

/// A general-inertia run's findings (seed 004, docs/mathematics.md §7): the energy
/// E = ½uᵀM(q)u + potential of the scheme's nodes, the constraint's violation at the nodes,
/// and the implicit version's fixed-point iterations (its impacts are the run's
/// projection_active).
struct InertiaFindings {
  NumberText initial_energy, final_energy;
  /// The largest E_{i+1} − E_i over the steps on which the projection acted (> 0: energy
  /// gained across an impact; the flight part of the step contributes O(h)); none without one.
  std::optional<NumberText> largest_energy_gain_at_impact;
  /// The largest |E_i − E_f| over the nodes of each flight f (the nodes between two steps
  /// with an active projection): O(h) for the scheme, 0 for the exact flow.
  NumberText largest_energy_variation_in_flight;
  /// max over the nodes and constraints of g_j(q_i)⁺ (Θ(h): the step onto the wall
  /// overshoots it by up to h × the normal rate, docs/mathematics.md §7.1).
  NumberText max_constraint_violation;
  /// The implicit version's fixed-point iterations: in all, and the most on one step.
  std::optional<std::int64_t> iterations_total, iterations_max;
};

/// Rows of doubles for plots (energy against t, phase portraits); not part of index.json.
struct PlotSamples {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
};

struct ReferenceEventText {
  std::string kind;
  NumberText t, v_minus, v_plus;
};

/// Where a reference run's "digits needed" comes from (analysis/digits_needed.hpp).
enum class DigitsBasis {
  lambda1,     ///< λ1 t/ln 10 + target alone: no comparison run, the growth's prefactor missing
  measured,    ///< the run's own loss against the error estimate's run, + target + margin
  lower_bound  ///< the run kept no correct digit against that run: at least this many
};

constexpr std::string_view to_string(DigitsBasis b) {
  return b == DigitsBasis::lambda1 ? "lambda1" : b == DigitsBasis::measured ? "measured" : "lower_bound";
}

/// The digits a run needs to keep `target_digits` correct up to `horizon`.
struct DigitsNeeded {
  long target_digits = 0;
  double horizon = 0;
  long digits = 0;  ///< per `basis`
  DigitsBasis basis = DigitsBasis::lambda1;
  long from_lambda1 = 0;              ///< ⌈λ1 t/ln 10⌉ + target alone
  std::optional<long> measured_loss;  ///< run digits − correct digits, when measured
};

/// A finite-time estimate of the largest Lyapunov exponent, and the digits it asks for.
struct Lambda1Estimate {
  double lambda1_per_period_or_horizon = 0, lambda1_per_unit_time = 0;
  DigitsNeeded digits_needed;
};

/// λ1 of the reference's exact Jacobian over the run and the digits its horizon needs, or
/// why the flow's derivative is undefined: exactly one of the two is set.
struct LyapunovEstimate {
  std::optional<std::string> why_undefined;
  std::optional<Lambda1Estimate> estimate;
};

/// The same reference run at more digits, compared with this one.
struct ErrorEstimate {
  std::string compared_with;
  std::string max_event_time_difference;  ///< three significant digits
  bool event_kind_missing_at_more_digits = false;
  std::map<std::string, std::int64_t> event_counts_at_more_digits;
  std::string final_position_difference, final_velocity_difference;
  /// Significant digits the run's final state shares with the comparison run's, the fewer
  /// of u's and v's (the run's own digits when both agree to every digit).
  long final_state_correct_digits = 0;
  std::optional<std::string> lower_bound_only;  ///< why the differences bound the error from below only
};

/// What a run of the exact-detection reference finds.
/// A time interval the reference spent in contact with the obstacle (sticking).
struct StickingInterval {
  NumberText start;
  std::optional<NumberText> end;  ///< none: open at the end of the run (no release)
};

/// The reference's settings as it ran: its largest flight window and its tolerances.
struct ReferenceSettingsText {
  NumberText max_window, contact_tolerance, force_tolerance;
};

struct ReferenceFindings {
  std::vector<ReferenceEventText> events;
  std::map<std::string, std::int64_t> event_counts;
  std::vector<StickingInterval> sticking_intervals;
  ReferenceSettingsText settings;
  LyapunovEstimate lyapunov_estimate;
  std::optional<ErrorEstimate> error_estimate;
};

/// The run stopped early: |u| passed the case's horizon.escape.
struct Escape {
  std::int64_t step = 0;  ///< steps taken when it stopped
  NumberText value;       ///< |u| there
};

/// The run at the case's step.
struct RunFindings {
  std::optional<NumberText> h;         ///< none for a scheme without a step
  std::optional<std::int64_t> steps;   ///< steps taken; none for a scheme without a step
  StateText final;
  std::optional<std::vector<StroboscopicSample>> stroboscopic;  ///< at t0 + kT, horizons in periods
  std::optional<Escape> escaped;
  std::optional<ProjectionActivity> projection_active;
  std::optional<ReportedImpacts> reported_impacts;  ///< an external program's impact table
  std::optional<CorrectedCounters> corrected;
  std::optional<ConservativeFindings> conservative;
  std::optional<ReferenceFindings> reference;
  std::optional<SystemFindings> system;
  std::optional<InertiaFindings> inertia;
  std::optional<PlotSamples> samples;
  std::vector<std::string> warnings;
};

/// One node of the free-fall comparison: the predicted and the computed U^n.
struct FreeFallRow {
  std::int64_t n = 0;
  NumberText predicted, computed, difference;
};

/// Seed 000 §2's predicted two-step reversal against the computed positions.
struct FreeFallReversalComparison {
  std::int64_t m = 0;
  std::string reversal_case;                     ///< U^(m+1) below, on or above the obstacle
  std::array<std::int64_t, 2> reversal_steps{};  ///< the two steps the seed places the reversal on
  std::int64_t line_start = 0;                   ///< from this n on, U^n is on the post-impact line
  NumberText slope_per_step;                     ///< of that line: −h e v0
  NumberText max_deviation_from_prediction;      ///< over the whole run
  std::vector<FreeFallRow> table;                ///< the nodes around the reversal
};

/// The free-fall comparison, or why the seed's assumptions do not hold for the case:
/// exactly one of the two is set.
struct FreeFallReversalResult {
  std::optional<std::string> reason;
  std::optional<FreeFallReversalComparison> comparison;
};

/// One step size of a `[sweep]`: the run repeated there.
struct SweepPoint {
  std::string step;  ///< as written
  RunFindings run;
};

}  // namespace vibro
