#pragma once
// A case file, read and validated (io/case_file.cpp) but not yet bound to a scalar type.
// Every number keeps its decimal text (so each scalar type parses it at its own precision)
// and its exact rational value (so range checks are exact). The format is documented in
// cases/README.md.

#include "vibro/model/physical_oscillator.hpp"
#include "vibro/case/model_kind.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/rational.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace vibro {

struct NumberInput {
  std::string key;   ///< dotted key it came from, for messages
  std::string text;  ///< decimal or P/Q text, as written
  rational exact;    ///< its exact value
};

/// The texts of a list of numbers, as written.
inline std::vector<std::string> texts_of(const std::vector<NumberInput>& xs) {
  std::vector<std::string> out;
  for (const NumberInput& x : xs) out.push_back(x.text);
  return out;
}

/// m u'' + c u' + k u = F cos Ωt as written (model/physical_oscillator.hpp, docs/mathematics.md §1).
struct PhysicalSpec {
  NumberInput mass, damping, stiffness, force, forcing_frequency;

  PhysicalOscillator exact() const {
    return {mass.exact, damping.exact, stiffness.exact, force.exact, forcing_frequency.exact};
  }
};

/// u'' + 2αu' + u = a cos ωt (docs/mathematics.md §1), written as α, a, ω or, when `physical`
/// is set, as m, c, k, F, Ω (alpha, amplitude and omega are then unset: the binding converts).
struct OscillatorSpec {
  static constexpr ModelKind model_kind = ModelKind::impact_oscillator;
  NumberInput alpha, amplitude, omega;
  std::optional<PhysicalSpec> physical;
};

/// u'' = −g (seed 000 §2 with g = 0).
struct ConstantForceSpec {
  static constexpr ModelKind model_kind = ModelKind::constant_force;
  NumberInput g;
};

/// y'' + ω² y (1 + β y²) = 0 (seed 003, docs/mathematics.md §5) with K = [obstacle, ∞), K = [lower,
/// upper] (two stops) or K = ℝ. Autonomous: its "period" is the linear one, 2π/ω.
struct ConservativeSpec {
  static constexpr ModelKind model_kind = ModelKind::conservative_oscillator;
  NumberInput omega, beta;
  std::optional<NumberInput> obstacle;                ///< K = [obstacle, ∞)
  std::optional<NumberInput> stop_lower, stop_upper;  ///< K = [lower, upper]
};

/// u'' + 2αu' + u + βu³ = a cos ωt with an obstacle (model/duffing_oscillator.hpp, docs/mathematics.md §5).
struct DuffingSpec {
  static constexpr ModelKind model_kind = ModelKind::duffing_oscillator;
  NumberInput alpha, beta, amplitude, omega;
};

/// M² q'' + A² q = f cos(Ωt), q ∈ K = Π [lower_i, upper_i] (seed 002 eq. (1)–(3),
/// model/linear_impact_system.hpp), as written or as the 2-DOF system converts to it.
struct SystemSpec {
  static constexpr ModelKind model_kind = ModelKind::linear_system;
  std::vector<NumberInput> mass;                   ///< the diagonal of M²
  std::vector<std::vector<NumberInput>> stiffness;  ///< A², by rows
  std::vector<std::optional<NumberInput>> lower, upper;  ///< none: −∞ / +∞
  std::vector<NumberInput> restitution;            ///< e_i
  std::vector<NumberInput> force;                  ///< f; empty: free motion
  std::optional<NumberInput> forcing_frequency;    ///< Ω, with f

  std::size_t dimension() const { return mass.size(); }
  bool forced() const {
    for (const NumberInput& f : force)
      if (f.exact != 0) return true;
    return false;
  }
};

/// Seed 002 §3's 2-DOF mass–spring system: μ_k, μ_m and the bounds of q1 as written, and
/// the general system they define (M² = diag(1, μ_m), A² = [[1, −1], [−1, 1 + μ_k]]).
struct TwoMassSpringSpec {
  static constexpr ModelKind model_kind = ModelKind::two_mass_spring;
  NumberInput mu_k, mu_m;
  std::optional<NumberInput> q_min, q_max;
  SystemSpec system;
};

/// Seed 004's double pendulum against a wall (model/double_pendulum.hpp, docs/mathematics.md §7):
/// masses, lengths and gravity as written (9.81 when not given); its e is ModelSpec::e.
struct DoublePendulumSpec {
  static constexpr ModelKind model_kind = ModelKind::double_pendulum;
  NumberInput m1, m2, l1, l2, gravity;
};

