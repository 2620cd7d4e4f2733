#pragma once
// The kinds of model a case can name (model.type), sets of them (what a scheme runs on),
// their names and the scalar types each binds to: what the scheme catalog, case files and
// outputs need to know of models without compiling one (binding/model_binding.hpp binds them).

#include "vibro/scalar/scalar_kind.hpp"

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string_view>

namespace vibro {

/// The models a case can name (model.type).
enum class ModelKind { impact_oscillator, constant_force, conservative_oscillator, duffing_oscillator, linear_system,
                       two_mass_spring, double_pendulum };

/// model.type in case files and outputs (a switch without default: a new kind without a
/// name does not compile).
constexpr std::string_view model_name(ModelKind kind) {
  switch (kind) {
    case ModelKind::impact_oscillator: return "impact-oscillator";
    case ModelKind::constant_force: return "constant-force";
    case ModelKind::conservative_oscillator: return "conservative-oscillator";
    case ModelKind::duffing_oscillator: return "duffing-oscillator";
    case ModelKind::linear_system: return "linear-system";
    case ModelKind::two_mass_spring: return "two-mass-spring";
    case ModelKind::double_pendulum: return "double-pendulum";
  }
  return "";
}

/// The scalar types a model binds to: the oscillators need cos and T = 2π/ω, which the
/// exact type does not have; the constant force is rational.
constexpr ScalarSet model_scalars(ModelKind kind) {
  return kind == ModelKind::constant_force ? ScalarSet::all() : ScalarSet::floating();
}

/// A set of model kinds: what a scheme runs on.
struct ModelKinds {
  unsigned bits = 0;
  constexpr ModelKinds(std::initializer_list<ModelKind> kinds) {
    for (const ModelKind k : kinds) bits |= 1u << static_cast<unsigned>(k);
  }
  constexpr bool contains(ModelKind kind) const { return (bits & (1u << static_cast<unsigned>(kind))) != 0; }
};

/// Every kind, once (case/case_spec.hpp checks it against the spec types).
inline constexpr std::array<ModelKind, 7> model_kinds = {
    ModelKind::impact_oscillator,  ModelKind::constant_force, ModelKind::conservative_oscillator,
    ModelKind::duffing_oscillator, ModelKind::linear_system,  ModelKind::two_mass_spring,
    ModelKind::double_pendulum};

/// Every kind as a set (what code that takes any model binds: the test set's references).
inline constexpr ModelKinds every_model_kind = [] {
  ModelKinds kinds{};
  for (const ModelKind k : model_kinds) kinds.bits |= 1u << static_cast<unsigned>(k);
  return kinds;
}();

}  // namespace vibro
