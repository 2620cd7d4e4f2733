#pragma once
// The exact rational type: a case file's numbers keep their exact values in it (range checks
// are exact), results' numbers are read back into it, and the schemes whose algorithm is
// rational run in it. Apart from scalar/types.hpp (which includes it) so that code that holds
// or compares exact inputs and results (case/, results/, io/, report/) does not see the
// floating types, float128 and MPFR.

#include <boost/multiprecision/gmp.hpp>

#include <optional>
#include <type_traits>

namespace vibro {

namespace bmp = boost::multiprecision;

/// Exact rational arithmetic (GMP mpq). Only for algorithms that use +, −, ×, ÷ and
/// comparisons, such as the free-fall recurrence of seed 000 §2.
using rational = bmp::number<bmp::gmp_rational, bmp::et_off>;

template <class Real>
inline constexpr bool is_exact_v = std::is_same_v<Real, rational>;

/// The exact square root of q ≥ 0 when it is rational (the numerator and the denominator of
/// q in lowest terms are squares), else nullopt.
inline std::optional<rational> rational_sqrt(const rational& q) {
  const bmp::mpz_int n = bmp::numerator(q), d = bmp::denominator(q);
  const bmp::mpz_int rn = bmp::sqrt(n), rd = bmp::sqrt(d);
  if (rn * rn != n || rd * rd != d) return std::nullopt;
  return rational(rn, rd);
}

}  // namespace vibro
