#pragma once
// An estimate of the range of y'' on a step [t_k, t_k + h] of an integrated solution, from
// (y, y', y'') at both ends of the step and nothing else: the curvature estimate of the
// certified contact search (first_zero.hpp) for the flights of integrated_flight.hpp (y the
// position) and inertia_flight.hpp (y the gap −g_j(q) of a constraint).
//
// The estimate is the range on [θ_l, θ_r] ⊂ [0, 1] (θ = (t − t_k)/h) of H'', H the quintic
// Hermite interpolant of (y, y', y'') at both ends — a cubic whose extrema are computed
// exactly (up to rounding) — widened by the largest gap |H'' − C''| over the step, C the
// cubic Hermite interpolant of (y, y') alone, as an estimate of the error of H'':
// y'' − C'' = O(h² y⁽⁴⁾)/12 while y'' − H'' = O(h⁴ y⁽⁶⁾)/1920, so while the step resolves the
// solution's time scale τ (which the error control enforces: 60–120 steps per period in
// double, 4000–9000 in MPFR at 30 digits) the gap exceeds the error of H'' by a factor of
// order 160 (τ/h)². Without the gap term, H'' alone falls below |y''| between the step
// ends (the test DenseValuesAndCurvatureEstimateMatchTheClosedForm fails if it is removed).
//
// It is an estimate, NOT a bound: exact for the interpolant, not for y. A rigorous version
// needs interval or Taylor-model arithmetic on the right-hand side.

#include <algorithm>
#include <array>
#include <cmath>

namespace vibro {

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

/// The values of y, y', y'' at one end of a step.
template <class Real>
struct HermiteEnd {
  Real value, rate, curvature;
};

/// The curvature estimate of one step (header comment).
template <class Real>
class HermiteCurvature {
 public:
  /// The zero estimate (a step of length 0 has none: use at() on its end instead).
  HermiteCurvature() = default;

  /// The estimate on the step of length h > 0 from `start` to `end`.
  HermiteCurvature(const Real& h, const HermiteEnd<Real>& start, const HermiteEnd<Real>& end) {
    using std::abs;
    using std::max;
    // Quintic Hermite p(θ) = Σ c_j θ^j through (y, h y', h² y'') at θ = 0, 1; cubic Hermite
    // q(θ) through (y, h y') only. Their second derivatives, divided by h²:
    //   p''/h² = (2c2 + 6c3 θ + 12c4 θ² + 20c5 θ³)/h²,   q''/h² = (2d2 + 6d3 θ)/h².
    const Real& u0 = start.value;
    const Real w0 = h * start.rate, w1 = h * end.rate;                      // h y'
    const Real a0 = h * h * start.curvature, a1 = h * h * end.curvature;    // h² y''
    const Real r0 = end.value - (u0 + w0 + a0 / 2), r1 = w1 - (w0 + a0), r2 = a1 - a0;
    const Real c3 = 10 * r0 - 4 * r1 + r2 / 2, c4 = -15 * r0 + 7 * r1 - r2, c5 = 6 * r0 - 3 * r1 + r2 / 2;
    const Real s0 = end.value - u0 - w0, s1 = w1 - w0;
    const Real d2 = 3 * s0 - s1, d3 = s1 - 2 * s0;
    const Real scale = 1 / (h * h);
    curvature_ = {Real(a0 * scale), Real(6 * c3 * scale), Real(12 * c4 * scale), Real(20 * c5 * scale)};
    const std::array<Real, 4> gap{Real((a0 - 2 * d2) * scale), Real(6 * (c3 - d3) * scale), curvature_[2],
                                  curvature_[3]};
    const Range<Real> gap_range = detail::cubic_range(gap, Real(0), Real(1));
    gap_ = max(abs(gap_range.lower), abs(gap_range.upper));
  }

  /// Estimates of min y'' and max y'' for θ in [theta_from, theta_to] ⊂ [0, 1]: the range
  /// of H'' there, widened by the cubic–quintic gap.
  Range<Real> range(const Real& theta_from, const Real& theta_to) const {
    Range<Real> r = detail::cubic_range(curvature_, theta_from, theta_to);
    r.lower -= gap_;
    r.upper += gap_;
    return r;
  }

 private:
  std::array<Real, 4> curvature_{};  // H''(t_k + θh) = Σ curvature_j θ^j
  Real gap_{0};                      // max over the step of |H'' − C''|
};

}  // namespace vibro
