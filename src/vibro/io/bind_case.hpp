#pragma once
// Binds a validated CaseSpec to a scalar type: the model, the step size and the number
// of steps, every number parsed from its decimal text at the run's precision.

#include "vibro/io/case_spec.hpp"
#include "vibro/model/concepts.hpp"
#include "vibro/model/conservative_oscillator.hpp"
#include "vibro/model/constant_force.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/scalar/parse.hpp"

#include <cstdint>
#include <stdexcept>
#include <variant>

namespace vibro {

template <class Real>
Real to_real(const NumberInput& x) {
  return parse_real<Real>(x.text);
}

/// Calls `f(model)` with the case's model bound to Real, for the impact models of seeds
/// 000/001 (the conservative oscillator of seed 003 binds through bind_conservative). The
/// exact type only binds rational models: the oscillator needs cos and a period 2π/ω
/// (std::invalid_argument).
template <class Real, class F>
decltype(auto) visit_model(const CaseSpec& c, F&& f) {
  if (c.model.conservative())
    throw std::logic_error("visit_model: the conservative oscillator runs through run_nonstandard");
  const Real u_min = to_real<Real>(c.model.u_min), e = to_real<Real>(c.model.e);
  if (const auto* osc = std::get_if<OscillatorSpec>(&c.model.kind)) {
    if constexpr (is_exact_v<Real>) {
      throw std::invalid_argument(
          "the exact rational type needs a rational model, and impact-oscillator uses cos(ωt) and T = 2π/ω "
          "(allowed here: double, long-double, float128, mpfr:DIGITS)");
    } else {
      return f(ImpactOscillator<Real>(to_real<Real>(osc->alpha), to_real<Real>(osc->amplitude),
                                      to_real<Real>(osc->omega), u_min, e));
    }
  }
  return f(ConstantForce<Real>(to_real<Real>(std::get<ConstantForceSpec>(c.model.kind).g), u_min, e));
}

/// The conservative oscillator of a case (seed 003, MATH.md §5) bound to Real.
template <class Real>
ConservativeOscillator<Real> bind_conservative(const CaseSpec& c) {
  const auto& k = std::get<ConservativeSpec>(c.model.kind);
  ConstraintSet<Real> constraint;
  if (k.obstacle) constraint = ConstraintSet<Real>::obstacle(to_real<Real>(*k.obstacle));
  if (k.stop_lower) constraint = ConstraintSet<Real>::stops(to_real<Real>(*k.stop_lower), to_real<Real>(*k.stop_upper));
  return ConservativeOscillator<Real>(to_real<Real>(k.omega), to_real<Real>(k.beta), constraint, to_real<Real>(c.model.e));
}

/// h of a step choice: absolute, or T/N for a forced model.
template <class Model>
typename Model::real_type step_size(const Model& model, const StepSpec& step) {
  using Real = typename Model::real_type;
  if (step.h) return to_real<Real>(*step.h);
  if constexpr (PeriodicallyForced<Model>) return model.period() / Real(*step.steps_per_period);
  else throw std::logic_error("steps_per_period for a model without a period (rejected when the case was read)");
}

/// Number of steps that cover the case's horizon with a step choice; exact (the reader
/// has checked that it is a whole number).
inline std::int64_t step_count(const CaseSpec& c, const StepSpec& step) {
  if (c.horizon.periods) return *c.horizon.periods * *step.steps_per_period;
  const rational steps = (c.horizon.t_end->exact - c.t0.exact) / step.h->exact;
  return static_cast<std::int64_t>(bmp::numerator(steps));
}

}  // namespace vibro
