// Scalar layer: exact parsing of decimal text, correctly rounded conversion into every
// type without passing through double, round-trip printing, and precision descriptors.

#include "support/near_eps.hpp"
#include "support/scalar_types.hpp"

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/rational.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

namespace vibro::testing {
namespace {

TEST(ParseExact, DecimalsAndFractionsHaveTheirExactValue) {
  // Expected values: the decimal's definition, value = mantissa · 10^exponent.
  EXPECT_EQ(*parse_exact("0.1"), rational(1, 10));
  EXPECT_EQ(*parse_exact("-2.50e-3"), rational(-1, 400));
  EXPECT_EQ(*parse_exact("+7"), rational(7));
  EXPECT_EQ(*parse_exact(".5"), rational(1, 2));
  EXPECT_EQ(*parse_exact("3."), rational(3));
  EXPECT_EQ(*parse_exact("08"), rational(8));  // not octal
  EXPECT_EQ(*parse_exact("1E2"), rational(100));
  EXPECT_EQ(*parse_exact("2/6"), rational(1, 3));
  EXPECT_EQ(*parse_exact("0.5/1e-1"), rational(5));
}

TEST(DecimalText, WritesADecimalRationalExactlyAndAnyOtherAsAFraction) {
  EXPECT_EQ(decimal_text(rational(3, 200000)), "1.5e-5");
  EXPECT_EQ(decimal_text(rational(-4, 100000000000)), "-4e-11");
  EXPECT_EQ(decimal_text(rational(1200)), "1.2e3");
  EXPECT_EQ(decimal_text(rational(0)), "0");
  // A difference of a double's shortest text and a 30-digit MPFR text keeps every digit.
  const rational difference = *parse_exact("6.5e-10") - *parse_exact("6.49999999999999999999999999999e-10");
  EXPECT_EQ(decimal_text(difference), "1e-39");
  EXPECT_EQ(*parse_exact(decimal_text(rational(7, 1024))), rational(7, 1024));
  EXPECT_EQ(decimal_text(rational(1, 3)), "1/3");
}

TEST(RationalSqrt, IsExactWhenTheNumeratorAndTheDenominatorAreSquaresAndNoneOtherwise) {
  // Expected values: (p/q)² = p²/q² in lowest terms when p/q is, so the root is rational
  // exactly when both terms are squares.
  EXPECT_EQ(rational_sqrt(rational(9, 4)), rational(3, 2));
  EXPECT_EQ(rational_sqrt(rational(0)), rational(0));
  EXPECT_EQ(rational_sqrt(rational(18, 8)), rational(3, 2));  // 9/4 in lowest terms
  EXPECT_FALSE(rational_sqrt(rational(1, 2)).has_value());    // a square numerator alone
  EXPECT_FALSE(rational_sqrt(rational(2, 9)).has_value());    // a square denominator alone
  EXPECT_FALSE(rational_sqrt(rational(2)).has_value());
}

TEST(ParseExact, RejectsEverythingElse) {
  for (const char* bad : {"", " 1", "1 ", "1/0", "nan", "inf", "-inf", "1e", "e3", ".", "1..2", "1/2/3", "0x10", "1,5",
                          "--1", "1e100001"})
    EXPECT_FALSE(parse_exact(bad).has_value()) << "'" << bad << "'";
}

template <class Real>
using ParseReal = ScalarTest<Real>;
TYPED_TEST_SUITE(ParseReal, AllTypes, ScalarNames);

TYPED_TEST(ParseReal, OneTenthIsCorrectlyRoundedNotRoundedThroughDouble) {
  using Real = TypeParam;
  const Real tenth = parse_real<Real>("0.1");
  if constexpr (is_exact_v<Real>) {
    EXPECT_EQ(tenth, Real(1) / 10);
  } else {
    // Independent check: 1/10 computed by one correctly rounded division in Real is the
    // correctly rounded value of 0.1, which is what the parser must return.
    EXPECT_EQ(tenth, Real(1) / Real(10));
    if constexpr (!std::is_same_v<Real, double>) {
      EXPECT_NE(tenth, Real(0.1));  // 0.1 through a double differs
    }
  }
}

TYPED_TEST(ParseReal, FractionIsAQuotientInTheType) {
  using Real = TypeParam;
  EXPECT_EQ(parse_real<Real>("1/3"), Real(1) / Real(3));
  EXPECT_EQ(parse_real<Real>("-22/7"), Real(-22) / Real(7));
}

TYPED_TEST(ParseReal, ToTextRoundTrips) {
  using Real = TypeParam;
  for (const char* text : {"0.1", "1/3", "-2.5e-7", "123456789.987654321", "2/3e5"}) {
    const Real x = parse_real<Real>(text);
    EXPECT_EQ(parse_real<Real>(to_text(x)), x) << text << " printed as " << to_text(x);
  }
}

TYPED_TEST(ParseReal, MalformedOrOverflowingTextThrows) {
  using Real = TypeParam;
  EXPECT_THROW(parse_real<Real>("abc"), std::invalid_argument);
  EXPECT_THROW(parse_real<Real>("1/0"), std::invalid_argument);
  if constexpr (!is_exact_v<Real> && !is_runtime_precision_v<Real>) {
    EXPECT_THROW(parse_real<Real>("1e99999"), std::invalid_argument);  // beyond every fixed-width exponent range
  }
}

TEST(ParseReal, MpfrKeepsAllRequestedDigits) {
  // 1/3 at 200 digits: 3·x − 1 must be at the 200-digit rounding level, which no value
  // that passed through double (or float128) could reach.
  MpfrPrecisionGuard guard(200);
  const mpfr_real third = parse_real<mpfr_real>("0." + std::string(250, '3'));
  EXPECT_NEAR_EPS(mpfr_real(3 * third), mpfr_real(1), 4, mpfr_real(1));
  EXPECT_EQ(significand_bits<mpfr_real>(), static_cast<long>(mpfr_get_prec(third.backend().data())));
  EXPECT_GE(significand_bits<mpfr_real>(), 664);  // ⌈200 · log2(10)⌉
}

TEST(Precision, ParsesEveryFormAndRoundTripsItsName) {
  for (const char* text : {"double", "long-double", "float128", "mpfr:10", "mpfr:50", "mpfr:100000", "rational"})
    EXPECT_EQ(Precision::parse(text).name(), text);
  EXPECT_EQ(Precision::parse("mpfr:80").mpfr_digits, 80);
}

TEST(Precision, RejectsUnknownOrOutOfRangeWithTheAllowedForms) {
  for (const char* bad : {"float", "mpfr", "mpfr:", "mpfr:9", "mpfr:100001", "mpfr:5x", "mpfr:-20", "Double"}) {
    try {
      Precision::parse(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::invalid_argument& error) {
      const std::string message = error.what();
      EXPECT_TRUE(message.find("allowed") != std::string::npos || message.find("[10, 100000]") != std::string::npos)
          << message;
    }
  }
}

TEST(Precision, GuardSetsAndRestoresMpfrPrecision) {
  const unsigned before = mpfr_real::default_precision();
  {
    MpfrPrecisionGuard guard(123);
    EXPECT_EQ(mpfr_real::default_precision(), 123u);
    EXPECT_EQ(decimal_digits<mpfr_real>(), 123);
  }
  EXPECT_EQ(mpfr_real::default_precision(), before);
}

TEST(Precision, WithScalarDispatchesToTheNamedType) {
  for (const char* text : {"double", "long-double", "float128", "mpfr:40", "rational"}) {
    const std::string name = with_scalar(Precision::parse(text),
                                         []<class Real>(std::type_identity<Real>) { return scalar_name<Real>(); });
    EXPECT_EQ(Precision::parse(text).name().substr(0, name.size()), name);
  }
}

TYPED_TEST(ParseReal, FloorToInt64) {
  using Real = TypeParam;
  EXPECT_EQ(floor_to_int64(parse_real<Real>("7/2")), 3);
  EXPECT_EQ(floor_to_int64(parse_real<Real>("-7/2")), -4);
  EXPECT_EQ(floor_to_int64(parse_real<Real>("5")), 5);
}

}  // namespace
}  // namespace vibro::testing
