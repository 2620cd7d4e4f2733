#pragma once
// Named options of the non-standard impact scheme (seed 003 §3 and §5, docs/mathematics.md §5), with
// their text forms as used in case files and outputs.

#include <optional>
#include <string_view>

namespace vibro {

/// Denominator of the discrete second derivative, and with it the discretisation of the
/// Duffing term.
enum class Denominator {
  /// φ² = (4/ω²) sin²(ωΔt/2) and the non-local Duffing term (ω²β/2)(y^k)²(y^{k+1} + y^{k−1}):
  /// the energy-preserving NSFD scheme (seed 003 eq. (3.10)–(3.12), (5.8)–(5.9)).
  nonstandard,
  /// Δt² and the local force −ω² y^k (1 + β (y^k)²): the Paoli–Schatzman scheme (seed 003
  /// eq. (5.3)–(5.5)); without a constraint and with β = 0, Störmer–Verlet (seed 003 eq. (3.21)).
  standard,
};

/// How y^1 is obtained from (y0, v0).
enum class InitialStep {
  /// y^1 from the exact flow (closed form for β = 0 only): needed for piecewise exactness.
  exact,
  /// (y^1 − y^{−1})/(2√D) = v0 inserted into the scheme at k = 0 (seed 003 eq. (3.17)–(3.19)).
  centered,
};

struct NonstandardImpactOptions {
  Denominator denominator = Denominator::nonstandard;
  InitialStep start = InitialStep::exact;
};

constexpr std::string_view to_string(Denominator d) {
  return d == Denominator::nonstandard ? "nonstandard" : "standard";
}

constexpr std::string_view to_string(InitialStep s) { return s == InitialStep::exact ? "exact" : "centered"; }

inline std::optional<Denominator> parse_denominator(std::string_view text) {
  for (auto d : {Denominator::nonstandard, Denominator::standard})
    if (text == to_string(d)) return d;
  return std::nullopt;
}

inline std::optional<InitialStep> parse_initial_step(std::string_view text) {
  for (auto s : {InitialStep::exact, InitialStep::centered})
    if (text == to_string(s)) return s;
  return std::nullopt;
}

}  // namespace vibro
