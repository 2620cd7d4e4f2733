#pragma once
// `vibro orbits CASE` (docs/periodic_orbits.md): the closed-form (1, n) periodic orbits of a
// case's impact oscillator (analysis/periodic_orbits.hpp) at the run's precision, as texts
// with every digit of that precision, and each admissible orbit as a ready-to-run case that
// starts on it (IDED, the reference's exact derivative).

#include "vibro/case/case_spec.hpp"
#include "vibro/results/orbit_result.hpp"
#include "vibro/scalar/precision.hpp"

#include <cstdint>
#include <string>

namespace vibro {

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
