#pragma once
// sin x and cos x of one argument together. In MPFR one mpfr_sin_cos shares the argument
// reduction and costs much less than mpfr_sin and mpfr_cos apart; both results are still
// correctly rounded, so they equal what sin(x) and cos(x) give. The built-in types call
// std::sin and std::cos (the compiler pairs them where the library has sincos).

#include "vibro/scalar/types.hpp"

#include <cmath>

namespace vibro {

template <class Real>
struct SinCos {
  Real sin, cos;
};

/// (sin x, cos x), each as sin(x) and cos(x) would give it: in MPFR at the precision of x,
/// as Boost gives the result of sin(x).
template <class Real>
SinCos<Real> sin_cos(const Real& x) {
  if constexpr (is_runtime_precision_v<Real>) {
    SinCos<Real> result;
    const mpfr_prec_t bits = mpfr_get_prec(x.backend().data());
    if (mpfr_get_prec(result.sin.backend().data()) != bits) {
      mpfr_set_prec(result.sin.backend().data(), bits);
      mpfr_set_prec(result.cos.backend().data(), bits);
    }
    mpfr_sin_cos(result.sin.backend().data(), result.cos.backend().data(), x.backend().data(), MPFR_RNDN);
    return result;
  } else {
    using std::cos;
    using std::sin;
    return {sin(x), cos(x)};
  }
}

}  // namespace vibro
