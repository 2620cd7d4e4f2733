#pragma once
// Closed-form free flight of the impact oscillator (docs/mathematics.md §1.1): the exact solution of
//   u'' + 2α u' + u = a cos(ω t)
// through (t0, u0, v0), ignoring the obstacle. It is the flight between two impacts of the
// exact-detection reference. u = u_p + u_h with
//   u_p = A cos ωt + B sin ωt,  D = (1 − ω²)² + (2αω)²,  A = a(1 − ω²)/D,  B = 2αω a/D,
//   u_p = (a/2) t sin t  in the resonant case α = 0, ω = 1 (D = 0),
// both in the absolute time t of the forcing a cos(ω t), and, with s = t − t0,
//   α < 1 (underdamped, α = 0 included): u_h = e^{−αs}(c1 cos ω_d s + c2 sin ω_d s), ω_d = √(1 − α²),
//   α = 1 (critical):                    u_h = e^{−s}(c1 + c2 s),
//   α > 1 (overdamped):                  u_h = e^{−αs}(c1 cosh βs + c2 sinh(βs)/β),  β = √(α² − 1),
// where c1, c2 make u(t0) = u0, u'(t0) = v0. The overdamped basis is the one whose coefficients
// stay of the size of the data as β → 0 (c1 = h0, c2 = h1 + α h0): in the basis (e^{r+ s}, e^{r− s}),
// r± = −α ± β, both coefficients grow like 1/β and cancel, so α = 1 + 1e−44 lost 22 digits.
// Near critical damping from below, c2 = (h1 + α h0)/ω_d grows the same way, but c2 sin ω_d s keeps
// its relative accuracy; only its derivative bound needs the bounded basis (see below).

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/model/position_velocity.hpp"
#include "vibro/model/validate.hpp"
#include "vibro/reference/forced_from_rest.hpp"
#include "vibro/reference/matrix2.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/sin_cos.hpp"

#include <boost/math/constants/constants.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

namespace vibro {

/// Which closed form the homogeneous part takes (docs/mathematics.md §1.1).
enum class Damping { underdamped, critical, overdamped };

template <class Real>
class OscillatorFlight {
 public:
  using real_type = Real;

  /// The flight of `model` through (t0, u0, v0). Coefficients are computed here, once;
  /// the evaluations below allocate nothing for the built-in types.
  OscillatorFlight(const ImpactOscillator<Real>& model, Real t0, const Real& u0, const Real& v0)
      : model_(model), t0_(std::move(t0)) {
    using std::sqrt;
    detail::require_finite(t0_, "t0");
    detail::require_finite(u0, "u0");
    detail::require_finite(v0, "v0");
    const Real& alpha = model_.alpha();
    const Real& omega = model_.omega();
    resonant_ = alpha == 0 && omega == 1;
    if (resonant_) {
      half_amplitude_ = model_.amplitude() / 2;
    } else {
      const Real detuning = (1 - omega) * (1 + omega);  // 1 − ω², without cancellation near ω = 1
      const Real friction = 2 * alpha * omega;
      const Real d = detuning * detuning + friction * friction;
      cos_coefficient_ = model_.amplitude() * detuning / d;
      sin_coefficient_ = model_.amplitude() * friction / d;
      particular_amplitude_ = sqrt(cos_coefficient_ * cos_coefficient_ + sin_coefficient_ * sin_coefficient_);
      // Within √D < 1/16 of resonance u_p and u_h would cancel to lose more than a digit, and
      // their bounds grow like 1/√D: the flight takes the response from rest instead.
      if (alpha < 1 && 256 * d < 1)
        from_rest_.emplace(alpha, omega, model_.amplitude(), Real(sqrt((1 - alpha) * (1 + alpha))), t0_);
    }
    // Initial data of the homogeneous part: h0 = u_h(0), h1 = u_h'(0).
    const PositionVelocity<Real> p0 = particular(t0_);
    const Real h0 = u0 - p0.position;
    const Real h1 = v0 - p0.velocity;
    // (c1, c2) give u_h and (d1, d2) give u_h' in the same basis (φ1, φ2) of homogeneous().
    if (alpha < 1) {
      damping_ = Damping::underdamped;
      root_ = sqrt((1 - alpha) * (1 + alpha));  // ω_d
      c1_ = h0;
      damped_velocity_ = h1 + alpha * h0;
      c2_ = damped_velocity_ / root_;
      d1_ = h1;                             // −α c1 + ω_d c2
      d2_ = -(alpha * c2_ + root_ * c1_);  // −α c2 − ω_d c1
      homogeneous_amplitude_ = sqrt(c1_ * c1_ + c2_ * c2_);
    } else if (alpha == 1) {
      damping_ = Damping::critical;
      c1_ = h0;
      c2_ = h1 + h0;
      d1_ = h1;  // c2 − c1
      d2_ = -c2_;
    } else {
      damping_ = Damping::overdamped;
      root_ = sqrt((alpha - 1) * (alpha + 1));  // β = √(α² − 1)
      r_minus_ = -(alpha + root_);
      r_plus_ = 1 / r_minus_;  // r+ r− = 1; avoids the cancellation in −α + √(α² − 1)
      c1_ = h0;
      c2_ = h1 + alpha * h0;
      damped_velocity_ = c2_;
      d1_ = h1;                                        // c2 − α c1
      d2_ = root_ * root_ * c1_ - alpha * c2_;         // β² c1 − α c2
      // The same flight in the basis (e^{r+ s}, e^{r− s}), for the bound only: it is the
      // tighter one when β is not small (homogeneous_derivative_bound).
      const Real spread = 2 * root_;  // r+ − r−
      exponential_c1_ = (h1 - r_minus_ * h0) / spread;
      exponential_c2_ = (r_plus_ * h0 - h1) / spread;
    }
  }

