#pragma once
// A typed-test fixture that puts MPFR at a fixed number of decimal digits for the lifetime
// of each test (before any value of the test is created, and restored after the last is
// gone): for the integrated references, whose RKF 7(8) cost grows steeply with the digits
// (integrated_flight.hpp), so their tests run MPFR at 30 digits rather than at
// mpfr_test_digits.

#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <optional>

namespace vibro::testing {

template <class Real, long Digits>
class MpfrDigitsTest : public ::testing::Test {
 protected:
  MpfrDigitsTest() {
    if constexpr (is_runtime_precision_v<Real>) precision_.emplace(Digits);
  }

 private:
  std::optional<MpfrPrecisionGuard> precision_;
};

}  // namespace vibro::testing
