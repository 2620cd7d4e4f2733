#pragma once
// The Precision a scalar type runs at now: its kind, and for MPFR the decimal digits in effect
// (what `--precision` would have named to run in it).

#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/traits.hpp"

namespace vibro {

template <class Real>
Precision precision_of() {
  return Precision{scalar_kind_of<Real>, is_runtime_precision_v<Real> ? decimal_digits<Real>() : 0};
}

}  // namespace vibro
