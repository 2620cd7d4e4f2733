#pragma once
// The scalar types every scheme, model and reference is instantiated with
// (docs/architecture.md "Scalar-generic code"). Expression templates are switched off for the
// Boost types: generic code uses `auto` and `const Real&`, and an expression template
// bound to `auto` would dangle or be re-evaluated at the wrong precision.

#include "vibro/scalar/rational.hpp"

#include <boost/multiprecision/float128.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include <type_traits>

namespace vibro {

/// IEEE binary128 through libquadmath.
using float128 = bmp::float128;

/// MPFR with a precision chosen at run time (see MpfrPrecisionGuard). A value keeps the
/// precision it was created with, so every value of a run must be created after the
/// guard is in place.
using mpfr_real = bmp::number<bmp::mpfr_float_backend<0>, bmp::et_off>;

template <class Real>
inline constexpr bool is_runtime_precision_v = std::is_same_v<Real, mpfr_real>;

}  // namespace vibro
