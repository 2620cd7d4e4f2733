#pragma once
// A case's model bound to a scalar type: the model object, its step sizes and step counts,
// every number parsed from its decimal text at the run's precision; and what each model
// kind is called and which scalar types it can be bound to. The one place that maps a
// model kind of a case file to its C++ type.

#include "vibro/model/conservative_oscillator.hpp"
#include "vibro/model/constant_force.hpp"
#include "vibro/model/double_pendulum.hpp"
#include "vibro/model/duffing_oscillator.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/case/case_spec.hpp"
#include "vibro/model/normalised_oscillator.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/scalar_list.hpp"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <variant>

namespace vibro {

/// A number of a case at the run's precision; InputError naming its key (the caller adds
/// the file: naming_file) when it is not representable there.
template <class Real>
Real to_real(const NumberInput& x) {
  try {
    return parse_real<Real>(x.text);
  } catch (const std::invalid_argument& why) {
    throw InputError("", x.key, why.what());
  }
}

/// Runs f(); an InputError without a file (a number of the case that the run's precision
/// cannot hold) gets the case's file.
template <class F>
decltype(auto) naming_file(const CaseSpec& c, F&& f) {
  try {
    return f();
  } catch (const InputError& error) {
    if (!error.file().empty()) throw;
    throw InputError(c.file, error.key(), error.message());
  }
}

// bind_model<Real>(spec, model): the model object of each spec type (case/case_spec.hpp) at
// Real, one overload per kind; `model` holds u_min and e, which several kinds share.

/// The impact oscillator (docs/mathematics.md §1): its normalised numbers as written, or
/// converted from the physical ones (model/physical_oscillator.hpp).
template <class Real>
ImpactOscillator<Real> bind_model(const OscillatorSpec& osc, const ModelSpec& m) {
  if (!osc.physical)
    return ImpactOscillator<Real>(to_real<Real>(osc.alpha), to_real<Real>(osc.amplitude), to_real<Real>(osc.omega),
                                  to_real<Real>(m.u_min), to_real<Real>(m.e));
  try {
    NormalisedOscillator<Real> n = normalised<Real>(osc.physical->exact());
    return ImpactOscillator<Real>(std::move(n.alpha), std::move(n.amplitude), std::move(n.omega),
                                  to_real<Real>(m.u_min), to_real<Real>(m.e));
  } catch (const std::invalid_argument& why) {
    throw InputError("", "model", std::string("the physical parameters have no normalised form at ") +
                                      scalar_name<Real>() + ": " + why.what());
  }
}

/// u'' = −g (seed 000 §2).
template <class Real>
ConstantForce<Real> bind_model(const ConstantForceSpec& f, const ModelSpec& m) {
  return ConstantForce<Real>(to_real<Real>(f.g), to_real<Real>(m.u_min), to_real<Real>(m.e));
}

/// Seed 003's conservative oscillator (docs/mathematics.md §5) with its constraint set.
template <class Real>
ConservativeOscillator<Real> bind_model(const ConservativeSpec& k, const ModelSpec& m) {
  ConstraintSet<Real> constraint;
  if (k.obstacle) constraint = ConstraintSet<Real>::obstacle(to_real<Real>(*k.obstacle));
  if (k.stop_lower) constraint = ConstraintSet<Real>::stops(to_real<Real>(*k.stop_lower), to_real<Real>(*k.stop_upper));
  return ConservativeOscillator<Real>(to_real<Real>(k.omega), to_real<Real>(k.beta), constraint, to_real<Real>(m.e));
}

/// The forced Duffing oscillator above an obstacle (docs/mathematics.md §5).
template <class Real>
DuffingOscillator<Real> bind_model(const DuffingSpec& d, const ModelSpec& m) {
  return DuffingOscillator<Real>(to_real<Real>(d.alpha), to_real<Real>(d.beta), to_real<Real>(d.amplitude),
                                 to_real<Real>(d.omega), to_real<Real>(m.u_min), to_real<Real>(m.e));
}

/// Seed 002's N-DOF system as written (docs/mathematics.md §6).
template <class Real>
LinearImpactSystem<Real> bind_model(const SystemSpec& s, const ModelSpec&) {
  const std::size_t n = s.dimension();
  Vector<Real> mass, force;
  Matrix<Real> stiffness(n, n);
  std::vector<CoordinateBounds<Real>> bounds(n);
  for (std::size_t i = 0; i < n; ++i) {
    mass.push_back(to_real<Real>(s.mass[i]));
    for (std::size_t j = 0; j < n; ++j) stiffness(i, j) = to_real<Real>(s.stiffness[i][j]);
    if (s.lower[i]) bounds[i].lower = to_real<Real>(*s.lower[i]);
    if (s.upper[i]) bounds[i].upper = to_real<Real>(*s.upper[i]);
    bounds[i].restitution = to_real<Real>(s.restitution[i]);
  }
  for (const NumberInput& f : s.force) force.push_back(to_real<Real>(f));
  return LinearImpactSystem<Real>(std::move(mass), std::move(stiffness), std::move(bounds), std::move(force),
                                  s.forcing_frequency ? to_real<Real>(*s.forcing_frequency) : Real(0));
}

/// Seed 002 §3's 2-DOF system: the N-DOF system its parameters define.
template <class Real>
LinearImpactSystem<Real> bind_model(const TwoMassSpringSpec& two, const ModelSpec& m) {
  return bind_model<Real>(two.system, m);
}

/// Seed 004's double pendulum (docs/mathematics.md §7).
template <class Real>
DoublePendulum<Real> bind_model(const DoublePendulumSpec& p, const ModelSpec& m) {
  return DoublePendulum<Real>(to_real<Real>(p.m1), to_real<Real>(p.m2), to_real<Real>(p.l1), to_real<Real>(p.l2),
                              to_real<Real>(p.gravity), to_real<Real>(m.e));
}

/// The impact oscillator of a case bound to Real (a case the caller knows to be one).
template <class Real>
ImpactOscillator<Real> bind_oscillator(const ModelSpec& m) {
  return bind_model<Real>(std::get<OscillatorSpec>(m.kind), m);
}

/// The conservative oscillator of a case bound to Real (a case the caller knows to be one).
template <class Real>
ConservativeOscillator<Real> bind_conservative(const ModelSpec& m) {
  return bind_model<Real>(std::get<ConservativeSpec>(m.kind), m);
}

namespace detail {
template <ModelKind Kind, class... Specs>
consteval std::size_t spec_index(std::type_identity<std::variant<Specs...>>) {
  constexpr std::array<ModelKind, sizeof...(Specs)> kinds = {Specs::model_kind...};
  for (std::size_t i = 0; i < kinds.size(); ++i)
    if (kinds[i] == Kind) return i;
  throw "every model kind has a spec type (case/case_spec.hpp)";
}
}  // namespace detail

/// The spec type of a model kind.
template <ModelKind Kind>
using SpecOfKind = std::variant_alternative_t<detail::spec_index<Kind>(std::type_identity<ModelSpecs>{}), ModelSpecs>;

/// The C++ type of a model kind at a scalar type: what bind_model returns for its spec.
template <ModelKind Kind, class Real>
using ModelOfKind = decltype(bind_model<Real>(std::declval<const SpecOfKind<Kind>&>(), std::declval<const ModelSpec&>()));

/// Whether a model of kind K bound to Real is instantiated by with_model<Kinds, Real>.
template <ModelKinds Kinds, ModelKind K, class Real>
inline constexpr bool binds = Kinds.contains(K) && model_scalars(K).contains(scalar_kind_of<Real>);

/// Calls `f(model)` with the case's model bound to Real. Only the kinds of `Kinds` (what the
/// caller runs on: a scheme's models) whose scalar types include Real are instantiated: a
/// run compiles no branch it cannot take. Throws std::logic_error for a case whose model is
/// not among them (the case reader and require_runnable refuse those first), and
/// std::invalid_argument from the model's constructor for values it cannot hold.
template <ModelKinds Kinds, class Real, class F>
void with_model(const ModelSpec& m, F&& f) {
  std::visit(
      [&]<class Spec>(const Spec& spec) {
        if constexpr (binds<Kinds, Spec::model_kind, Real>)
          f(bind_model<Real>(spec, m));
        else
          throw std::logic_error("with_model: " + std::string(model_name(Spec::model_kind)) + " is not bound to " +
                                 scalar_name<Real>() + " here (refused before the run)");
      },
      m.kind);
}

/// A model with a period to count steps in: the forcing period, or the conservative
/// oscillator's linear period.
template <class Model>
concept HasPeriod = requires(const Model& m) {
  { m.period() } -> std::convertible_to<typename Model::real_type>;
};

/// h of a step choice: absolute, or T/N.
template <class Model>
typename Model::real_type step_size(const Model& model, const StepSpec& step) {
  using Real = typename Model::real_type;
  if (step.h) return to_real<Real>(*step.h);
  if constexpr (HasPeriod<Model>) return model.period() / Real(step.steps_per_period->value);
  else throw std::logic_error("steps_per_period for a model without a period (refused when the case was read)");
}

/// Number of steps that cover the case's horizon with a step choice; exact (the reader
/// has checked that it is a whole number).
inline std::int64_t step_count(const CaseSpec& c, const StepSpec& step) {
  if (c.horizon.steps) return *c.horizon.steps;
  if (c.horizon.periods) return *c.horizon.periods * step.steps_per_period->value;
  const rational steps = (c.horizon.t_end->exact - c.t0.exact) / step.h->exact;
  return static_cast<std::int64_t>(bmp::numerator(steps));
}


}  // namespace vibro
