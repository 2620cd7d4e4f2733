#pragma once
// The free flight of ANY impact model with a smooth force, u'' = f(t, u, u'), computed by
// Boost.Odeint's Runge–Kutta–Fehlberg 7(8) (runge_kutta_fehlberg78: 13 stages, the
// 8th-order solution propagated, the difference with the embedded 7th-order one as the
// error estimate) under the step-size control of Odeint's controlled_runge_kutta (its
// default_error_checker and default_step_adjuster, driven by the same few lines as its
// try_step: the controlled stepper's constructor copies a default-constructed stepper whose
// buffers are uninitialised, which GCC 12 reports under -Werror for double). Generic in the
// scalar type (double, long double, float128, MPFR). It is the flight between two events of
// the nonlinear reference (nonlinear_reference.hpp), the counterpart of the closed forms of
// oscillator_flight.hpp for models that have none (Duffing, docs/mathematics.md §5).
//
// The flight advances one accepted step [t_k, t_{k+1}] at a time and offers, on the
// current step, what the certified contact search needs (first_zero.hpp):
// - position(t), velocity(t) at any t in the step, by re-integrating ONE RKF78 step of
//   length t − t_k from the state at t_k. Its local error is that of a step no longer than
//   the accepted one, so the dense values are as accurate as the step ends (a quintic
//   Hermite interpolant would only be O(h⁶), far above the tolerance: ≈ 1e−9 in double);
//   at t = t_{k+1} it is the stored end state, bit for bit.
// - derivative_bound(2, l, r), an estimate of sup |u''| on [l, r]: the largest |H''| on
//   [l, r] of the quintic Hermite interpolant H of (u, u', u'') at both ends of the step,
//   a cubic whose extrema are computed exactly (up to rounding), plus the largest gap
//   |H'' − C''| over the step, C the cubic Hermite interpolant of (u, u') alone, as an
//   estimate of the error of H'': u'' − C'' = O(h² u⁽⁴⁾)/12 while u'' − H'' = O(h⁴ u⁽⁶⁾)/1920,
//   so while the step resolves the solution's time scale τ (which the error control
//   enforces: 60–120 steps per period in double, 4000–9000 in MPFR at 30 digits) the gap
//   exceeds the error of H'' by a factor of order 160 (τ/h)². No extra evaluation of f.
//   Without the gap term, H'' alone falls below |u''| between the step ends (the test
//   DenseValuesAndCurvatureEstimateMatchTheClosedForm fails if it is removed).
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
#include "vibro/model/validate.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/types.hpp"

#include <boost/numeric/odeint/algebra/array_algebra.hpp>
#include <boost/numeric/odeint/algebra/detail/extract_value_type.hpp>
#include <boost/numeric/odeint/stepper/controlled_runge_kutta.hpp>  // default_error_checker, default_step_adjuster
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <algorithm>
#include <array>
#include <cmath>
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

/// Lower and upper estimates of a quantity on an interval.
template <class Real>
struct Range {
  Real lower, upper;
};