  /// u(t) and u'(t) together: one sin_cos of ωt (or of t, resonant), one of ω_d s and one
  /// exp (two, overdamped) serve both, where evaluating them apart takes ten
  /// transcendental calls. The sums are those of the forms above, in the same order.
  PositionVelocity<Real> state(const Real& t) const {
    PositionVelocity<Real> x = particular(t);
    add_homogeneous(t - t0_, x);
    return x;
  }
  Real position(const Real& t) const { return state(t).position; }
  Real velocity(const Real& t) const { return state(t).velocity; }
  /// u''(t) = f(t, u, v).
  Real acceleration(const Real& t) const {
    const PositionVelocity<Real> x = state(t);
    return model_.acceleration(t, x.position, x.velocity);
  }

  /// The order-th time derivative u^(order)(t), order ≥ 0: each derivative maps the
  /// coefficients of the homogeneous part in its basis (differentiate_homogeneous) and of
  /// the particular part (A, B) → (ωB, −ωA); the resonant (a/2) t sin t has
  /// d^k/dt^k = (a/2)(t sin(t + kπ/2) + k sin(t + (k−1)π/2)).
  Real derivative(int order, const Real& t) const {
    using std::cos;
    using std::sin;
    Real p = c1_, q = c2_;
    for (int k = 0; k < order; ++k) differentiate_homogeneous(p, q);
    Real particular;
    if (from_rest_) {
      particular = from_rest_->derivative(order, Real(t - t0_));
    } else if (resonant_) {
      const Real half_pi = boost::math::constants::half_pi<Real>();
      particular = half_amplitude_ * (t * sin(t + order * half_pi) + order * sin(t + (order - 1) * half_pi));
    } else {
      Real a = cos_coefficient_, b = sin_coefficient_;
      for (int k = 0; k < order; ++k) {
        const Real next_a = model_.omega() * b;
        b = -model_.omega() * a;
        a = next_a;
      }
      const Real phase = model_.omega() * t;
      particular = a * cos(phase) + b * sin(phase);
    }
    return particular + homogeneous(t - t0_, p, q);
  }

  /// ∂(u(t), v(t))/∂(u0, v0): the fundamental matrix of the homogeneous system, whose
  /// determinant is e^{−2α(t − t0)} (docs/mathematics.md §1.2). Written out entry by entry, not through
  /// the coefficients of position() and velocity(), so the two can check each other.
  Matrix2<Real> fundamental(const Real& t) const {
    using std::cos;
    using std::exp;
    using std::expm1;
    using std::sin;
    const Real s = t - t0_;
    const Real& alpha = model_.alpha();
    switch (damping_) {
      case Damping::underdamped: {
        const Real decay = exp(-alpha * s), c = cos(root_ * s), q = sin(root_ * s) / root_;
        return {decay * (c + alpha * q), decay * q, -decay * q, decay * (c - alpha * q)};
      }
      case Damping::critical: {
        const Real decay = exp(-s);
        return {decay * (1 + s), decay * s, -decay * s, decay * (1 - s)};
      }
      case Damping::overdamped:
        break;
    }
    // σ = (e^{r+ s} − e^{r− s})/(r+ − r−), through expm1 so that it keeps its relative
    // accuracy for small s; then Φ = [[e^{r− s} − r− σ, σ], [−σ, e^{r− s} + r+ σ]].
    const Real slow = exp(r_plus_ * s), fast = exp(r_minus_ * s);
    const Real spread = 2 * root_;
    const Real sigma = -slow * expm1(-spread * s) / spread;
    return {fast - r_minus_ * sigma, sigma, -sigma, fast + r_plus_ * sigma};
  }

