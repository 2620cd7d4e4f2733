#pragma once
// The rounding floor of a convergence study, measured (docs/convergence.md, "The rounding
// floor"). A model of the rounding (convergence_study.hpp: ε × steps × scale) is a bound only
// for recurrences whose rounding errors add up; the exact harmonic scheme's grow like
// ε·steps², and its rounding then passes for a converging error. So the study is run again in
// the next wider type (rounding_measure_precision): the difference of the two errors at a
// step size is the part of the error
// that the rounding makes (the wider run's own rounding is smaller by many orders), and a
// point whose rounding part is a sizeable share of its error measures the arithmetic, not
// the scheme.

#include "vibro/analysis/convergence_study.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/precision.hpp"

#include <limits>
#include <stdexcept>
#include <string>

namespace vibro {

/// MPFR digits added to an MPFR run to measure its rounding (as the reference's error
/// estimate does).
inline constexpr long rounding_extra_mpfr_digits = 20;

/// The next wider floating type measures a run's rounding: its own rounding is smaller by
/// the ratio of the epsilons (long double over double: 2^-11 on x86-64; float128 over long
/// double: 2^-49), under the same growth law, so |error − wider error| is the run's rounding
/// part to a fraction of a percent, at a few times the run's cost instead of the ~40× of
/// MPFR. Where long double is double (other ABIs) double goes to float128.
inline constexpr bool long_double_is_wider = std::numeric_limits<long double>::digits > std::numeric_limits<double>::digits;

/// The precision that measures the rounding of a run with `decimal_digits` digits in a
/// floating type of kind `kind`: double → long double (float128 where long double is no
/// wider), long double → float128, float128 → MPFR at twice its digits, MPFR → 20 digits more.
constexpr Precision rounding_measure_precision(ScalarKind kind, long decimal_digits) {
  switch (kind) {
    case ScalarKind::double_: return {long_double_is_wider ? ScalarKind::long_double : ScalarKind::float128, 0};
    case ScalarKind::long_double: return {ScalarKind::float128, 0};
    case ScalarKind::float128: return {ScalarKind::mpfr, 2 * decimal_digits};
    case ScalarKind::mpfr: return {ScalarKind::mpfr, decimal_digits + rounding_extra_mpfr_digits};
    case ScalarKind::rational: break;
  }
  throw std::logic_error("the exact type has no rounding to measure");
}

/// Whether the default (RoundingFloor::automatic) measures the floor of a run of kind `kind`:
/// when the wider type is a fixed-width one (double and long double runs), which costs a few
/// times the study; an MPFR re-run costs many times it and is asked for (--measure-rounding).
constexpr bool measured_by_default(ScalarKind kind) {
  return kind != ScalarKind::rational && rounding_measure_precision(kind, 0).kind != ScalarKind::mpfr;
}

/// Labels the points of `study` at the rounding floor from `wider`, the same study run in
/// `wider_precision`: for every error e with e_w its value in the wider run, the rounding
/// part is r = |e − e_w| (exact, from the texts), and the point is at the floor when
/// 10 r ≥ e. A metric the wider run cannot form (it found no impact to compare) exists
/// here only by rounding: r = e. The orders are analysed again with these labels, in place
/// of the model's, and the rounding parts kept with the errors as their evidence.
inline void measure_rounding_floor(StudyResult& study, const StudyResult& wider, const std::string& wider_precision) {
  if (wider.rows.size() != study.rows.size())
    throw std::logic_error("the wider study of the rounding floor has other step sizes");
  PerMetric<std::vector<bool>> at_floor;
  for (std::size_t i = 0; i < study.rows.size(); ++i) {
    StudyRow& row = study.rows[i];
    const StudyRow& wide = wider.rows[i];
    if (row.h != wide.h) throw std::logic_error("the wider study of the rounding floor has other step sizes");
    row.rounding_parts.emplace();
    for (std::size_t m = 0; m < error_metric_count; ++m) {
      if (!row.errors[m]) {
        at_floor[m].push_back(false);
        continue;
      }
      const rational error = row.errors[m]->exact();
      const rational part = wide.errors[m] ? rational(abs(error - wide.errors[m]->exact())) : error;
      (*row.rounding_parts)[m] = NumberText{decimal_text(part)};
      at_floor[m].push_back(error > 0 && rounding_share_divisor * part >= error);
    }
  }
  study.orders = analyse_orders(study.rows, at_floor);
  study.rounding_floor.measured_at = wider_precision;
}

}  // namespace vibro
