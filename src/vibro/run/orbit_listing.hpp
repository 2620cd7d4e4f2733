#pragma once
// `vibro orbits CASE` (docs/periodic_orbits.md): the closed-form (1, n) periodic orbits of a
// case's impact oscillator (analysis/periodic_orbits.hpp) at the run's precision, as texts
// with every digit of that precision, and each admissible orbit as a ready-to-run case that
// starts on it (IDED, the reference's exact derivative).

#include "vibro/run/case_spec.hpp"
#include "vibro/run/run_result.hpp"
#include "vibro/scalar/number_text.hpp"
#include "vibro/scalar/precision.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace vibro {

/// One root of the impact-phase equation of the (1, n) orbits.
struct OrbitRow {
  int n = 1;
  int index = 1;  ///< its place among the roots for this n, from 1
  NumberText phase, impact_time, velocity_before, velocity_after;
  bool admissible = false;
  std::string rejected_because;
  bool real_multipliers = true;
  /// Real: μ1 and μ2 (|μ1| ≥ |μ2|); complex: the real part and the imaginary part (> 0).
  NumberText multiplier1, multiplier2;
  NumberText largest_modulus;
  bool stable = false;
  NumberText trace, determinant;
  NumberText sum_rule;  ///< e² exp(−2αnT), which the determinant must equal
  /// ln|μi|/n: the Lyapunov exponents per forcing period on the orbit.
  NumberText lambda1_per_period, lambda2_per_period;
  /// The state at t = 0 (≡ nT) on the orbit.
  NumberText start_u, start_v;
};

/// An n for which no orbit was sought: its phase equation is degenerate, for the reason given.
struct DegenerateOrder {
  int n = 0;
  std::string why;
};

struct OrbitListing {
  CaseInfo case_info;
  Precision precision;
  int n_min = 1, n_max = 1;
  std::vector<OrbitRow> orbits;            ///< by n, then by phase as found
  std::vector<DegenerateOrder> degenerate;  ///< by n
};

/// Every root for n = n_min … n_max of the case's impact oscillator at `precision` (a
/// floating type). InputError for another model or the exact type.
OrbitListing list_orbits(const CaseSpec& c, int n_min, int n_max, const Precision& precision);

/// `CASE-orbit-1-N-K` (K the orbit's index among the roots for that n): the name of the case
/// orbit_case_text writes, and of its file.
std::string orbit_case_name(const CaseSpec& c, const OrbitRow& orbit);

/// A case file that starts the case's oscillator on `orbit` at t = 0 and computes its
/// Lyapunov exponents by IDED over `periods` periods at `precision`, named orbit_case_name.
std::string orbit_case_text(const CaseSpec& c, const OrbitRow& orbit, std::int64_t periods, const Precision& precision);

}  // namespace vibro
