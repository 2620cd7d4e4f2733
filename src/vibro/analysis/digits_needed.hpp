#pragma once
// How many digits a trajectory of a chaotic system needs to stay accurate over a horizon
// (docs/digits_needed.md). Rounding errors grow like e^{λ1 t}, so to keep
// `target` correct digits up to t the computation needs about λ1 t / ln 10 more:
// digits ≈ λ1 t/ln 10 + target. That leaves out the growth's prefactor: the error at t is the
// sum of the roundings of every operation, each amplified from its own time to t, and a few
// ulps per operation over thousands of operations per unit time cost digits of their own. On
// the chaotic case (cases/reference_chaotic.toml, 3000 periods, λ1 t/ln 10 = 81.9) a run at
// D digits keeps D − 83 or D − 84 correct digits of its final state (D = 84 … 110, against 175
// digits): λ1 alone is 2 digits short. The prefactor depends on the operations and the case,
// so it is not derived here but measured: `digits_needed_measured` reads it off a run compared
// with the same run at more digits (the reference's error estimate does that comparison).

#include <cmath>

namespace vibro {

/// λ1 per unit time (≤ 0 needs no extra digits), horizon t ≥ 0, target correct digits:
/// ⌈λ1 t/ln 10⌉ + target, without the growth's prefactor (so usually a few digits short).
inline long digits_needed(double lambda1_per_unit_time, double horizon, long target_digits) {
  const double growth = lambda1_per_unit_time > 0 ? lambda1_per_unit_time * horizon / std::log(10.0) : 0.0;
  return static_cast<long>(std::ceil(growth)) + target_digits;
}

/// The time up to which `digits` keep `target` correct digits: (digits − target) ln 10 / λ1.
inline double accurate_horizon(double lambda1_per_unit_time, long digits, long target_digits) {
  if (lambda1_per_unit_time <= 0) return INFINITY;
  return static_cast<double>(digits - target_digits) * std::log(10.0) / lambda1_per_unit_time;
}

/// Margin of `digits_needed_measured`. The loss D − correct is the floor of a continuous
/// quantity, log10 of the amplified rounding sum, and a run at other digits rounds
/// differently, so that sum changes by a random factor: one digit when the factor stays
/// below 10. Measured on the chaotic case: the loss is 83 or 84 at every D from 84 to 110.
inline constexpr long measured_loss_margin = 1;

/// The digits for `target` correct ones, measured: a run at `digits` that kept `correct`
/// ≥ 1 correct digits against a run at many more lost digits − correct to the horizon
/// (λ1 t/ln 10 and the prefactor together), and a run at D' digits loses the same up to the
/// margin, so target needs that loss + target + the margin.
inline long digits_needed_measured(long digits, long correct_digits, long target_digits) {
  return digits - correct_digits + target_digits + measured_loss_margin;
}

}  // namespace vibro
