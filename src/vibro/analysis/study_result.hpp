#pragma once
// What a convergence study finds (docs/mathematics.md §8), free of the engine that finds it
// (analysis/convergence_study.hpp): per step size its errors in every metric, and per metric
// the observed order over the asymptotic range. Scalar-independent: every error is
// round-trip text, for every output to render.

#include "vibro/analysis/observed_order.hpp"
#include "vibro/analysis/tolerance_response.hpp"
#include "vibro/scalar/number_text.hpp"
#include "vibro/scheme/error_metric.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// Without a measurement, a point is at the rounding floor when its error is below this many
/// ε × steps × scale: rounding errors that add up step by step stay below it, but a
/// recurrence that amplifies them (the exact harmonic scheme's grow like ε·steps²) passes
/// it. That is why the floor can be measured instead (analysis/rounding_floor.hpp).
inline constexpr int rounding_floor_eps_per_step = 64;

/// A point is at the rounding floor when its rounding part is at least 1/this of its error
/// (10 %): a part that large can move a successive slope over a halving by ln(1/0.9)/ln 2 ≈
/// 0.15 from the rounding alone, more than the 0.1 an observed order is held to.
inline constexpr int rounding_share_divisor = 10;

/// The impacts a run found, and those of the reference over the same horizon.
struct ImpactCounts {
  std::int64_t scheme = 0, reference = 0;
};

/// One step size of a study: its errors in every metric (none where a metric has no value,
/// e.g. no impact to compare), the impacts of the scheme and of the reference.
struct StudyRow {
  std::string h;  ///< as written in the case ("T/100", "2/21")
  NumberText h_value;
  std::int64_t steps = 0;
  PerMetric<std::optional<NumberText>> errors;
  ImpactCounts impacts;
  /// The rounding part of each error, |error − error in the wider type|, when the floor was
  /// measured (analysis/rounding_floor.hpp); none where there is no error.
  std::optional<PerMetric<std::optional<NumberText>>> rounding_parts;
  /// One rounding unit of the run's type at the scale of each metric's quantity, ε × scale
  /// (the scales of the model's floor, rounding_floor_of); 0 in exact arithmetic. An error
  /// at most this is below the rounding floor: the run holds the exact value to every digit
  /// the type carries at that scale. None where a row was built without a run.
  std::optional<PerMetric<NumberText>> rounding_units;
  /// Wall time of the scheme alone over the run (no reference evaluated, nothing measured):
  /// the minimum over the timing runs, in seconds; none when the study was not timed.
  /// Machine and load dependent: the report keeps it out of its deterministic files.
  std::optional<double> seconds;
  /// The last node of the run: its time, coordinates and velocities (one each for a 1-DOF
  /// scheme), and the scheme's first impact times (at most kept_scheme_impacts): what the
  /// test set scores against its stored reference values (docs/testset.md).
  NumberText end_time;
  std::vector<NumberText> end_position, end_velocity, first_impacts;
  /// The rung's tolerance, as given, in a study over a tolerance ladder (docs/convergence.md
  /// "Tolerance ladders": every row then has the case's step as its output spacing `h`); none
  /// in a study over step sizes.
  std::optional<std::string> tolerance{};
  /// The right-hand-side evaluations the run reported (an external program's `evaluations,N`
  /// line, docs/own_scheme.md "The answer"): its work besides `seconds`; none when not reported.
  std::optional<std::int64_t> evaluations{};
};

/// How the points at the rounding floor were told.
struct RoundingFloorBasis {
  /// The precision the study was run again in to measure its rounding floor; none when the
  /// floor is the model's bound (rounding_floor_eps_per_step).
  std::optional<std::string> measured_at;
  /// Why no floor is told at all (a study over a tolerance ladder: its errors are bounded by
  /// the tolerance asked for, not by ε × steps, and the program was not run at a wider
  /// precision); none when the floor is measured or the model's bound.
  std::optional<std::string> unmeasured{};
};

/// How the points at the rounding floor were found, in words, for every output.
std::string rounding_floor_rule(const RoundingFloorBasis& basis);

struct StudyResult {
  std::string reference;  ///< what the scheme was measured against
  std::vector<StudyRow> rows;
  PerMetric<OrderAnalysis> orders;
  RoundingFloorBasis rounding_floor;
  /// In a study over a tolerance ladder: each metric's response to the tolerance, in place of
  /// an order (every order's class is then OrderClass::over_tolerances).
  std::optional<PerMetric<ToleranceResponse>> tolerance_response{};
};

/// The rows' tolerances, as given (empty in a study over step sizes).
std::vector<std::string> study_tolerances(const StudyResult& study);

/// Makes `study`, run over a tolerance ladder (its rows' `tolerance` set), a tolerance study:
/// every order is OrderClass::over_tolerances, the response of each metric is analysed
/// (analyse_tolerance_response), and the rounding floor is said to be unmeasured.
void make_tolerance_study(StudyResult& study);

/// The observed order of every metric of `rows`, with `at_floor[m][i]` marking the points of
/// metric m at the rounding floor. Before any fit, each point is set aside as having no
/// value, an exact zero, an error below the rounding floor (at most its rounding unit; this
/// comes first, whatever the floor's rule) or one at the floor (analyse_order). The
/// logarithms are taken from the exact values of the texts in MPFR, so that an error far
/// below double's range (10^−400 at 500 digits) keeps its logarithm, and a study relabelled
/// from its texts is analysed exactly as it was first.
PerMetric<OrderAnalysis> analyse_orders(const std::vector<StudyRow>& rows, const PerMetric<std::vector<bool>>& at_floor);

}  // namespace vibro