  /// An upper bound of |u^(order)(t)| on [t_from, t_to] (any interval, before or after t0);
  /// order 2 is the curvature bound of the gap u − u_min used for certified contact search
  /// (docs/mathematics.md §1.1), orders 3 and 4 certify lift-off from rest. M = M_h + M_p, s_a = t_from − t0:
  /// - α < 1: u_h = R e^{−αs} cos(ω_d s − φ), R = √(c1² + c2²). Each derivative rotates the
  ///   phase and keeps the amplitude because (α, ω_d) is a unit vector, so |u_h^(k)| ≤ R e^{−αs}
  ///   ≤ R e^{−α s_a} for every k (docs/mathematics.md §1.1).
  /// - α = 1 (derived): u_h^(k) = (−1)^k e^{−s}(c1 − k c2 + c2 s). With s = s_a + τ, τ ≥ 0,
  ///   |u_h^(k)| ≤ e^{−s_a} e^{−τ}(|c1 − k c2 + c2 s_a| + |c2| τ) ≤ e^{−s_a}(|c1 − k c2 + c2 s_a| + |c2|/e),
  ///   since e^{−τ} ≤ 1 and τ e^{−τ} ≤ 1/e.
  /// - α > 1 (derived): in the basis (e^{r+ s}, e^{r− s}), u_h^(k) = b1 r+^k e^{r+ s} + b2 r−^k e^{r− s};
  ///   both exponentials decrease (r± < 0), so |u_h^(k)| ≤ |b1| |r+|^k e^{r+ s_a} + |b2| |r−|^k e^{r− s_a}.
  /// - Near critical damping (ω_d or β small) b1, b2 and R grow like 1/β, 1/ω_d while u_h does
  ///   not: the bound is the smaller of the one above and bounded_basis_bound()'s.
  /// - Particular part: |u_p^(k)| ≤ ω^k √(A² + B²); in the resonant case, from the formula at
  ///   derivative(), |u_p^(k)| ≤ (|a|/2)(k + max(|t_from|, |t_to|)); near resonance the response
  ///   from rest's own bound (forced_from_rest.hpp).
  /// The bound holds in exact arithmetic; the value returned carries the rounding of its own
  /// evaluation (a few ε relative), which the certified search covers by its margin.
  Real derivative_bound(int order, const Real& t_from, const Real& t_to) const {
    using std::abs;
    using std::pow;
    if (!(t_from <= t_to))
      throw std::invalid_argument("derivative_bound: needs t_from ≤ t_to, got [" + to_text(t_from) + ", " +
                                  to_text(t_to) + "]");
    const Real& omega = model_.omega();
    const Real particular_bound =
        from_rest_  ? from_rest_->derivative_bound(order, Real(t_from - t0_), Real(t_to - t0_))
        : resonant_ ? Real(abs(half_amplitude_) * (order + std::max(abs(t_from), abs(t_to))))
                    : Real(pow(omega, order) * particular_amplitude_);
    return homogeneous_derivative_bound(order, t_from - t0_) + particular_bound;
  }

  const ImpactOscillator<Real>& model() const { return model_; }
  const Real& start_time() const { return t0_; }
  Damping damping() const { return damping_; }
  /// α = 0 and ω = 1: the particular solution is (a/2) t sin t.
  bool resonant() const { return resonant_; }

 private:
  /// (u_p(t), u_p'(t)): A cos ωt + B sin ωt and ω(B cos ωt − A sin ωt), or (a/2) t sin t
  /// and (a/2)(sin t + t cos t), or near resonance the response from rest at t0.
  PositionVelocity<Real> particular(const Real& t) const {
    if (from_rest_) return from_rest_->state(Real(t - t0_));
    if (resonant_) {
      const SinCos<Real> r = sin_cos(t);
      return {half_amplitude_ * t * r.sin, half_amplitude_ * (r.sin + t * r.cos)};
    }
    const SinCos<Real> r = sin_cos(Real(model_.omega() * t));
    return {cos_coefficient_ * r.cos + sin_coefficient_ * r.sin,
            model_.omega() * (sin_coefficient_ * r.cos - cos_coefficient_ * r.sin)};
  }

