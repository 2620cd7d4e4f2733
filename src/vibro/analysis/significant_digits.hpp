#pragma once
// "x agrees with x_pub to d significant digits" (seed 001 §5: IDED and IDND share ≥ 5), read
// as |x_pub − x| < 10^(⌊log10 |x_pub|⌋ − d + 1): one unit in the d-th significant digit of
// the value compared against. With this reading seed 001's own pair, 3.05695 and 3.05694,
// agrees to exactly 5 digits (a difference of 1e−5 against a unit of 1e−4 in the fifth digit,
// and equal to the unit 1e−5 of the sixth, which the strict < refuses).
//
// The one helper every relation uses (published/published_check.cpp), and every test of "agree to d
// digits". It compares exact values: a published number is its decimal as printed and a
// computed one its round-trip text (NumberText), both exact rationals. In binary floating
// point the boundary itself would be decided by rounding: −15.06066 − (−15.06065) is
// −9.9999999996e−6 in double, so double arithmetic would call that pair 7-digit agreeing.

#include "vibro/scalar/rational.hpp"

#include <optional>

namespace vibro {

/// ⌊log10 |x|⌋ for x ≠ 0, exactly.
int decimal_exponent(const rational& x);

/// 10^k exactly.
rational power_of_ten(int k);

/// One unit in the d-th significant digit of x ≠ 0: 10^(⌊log10 |x|⌋ − d + 1).
rational unit_in_significant_digit(const rational& x, int d);

/// |x_pub − x| < unit_in_significant_digit(x_pub, d); false for x_pub = 0, which has no
/// significant digit to agree with.
bool agree_to_significant_digits(const rational& x_pub, const rational& x, int d);

/// The most digits x agrees with x_ref to under that reading: the largest d ≥ 0 with
/// agree_to_significant_digits(x_ref, x, d), which is ⌊log10 |x_ref|⌋ − ⌊log10 |x_ref − x|⌋
/// (the boundary |x_ref − x| = 10^k counts for no digit, as above); 0 for x_ref = 0, and
/// nullopt for x = x_ref ≠ 0, which agree to every digit.
std::optional<int> shared_significant_digits(const rational& x_ref, const rational& x);

}  // namespace vibro