/// The models a case can hold: one spec type per ModelKind, each naming its kind
/// (checked below), so a kind without a spec or two specs of one kind do not compile.
using ModelSpecs = std::variant<OscillatorSpec, ConstantForceSpec, ConservativeSpec, DuffingSpec, SystemSpec,
                                TwoMassSpringSpec, DoublePendulumSpec>;

namespace detail {
template <class... Specs>
consteval bool one_spec_per_kind(std::type_identity<std::variant<Specs...>>) {
  for (const ModelKind kind : model_kinds)
    if (((Specs::model_kind == kind ? 1 : 0) + ...) != 1) return false;
  return sizeof...(Specs) == model_kinds.size();
}
}  // namespace detail
static_assert(detail::one_spec_per_kind(std::type_identity<ModelSpecs>{}),
              "ModelSpecs holds exactly one spec type per ModelKind (case/model_kind.hpp)");

struct ModelSpec {
  ModelSpecs kind;
  /// u_min: the 1-DOF models but the conservative oscillator; e: the 1-DOF models and the
  /// double pendulum.
  NumberInput u_min, e;

  ModelKind model_kind() const {
    return std::visit([](const auto& spec) { return std::decay_t<decltype(spec)>::model_kind; }, kind);
  }
  /// The N-DOF system of a linear-system or two-mass-spring model, else nullptr.
  const SystemSpec* system() const {
    if (const auto* s = std::get_if<SystemSpec>(&kind)) return s;
    if (const auto* s = std::get_if<TwoMassSpringSpec>(&kind)) return &s->system;
    return nullptr;
  }
  /// A period to count steps and horizons in: the forcing period, or 2π/ω of the
  /// conservative oscillator's linear part. A switch without default, as forced(): a new model
  /// kind that does not say is a compile error (-Wswitch, an error in vibro's build).
  bool periodic() const {
    switch (model_kind()) {
      case ModelKind::impact_oscillator:
      case ModelKind::conservative_oscillator:
      case ModelKind::duffing_oscillator: return true;
      case ModelKind::constant_force:
      case ModelKind::double_pendulum: return false;
      case ModelKind::linear_system:
      case ModelKind::two_mass_spring: return system()->forced();
    }
    return false;  // not reached: every kind has its case
  }
  /// Driven with period T, so that a stroboscopic (Poincaré) map exists.
  bool forced() const {
    switch (model_kind()) {
      case ModelKind::impact_oscillator:
      case ModelKind::duffing_oscillator: return true;
      case ModelKind::constant_force:
      case ModelKind::conservative_oscillator:
      case ModelKind::double_pendulum: return false;
      case ModelKind::linear_system:
      case ModelKind::two_mass_spring: return system()->forced();
    }
    return false;  // not reached: every kind has its case
  }
};

/// A whole number as written (a count of steps per period), with the dotted key it came from,
/// for messages, as NumberInput carries its own.
struct CountInput {
  std::string key;  ///< "step.steps_per_period", "convergence.steps_per_period[2]"
  std::int64_t value = 0;
  friend bool operator==(const CountInput& a, std::int64_t b) { return a.value == b; }
};

/// Exactly one of h (absolute) and steps_per_period (h = T/N).
struct StepSpec {
  std::optional<NumberInput> h;
  std::optional<CountInput> steps_per_period;
  /// The dotted key the step was given under ("step" when there is none).
  std::string key() const { return h ? h->key : steps_per_period ? steps_per_period->key : "step"; }
  /// As written: the text of h, or "T/N".
  std::string text() const { return h ? h->text : "T/" + std::to_string(steps_per_period->value); }
};

/// Exactly one of t_end, periods and steps; optionally a bound on |u| that stops the run.
struct HorizonSpec {
  std::optional<NumberInput> t_end;
  std::optional<std::int64_t> periods;
  std::optional<std::int64_t> steps;  ///< this many steps of whatever step the run has
  /// The run stops after the first node with |u| above this (a blow-up: going on would
  /// only overflow), and reports where.
  std::optional<NumberInput> escape;
};

/// The [scheme] table: the scheme's case-file name, its registry entry, and its options
/// as written (each entry parses and validates its own; case/scheme_catalog.hpp).
struct SchemeSpec {
  std::string type;
  std::size_t entry = 0;  ///< index of the scheme's entry in the registry
  std::vector<std::pair<std::string, std::string>> options;

  /// The value written for `key`, or nullptr.
  const std::string* option(const std::string& key) const {
    for (const auto& [k, v] : options)
      if (k == key) return &v;
    return nullptr;
  }
};

