#pragma once
// "a and b agree to k significant digits" (seed 001 §5: IDED and IDND share ≥ 5), read as
// |a − b| < one unit in the k-th significant digit of a, 10^(⌊log10 |a|⌋ − k + 1). With this
// reading seed 001's own pair, 3.05695 and 3.05694, agrees to exactly 5 digits (a
// difference of 1e−5 against a unit of 1e−4 in the fifth digit, and of 1e−5 in the sixth).

#include <cmath>

namespace vibro {

/// One unit in the k-th significant digit of x ≠ 0.
template <class Real>
Real unit_in_significant_digit(const Real& x, int k) {
  using std::abs;
  using std::floor;
  using std::log10;
  using std::pow;
  return Real(pow(Real(10), floor(log10(abs(x))) - (k - 1)));
}

/// |a − b| < unit_in_significant_digit(a, k); false for a = 0.
template <class Real>
bool agree_to_significant_digits(const Real& a, const Real& b, int k) {
  using std::abs;
  return a != 0 && abs(a - b) < unit_in_significant_digit(a, k);
}

}  // namespace vibro
