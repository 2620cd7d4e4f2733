#pragma once
// The free flight of ANY impact model with a smooth force, u'' = f(t, u, u'), computed by
// Boost.Odeint's Runge–Kutta–Fehlberg 7(8) under step-size control (controlled_rkf78.hpp).
// Generic in the scalar type (double, long double, float128, MPFR). It is the flight
// between two events of the nonlinear reference (nonlinear_reference.hpp), the counterpart
// of the closed forms of oscillator_flight.hpp for models that have none (Duffing,
// docs/mathematics.md §5).
//
// The flight advances one accepted step [t_k, t_{k+1}] at a time and offers, on the
// current step, what the certified contact search needs (first_zero.hpp):
// - position(t), velocity(t) at any t in the step, by re-integrating ONE RKF78 step of
//   length t − t_k from the state at t_k. Its local error is that of a step no longer than
//   the accepted one, so the dense values are as accurate as the step ends (a quintic
//   Hermite interpolant would only be O(h⁶), far above the tolerance: ≈ 1e−9 in double);
//   at t = t_{k+1} it is the stored end state, bit for bit.
// - derivative_bound(2, l, r), an estimate of sup |u''| on [l, r]: the quintic Hermite
//   estimate of hermite_curvature.hpp from (u, u', u'') at both ends of the step (no extra
//   evaluation of f). Without its widening term, the estimate falls below |u''| between the
//   step ends (the test DenseValuesAndCurvatureEstimateMatchTheClosedForm fails if it is
//   removed).
//
// What is certified and what is not. NOTHING here is certified in the sense of the closed
// forms: the integrator's error estimate is an estimate (asymptotically correct for smooth
// f, not a bound), and so is the curvature "bound" above — exact for the interpolant, not
// for u; bounding |f| from samples (stage points, step ends or anywhere else) cannot
// exclude a spike between them. A rigorous version needs interval or Taylor-model
// arithmetic (e.g. Arb) on f; the event search built on top (nonlinear_reference.hpp) is
// certified only relative to these estimates. Its accuracy is checked, not proved, by the
// tests: agreement with the closed-form reference on the linear oscillator, and invariants
// and closed forms (energy, the elliptic-integral period and flight times) on Duffing.
//
// Cost, measured (one flight of the forced Duffing oscillator α = 0.1, β = 1, a = 2.5,
// ω = 1.2 from (0.5, 0), tolerance 16 ε, GCC 12 -O3, one core), per forcing period: double
// 120 steps in 0.04 ms; long double 320 steps in 1 ms; MPFR at 30 digits 9 000 steps in
// 0.4 s; float128 26 000 steps in 0.6 s; MPFR at 40 digits 110 000 steps in 5 s; MPFR at 50
// digits 1.6 million steps in 66 s. The step count grows like tolerance^(−1/8), so beyond
// ~35 digits an 8th-order method is the wrong tool: Odeint's Bulirsch–Stoer extrapolation
// (order up to 16) took ≈ 1 s per period at 50 digits on a similar problem, and a Taylor
// method would be faster still for models that give their Taylor coefficients. Neither is
// implemented here.
//
// A flight object is not thread-safe: evaluations reuse the stepper's buffers.

#include "vibro/model/concepts.hpp"
#include "vibro/model/duffing_oscillator.hpp"
#include "vibro/model/validate.hpp"
#include "vibro/reference/controlled_rkf78.hpp"
#include "vibro/reference/hermite_curvature.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scalar/traits.hpp"

#include <boost/numeric/odeint/algebra/array_algebra.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace vibro {

template <ImpactModel Model>
class IntegratedFlight {
 public:
  using Real = typename Model::real_type;
  using real_type = Real;
  using State = std::array<Real, 2>;  ///< (u, u')

  /// The flight of `model` through (t0, u0, v0), before its first step; `first_step` is the
  /// step size to try first (the controller adapts it, and proposed_step() carries it on).
  IntegratedFlight(const Model& model, const Real& t0, const Real& u0, const Real& v0,
                   const IntegrationSettings<Real>& settings, const Real& first_step)
      : model_(model), controller_(settings), t0_(t0), t1_(t0), x0_{u0, v0}, x1_{u0, v0}, proposed_(first_step) {
    detail::require_finite(t0, "t0");
    detail::require_finite(u0, "u0");
    detail::require_finite(v0, "v0");
    detail::require_positive(first_step, "first_step");
    system()(x0_, dx0_, t0_);
    if (!is_finite(dx0_[1])) throw std::runtime_error("integrated flight: f(t0, u0, v0) is not finite");
    dx1_ = dx0_;
  }

