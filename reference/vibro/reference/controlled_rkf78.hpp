#pragma once
// Boost.Odeint's Runge–Kutta–Fehlberg 7(8) (runge_kutta_fehlberg78: 13 stages, the
// 8th-order solution propagated, the difference with the embedded 7th-order one as the
// error estimate) under the step-size control of Odeint's controlled_runge_kutta (its
// default_error_checker and default_step_adjuster, driven by the same few lines as its
// try_step: the controlled stepper's constructor copies a default-constructed stepper whose
// buffers are uninitialised, which GCC 12 reports under -Werror for double). Generic in the
// state type and its Odeint algebra (std::array with array_algebra for the 1-DOF flight of
// integrated_flight.hpp, std::vector with range_algebra for the general-inertia flight of
// inertia_flight.hpp) and in the scalar type (double, long double, float128, MPFR).
//
// The controller only takes steps; the flights that use it keep the step ends and offer the
// dense values and curvature estimates the contact search needs.

#include "vibro/model/validate.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/types.hpp"

#include <boost/numeric/odeint/algebra/detail/extract_value_type.hpp>
#include <boost/numeric/odeint/stepper/controlled_runge_kutta.hpp>  // default_error_checker, default_step_adjuster
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

// Odeint finds the scalar type of a state by following value_type down the chain; a
// Boost.Multiprecision number names itself as its value_type, so the chain never ends.
// These two specialisations stop it at the number (full specialisations, so they win over
// Odeint's partial ones without any ordering question).
namespace boost::numeric::odeint::detail {
template <>
struct extract_value_type<vibro::float128, void> {
  using type = vibro::float128;
};
template <>
struct extract_value_type<vibro::mpfr_real, void> {
  using type = vibro::mpfr_real;
};
}  // namespace boost::numeric::odeint::detail

namespace vibro {

template <class Real>
struct IntegrationSettings {
  Real relative_tolerance;  ///< Odeint's eps_rel: per-step error estimate relative to |x| + h|x'|
  Real absolute_tolerance;  ///< Odeint's eps_abs
  Real max_step;            ///< longest step, so that the curvature estimate stays local
  int max_rejections = 200;  ///< rejected trial steps in a row before the flight gives up
};

/// Per-step tolerance integration_tolerance_eps · ε, relative to the state and absolute at
/// the size scale S. The embedded estimate is that of the 7th-order solution while the 8th
/// is propagated, so the propagated error per step is well below it; asking for less than
/// the rounding of one step (13 stages, a dozen multiply-adds each: some 16 ε of the state)
/// would only chase rounding noise. The step count grows like tolerance^(−1/8), so the
/// factor costs little either way (16 ε → 1 ε would take 1.4 times the steps).
inline constexpr int integration_tolerance_eps = 16;

template <class Real>
IntegrationSettings<Real> integration_settings(const Real& size_scale, const Real& max_step) {
  const Real tolerance = integration_tolerance_eps * epsilon<Real>();
  return IntegrationSettings<Real>{tolerance, Real(tolerance * size_scale), max_step};
}

/// Throws std::invalid_argument unless the tolerances and the longest step are positive.
template <class Real>
void require_valid(const IntegrationSettings<Real>& settings) {
  detail::require_positive(settings.relative_tolerance, "relative_tolerance");
  detail::require_positive(settings.absolute_tolerance, "absolute_tolerance");
  detail::require_positive(settings.max_step, "max_step");
}

/// Every component of a state (a std::array or a std::vector of numbers) is finite.
template <class State>
bool all_finite(const State& x) {
  for (const auto& component : x)
    if (!is_finite(component)) return false;
  return true;
}

/// An accepted step [t, t_end] of length h: t_end is t + h, or exactly the limit it was cut
/// to (the rounded sum could fall short of it).
template <class Real>
struct AcceptedStep {
  Real t_end, h;
};

template <class State, class Real, class Algebra>
class ControlledRkf78 {
 public:
  explicit ControlledRkf78(const IntegrationSettings<Real>& settings)
      : settings_(settings), checker_(settings.absolute_tolerance, settings.relative_tolerance),
        adjuster_(settings.max_step) {
    require_valid(settings);
  }

  const IntegrationSettings<Real>& settings() const { return settings_; }
  /// Trial steps rejected so far (diagnostics).
  std::int64_t rejected_steps() const { return rejected_; }

