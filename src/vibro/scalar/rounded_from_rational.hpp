#pragma once
// Exact rational values into a scalar type, correctly rounded (to nearest, ties to even) at
// the type's current precision, and the square root of a rational the same way. For the
// exact rational type the value itself, and the root only when it is rational.
//
// Why not Real(q) and sqrt(Real(q)): GMP's mpq → double conversion truncates, and the root
// of a rounded quotient is rounded twice. Here a first approximation is corrected by exact
// comparisons: y is the nearest Real to x exactly when g(lower midpoint) < g(x) < g(upper
// midpoint) for the increasing g (the identity, or squaring for the root), and the
// midpoints of y and its neighbours are rationals. Used to convert the physical parameters
// of a model (model/physical_oscillator.hpp, docs/mathematics.md §1).

#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/types.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

namespace vibro {

namespace detail {

/// The Real nearest to the positive x with g(x) = target, g increasing on (0, ∞), from a
/// first approximation `y` within a few units in the last place.
template <class Real, class G>
Real corrected_to_nearest(Real y, const rational& target, G g, const std::string& what) {
  using std::frexp;
  using std::ldexp;
  const auto out_of_range = [&] {
    return std::invalid_argument(what + " is outside the range of " + scalar_name<Real>() +
                                 " (give a precision with a wider range, such as mpfr:DIGITS)");
  };
  if (!is_finite(y) || !(y > 0)) throw out_of_range();
  if constexpr (!is_runtime_precision_v<Real>) {
    // Below the normal range the unit in the last place no longer scales with y.
    if (y < ldexp(Real(1), std::numeric_limits<Real>::min_exponent - 1))
      throw std::invalid_argument(what + " is below the normal range of " + scalar_name<Real>() +
                                  " (give a precision with a wider range, such as mpfr:DIGITS)");
  }
  const long p = significand_bits<Real>();
  // Each pass moves y one unit towards the nearest; the first approximation is within a
  // unit or two, so more passes than this mean a broken approximation, not a hard input.
  constexpr int max_passes = 16;
  for (int pass = 0; pass < max_passes; ++pass) {
    int e = 0;
    const Real f = frexp(y, &e);  // y = f·2^e, f ∈ [1/2, 1)
    const long step_exponent = static_cast<long>(e) - p;
    const bool power = f == Real(0.5);  // the gap below is half the gap above
    const Real up = ldexp(Real(1), static_cast<int>(step_exponent));
    const Real down = power ? ldexp(Real(1), static_cast<int>(step_exponent - 1)) : up;
    const rational exact = static_cast<rational>(y);
    const rational g_low = g(rational(exact - static_cast<rational>(down) / 2));
    const rational g_high = g(rational(exact + static_cast<rational>(up) / 2));
    if (target == g_high || target == g_low) {
      // A tie: the neighbour with the even significand.
      const bool y_even = bmp::numerator(static_cast<rational>(ldexp(f, static_cast<int>(p)))) % 2 == 0;
      return y_even ? y : Real(target == g_high ? y + up : y - down);
    }
    if (g_low < target && target < g_high) return y;
    y = g_high < target ? Real(y + up) : Real(y - down);
    if (!is_finite(y)) throw out_of_range();
  }
  throw std::logic_error("corrected_to_nearest: no nearest " + scalar_name<Real>() + " to " + what);
}

}  // namespace detail

/// q at Real's current precision, correctly rounded (to nearest, ties to even); q itself
/// for the rational type. Throws std::invalid_argument when q is outside Real's range.
template <class Real>
Real rounded_from_rational(const rational& q, const std::string& what) {
  if constexpr (is_exact_v<Real>) {
    return q;
  } else {
    if (q == 0) return Real(0);
    if (q < 0) return -rounded_from_rational<Real>(rational(-q), what);
    return detail::corrected_to_nearest(static_cast<Real>(q), q, [](const rational& x) { return x; }, what);
  }
}

/// √q (q ≥ 0) at Real's current precision, correctly rounded (to nearest, ties to even).
/// For the rational type the exact root, which exists only when the numerator and the
/// denominator of q in lowest terms are squares: otherwise std::invalid_argument saying so.
template <class Real>
Real rounded_sqrt_of_rational(const rational& q, const std::string& what) {
  if (q < 0) throw std::invalid_argument(what + ": the square root of the negative " + q.str());
  if constexpr (is_exact_v<Real>) {
    const std::optional<rational> root = rational_sqrt(q);
    if (!root)
      throw std::invalid_argument(what + " = √(" + q.str() +
                                  ") is irrational, so the exact rational type cannot hold it (give numbers whose "
                                  "root is rational, or a floating-point precision such as mpfr:DIGITS)");
    return *root;
  } else {
    using std::sqrt;
    if (q == 0) return Real(0);
    return detail::corrected_to_nearest(Real(sqrt(static_cast<Real>(q))), q,
                                        [](const rational& x) { return rational(x * x); }, what);
  }
}

}  // namespace vibro
