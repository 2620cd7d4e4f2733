#pragma once
// Named options of the corrected Crank–Nicolson scheme (seed 000 §3), with their text forms
// as used in case files and outputs.

#include <string_view>

namespace vibro {

/// The linear coefficient of the impact quadratic ϕ (seed 000 eq. (31)) and, with it, the
/// incoming velocity that the impact law reverses (eq. (37)). In both forms ϕ'' = (V̂ − V)/Δt
/// and the new velocity is −e ϕ'(s0).
enum class ImpactSlope {
  /// ϕ'(0) = (Û − U)/Δt, seed 000 eq. (31) and (37) as printed (what the seed computed).
  /// That is the average velocity over the step, V + (Δt/2)a + O(Δt²), not V: the impact
  /// velocity is off by O(Δt·a): first order wherever the acceleration a at the obstacle
  /// is not zero (a forced problem), O(Δt²) where it is.
  printed,
  /// ϕ'(0) = V: ϕ is then the second-order Taylor polynomial of the gap at t_n with the
  /// step's mean acceleration (V̂ − V)/Δt, and the new velocity −e(V + s0 (V̂ − V)/Δt) is the
  /// velocity of that polynomial at s0 — exact for a constant force.
  endpoint,
};

struct CorrectedCrankNicolsonOptions {
  ImpactSlope impact_slope = ImpactSlope::printed;
};

constexpr std::string_view to_string(ImpactSlope s) { return s == ImpactSlope::printed ? "printed" : "endpoint"; }

}  // namespace vibro
