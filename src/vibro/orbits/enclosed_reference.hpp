#pragma once
// `vibro run CASE --enclose` (docs/proofs.md "Enclosures of the reference"): the proved
// enclosures of a 1-DOF reference case's motion (proof/reference_enclosure.hpp) as texts —
// every impact time with the velocities before and after it, the state at the horizon, how
// the enclosures' radii grew, and why the enclosure stopped when it did.

#include "vibro/case/case_spec.hpp"
#include "vibro/results/orbit_result.hpp"
#include "vibro/results/testset_result.hpp"
#include "vibro/support/progress.hpp"

#include <cstdint>
#include <optional>

namespace vibro {

inline constexpr double default_enclosure_width = 1e-10;

struct EncloseOptions {
  long digits = 40;
  double max_width = default_enclosure_width;
  std::optional<std::int64_t> impacts;  ///< to this impact instead of the case's horizon
  /// The most impacts enclosed (--max-steps); by default as many as about ten minutes of one
  /// core take at `digits` (enclosure_seconds_per_impact).
  std::optional<std::int64_t> max_impacts;
  Progress* progress = nullptr;  ///< told of each impact; none: silent
};

/// About how long enclosing one impact takes at `digits` decimal digits: the work limit's and
/// the progress's estimate (a fit of measured times, docs/proofs.md "Time").
double enclosure_seconds_per_impact(long digits);

/// The default most impacts of an enclosure at `digits`: about ten minutes of one core.
std::int64_t default_max_impacts(long digits);

/// About how long one validated Taylor step of the Duffing oscillator takes at `digits`, and
/// so the most steps of its enclosure (about ten minutes of one core): a fit of measured times
/// (docs/proofs.md "Validated Taylor steps").
double taylor_step_seconds(long digits);

/// The same for a validated Taylor step of the double pendulum (docs/proofs.md "The double
/// pendulum").
double pendulum_step_seconds(long digits);

/// The enclosure of the reference of case `c` (whatever its scheme): the impact oscillator
/// (α, a, ω as written) or the constant force. InputError for another model, physical
/// parameters, a vibro built without Arb, or options out of range (digits 20 … 10000, max
/// width in (0, 1]).
EnclosedReference enclose_case_reference(const CaseSpec& c, const EncloseOptions& options);

/// The check of `stored` against the enclosure of `problem`'s reference at `digits`.
TestsetEnclosureCheck check_testset_enclosures(const CaseSpec& problem, const TestsetReference& stored, long digits);

/// How many digits beyond the stored ones the test set's values are proved at (docs/testset.md
/// "Proved values"): `vibro testset verify`, the report and the docs' table.
inline constexpr long testset_proof_extra_digits = 20;

/// The check at the stored digits + testset_proof_extra_digits.
TestsetEnclosureCheck check_testset_enclosures(const CaseSpec& problem, const TestsetReference& stored);

}  // namespace vibro
