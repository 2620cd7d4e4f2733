#pragma once
// Facts about a scalar type that every output reports: its name, its precision, and
// its epsilon (the unit every tolerance is expressed in).

#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scalar/types.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace vibro {

/// Name used in outputs and in `--precision`.
template <class Real>
std::string scalar_name() {
  return std::string(scalar_kind_name(scalar_kind_of<Real>));
}

/// Significand bits in effect now (0 for the exact type). For MPFR it is the precision a
/// value created now gets (Boost's default, which MpfrPrecisionGuard sets; MPFR's own
/// global default is not used by Boost).
template <class Real>
long significand_bits() {
  if constexpr (is_exact_v<Real>) return 0;
  else if constexpr (is_runtime_precision_v<Real>) return static_cast<long>(mpfr_get_prec(Real(0).backend().data()));
  else return std::numeric_limits<Real>::digits;
}

/// Decimal digits the type carries now (0 for the exact type).
template <class Real>
long decimal_digits() {
  if constexpr (is_exact_v<Real>) return 0;
  else if constexpr (is_runtime_precision_v<Real>) return static_cast<long>(mpfr_real::default_precision());
  else return std::numeric_limits<Real>::digits10;
}

/// Machine epsilon of the type at its current precision; zero for the exact type, whose
/// tests assert equality.
template <class Real>
Real epsilon() {
  if constexpr (is_exact_v<Real>) return Real(0);
  else return std::numeric_limits<Real>::epsilon();
}

/// ⌊x⌋ as a 64-bit integer; throws when it does not fit.
template <class Real>
std::int64_t floor_to_int64(const Real& x) {
  using std::floor;
  Real fl;
  if constexpr (is_exact_v<Real>) {
    bmp::mpz_int q;
    mpz_fdiv_q(q.backend().data(), mpq_numref(x.backend().data()), mpq_denref(x.backend().data()));
    fl = Real(q);
  } else {
    fl = floor(x);
  }
  if (!(fl >= Real(std::numeric_limits<std::int64_t>::min()) &&
        fl <= Real(std::numeric_limits<std::int64_t>::max())))
    throw std::overflow_error("floor_to_int64: value does not fit in 64 bits");
  return static_cast<std::int64_t>(fl);
}

/// std::isfinite for every scalar type (always true for the exact type).
template <class Real>
bool is_finite(const Real& x) {
  if constexpr (is_exact_v<Real>) return true;
  else {
    using std::isfinite;
    using boost::multiprecision::isfinite;
    return static_cast<bool>(isfinite(x));
  }
}

}  // namespace vibro