  /// One accepted step of x' = system(x, t) from (t, x) with x' = dxdt there, no longer than
  /// min(proposed, max_step) and ending at or before t_limit > t; the state at its end goes
  /// into `out`, and `proposed` becomes the step the controller proposes next. Throws
  /// std::runtime_error when it rejects max_rejections trials in a row, when the step
  /// underflows the time's resolution, or when the state stops being finite; `what` names
  /// the caller in the message.
  template <class System>
  AcceptedStep<Real> step(const System& system, const Real& t, const State& x, const State& dxdt,
                          const Real& t_limit, Real& proposed, State& out, const char* what) {
    using std::min;
    const Real remaining = t_limit - t;
    Real dt = min(min(proposed, settings_.max_step), remaining);
    out = x;
    error_ = x;
    for (int rejections = 0;; ++rejections) {
      if (rejections > settings_.max_rejections)
        throw std::runtime_error(std::string(what) + ": " + std::to_string(settings_.max_rejections) +
                                 " rejected steps in a row at t = " + to_text(t) + " (last trial " + to_text(dt) + ")");
      if (!(t + dt > t))
        throw std::runtime_error(std::string(what) + ": step size " + to_text(dt) + " underflows at t = " + to_text(t));
      // controlled_runge_kutta::try_step: one step with its error estimate, measured against
      // the tolerance; rejected and shrunk above 1, accepted below and the next one grown.
      stepper_.do_step(system, x, dxdt, t, out, dt, error_);
      const Real measure = checker_.error(stepper_.algebra(), x, dxdt, error_, dt);
      if (!(measure > 1)) {
        if (!all_finite(out) || !is_finite(measure))
          throw std::runtime_error(std::string(what) + ": the state is not finite after t = " + to_text(t));
        const Real next = adjuster_.increase_step(dt, measure, stepper_.stepper_order());
        // A step cut short by the limit says nothing about the step size the solution allows.
        if (dt < remaining || next < proposed) proposed = next;
        return {dt < remaining ? Real(t + dt) : t_limit, dt};
      }
      dt = min(adjuster_.decrease_step(dt, measure, stepper_.error_order()), remaining);
      ++rejected_;
    }
  }

  /// One RKF78 step of length h from (t, x), without error control: the dense values of a
  /// flight by re-integration (its local error is that of a step no longer than the
  /// accepted one).
  template <class System>
  void advance(const System& system, const Real& t, const State& x, const State& dxdt, const Real& h,
               State& out) const {
    out = x;
    stepper_.do_step(system, x, dxdt, t, out, h);
  }

 private:
  using Stepper = boost::numeric::odeint::runge_kutta_fehlberg78<State, Real, State, Real, Algebra>;
  using ErrorChecker =
      boost::numeric::odeint::default_error_checker<Real, Algebra, boost::numeric::odeint::default_operations>;
  using StepAdjuster = boost::numeric::odeint::default_step_adjuster<Real, Real>;

  IntegrationSettings<Real> settings_;
  mutable Stepper stepper_;  // its stage buffers are reused by every evaluation
  ErrorChecker checker_;
  StepAdjuster adjuster_;
  State error_{};
  std::int64_t rejected_ = 0;
};

/// Throws std::invalid_argument, naming the flight `what`, unless t0 ≤ from ≤ to ≤ t1.
template <class Real>
void require_within_step(const Real& t0, const Real& t1, const Real& from, const Real& to, const char* what) {
  if (!(t0 <= from && from <= to && to <= t1))
    throw std::invalid_argument(std::string(what) + ": [" + to_text(from) + ", " + to_text(to) +
                                "] is not inside the current step [" + to_text(t0) + ", " + to_text(t1) + "]");
}

/// The state of a flight at a time inside its current accepted step [t0, t1]: the stored end
/// states, or one RKF78 step of length t − t0 from the start (ControlledRkf78::advance), the
/// last such evaluation kept — a contact search asks for several quantities at the same t in
/// turn. forget() when the step moves on.
template <class State, class Real>
class StepInterior {
 public:
  template <class Controller, class System>
  const State& at(const Controller& controller, const System& system, const Real& t0, const State& x0,
                  const State& dx0, const Real& t1, const State& x1, const Real& t, const char* what) const {
    require_within_step(t0, t1, t, t, what);
    if (t == t0) return x0;
    if (t == t1) return x1;
    if (!(cached_ && cached_t_ == t)) {
      controller.advance(system, t0, x0, dx0, Real(t - t0), cached_x_);
      cached_t_ = t;
      cached_ = true;
    }
    return cached_x_;
  }
  void forget() { cached_ = false; }

 private:
  mutable bool cached_ = false;
  mutable Real cached_t_;
  mutable State cached_x_;
};

}  // namespace vibro