  /// Adds (u_h(t0 + s), u_h'(t0 + s)) to x: the coefficients (c1, c2) and (d1, d2) in the
  /// basis of homogeneous(), whose functions are evaluated once for both.
  void add_homogeneous(const Real& s, PositionVelocity<Real>& x) const {
    using std::exp;
    switch (damping_) {
      case Damping::underdamped: {
        const Real decay = exp(-model_.alpha() * s);
        const SinCos<Real> r = sin_cos(Real(root_ * s));
        x.position += decay * (c1_ * r.cos + c2_ * r.sin);
        x.velocity += decay * (d1_ * r.cos + d2_ * r.sin);
        return;
      }
      case Damping::critical: {
        const Real decay = exp(-s);
        x.position += decay * (c1_ + c2_ * s);
        x.velocity += decay * (d1_ + d2_ * s);
        return;
      }
      case Damping::overdamped:
        break;
    }
    const OverdampedBasis b = overdamped_basis(s);
    x.position += c1_ * b.cosh_part + c2_ * b.sinh_part;
    x.velocity += d1_ * b.cosh_part + d2_ * b.sinh_part;
  }

  /// e^{−αs} cosh βs and e^{−αs} sinh(βs)/β, from e^{r+ s} and expm1 so that the second keeps
  /// its relative accuracy as β s → 0: (e^{r+ s} − e^{r− s})/(2β) = −e^{r+ s} expm1(−2βs)/(2β).
  struct OverdampedBasis {
    Real cosh_part, sinh_part;
  };
  OverdampedBasis overdamped_basis(const Real& s) const {
    using std::exp;
    using std::expm1;
    const Real slow = exp(r_plus_ * s);
    const Real spread = 2 * root_;
    const Real gap = expm1(-spread * s);  // e^{(r− − r+) s} − 1
    return {slow * (2 + gap) / 2, -slow * gap / spread};
  }

  /// max |u_h^(k)| on [s_a, ∞), by the cases derived at derivative_bound(): the smaller of the
  /// rotating-amplitude (α < 1) or exponential (α > 1) bound and the bounded-basis bound.
  Real homogeneous_derivative_bound(int order, const Real& s_a) const {
    using std::abs;
    using std::exp;
    using std::min;
    using std::pow;
    switch (damping_) {
      case Damping::underdamped:
        return min(Real(homogeneous_amplitude_ * exp(-model_.alpha() * s_a)), bounded_basis_bound(order, s_a));
      case Damping::critical:
        return exp(-s_a) * (abs(c1_ - order * c2_ + c2_ * s_a) + abs(c2_) * boost::math::constants::exp_minus_one<Real>());
      case Damping::overdamped:
        break;
    }
    const Real exponential = abs(exponential_c1_) * pow(abs(r_plus_), order) * exp(r_plus_ * s_a) +
                             abs(exponential_c2_) * pow(abs(r_minus_), order) * exp(r_minus_ * s_a);
    return min(exponential, bounded_basis_bound(order, s_a));
  }

