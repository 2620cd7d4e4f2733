#pragma once
// A case file, read and validated but not yet bound to a scalar type. Every number keeps
// its decimal text (so each scalar type parses it at its own precision) and its exact
// rational value (so range checks are exact). The format is documented in cases/README.md.

#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/types.hpp"
#include "vibro/scheme/nonstandard_impact_options.hpp"
#include "vibro/scheme/paoli_schatzman_options.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace vibro {

struct NumberInput {
  std::string key;   ///< dotted key it came from, for messages
  std::string text;  ///< decimal or P/Q text, as written
  rational exact;    ///< its exact value
};

/// u'' + 2αu' + u = a cos ωt (MATH.md §1).
struct OscillatorSpec {
  NumberInput alpha, amplitude, omega;
};

/// u'' = −g (seed 000 §2 with g = 0).
struct ConstantForceSpec {
  NumberInput g;
};

/// y'' + ω² y (1 + β y²) = 0 (seed 003, MATH.md §5) with K = [obstacle, ∞), K = [lower,
/// upper] (two stops) or K = ℝ. Autonomous: its "period" is the linear one, 2π/ω.
struct ConservativeSpec {
  NumberInput omega, beta;
  std::optional<NumberInput> obstacle;                 ///< K = [obstacle, ∞)
  std::optional<NumberInput> stop_lower, stop_upper;   ///< K = [lower, upper]
};

struct ModelSpec {
  std::variant<OscillatorSpec, ConstantForceSpec, ConservativeSpec> kind;
  NumberInput u_min, e;  ///< u_min: impact-oscillator and constant-force only
  /// A period to count steps and horizons in: the forcing period, or 2π/ω of the
  /// conservative oscillator's linear part.
  bool periodic() const { return !std::holds_alternative<ConstantForceSpec>(kind); }
  /// Driven with period T, so that a stroboscopic (Poincaré) map exists.
  bool forced() const { return std::holds_alternative<OscillatorSpec>(kind); }
  bool conservative() const { return std::holds_alternative<ConservativeSpec>(kind); }
  std::string type_name() const {
    return forced() ? "impact-oscillator" : conservative() ? "conservative-oscillator" : "constant-force";
  }
};

/// Exactly one of h (absolute) and steps_per_period (h = T/N).
struct StepSpec {
  std::optional<NumberInput> h;
  std::optional<std::int64_t> steps_per_period;
  /// As written: the text of h, or "T/N".
  std::string text() const { return h ? h->text : "T/" + std::to_string(*steps_per_period); }
};

/// Exactly one of t_end and periods.
struct HorizonSpec {
  std::optional<NumberInput> t_end;
  std::optional<std::int64_t> periods;
};

struct SchemeSpec {
  /// "paoli-schatzman", "corrected-crank-nicolson", "reference", or for the conservative
  /// oscillator "nonstandard-impact" / "standard-impact" (seed 003)
  std::string type;
  PaoliSchatzmanOptions paoli_schatzman;
  NonstandardImpactOptions nonstandard;  ///< its denominator follows from the type
  bool is_reference() const { return type == "reference"; }
  bool is_corrected() const { return type == "corrected-crank-nicolson"; }
  bool is_nonstandard_family() const { return type == "nonstandard-impact" || type == "standard-impact"; }
};

/// An expected result: a named quantity, its value, an absolute tolerance, and where the
/// value comes from (closed form, seed and equation, independent method, invariant).
struct Expectation {
  std::string quantity;
  NumberInput value, tolerance;
  std::string source;
};

/// A Lyapunov computation (MATH.md §4): the method follows from the scheme — the reference
/// without ε is IDED, with ε IDND; the PS scheme with ε is NSND / I.N.S.P; the corrected
/// scheme with ε is C.N.S.P. ε is absolute or a multiple of the scheme's h.
struct LyapunovSpec {
  std::optional<NumberInput> epsilon;        ///< absolute ε of the forward differences
  std::optional<NumberInput> epsilon_per_h;  ///< ε = this × h
  bool absolute_clock = false;               ///< sections at t0 + kT instead of t0 + T each period
};

struct CaseSpec {
  std::string file;  ///< path as given, for messages
  std::string hash;  ///< FNV-1a 64 of the file's bytes, hex
  std::string name, description;
  Precision precision;
  ModelSpec model;
  NumberInput u0, v0, t0;
  SchemeSpec scheme;
  StepSpec step;  ///< empty for the reference, which has no step
  HorizonSpec horizon;
  std::vector<StepSpec> convergence;  ///< step sizes of an error study, coarse to fine
  std::vector<Expectation> expected;
  std::optional<LyapunovSpec> lyapunov;
};

/// Quantities a case may state an expectation for (the observed orders of its
/// convergence list, MATH.md §8).
const std::vector<std::string>& known_quantities();

/// Reads and validates a case file; throws InputError naming the file and the key.
CaseSpec load_case(const std::filesystem::path& file);

/// The same from text; `file_label` is used in messages and as the case's file.
CaseSpec parse_case(std::string_view toml_text, const std::string& file_label);

}  // namespace vibro
