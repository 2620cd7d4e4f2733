// "agree to d significant digits" (label unit): |x_pub − x| < 10^(⌊log10 |x_pub|⌋ − d + 1),
// the one helper every relation uses (analysis/significant_digits.hpp). Expected values come
// from the definition applied by hand to decimals, and from seed 001 §5's own pairs, which
// the seed says agree to 5 digits: IDED 3.05695 / IDND 3.05694 and −15.06066 / −15.06065.

#include "vibro/analysis/significant_digits.hpp"
#include "vibro/scalar/parse_exact.hpp"

#include <gtest/gtest.h>

namespace {

vibro::rational q(const char* text) { return *vibro::parse_exact(text); }

bool agree(const char* published, const char* computed, int d) {
  return vibro::agree_to_significant_digits(q(published), q(computed), d);
}

TEST(SignificantDigits, SeedOnePairsAgreeToExactlyFive) {
  // λ1: a difference of 1e−5; the unit of the 5th digit of 3.05695 is 1e−4, of the 6th 1e−5.
  EXPECT_TRUE(agree("3.05695", "3.05694", 5));
  EXPECT_FALSE(agree("3.05695", "3.05694", 6));
  // λ2, negative: ⌊log10 15.06066⌋ = 1, so the 5th digit's unit is 1e−3 and the 7th's 1e−5,
  // which a difference of exactly 1e−5 does not beat (in double it would: −9.99999999996e−6).
  EXPECT_TRUE(agree("-15.06066", "-15.06065", 5));
  EXPECT_TRUE(agree("-15.06066", "-15.06065", 6));
  EXPECT_FALSE(agree("-15.06066", "-15.06065", 7));
}

TEST(SignificantDigits, TheBoundaryItselfDoesNotAgree) {
  // |x − y| equal to the unit is refused (strict <); a hair less is accepted.
  EXPECT_FALSE(agree("1", "1.1", 2));
  EXPECT_TRUE(agree("1", "1.0999999999999999999", 2));
  EXPECT_FALSE(agree("-0.001234", "-0.001235", 4));
  EXPECT_TRUE(agree("-0.001234", "-0.0012349", 4));
}

TEST(SignificantDigits, UnitComesFromThePublishedValue) {
  // 9.99 against 10.0: |Δ| = 0.01. From 9.99 (exponent 0) the 3rd digit's unit is 0.01: not
  // below it. From 10.0 (exponent 1) it would be 0.1: below it.
  EXPECT_FALSE(agree("9.99", "10.0", 3));
  EXPECT_TRUE(agree("10.0", "9.99", 3));
}

TEST(SignificantDigits, DecimalExponentIsExactAtPowersOfTen) {
  EXPECT_EQ(vibro::decimal_exponent(q("1")), 0);
  EXPECT_EQ(vibro::decimal_exponent(q("0.1")), -1);
  EXPECT_EQ(vibro::decimal_exponent(q("0.09999999999999999999999")), -2);
  EXPECT_EQ(vibro::decimal_exponent(q("-1000")), 3);
  EXPECT_EQ(vibro::decimal_exponent(q("999.9999999999999999999")), 2);
  EXPECT_EQ(vibro::decimal_exponent(q("4.18e-11")), -11);
  EXPECT_EQ(vibro::unit_in_significant_digit(q("3.05695"), 5), q("1e-4"));
  EXPECT_EQ(vibro::unit_in_significant_digit(q("-15.06066"), 7), q("1e-5"));
}

TEST(SignificantDigits, ZeroHasNoDigitToAgreeWith) {
  EXPECT_FALSE(agree("0", "0", 1));
  EXPECT_FALSE(agree("0", "1e-30", 5));
}

/// The largest d that agree() accepts, checked against agree() itself on either side.
TEST(SignificantDigits, SharedDigitsAreTheLargestAgreement) {
  const auto shared = [](const char* ref, const char* x) { return vibro::shared_significant_digits(q(ref), q(x)); };
  EXPECT_EQ(shared("3.05695", "3.05694"), 5);  // seed 001's pair: exactly 5 (first test)
  EXPECT_EQ(shared("-15.06066", "-15.06065"), 6);
  EXPECT_EQ(shared("1", "1.1"), 1);                     // |Δ| = 0.1, the unit of the 2nd digit: refused
  EXPECT_EQ(shared("1", "1.0999999999999999999"), 2);   // a hair less: accepted
  EXPECT_EQ(shared("12.5", "-7"), 0);                   // |Δ| = 19.5 ≥ 10, the unit of the 1st digit
  EXPECT_EQ(shared("0", "1e-30"), 0);                   // zero has no digit to agree with
  EXPECT_EQ(shared("2", "2"), std::nullopt);            // every digit
  for (const auto& [ref, x] : {std::pair{"3.05695", "3.05694"}, std::pair{"-0.001234", "-0.0012349"},
                               std::pair{"1", "1.0999999999999999999"}, std::pair{"12.5", "12.4"}}) {
    const int d = *shared(ref, x);
    EXPECT_TRUE(agree(ref, x, d) || d == 0) << ref << " " << x;
    EXPECT_FALSE(agree(ref, x, d + 1)) << ref << " " << x;
  }
}

}  // namespace