namespace detail {

/// The range of c0 + c1 θ + c2 θ² + c3 θ³ on [lo, hi]: its values at the ends and at the
/// roots of its derivative inside (up to the rounding of those roots, where it is flat).
template <class Real>
Range<Real> cubic_range(const std::array<Real, 4>& c, const Real& lo, const Real& hi) {
  using std::max;
  using std::min;
  using std::sqrt;
  const auto value = [&](const Real& x) { return Real(c[0] + x * (c[1] + x * (c[2] + x * c[3]))); };
  Range<Real> range{value(lo), value(lo)};
  const auto include = [&](const Real& x) {
    if (!(x >= lo && x <= hi)) return;
    const Real y = value(x);
    range.lower = min(range.lower, y);
    range.upper = max(range.upper, y);
  };
  include(hi);
  // P'(θ) = c1 + 2 c2 θ + 3 c3 θ².
  if (c[3] == 0) {
    if (c[2] != 0) include(Real(-c[1] / (2 * c[2])));
    return range;
  }
  const Real discriminant = c[2] * c[2] - 3 * c[3] * c[1];  // (2c2)² − 4(3c3)c1, over 4
  if (discriminant < 0) return range;
  const Real root = sqrt(discriminant);
  include(Real((-c[2] + root) / (3 * c[3])));
  include(Real((-c[2] - root) / (3 * c[3])));
  return range;
}

}  // namespace detail

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
      : model_(model), settings_(settings), checker_(settings.absolute_tolerance, settings.relative_tolerance),
        adjuster_(settings.max_step), t0_(t0), t1_(t0), x0_{u0, v0}, x1_{u0, v0}, proposed_(first_step) {
    detail::require_finite(t0, "t0");
    detail::require_finite(u0, "u0");
    detail::require_finite(v0, "v0");
    detail::require_positive(settings.relative_tolerance, "relative_tolerance");
    detail::require_positive(settings.absolute_tolerance, "absolute_tolerance");
    detail::require_positive(settings.max_step, "max_step");
    detail::require_positive(first_step, "first_step");
    system()(x0_, dx0_, t0_);
    if (!is_finite(dx0_[1])) throw std::runtime_error("integrated flight: f(t0, u0, v0) is not finite");
    dx1_ = dx0_;
  }

  /// Takes one accepted step from step_end(), ending at or before t_limit > step_end().
  /// Throws std::runtime_error when the controller rejects max_rejections trials in a row,
  /// when the step underflows the time's resolution, or when the state stops being finite.
  void step(const Real& t_limit) {
    using std::min;
    if (!(t_limit > t1_))
      throw std::invalid_argument("integrated flight: step limit " + to_text(t_limit) + " is not after t = " +
                                  to_text(t1_));
    const Real remaining = t_limit - t1_;
    Real dt = min(min(proposed_, settings_.max_step), remaining);
    for (int rejections = 0;; ++rejections) {
      if (rejections > settings_.max_rejections)
        throw std::runtime_error("integrated flight: " + std::to_string(settings_.max_rejections) +
                                 " rejected steps in a row at t = " + to_text(t1_) + " (last trial " + to_text(dt) + ")");
      if (!(t1_ + dt > t1_))
        throw std::runtime_error("integrated flight: step size " + to_text(dt) + " underflows at t = " + to_text(t1_));
      // controlled_runge_kutta::try_step: one step with its error estimate, measured against
      // the tolerance; rejected and shrunk above 1, accepted below and the next one grown.
      State out, error;
      stepper_.do_step(system(), x1_, dx1_, t1_, out, dt, error);
      const Real measure = checker_.error(stepper_.algebra(), x1_, dx1_, error, dt);
      if (!(measure > 1)) {
        if (!is_finite(out[0]) || !is_finite(out[1]) || !is_finite(measure))
          throw std::runtime_error("integrated flight: the state is not finite after t = " + to_text(t1_));
        const Real next = adjuster_.increase_step(dt, measure, stepper_.stepper_order());
        // A step cut short by the limit says nothing about the step size the solution allows.
        if (dt < remaining || next < proposed_) proposed_ = next;
        accept(dt < remaining ? Real(t1_ + dt) : t_limit, dt, out);
        return;
      }
      dt = min(adjuster_.decrease_step(dt, measure, stepper_.error_order()), remaining);
      ++rejected_;
    }
  }

  const Real& step_start() const { return t0_; }
  const Real& step_end() const { return t1_; }
  /// The step size the controller proposes next (to carry on into the next flight).
  const Real& proposed_step() const { return proposed_; }
  /// Steps the controller rejected so far (diagnostics).
  std::int64_t rejected_steps() const { return rejected_; }

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
    Range<Real> range = detail::cubic_range(curvature_, Real((t_from - t0_) / h), Real((t_to - t0_) / h));
    range.lower -= gap_;
    range.upper += gap_;
    return range;
  }

 private:
  using Stepper = boost::numeric::odeint::runge_kutta_fehlberg78<State, Real, State, Real,
                                                                  boost::numeric::odeint::array_algebra>;
  using ErrorChecker = boost::numeric::odeint::default_error_checker<Real, boost::numeric::odeint::array_algebra,
                                                                     boost::numeric::odeint::default_operations>;
  using StepAdjuster = boost::numeric::odeint::default_step_adjuster<Real, Real>;

  auto system() const {
    return [this](const State& x, State& dxdt, const Real& t) {
      dxdt[0] = x[1];
      dxdt[1] = model_.acceleration(t, x[0], x[1]);
    };
  }

  void require_in_step(const Real& t_from, const Real& t_to) const {
    if (!(t0_ <= t_from && t_from <= t_to && t_to <= t1_))
      throw std::invalid_argument("integrated flight: [" + to_text(t_from) + ", " + to_text(t_to) +
                                  "] is not inside the current step [" + to_text(t0_) + ", " + to_text(t1_) + "]");
  }

  /// The state at t in the current step: the stored ends, or one RKF78 step of length
  /// t − t_k from the start (the last such evaluation is kept: the search asks for u and u'
  /// at the same t in turn).
  const State& state_at(const Real& t) const {
    require_in_step(t, t);
    if (t == t0_) return x0_;
    if (t == t1_) return x1_;
    if (!(cached_ && cached_t_ == t)) {
      stepper_.do_step(system(), x0_, dx0_, t0_, cached_x_, Real(t - t0_));
      cached_t_ = t;
      cached_ = true;
    }
    return cached_x_;
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
    cached_ = false;
    // Quintic Hermite p(θ) = Σ c_j θ^j on θ = (t − t_k)/h through (u, h u', h² u'') at θ = 0, 1;
    // cubic Hermite q(θ) through (u, h u') only. Their second derivatives, divided by h²:
    //   p''/h² = (2c2 + 6c3 θ + 12c4 θ² + 20c5 θ³)/h²,   q''/h² = (2d2 + 6d3 θ)/h².
    const Real& u0 = x0_[0];
    const Real w0 = h * x0_[1], w1 = h * x1_[1];            // h u'
    const Real a0 = h * h * dx0_[1], a1 = h * h * dx1_[1];  // h² u''
    const Real r0 = x1_[0] - (u0 + w0 + a0 / 2), r1 = w1 - (w0 + a0), r2 = a1 - a0;
    const Real c3 = 10 * r0 - 4 * r1 + r2 / 2, c4 = -15 * r0 + 7 * r1 - r2, c5 = 6 * r0 - 3 * r1 + r2 / 2;
    const Real s0 = x1_[0] - u0 - w0, s1 = w1 - w0;
    const Real d2 = 3 * s0 - s1, d3 = s1 - 2 * s0;
    const Real scale = 1 / (h * h);
    curvature_ = {Real(a0 * scale), Real(6 * c3 * scale), Real(12 * c4 * scale), Real(20 * c5 * scale)};
    const std::array<Real, 4> gap{Real((a0 - 2 * d2) * scale), Real(6 * (c3 - d3) * scale), curvature_[2],
                                  curvature_[3]};
    using std::abs;
    using std::max;
    const Range<Real> gap_range = detail::cubic_range(gap, Real(0), Real(1));
    gap_ = max(abs(gap_range.lower), abs(gap_range.upper));
  }

  Model model_;
  IntegrationSettings<Real> settings_;
  mutable Stepper stepper_;  // its stage buffers are reused by every evaluation
  ErrorChecker checker_;
  StepAdjuster adjuster_;
  Real t0_, t1_;      // the current step [t_k, t_{k+1}]
  State x0_, x1_;     // (u, u') at its ends
  State dx0_, dx1_;   // (u', u'') at its ends
  Real proposed_;
  std::int64_t rejected_ = 0;
  std::array<Real, 4> curvature_{};  // H''(t_k + θh) = Σ curvature_j θ^j
  Real gap_{0};                      // max over the step of |H'' − C''|
  mutable bool cached_ = false;
  mutable Real cached_t_;
  mutable State cached_x_;
};

}  // namespace vibro
