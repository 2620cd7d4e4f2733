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
#include "vibro/run/case_spec.hpp"
#include "vibro/run/input_error.hpp"
#include "vibro/run/run_result.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scalar/scalar_list.hpp"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <variant>

namespace vibro {

/// The C++ type of a model kind at a scalar type.
template <ModelKind Kind, class Real>
struct ModelOfKind;
template <class Real>
struct ModelOfKind<ModelKind::impact_oscillator, Real> {
  using type = ImpactOscillator<Real>;
};
template <class Real>
struct ModelOfKind<ModelKind::constant_force, Real> {
  using type = ConstantForce<Real>;
};
template <class Real>
struct ModelOfKind<ModelKind::conservative_oscillator, Real> {
  using type = ConservativeOscillator<Real>;
};

template <class Real>
struct ModelOfKind<ModelKind::duffing_oscillator, Real> {
  using type = DuffingOscillator<Real>;
};
template <class Real>
struct ModelOfKind<ModelKind::linear_system, Real> {
  using type = LinearImpactSystem<Real>;
};
template <class Real>
struct ModelOfKind<ModelKind::two_mass_spring, Real> {
  using type = LinearImpactSystem<Real>;
};

template <class Real>
struct ModelOfKind<ModelKind::double_pendulum, Real> {
  using type = DoublePendulum<Real>;
};

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

/// The conservative oscillator of a case (seed 003, docs/mathematics.md §5) bound to Real.
template <class Real>
ConservativeOscillator<Real> bind_conservative(const ModelSpec& m) {
  const auto& k = std::get<ConservativeSpec>(m.kind);
  ConstraintSet<Real> constraint;
  if (k.obstacle) constraint = ConstraintSet<Real>::obstacle(to_real<Real>(*k.obstacle));
  if (k.stop_lower) constraint = ConstraintSet<Real>::stops(to_real<Real>(*k.stop_lower), to_real<Real>(*k.stop_upper));
  return ConservativeOscillator<Real>(to_real<Real>(k.omega), to_real<Real>(k.beta), constraint, to_real<Real>(m.e));
}

/// The impact oscillator of a case (docs/mathematics.md §1) bound to Real: its normalised
/// numbers as written, or converted from the physical ones (model/physical_oscillator.hpp).
template <class Real>
ImpactOscillator<Real> bind_oscillator(const ModelSpec& m) {
  const auto& osc = std::get<OscillatorSpec>(m.kind);
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

/// The N-DOF system of a case (seed 002, docs/mathematics.md §6) bound to Real.
template <class Real>
LinearImpactSystem<Real> bind_system(const SystemSpec& s) {
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

/// Whether a model of kind K bound to Real is instantiated by with_model<Kinds, Real>.
template <ModelKinds Kinds, ModelKind K, class Real>
inline constexpr bool binds = Kinds.contains(K) && model_scalars(K).contains(scalar_kind_of<Real>);

/// Calls `f(model)` with the case's model bound to Real. Only the kinds of `Kinds` (what the
/// caller runs on: a scheme's models) whose scalar types include Real are instantiated: a
/// run compiles no branch it cannot take. Throws std::logic_error for a case whose model is
/// not among them (the case reader and require_runnable refuse those first), and
/// std::invalid_argument from the model's constructor for values it cannot hold.
template <ModelKinds Kinds, class Real, class F>
decltype(auto) with_model(const ModelSpec& m, F&& f) {
  switch (m.model_kind()) {
    case ModelKind::impact_oscillator:
      if constexpr (binds<Kinds, ModelKind::impact_oscillator, Real>) return f(bind_oscillator<Real>(m));
      break;
    case ModelKind::conservative_oscillator:
      if constexpr (binds<Kinds, ModelKind::conservative_oscillator, Real>) return f(bind_conservative<Real>(m));
      break;
    case ModelKind::duffing_oscillator:
      if constexpr (binds<Kinds, ModelKind::duffing_oscillator, Real>) {
        const auto& d = std::get<DuffingSpec>(m.kind);
        return f(DuffingOscillator<Real>(to_real<Real>(d.alpha), to_real<Real>(d.beta), to_real<Real>(d.amplitude),
                                         to_real<Real>(d.omega), to_real<Real>(m.u_min), to_real<Real>(m.e)));
      }
      break;
    case ModelKind::linear_system:
      if constexpr (binds<Kinds, ModelKind::linear_system, Real>) return f(bind_system<Real>(*m.system()));
      break;
    case ModelKind::two_mass_spring:
      if constexpr (binds<Kinds, ModelKind::two_mass_spring, Real>) return f(bind_system<Real>(*m.system()));
      break;
    case ModelKind::double_pendulum:
      if constexpr (binds<Kinds, ModelKind::double_pendulum, Real>) {
        const auto& p = std::get<DoublePendulumSpec>(m.kind);
        return f(DoublePendulum<Real>(to_real<Real>(p.m1), to_real<Real>(p.m2), to_real<Real>(p.l1),
                                      to_real<Real>(p.l2), to_real<Real>(p.gravity), to_real<Real>(m.e)));
      }
      break;
    case ModelKind::constant_force:
      if constexpr (binds<Kinds, ModelKind::constant_force, Real>)
        return f(ConstantForce<Real>(to_real<Real>(std::get<ConstantForceSpec>(m.kind).g), to_real<Real>(m.u_min),
                                     to_real<Real>(m.e)));
      break;
  }
  throw std::logic_error("with_model: " + std::string(model_name(m.model_kind())) + " is not bound to " +
                         scalar_name<Real>() + " here (refused before the run)");
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
  if constexpr (HasPeriod<Model>) return model.period() / Real(*step.steps_per_period);
  else throw std::logic_error("steps_per_period for a model without a period (refused when the case was read)");
}

/// Number of steps that cover the case's horizon with a step choice; exact (the reader
/// has checked that it is a whole number).
inline std::int64_t step_count(const CaseSpec& c, const StepSpec& step) {
  if (c.horizon.steps) return *c.horizon.steps;
  if (c.horizon.periods) return *c.horizon.periods * *step.steps_per_period;
  const rational steps = (c.horizon.t_end->exact - c.t0.exact) / step.h->exact;
  return static_cast<std::int64_t>(bmp::numerator(steps));
}

/// An N-DOF system as written: the named parameters of the 2-DOF system, then the matrices,
/// the bounds ("-inf"/"inf" where there is none), the restitutions and the forcing.
inline ModelDescription describe_system(const ModelSpec& m) {
  ModelDescription d{std::string(model_name(m.model_kind())), {}};
  if (const auto* two = std::get_if<TwoMassSpringSpec>(&m.kind)) {
    d.parameters.push_back({"mu_k", {two->mu_k.text}});
    d.parameters.push_back({"mu_m", {two->mu_m.text}});
  }
  const SystemSpec& s = *m.system();
  d.parameters.push_back({"mass", texts_of(s.mass), true});
  for (std::size_t i = 0; i < s.dimension(); ++i)
    d.parameters.push_back({"stiffness[" + std::to_string(i + 1) + "]", texts_of(s.stiffness[i]), true});
  std::vector<std::string> lower, upper;
  for (std::size_t i = 0; i < s.dimension(); ++i) {
    lower.push_back(s.lower[i] ? s.lower[i]->text : "-inf");
    upper.push_back(s.upper[i] ? s.upper[i]->text : "inf");
  }
  d.parameters.push_back({"lower", lower, true});
  d.parameters.push_back({"upper", upper, true});
  d.parameters.push_back({"e", texts_of(s.restitution), true});
  if (s.forced()) {
    d.parameters.push_back({"force", texts_of(s.force), true});
    d.parameters.push_back({"Omega", {s.forcing_frequency->text}});
  }
  return d;
}

/// The model as written, for outputs.
inline ModelDescription describe_model(const ModelSpec& m) {
  if (m.system()) return describe_system(m);
  ModelDescription d{std::string(model_name(m.model_kind())), {{"e", {m.e.text}}}};
  if (const auto* osc = std::get_if<OscillatorSpec>(&m.kind)) {
    d.parameters.push_back({"u_min", {m.u_min.text}});
    if (const auto& p = osc->physical) {
      // As written, then the normalised form it converts to, exactly (docs/mathematics.md §1).
      d.parameters.push_back({"m", {p->mass.text}});
      d.parameters.push_back({"c", {p->damping.text}});
      d.parameters.push_back({"k", {p->stiffness.text}});
      d.parameters.push_back({"F", {p->force.text}});
      d.parameters.push_back({"Omega", {p->forcing_frequency.text}});
      const PhysicalOscillator exact = p->exact();
      d.parameters.push_back({"alpha", {root_text(exact.alpha_squared())}});
      d.parameters.push_back({"a", {exact.amplitude().str()}});
      d.parameters.push_back({"omega", {root_text(exact.omega_squared())}});
      d.parameters.push_back({"omega0", {root_text(exact.omega0_squared())}});
      d.parameters.push_back({"time", {"tau = omega0 t"}});
    } else {
      d.parameters.push_back({"alpha", {osc->alpha.text}});
      d.parameters.push_back({"a", {osc->amplitude.text}});
      d.parameters.push_back({"omega", {osc->omega.text}});
    }
  } else if (const auto* k = std::get_if<ConservativeSpec>(&m.kind)) {
    d.parameters.push_back({"omega", {k->omega.text}});
    d.parameters.push_back({"beta", {k->beta.text}});
    if (k->obstacle) d.parameters.push_back({"obstacle", {k->obstacle->text}});
    if (k->stop_lower) d.parameters.push_back({"stops", {k->stop_lower->text, k->stop_upper->text}});
  } else if (const auto* duffing = std::get_if<DuffingSpec>(&m.kind)) {
    d.parameters.push_back({"u_min", {m.u_min.text}});
    d.parameters.push_back({"alpha", {duffing->alpha.text}});
    d.parameters.push_back({"beta", {duffing->beta.text}});
    d.parameters.push_back({"a", {duffing->amplitude.text}});
    d.parameters.push_back({"omega", {duffing->omega.text}});
  } else if (const auto* pendulum = std::get_if<DoublePendulumSpec>(&m.kind)) {
    d.parameters.push_back({"m1", {pendulum->m1.text}});
    d.parameters.push_back({"m2", {pendulum->m2.text}});
    d.parameters.push_back({"l1", {pendulum->l1.text}});
    d.parameters.push_back({"l2", {pendulum->l2.text}});
    d.parameters.push_back({"gravity", {pendulum->gravity.text}});
  } else {
    d.parameters.push_back({"u_min", {m.u_min.text}});
    d.parameters.push_back({"g", {std::get<ConstantForceSpec>(m.kind).g.text}});
  }
  return d;
}

}  // namespace vibro
