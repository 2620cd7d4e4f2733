#pragma once
// The test set's values and scores as data (docs/testset.md): a problem's reference values at
// one precision, the stored values with their bounds, the score of one step of a scheme's study,
// and what `vibro testset run` and `list` found. testset/ computes them; io reads and writes the
// stored values, the report and the command line show them.

#include "vibro/case/case_spec.hpp"
#include "vibro/scalar/number_text.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// A transverse impact of the reference: its time, the velocity of the impacting coordinate
/// (for the pendulum: the normal rate of the constraint) before and after, and which
/// coordinate or constraint it is (0-based; 0 for a 1-DOF model).
struct ReferenceImpactText {
  NumberText t, v_minus, v_plus;
  std::size_t coordinate = 0;
};

struct ReferenceValuesAt {
  long mpfr_digits = 0;
  NumberText t_end;
  std::vector<NumberText> position, velocity;  ///< at t_end (after the events there)
  /// The transverse impacts over [t0, t_end], or none when they accumulate (infinitely many
  /// in finite time: the bouncing ball); `accumulations` then lists where.
  std::optional<std::int64_t> impacts;
  std::vector<NumberText> accumulations;
  std::vector<ReferenceImpactText> first_impacts;  ///< at most testset.impacts
  /// When samples were asked for, the positions at samples + 1 equally spaced times of
  /// [t0, t_end], rounded to double: sample_times[k] and sample_positions[k][i] for coordinate
  /// i (for plots; each evaluation of an integrated reference integrates from a checkpoint).
  std::vector<double> sample_times;
  std::vector<std::vector<double>> sample_positions;
};

/// One stored number: its name ("u(T)", "q3(T)", "v2(T)", "t_4", "v-_4", "v+_4", "t_inf_1"),
/// its digits as decimal text, and the bound on its error.
struct StoredValue {
  std::string name, value, bound;
};

struct TestsetReference {
  std::string id;  ///< the problem's, "VI-07"
  /// Provenance: the command that regenerates the file, vibro's version, the commit it was
  /// computed at (as given to the command), the two precisions.
  std::string command, version, commit;
  std::vector<std::string> precisions;
  int digits = 0;  ///< of every value, in the mixed sense above
  std::string t_end;
  /// The transverse impacts over the horizon; none when they accumulate (then t_inf_j
  /// values say where).
  std::optional<std::int64_t> impacts;
  std::vector<std::int64_t> impact_coordinates;  ///< 1-based, one per stored impact
  std::vector<StoredValue> values;
  /// The value named so, or nullptr.
  const StoredValue* value(const std::string& name) const;
};

/// Whether a run met the stored values exactly, beyond what its digits say.
enum class Exactness {
  not_exact,
  exact,        ///< every error is 0
  to_rounding,  ///< within the stored values' accuracy, and every error at most one rounding
                ///< unit of the run's type at the quantity's scale (StudyRow::rounding_units):
                ///< the run holds the exact values to every digit its type carries (VI-01's
                ///< ball at rest on the obstacle)
};

/// Significant correct digits, or none. `at_cap`: the error is within the stored values' own
/// accuracy, so the digits are at least `digits` (shown "≥ d"), not exactly.
struct CorrectDigits {
  double digits = 0;
  bool at_cap = false;
  Exactness exactness = Exactness::not_exact;
};

struct TestsetScore {
  std::string h;  ///< as written in the problem's ladder
  NumberText h_value;
  std::int64_t steps = 0;
  NumberText end_time;
  /// The run's last node is the end of the horizon (within h/2). A run that stopped before it
  /// (an escape, a scheme that gives up) has no end-state digits.
  bool reached_horizon = true;
  std::optional<CorrectDigits> state;
  /// Of the stored first impacts, each matched with the nearest impact the scheme saw (the
  /// convergence engine's matching); none when the problem stores no impact or the scheme saw
  /// none.
  std::optional<CorrectDigits> impact_times;
  std::int64_t impacts_seen = 0;
  std::optional<std::int64_t> impacts_reference;  ///< none: infinitely many (they accumulate)
  std::optional<double> seconds;                  ///< least wall time of the repeats
  /// The rung's tolerance when the ladder is of tolerances (an adaptive program's, `--tolerances`):
  /// `h` is then the output spacing of every rung.
  std::optional<std::string> tolerance{};
  /// The right-hand-side evaluations the program reported for the rung (its work); none when not.
  std::optional<std::int64_t> evaluations{};
};

/// A problem of the test set with its stored reference values.
struct TestsetProblem {
  CaseSpec problem;
  TestsetReference reference;
};

/// One problem as `vibro testset list` shows it.
struct TestsetListing {
  std::string id, title, model, origin, stresses, file;
  std::vector<std::string> schemes;  ///< the registered schemes that run it at its precision
};

struct TestsetPair {
  std::string problem, title, scheme, precision;
  std::string reference;  ///< what the study measured against (its own check, besides the score)
  std::vector<TestsetScore> scores;  ///< one per step of the ladder, coarse to fine
  /// Why the scheme gave up on the problem (a state that is no longer finite, a contact phase
  /// it has no rule for: the run's std::runtime_error); no scores then.
  std::optional<std::string> failure;
  /// Scores not computed by this run but read from a file (a peer's, stored by
  /// scripts/write_peer_scores.sh): where they come from; empty for a pair this run scored.
  std::string stored;
};

struct TestsetRefusal {
  std::string problem, scheme, reason;
};

/// What a problem's stored values are, for the report: their digits, the two precisions,
/// how many, the largest bound, the impacts over the horizon (none: infinitely many).
struct TestsetStoredSummary {
  std::string problem, title;
  int digits = 0;
  std::vector<std::string> precisions;
  std::size_t values = 0;
  std::string largest_bound;
  std::optional<std::int64_t> impacts;
};

struct TestsetRunResult {
  std::vector<TestsetStoredSummary> problems;  ///< one per problem run, in order
  std::vector<TestsetPair> pairs;
  std::vector<TestsetRefusal> refused;  ///< pairs asked for by name that do not run
};

/// "6.3", "≥ 31.0", "exact", "exact to rounding" or "–" (none), for text and Markdown.
std::string digits_text(const std::optional<CorrectDigits>& d);

/// What the words of digits_text mean, as a sentence for a page that shows them.
std::string digits_terms();

}  // namespace vibro