  /// The bound near critical damping, where ω_d or β → 0 and the bounds above grow like
  /// 1/ω_d, 1/β while u_h does not (derived). Write u_h = e^{−αs}(P C(s) + Q S(s)) with
  /// C = cos ω_d s, S = sin(ω_d s)/ω_d (α < 1) or C = cosh βs, S = sinh(βs)/β (α > 1), so
  /// P = h0, Q = h1 + α h0. One derivative maps (P, Q) → (Q − αP, −κ P − αQ), κ = ω_d² or −β².
  /// On s ≥ s_a:
  /// - α < 1: |e^{−αs} C| ≤ e^{−α s_a}; |S| ≤ min(|s|, 1/ω_d) and e^{−αs}|s| ≤ e^{−α s_a}(|s_a| + 1/(αe)),
  ///   since τ e^{−ατ} ≤ 1/(αe) (with α = 0 only 1/ω_d).
  /// - α > 1: e^{−αs} cosh βs = (e^{r+ s} + e^{r− s})/2 decreases, so it is at most its value at s_a;
  ///   |sinh x| ≤ |x| cosh x gives e^{−αs}|S| ≤ |s| e^{−αs} cosh βs, which is ≤ |s_a| times the
  ///   former on [s_a, 0] and ≤ s e^{r+ s} ≤ e^{r+ s0}(s0 + 1/(|r+| e)) on s ≥ s0 = max(s_a, 0);
  ///   also |S| e^{−αs} ≤ max(e^{r+ s}, e^{r− s})/(2β).
  Real bounded_basis_bound(int order, const Real& s_a) const {
    using std::abs;
    using std::exp;
    using std::max;
    using std::min;
    const Real& alpha = model_.alpha();
    const Real kappa = damping_ == Damping::underdamped ? Real((1 - alpha) * (1 + alpha)) : Real(-(root_ * root_));
    Real p = c1_, q = damped_velocity_;
    for (int k = 0; k < order; ++k) {
      const Real next_p = q - alpha * p;
      q = -kappa * p - alpha * q;
      p = next_p;
    }
    const Real inverse_e = boost::math::constants::exp_minus_one<Real>();
    if (damping_ == Damping::underdamped) {
      const Real decay = exp(-alpha * s_a);
      Real sine_bound = 1 / root_;
      if (alpha > 0) sine_bound = min(sine_bound, Real(abs(s_a) + inverse_e / alpha));
      return decay * (abs(p) + abs(q) * sine_bound);
    }
    const OverdampedBasis at_start = overdamped_basis(s_a);
    const Real s0 = max(s_a, Real(0));
    Real sine_bound = exp(r_plus_ * s0) * (s0 + inverse_e / abs(r_plus_));
    if (s_a < 0) sine_bound += abs(s_a) * at_start.cosh_part;
    sine_bound = min(sine_bound, Real(max(exp(r_plus_ * s_a), exp(r_minus_ * s_a)) / (2 * root_)));
    return abs(p) * at_start.cosh_part + abs(q) * sine_bound;
  }

  /// The coefficients (p, q) of d/ds(p φ1 + q φ2) in the same basis as (p, q).
  void differentiate_homogeneous(Real& p, Real& q) const {
    switch (damping_) {
      case Damping::underdamped: {
        const Real& alpha = model_.alpha();
        const Real next_p = -alpha * p + root_ * q;
        q = -root_ * p - alpha * q;
        p = next_p;
        return;
      }
      case Damping::critical:
        p = q - p;
        q = -q;
        return;
      case Damping::overdamped: {
        const Real next_p = q - model_.alpha() * p;
        q = root_ * root_ * p - model_.alpha() * q;
        p = next_p;
        return;
      }
    }
  }

  /// p φ1(s) + q φ2(s) in the basis of the regime: (e^{−αs} cos ω_d s, e^{−αs} sin ω_d s),
  /// (e^{−s}, s e^{−s}) or (e^{−αs} cosh βs, e^{−αs} sinh(βs)/β).
  Real homogeneous(const Real& s, const Real& p, const Real& q) const {
    using std::cos;
    using std::exp;
    using std::sin;
    switch (damping_) {
      case Damping::underdamped: {
        const Real phase = root_ * s;
        return exp(-model_.alpha() * s) * (p * cos(phase) + q * sin(phase));
      }
      case Damping::critical:
        return exp(-s) * (p + q * s);
      case Damping::overdamped:
        break;
    }
    const OverdampedBasis b = overdamped_basis(s);
    return p * b.cosh_part + q * b.sinh_part;
  }

  ImpactOscillator<Real> model_;
  Real t0_;
  bool resonant_ = false;
  std::optional<ForcedFromRest<Real>> from_rest_;  // near resonance: the particular part, zero at t0
  Damping damping_ = Damping::underdamped;
  Real half_amplitude_{0};                        // a/2, resonant case
  Real cos_coefficient_{0}, sin_coefficient_{0};  // A, B
  Real root_{0};                                  // ω_d (α < 1) or β = √(α² − 1) (α > 1)
  Real r_plus_{0}, r_minus_{0};                   // α > 1
  Real c1_{0}, c2_{0}, d1_{0}, d2_{0};
  Real damped_velocity_{0};                       // h1 + α h0: Q of bounded_basis_bound(), α ≠ 1
  Real exponential_c1_{0}, exponential_c2_{0};    // α > 1: u_h in the basis (e^{r+ s}, e^{r− s})
  // Constant parts of derivative_bound(), which the contact search asks for every window.
  Real particular_amplitude_{0};   // √(A² + B²)
  Real homogeneous_amplitude_{0};  // R = √(c1² + c2²), α < 1
};

}  // namespace vibro
