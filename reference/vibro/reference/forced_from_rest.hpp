#pragma once
// The impact oscillator's forced response from rest: the solution of
//   u'' + 2α u' + u = a cos(ω t),   u(t0) = u'(t0) = 0,   α < 1,
// written so that it keeps its accuracy near resonance (docs/mathematics.md §1.1, derived).
//
// The usual split u_p + u_h (oscillator_flight.hpp) has u_p of size |a|/√D,
// D = (1 − ω²)² + (2αω)², and a homogeneous part of the same size that cancels it: at α = 0,
// ω = 1 + 1e−40 both are 1e40 times the motion, and their bounds made the contact search creep.
// This form has no such parts. With s = t − t0 and the roots λ± = −α ± iω_d of x² + 2αx + 1,
//   u(t) = Re(a e^{iωt0} g(s)),   g'' + 2αg' + g = e^{iωs},   g(0) = g'(0) = 0,
// and g is the divided difference of x ↦ e^{xs} on the nodes x0 = iω, x1 = λ+, x2 = λ−:
//   g = (E[x0, x1] − E[x1, x2]) / (x0 − x2),
//   E[x0, x1] = e^{λ+ s} (e^{zs} − 1)/z,  z = x0 − λ+ = α + i(ω − ω_d),  through expm1,
//   E[x1, x2] = K(s) = e^{−αs} sin(ω_d s)/ω_d   (real).
// x0 − x2 = α + i(ω + ω_d) stays near 2i, so nothing cancels as ω → 1 and α → 0; at exact
// resonance z = 0 and E[x0, x1] = s e^{λ+ s}.
//
// Derivatives follow from the Leibniz rule for divided differences of x^k e^{xs}:
//   g^(k) = x0^k g + h_{k−1}(x0, x1) K + h_{k−2}(x0, x1, x2) e^{λ− s},
// h_m the complete homogeneous symmetric polynomial of degree m (h_{−1} = 0); so g' = iω g + K.

#include "vibro/model/position_velocity.hpp"
#include "vibro/scalar/sin_cos.hpp"

#include <boost/math/constants/constants.hpp>

#include <algorithm>
#include <cmath>

namespace vibro {

/// A complex number as two reals of the scalar type (std::complex is specified for the
/// built-in floating types only).
template <class Real>
struct ComplexPair {
  Real re, im;
  friend ComplexPair operator+(const ComplexPair& a, const ComplexPair& b) { return {a.re + b.re, a.im + b.im}; }
  friend ComplexPair operator-(const ComplexPair& a, const ComplexPair& b) { return {a.re - b.re, a.im - b.im}; }
  friend ComplexPair operator*(const ComplexPair& a, const ComplexPair& b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  }
  friend ComplexPair operator/(const ComplexPair& a, const ComplexPair& b) {
    const Real norm = b.re * b.re + b.im * b.im;
    return {(a.re * b.re + a.im * b.im) / norm, (a.im * b.re - a.re * b.im) / norm};
  }
  Real modulus() const {
    using std::hypot;
    return hypot(re, im);
  }
};

template <class Real>
class ForcedFromRest {
 public:
  /// The response from rest at t0 of the oscillator (α, ω, a) with α < 1; `damped_frequency`
  /// is ω_d = √(1 − α²) as the caller computed it.
  ForcedFromRest(const Real& alpha, const Real& omega, const Real& amplitude, const Real& damped_frequency,
                 const Real& t0)
      : alpha_(alpha), omega_(omega), root_(damped_frequency) {
    const SinCos<Real> phase = sin_cos(Real(omega * t0));
    forcing_ = {amplitude * phase.cos, amplitude * phase.sin};
    x0_ = {Real(0), omega};
    x1_ = {-alpha, damped_frequency};
    x2_ = {-alpha, -damped_frequency};
    near_gap_ = {alpha, omega - damped_frequency};
    far_gap_ = {alpha, omega + damped_frequency};
    amplitude_ = forcing_.modulus();
  }

  /// (u(t0 + s), u'(t0 + s)): Re(F g) and Re(F g'), F = a e^{iωt0}, g' = iω g + K.
  PositionVelocity<Real> state(const Real& s) const {
    const Pieces p = pieces(s);
    const ComplexPair<Real> velocity = x0_ * p.g + ComplexPair<Real>{p.k, Real(0)};
    return {real_part(forcing_ * p.g), real_part(forcing_ * velocity)};
  }

  /// u^(order)(t0 + s), order ≥ 0, by the Leibniz form in the header.
  Real derivative(int order, const Real& s) const {
    const Pieces p = pieces(s);
    const Coefficients c = coefficients(order);
    ComplexPair<Real> sum = c.of_g * p.g + c.of_k * ComplexPair<Real>{p.k, Real(0)} + c.of_fast * p.fast;
    return real_part(forcing_ * sum);
  }

