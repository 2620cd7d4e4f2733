#pragma once
// EXPECT_NEAR_EPS(actual, expected, k, scale): |actual − expected| ≤ k·ε·scale, with ε the
// type's epsilon at its current precision. A failure reports the distance in units of
// ε·scale, so every tolerance in the suite reads as "k eps" (after the LLVM libc
// MPFR matcher). For the exact type ε = 0 and the check is equality.

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace vibro::testing {

template <class Real>
::testing::AssertionResult near_eps(const char* actual_text, const char* expected_text, const char*, const char*,
                                    const Real& actual, const Real& expected, double k, const Real& scale) {
  using std::abs;
  const Real distance = abs(actual - expected);
  const Real unit = epsilon<Real>() * abs(scale);
  if (distance <= unit * Real(k)) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure();
  failure << actual_text << " = " << to_text(actual) << " differs from " << expected_text << " = " << to_text(expected)
          << " by " << to_text(distance);
  if (unit > 0)
    failure << " = " << to_text_significant(Real(distance / unit), 4) << " eps × scale (allowed " << k << ")";
  else
    failure << " (exact type: equality required)";
  return failure;
}

}  // namespace vibro::testing

/// |actual − expected| ≤ k · epsilon<Real>() · |scale|.
#define EXPECT_NEAR_EPS(actual, expected, k, scale) \
  EXPECT_PRED_FORMAT4(::vibro::testing::near_eps, actual, expected, k, scale)
