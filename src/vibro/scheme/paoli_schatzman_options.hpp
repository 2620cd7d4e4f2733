#pragma once
// Named options of the Paoli–Schatzman scheme (docs/mathematics.md §2), with their text forms as
// used in case files and outputs.

#include <string_view>

namespace vibro {

/// Velocity approximation inside the force F^n (docs/mathematics.md §2).
enum class VelocityApproximation {
  centered,  ///< (U^{n+1} − U^{n−1})/(2h): seed 000 eq. (11), seed 001 Lemma 3.2 (implicit)
  forward,   ///< (U^{n+1} − U^n)/h: seed 001 eq. (8) as printed (implicit)
  backward,  ///< (U^n − U^{n−1})/h: fully explicit
};

/// How U^1 is obtained from (u0, v0).
enum class StartingValue {
  taylor,  ///< U^1 = u0 + h v0 + (h²/2) f(t0, u0, v0): seed 000 eq. (9)
  linear,  ///< U^1 = u0 + h v0: the free-fall analysis of seed 000 §2
};

/// Which quantities the recurrence carries from step to step (docs/mathematics.md §2,
/// "Rounding"). Both are the same sequence U^n in exact arithmetic; they differ in how
/// rounding errors accumulate.
enum class RecurrenceForm {
  /// U^n and the increment D^n = U^{n+1} − U^n: unprojected, D^{n+1} = D^n + h²F^n and
  /// U^{n+1} = U^n + D^n, so a rounding error made at step k reaches step n once: the
  /// rounding grows like ε·N.
  increment,
  /// U^{n+2} formed from U^n and U^{n+1} as seed 000 eq. (14) prints it: a rounding error
  /// made at step k reaches step n with weight (n − k), so the rounding grows like ε·N².
  two_step,
};

struct PaoliSchatzmanOptions {
  VelocityApproximation velocity = VelocityApproximation::centered;
  StartingValue start = StartingValue::taylor;
  RecurrenceForm form = RecurrenceForm::increment;
};

constexpr std::string_view to_string(VelocityApproximation v) {
  switch (v) {
    case VelocityApproximation::centered: return "centered";
    case VelocityApproximation::forward: return "forward";
    case VelocityApproximation::backward: return "backward";
  }
  return "?";
}

constexpr std::string_view to_string(StartingValue s) { return s == StartingValue::taylor ? "taylor" : "linear"; }

constexpr std::string_view to_string(RecurrenceForm f) { return f == RecurrenceForm::increment ? "increment" : "two-step"; }

}  // namespace vibro
