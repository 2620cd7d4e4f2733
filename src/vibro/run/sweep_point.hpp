#pragma once
// What one point of a sweep computes (docs/sweeps.md "Result lines"), typed: the point's
// Lyapunov exponents, impact rate, stroboscopic samples, published relations and
// convergence study, each computed here from the point's cases as `vibro lyapunov`,
// `vibro run`, `vibro check` and `vibro converge` compute them. io/sweep_results.hpp reads
// the point's cases, writes this result as a JSON line and runs the points on threads; the
// report (report/sweep_report.hpp) draws its maps from these fields, never from JSON.

#include "vibro/analysis/study_result.hpp"
#include "vibro/run/case_spec.hpp"
#include "vibro/run/lyapunov_result.hpp"
#include "vibro/run/published_check.hpp"
#include "vibro/run/run_options.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

/// What a sweep computes at every point: the quantities its file's `compute` names.
struct SweepComputation {
  bool lyapunov = false, impacts = false, strobe = false, relations = false, order = false;
  std::int64_t strobe_transient = 0, strobe_samples = 0;  ///< periods (with strobe)
};

/// The quantities by name, in the order the sweep file, the result header and the report
/// list them: the one list of them.
inline constexpr std::array<std::pair<std::string_view, bool SweepComputation::*>, 5> sweep_quantities = {{
    {"lyapunov", &SweepComputation::lyapunov},
    {"impacts", &SweepComputation::impacts},
    {"strobe", &SweepComputation::strobe},
    {"relations", &SweepComputation::relations},
    {"order", &SweepComputation::order},
}};

/// The names of the quantities `compute` asks for, in sweep_quantities' order.
std::vector<std::string> computed_quantities(const SweepComputation& compute);

/// The cases of one point: the base case with the point's keys, and the relation cases
/// with the same keys (empty unless the sweep computes relations).
struct SweepPointCases {
  CaseSpec base;
  std::vector<CaseSpec> relation_cases;
};

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

/// Computes at one point what `compute` asks, filling `point` as it goes (precision and
/// case hash first). A failure throws and leaves in `point` what was computed before it.
/// `options` are the point's run options (no progress, error bars or estimates).
void compute_point_quantities(const SweepPointCases& cases, const SweepComputation& compute, const RunOptions& options,
                              SweepPointResult& point);

}  // namespace vibro
