#pragma once
// The scalar types every typed test runs over, taken from the library's one list
// (vibro/scalar/scalar_list.hpp), and a fixture that puts MPFR at a fixed precision for the
// duration of each test.

#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <optional>

namespace vibro::testing {

/// Decimal digits of the MPFR instantiation in typed tests: well beyond float128, so a
/// test that passes at this precision is not passing by accident of a 113-bit type.
inline constexpr long mpfr_test_digits = 50;

/// GoogleTest's type list with the types of a vibro TypeList.
template <class List>
struct GTestTypesOf;
template <class... T>
struct GTestTypesOf<TypeList<T...>> {
  using type = ::testing::Types<T...>;
};

using AllTypes = GTestTypesOf<ScalarTypes>::type;
using FloatingTypes = GTestTypesOf<ScalarTypesIn<ScalarSet::floating()>>::type;

template <class Real>
class ScalarTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if constexpr (is_runtime_precision_v<Real>) guard_.emplace(mpfr_test_digits);
  }
  void TearDown() override { guard_.reset(); }

 private:
  std::optional<MpfrPrecisionGuard> guard_;
};

/// A number from its decimal text, at the type's current precision (never through double).
template <class Real>
Real num(const char* text) {
  return parse_real<Real>(text);
}

/// Gives the typed-test output readable type names.
struct ScalarNames {
  template <class Real>
  static std::string GetName(int) {
    return scalar_name<Real>();
  }
};

}  // namespace vibro::testing