  /// An upper bound of |u^(order)| on [t0 + s_a, t0 + s_b] (derived): |F| times
  /// ω^k sup|g| + |h_{k−1}(x0, x1)| sup|K| + |h_{k−2}(x0, x1, x2)| sup e^{−αs}, with
  /// - |g(s)| ≤ ∫ between 0 and s of |K| ≤ min(S²/2, S/ω_d) e^{α max(0, −s_a)}, S = max(|s_a|, |s_b|),
  ///   since g is K convolved with e^{iωτ}, and |K(x)| ≤ e^{−αx} min(|x|, 1/ω_d); for s_a ≥ 0 and
  ///   α > 0 also ≤ ∫_0^∞ e^{−αx}/ω_d = 1/(α ω_d);
  /// - |K(s)| ≤ e^{−α s_a} min(|s_a| + 1/(αe), 1/ω_d) on s ≥ s_a (as bounded_basis_bound()).
  Real derivative_bound(int order, const Real& s_a, const Real& s_b) const {
    using std::abs;
    using std::exp;
    using std::max;
    using std::min;
    using std::pow;
    const Real span = max(abs(s_a), abs(s_b));
    Real g_bound = min(Real(span * span / 2), Real(span / root_));
    if (s_a < 0) g_bound *= exp(-alpha_ * s_a);
    else if (alpha_ > 0) g_bound = min(g_bound, Real(1 / (alpha_ * root_)));
    const Real decay = exp(-alpha_ * s_a);
    Real k_bound = 1 / root_;
    if (alpha_ > 0) k_bound = min(k_bound, Real(abs(s_a) + boost::math::constants::exp_minus_one<Real>() / alpha_));
    const Coefficients c = coefficients(order);
    return amplitude_ * (pow(omega_, order) * g_bound + c.of_k.modulus() * decay * k_bound + c.of_fast.modulus() * decay);
  }

 private:
  struct Pieces {
    ComplexPair<Real> g;     // g(s)
    Real k;                  // K(s) = E[x1, x2]
    ComplexPair<Real> fast;  // e^{λ− s}
  };
  /// x0^k, h_{k−1}(x0, x1), h_{k−2}(x0, x1, x2): the coefficients of g, K and e^{λ− s} in g^(k).
  struct Coefficients {
    ComplexPair<Real> of_g, of_k, of_fast;
  };

  Pieces pieces(const Real& s) const {
    using std::exp;
    using std::expm1;
    const Real decay = exp(-alpha_ * s);
    const SinCos<Real> turn = sin_cos(Real(root_ * s));
    const ComplexPair<Real> slow = {decay * turn.cos, decay * turn.sin};  // e^{λ+ s}
    const Real k = decay * turn.sin / root_;
    // (e^{zs} − 1)/z with e^{zs} − 1 = expm1(x) cos y − 2 sin²(y/2) + i e^x sin y, (x, y) = s z.
    const Real x = near_gap_.re * s, y = near_gap_.im * s;
    const SinCos<Real> half = sin_cos(Real(y / 2));
    const SinCos<Real> whole = sin_cos(y);
    const Real grow = expm1(x);
    ComplexPair<Real> ratio{s, Real(0)};  // the limit z → 0
    if (near_gap_.re != 0 || near_gap_.im != 0)
      ratio = ComplexPair<Real>{grow * whole.cos - 2 * half.sin * half.sin, (1 + grow) * whole.sin} / near_gap_;
    const ComplexPair<Real> g = (slow * ratio - ComplexPair<Real>{k, Real(0)}) / far_gap_;
    return {g, k, {decay * turn.cos, -decay * turn.sin}};
  }

  Coefficients coefficients(int order) const {
    const ComplexPair<Real> zero{Real(0), Real(0)}, one{Real(1), Real(0)};
    ComplexPair<Real> power = one;  // x0^k
    ComplexPair<Real> two = zero;   // h_{k−1}(x0, x1)
    ComplexPair<Real> three = zero; // h_{k−2}(x0, x1, x2)
    ComplexPair<Real> x1_power = one;  // x1^(k−1) while building h_{k−1}(x0, x1) = x1^{k−1} + x0 h_{k−2}
    for (int k = 1; k <= order; ++k) {
      three = two + x2_ * three;        // h_{k−2}(x0,x1,x2) = h_{k−2}(x0,x1) + x2 h_{k−3}(x0,x1,x2)
      two = x1_power + x0_ * two;       // h_{k−1}(x0,x1) = x1^{k−1} + x0 h_{k−2}(x0,x1)
      x1_power = x1_power * x1_;
      power = power * x0_;
    }
    return {power, two, three};
  }

  static Real real_part(const ComplexPair<Real>& z) { return z.re; }

  Real alpha_, omega_, root_;
  ComplexPair<Real> forcing_;                       // F = a e^{iωt0}
  ComplexPair<Real> x0_, x1_, x2_;                  // iω, λ+, λ−
  ComplexPair<Real> near_gap_, far_gap_;            // x0 − x1, x0 − x2
  Real amplitude_;                                  // |F| = |a|
};

}  // namespace vibro
