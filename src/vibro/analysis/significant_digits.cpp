#include "vibro/analysis/significant_digits.hpp"

#include <cmath>
#include <stdexcept>

namespace vibro {

rational power_of_ten(int k) {
  rational p = 1;
  for (int i = 0; i < (k < 0 ? -k : k); ++i) p *= 10;
  return k < 0 ? rational(1 / p) : p;
}

int decimal_exponent(const rational& x) {
  if (x == 0) throw std::invalid_argument("decimal_exponent of 0");
  const rational a = abs(x);
  // A first guess from the double nearest to |x|, corrected exactly: the guess is off by one
  // where |x| lies within rounding of a power of ten (and starts at 0 beyond double's range).
  const double guess = std::floor(std::log10(a.convert_to<double>()));
  int k = std::isfinite(guess) ? static_cast<int>(guess) : 0;
  while (power_of_ten(k) > a) --k;
  while (power_of_ten(k + 1) <= a) ++k;
  return k;
}

rational unit_in_significant_digit(const rational& x, int d) { return power_of_ten(decimal_exponent(x) - d + 1); }

bool agree_to_significant_digits(const rational& x_pub, const rational& x, int d) {
  return x_pub != 0 && abs(rational(x_pub - x)) < unit_in_significant_digit(x_pub, d);
}

std::optional<int> shared_significant_digits(const rational& x_ref, const rational& x) {
  if (x_ref == 0) return 0;
  if (x == x_ref) return std::nullopt;
  // |Δ| < 10^(E − d + 1) ⇔ d ≤ E − ⌊log10 |Δ|⌋ with E = ⌊log10 |x_ref|⌋: for |Δ| = 10^k the
  // bound d < E − k + 1 and otherwise d < E + 1 − log10 |Δ| give the same largest integer.
  const int d = decimal_exponent(x_ref) - decimal_exponent(rational(x_ref - x));
  return d > 0 ? d : 0;
}

}  // namespace vibro
