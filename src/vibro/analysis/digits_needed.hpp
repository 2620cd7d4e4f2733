#pragma once
// How many digits a trajectory of a chaotic system needs to stay accurate over a horizon
// (issue 3, MATH.md §4): rounding errors grow like e^{λ1 t}, so to keep `target` correct
// digits up to t the computation needs about λ1 t / ln 10 more: digits ≈ λ1 t/ln 10 + target.
// The prefactor of the growth is not in it: on the chaotic case of bench/reference_bench.cpp
// (3000 periods, λ1 ≈ 0.062 per period) 98 digits asked for 16 correct ones gave 15 (checked
// against 160 digits), so read the result as ±2 digits.

#include <cmath>

namespace vibro {

/// λ1 per unit time (≤ 0 needs no extra digits), horizon t ≥ 0, target correct digits.
inline long digits_needed(double lambda1_per_unit_time, double horizon, long target_digits) {
  const double growth = lambda1_per_unit_time > 0 ? lambda1_per_unit_time * horizon / std::log(10.0) : 0.0;
  return static_cast<long>(std::ceil(growth)) + target_digits;
}

/// The time up to which `digits` keep `target` correct digits: (digits − target) ln 10 / λ1.
inline double accurate_horizon(double lambda1_per_unit_time, long digits, long target_digits) {
  if (lambda1_per_unit_time <= 0) return INFINITY;
  return static_cast<double>(digits - target_digits) * std::log(10.0) / lambda1_per_unit_time;
}

}  // namespace vibro
