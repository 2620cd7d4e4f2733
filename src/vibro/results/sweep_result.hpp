#pragma once
// A sweep's points as data: what each computed (its exponents, impacts, stroboscopic samples,
// relations, order), the header and summary of its result file (results/sweep_result.hpp,
// results/sweep_result.hpp), and a whole sweep computed in memory for the report. sweep/
// computes them; io writes their lines; the report draws them.

#include "vibro/analysis/study_result.hpp"
#include "vibro/case/sweep_spec.hpp"
#include "vibro/results/predicted_doubling.hpp"
#include "vibro/results/published_check_result.hpp"
#include "vibro/scalar/number_text.hpp"
#include "vibro/scalar/precision.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// A published relation at one point, evaluated as `vibro check` evaluates it.
struct SweepRelation {
  enum class Outcome { holds, contradicted, not_computable, not_evaluable };
  Outcome outcome = Outcome::not_computable;
  std::string why;   ///< not computable or not evaluable: the reason
  std::string test;  ///< holds or contradicted: the test, as `vibro check` words it
  std::vector<RelationMeasure> measures;  ///< holds or contradicted: the quantities it compared
};

/// "holds", "contradicted", "not computable", "not evaluable".
std::string_view to_string(SweepRelation::Outcome outcome);

/// The stroboscopic samples u(t0 + kT), v(t0 + kT) of the periods after the transient.
struct SweepStrobe {
  std::int64_t first_period = 0;  ///< the period of the first sample
  std::vector<NumberText> u, v;
  std::optional<std::int64_t> escaped_at_step;  ///< the run left the admissible set
};

/// The base orbit's impacts and their rate per forcing period (none when the scheme
/// counts none).
struct SweepImpacts {
  std::optional<std::int64_t> count;
  std::optional<double> per_period;
};

/// The point's exponents as its line gives them: the method and the periods run, and the
/// exponents with the spread of their running estimates over the last half, or why they are
/// undefined (the rest of `vibro lyapunov`'s findings stay with that verb).
struct SweepExponents {
  std::string method, epsilon;
  std::int64_t periods = 0;  ///< run
  bool defined = false;
  std::string why_undefined;  ///< when not defined
  NumberText lambda1_per_period, lambda2_per_period, sum_per_period;  ///< when defined, as the four below
  NumberText lambda1_per_unit_time, lambda2_per_unit_time;
  double spread_lambda1 = 0, spread_lambda2 = 0;
};

/// One point's result. The fields of a quantity the sweep does not compute stay empty; so
/// do those after a failure, which `error` says.
struct SweepPointResult {
  std::size_t index = 0;                 ///< in grid order (its parameters: SweepSpec::overrides)
  std::optional<Precision> precision;    ///< once the point's case was read
  std::string case_hash;
  std::optional<SweepExponents> lyapunov;
  std::optional<SweepImpacts> impacts;
  std::optional<SweepStrobe> strobe;
  std::optional<std::map<std::string, SweepRelation>> relations;  ///< by relation name
  std::optional<StudyResult> order;
  std::optional<std::string> error;      ///< the run failed: the message
  std::optional<double> seconds;         ///< wall time; none where output must be deterministic
};

/// One swept parameter: its case-file key, how its values are spaced ("linear", "log",
/// "list") and every value as the case reader reads it.
struct SweptParameter {
  std::string key, spacing;
  std::vector<std::string> values;
};

/// The stroboscopic sampling of each point: periods skipped, then periods sampled.
struct StrobeSampling {
  std::int64_t transient = 0, samples = 0;
};

/// The header: the sweep's name, file, hash (FNV-1a 64 of its bytes) and base case, the
/// precision of its points, the number of points, the parameters, the quantities computed
/// (sweep/sweep_point.hpp's names) and, when the points are sampled, the sampling.
struct SweepHeader {
  std::string sweep, sweep_file, sweep_hash, base_case;
  /// --precision of the runs that wrote the file: every point at it; none: each point at its
  /// case's own. A file is resumed only at the precision it was written at.
  std::optional<std::string> precision;
  std::size_t points = 0;
  std::vector<SweptParameter> parameters;
  std::vector<std::string> compute;
  std::optional<StrobeSampling> strobe;
};

/// The counts of one run of a sweep: its points, those the result file held already
/// (skipped), those computed now, how many of them failed, and the wall time.
struct SweepRunSummary {
  std::size_t points = 0, skipped = 0, computed = 0, failed = 0;
  double seconds = 0;
};

/// The summary `vibro sweep --json` prints: the sweep's name, its result file, the counts,
/// and the workers (threads or MPI ranks) that computed the points.
struct SweepSummary {
  std::string sweep, file;
  SweepRunSummary counts;
  unsigned workers = 0;
};

/// A whole sweep computed in memory, as `vibro report` draws it.
struct SweepOutcome {
  SweepSpec sweep;
  /// Every point in grid order, without its wall time, so that what the report writes
  /// from it is deterministic.
  std::vector<SweepPointResult> points;
  SweepRunSummary summary;
  unsigned threads = 1;
  /// With `strobe` on a sweep of one parameter of an impact oscillator: where the closed
  /// form predicts a period doubling (orbits/period_doubling_prediction.hpp).
  std::vector<PredictedDoubling> doublings;
  /// The precision every point ran at (--precision); none: each at its case's own.
  std::optional<Precision> precision;
  /// With `lyapunov` computed: the id of the published λ1 the base case names (its
  /// `[lyapunov] published` and ".lambda1"), which every point shares.
  std::optional<std::string> published_lambda1;
};

}  // namespace vibro