  /// Takes one accepted step from step_end(), ending at or before t_limit > step_end().
  /// Throws std::runtime_error when the controller rejects max_rejections trials in a row,
  /// when the step underflows the time's resolution, or when the state stops being finite.
  void step(const Real& t_limit) {
    if (!(t_limit > t1_))
      throw std::invalid_argument("integrated flight: step limit " + to_text(t_limit) + " is not after t = " +
                                  to_text(t1_));
    State out;
    const AcceptedStep<Real> accepted =
        controller_.step(system(), t1_, x1_, dx1_, t_limit, proposed_, out, "integrated flight");
    accept(accepted.t_end, accepted.h, out);
  }

  const Real& step_start() const { return t0_; }
  const Real& step_end() const { return t1_; }
  /// The step size the controller proposes next (to carry on into the next flight).
  const Real& proposed_step() const { return proposed_; }
  /// Steps the controller rejected so far (diagnostics).
  std::int64_t rejected_steps() const { return controller_.rejected_steps(); }

  /// u(t) and u'(t) for t in the current step [step_start(), step_end()].
  Real position(const Real& t) const { return state_at(t)[0]; }
  Real velocity(const Real& t) const { return state_at(t)[1]; }
  /// u''(t) = f(t, u, u').
  Real acceleration(const Real& t) const {
    const State& x = state_at(t);
    return model_.acceleration(t, x[0], x[1]);
  }

  /// u^(order)(t) for order 0, 1, 2 on the current step.
  Real derivative(int order, const Real& t) const {
    switch (order) {
      case 0: return position(t);
      case 1: return velocity(t);
      case 2: return acceleration(t);
      default: break;
    }
    throw std::invalid_argument("integrated flight: derivatives above the second are not available");
  }

  /// An estimate (NOT a bound: see the header comment) of sup |u^(order)| on [t_from, t_to]
  /// inside the current step; order 2 only, the curvature of the gap for the contact search.
  Real derivative_bound(int order, const Real& t_from, const Real& t_to) const {
    using std::abs;
    using std::max;
    if (order != 2) throw std::invalid_argument("integrated flight: only the curvature (order 2) is bounded");
    const Range<Real> range = acceleration_range(t_from, t_to);
    return max(abs(range.lower), abs(range.upper));
  }

  /// Estimates of min u'' and max u'' on [t_from, t_to] inside the current step: the range
  /// of H'' there, widened by the cubic–quintic gap (header comment).
  Range<Real> acceleration_range(const Real& t_from, const Real& t_to) const {
    require_in_step(t_from, t_to);
    if (t1_ == t0_) return {dx0_[1], dx0_[1]};
    const Real h = t1_ - t0_;
    return curvature_.range(Real((t_from - t0_) / h), Real((t_to - t0_) / h));
  }

 private:
  using Controller = ControlledRkf78<State, Real, boost::numeric::odeint::array_algebra>;

  auto system() const {
    return [this](const State& x, State& dxdt, const Real& t) {
      dxdt[0] = x[1];
      dxdt[1] = model_.acceleration(t, x[0], x[1]);
    };
  }

  void require_in_step(const Real& t_from, const Real& t_to) const {
    require_within_step(t0_, t1_, t_from, t_to, "integrated flight");
  }

  /// The state at t in the current step: the stored ends, or one RKF78 step of length
  /// t − t_k from the start (the last such evaluation is kept: the search asks for u and u'
  /// at the same t in turn).
  const State& state_at(const Real& t) const {
    return interior_.at(controller_, system(), t0_, x0_, dx0_, t1_, x1_, t, "integrated flight");
  }

  /// Moves to the step of length h from t1 that ends at `x`, at time t_end (t1 + h, or the
  /// limit it was cut to, exactly), and prepares its curvature estimate.
  void accept(const Real& t_end, const Real& h, const State& x) {
    t0_ = t1_;
    x0_ = x1_;
    dx0_ = dx1_;
    t1_ = t_end;
    x1_ = x;
    system()(x1_, dx1_, t1_);
    interior_.forget();
    curvature_ = HermiteCurvature<Real>(h, {x0_[0], x0_[1], dx0_[1]}, {x1_[0], x1_[1], dx1_[1]});
  }

  Model model_;
  Controller controller_;
  Real t0_, t1_;      // the current step [t_k, t_{k+1}]
  State x0_, x1_;     // (u, u') at its ends
  State dx0_, dx1_;   // (u', u'') at its ends
  Real proposed_;
  HermiteCurvature<Real> curvature_;  // the curvature estimate of the current step
  StepInterior<State, Real> interior_;
};

// The Duffing oscillator is the nonlinear model this is used with: compiled once per floating type.
VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(IntegratedFlight, DuffingOscillator)

}  // namespace vibro
