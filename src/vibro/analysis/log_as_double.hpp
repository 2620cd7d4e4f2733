#pragma once
// The logarithm of an error as a double, whatever its type: what order fits work with.

#include "vibro/scalar/types.hpp"

#include <cmath>
#include <type_traits>

namespace vibro {

/// log(x) as a double for any scalar type, taken in the type itself (or in MPFR for the
/// exact type) so that errors far below double's range keep their logarithm.
template <class Real>
double log_as_double(const Real& x) {
  using std::log;
  if constexpr (std::is_same_v<Real, rational>) return static_cast<double>(log(mpfr_real(x)));
  else return static_cast<double>(log(x));
}

}  // namespace vibro