/// An expected result: a named quantity, its value, an absolute tolerance, and where the
/// value comes from (closed form, seed and equation, independent method, invariant).
struct Expectation {
  std::string quantity;
  NumberInput value, tolerance;
  std::string source;
};

/// A Lyapunov computation (docs/mathematics.md §4): the method follows from the scheme — the reference
/// without ε is IDED, with ε IDND; the PS scheme with ε is NSND / I.N.S.P; the corrected
/// scheme with ε is C.N.S.P. ε is absolute, a multiple of the scheme's h, or a multiple of
/// the forcing period T (for the reference, which has no h: seed 000's I.D.P takes ε = h =
/// T/2513 of the schemes it is compared with).
struct LyapunovSpec {
  std::optional<NumberInput> epsilon;             ///< absolute ε of the forward differences
  std::optional<NumberInput> epsilon_per_h;       ///< ε = this × h
  std::optional<NumberInput> epsilon_per_period;  ///< ε = this × T
  bool absolute_clock = false;                    ///< sections at t0 + kT instead of t0 + T each period
  /// The seed experiment this case reproduces with the published settings, as named in the
  /// published tables without the exponent ("001.IDED" for 001.IDED.lambda1/.lambda2).
  std::optional<std::string> published;
  /// The member of the chaotic family this case belongs to, with `published`: every case of a
  /// member has the same model and initial data, and the relations compare the methods of
  /// one member (cases/README.md).
  std::optional<std::string> family;

  bool has_epsilon() const { return epsilon || epsilon_per_h || epsilon_per_period; }
  /// "1e-8", "3h", "1/2513T" or "exact", for outputs.
  std::string epsilon_text() const {
    if (epsilon) return epsilon->text;
    if (epsilon_per_h) return epsilon_per_h->text + "h";
    if (epsilon_per_period) return epsilon_per_period->text + "T";
    return "exact";
  }
};

/// The [testset] table of a test-set problem (docs/testset.md): its stable id ("VI-07"), a
/// title, where it comes from (seed and equation, or "constructed: why"), what it stresses,
/// and how many of its first impacts the stored reference values hold. Its horizon is the
/// case's [horizon], its step ladder the case's [convergence] list.
struct TestsetInfo {
  std::string id, title, origin, stresses;
  std::int64_t impacts = 0;
};

struct CaseSpec {
  std::string file;  ///< path as given, for messages
  std::string hash;  ///< FNV-1a 64 of the file's bytes, hex
  std::string name, description;
  /// The published value this case re-computes as a number (published/published_reproduction.hpp).
  std::optional<std::string> reproduces;
  Precision precision;
  ModelSpec model;
  NumberInput u0, v0, t0;  ///< u0 and v0: 1-DOF models
  /// An N-DOF system's initial coordinates and velocities (initial.q0, initial.v0 as lists).
  std::vector<NumberInput> q0, q0_velocity;
  /// The double pendulum's angles were given as multiples of π (initial.q0_over_pi): q0 = π · q0.
  bool q0_over_pi = false;
  SchemeSpec scheme;
  StepSpec step;  ///< empty for a scheme without a step (the reference)
  HorizonSpec horizon;
  std::vector<StepSpec> convergence;  ///< step sizes of an error study, coarse to fine
  /// convergence.orders = "measured": the study is reported, but the scheme's declared orders are
  /// not checked on it (the order test and the verdict summary leave it out): a problem outside
  /// what they claim, such as an accumulation of impacts followed by a contact phase.
  bool convergence_orders_checked = true;
  /// convergence.scalars: the scalar types the report runs the study in and the order test
  /// checks it in, when the case names fewer than its scheme's study_scalars (a study too
  /// long for MPFR, such as a work–precision curve down to the double rounding floor).
  std::optional<ScalarSet> convergence_scalars;
  /// convergence.tolerances: a ladder of tolerances, loose to tight, for an adaptive program
  /// (docs/own_scheme.md "Tolerance ladders"): `--by-tolerance` studies the program over it
  /// instead of over the step sizes. Built-in schemes, which have a step, never read it.
  std::vector<NumberInput> convergence_tolerances{};
  std::vector<StepSpec> sweep;        ///< step sizes of a sweep: the run repeated at each
  std::vector<Expectation> expected;
  std::optional<LyapunovSpec> lyapunov;
  /// [orbits] n: the range of n whose (1, n) orbits `vibro orbits` lists (impact oscillator only).
  std::optional<std::pair<int, int>> orbits;
  /// [testset]: the case is a problem of the test set.
  std::optional<TestsetInfo> testset;
};

}  // namespace vibro
