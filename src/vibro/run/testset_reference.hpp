#pragma once
// The reference values of a test-set problem (docs/testset.md) at one MPFR precision: the
// state at the end of its horizon, its number of impacts and its first impacts, every
// number at the full length of that precision. Two precisions of these, compared, give the
// stored values and their error bounds (run/testset_values.hpp).

#include "vibro/run/case_spec.hpp"
#include "vibro/scalar/number_text.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
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


/// The reference of `c` (a test-set problem: c.testset is set) over its horizon, in MPFR at
/// `mpfr_digits`: the reference a convergence study of the case measures against
/// (run/study_reference.hpp), run once to the end of the horizon. Throws InputError for a
/// case the test set cannot hold (a model whose reference keeps no events). `samples` > 0
/// also samples the trajectory on that many intervals.
ReferenceValuesAt testset_reference_at(const CaseSpec& c, long mpfr_digits, int samples = 0);

}  // namespace vibro
