#pragma once
// `vibro run CASE --enclose` (docs/proofs.md "Enclosures of the reference"): the proved
// enclosures of a 1-DOF reference case's motion (proof/reference_enclosure.hpp) as texts —
// every impact time with the velocities before and after it, the state at the horizon, how
// the enclosures' radii grew, and why the enclosure stopped when it did.

#include "vibro/proof/enclosure.hpp"
#include "vibro/run/case_spec.hpp"
#include "vibro/run/run_result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct EnclosedImpactRow {
  int index = 1;
  Enclosure t, velocity_before, velocity_after;
};

struct EnclosedReference {
  CaseInfo case_info;
  long digits = 40, bits = 0;
  std::string max_width;  ///< the width bound, as given
  /// "t_end", "periods" or "impacts": what the horizon is (the case's, or --impacts).
  std::string horizon_is;
  std::optional<Enclosure> horizon;  ///< the time the enclosure ends at, when it got there
  std::vector<EnclosedImpactRow> impacts;
  std::optional<Enclosure> final_u, final_v;  ///< the state at the horizon
  /// The constant force's accumulation point before the horizon (infinitely many impacts
  /// before it, the first listed; at rest after it).
  std::optional<Enclosure> accumulation;
  std::string stopped_because;  ///< empty when the horizon was reached
  /// The radius of the impact times, at the first and last impact, and its mean factor per
  /// impact (how the enclosure grows with the horizon).
  std::string first_impact_radius, last_impact_radius, radius_growth_per_impact;
};

inline constexpr double default_enclosure_width = 1e-10;

struct EncloseOptions {
  long digits = 40;
  double max_width = default_enclosure_width;
  std::optional<std::int64_t> impacts;  ///< to this impact instead of the case's horizon
};

/// The enclosure of the reference of case `c` (whatever its scheme): the impact oscillator
/// (α, a, ω as written) or the constant force. InputError for another model, physical
/// parameters, a vibro built without Arb, or options out of range (digits 20 … 10000, max
/// width in (0, 1]).
EnclosedReference enclose_case_reference(const CaseSpec& c, const EncloseOptions& options);

struct TestsetReference;  // run/testset_values.hpp

/// What the enclosure proves of a test-set problem's stored values (docs/testset.md): a value
/// is proved when the enclosure of its number lies within what the value claims, its half
/// last unit plus its bound (stored_accuracy); contradicted when the two are apart.
struct TestsetEnclosureCheck {
  std::string not_enclosed;        ///< why the problem's reference is not enclosed (empty when it is)
  std::size_t values = 0, proved = 0;
  std::vector<std::string> contradicted;  ///< one line per stored value the enclosure contradicts
  std::vector<std::string> undecided;     ///< one line per value the enclosure neither proves nor contradicts
  std::vector<std::string> unreached;     ///< the names of the values the enclosure did not reach
  std::string stopped_because;            ///< why it did not reach them
};

/// The check of `stored` against the enclosure of `problem`'s reference at `digits`.
TestsetEnclosureCheck check_testset_enclosures(const CaseSpec& problem, const TestsetReference& stored, long digits);

}  // namespace vibro
