#pragma once
// Certified search for the first zero of a smooth function g on (t_a, t_b], the core of
// the exact-detection reference's event location (docs/mathematics.md §1.1, derived bound).
//
// On a window [l, r] with |g''| ≤ M, Taylor's theorem from each end gives two concave
// quadratic lower bounds of g:
//   g(l + s) ≥ g(l) + g'(l) s − M s²/2,     g(r − s) ≥ g(r) − g'(r) s − M s²/2.
// Their difference is linear in t, so the minimum over the window of the larger of the
// two is attained at an end or at their single crossing. If that minimum is positive the
// window holds no zero: the search moves on and doubles the window. A sign change at r
// with g' < 0 certified on the whole window (g'(l) + M(r − l) < 0) means exactly one
// zero, found by TOMS 748. Anything else halves the window. Each quadratic bound lags g
// by at most M s² at distance s from its end, and their crossing is at most w/2 from one
// end, so once M w²/4 is below the tolerance the lower bound is within the tolerance of
// the true minimum: a minimum
// within ±tolerance of zero is a tangency ("touch"); a negative one means a crossing
// before it. So no zero is stepped over, tangencies are reported as such, and the
// search always terminates (a hard cap on windows turns a bug into an error, not a hang).
//
// A fixed sweep with a sign test between samples, as seed 001 §3.1 does with h = T/2513,
// misses any excursion below zero that fits between two samples; this search cannot.

#include "vibro/support/cancellation.hpp"

#include <boost/math/tools/toms748_solve.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace vibro {

enum class ZeroKind {
  none,      ///< g > 0 on (t_a, t_b]
  crossing,  ///< g changes sign at t (transversally, or after a shallow minimum)
  touch,     ///< g reaches zero within the tolerance at a minimum, without a certified sign change
};

template <class Real>
struct ZeroSearch {
  ZeroKind kind = ZeroKind::none;
  Real t;            ///< the zero (crossing) or the minimum (touch); t_b for none
  std::int64_t windows = 0;  ///< windows examined, for diagnostics and benchmarks
};

template <class Real>
struct ZeroSearchSettings {
  Real max_window;  ///< longest window, so that the bound M stays local and tight
  Real tolerance;   ///< |g| below which a minimum counts as touching zero
  std::int64_t max_windows = 10'000'000;
};

namespace detail {

/// Lower bound of g over (l, r] from the two Taylor bounds, with w = r − l; the left end
/// is excluded when g(l) = 0 (the search starts on a zero it has already reported).
template <class Real>
Real window_lower_bound(const Real& gl, const Real& dgl, const Real& gr, const Real& dgr, const Real& bound,
                        const Real& w) {
  using std::min;
  using std::max;
  Real lower = gr;
  if (gl > 0) lower = min(lower, gl);
  // f1(s) − f2(s) = gl + dgl s − gr + dgr (w − s) + (M/2)((w − s)² − s²) is linear in s.
  const Real slope = dgl - dgr - bound * w;
  const Real at_zero = gl - gr + dgr * w + bound * w * w / 2;
  if (slope != 0) {
    const Real s = -at_zero / slope;
    if (s > 0 && s < w) {
      const Real left = gl + dgl * s - bound * s * s / 2;
      const Real right = gr - dgr * (w - s) - bound * (w - s) * (w - s) / 2;
      lower = min(lower, max(left, right));
    }
  }
  // g(l) = 0 with g'(l) ≤ 0 cannot be certified from the left: report no lower bound.
  if (gl <= 0 && dgl <= 0) lower = min(lower, Real(0));
  return lower;
}

/// Root of `f` on [a, b] where f(a) and f(b) have opposite signs (or one is zero).
template <class Real, class F>
Real bracketed_root(const F& f, const Real& a, const Real& b, const Real& fa, const Real& fb) {
  if (fa == 0) return a;
  if (fb == 0) return b;
  boost::uintmax_t iterations = 400;
  const auto [lo, hi] = boost::math::tools::toms748_solve(f, a, b, fa, fb, boost::math::tools::eps_tolerance<Real>(),
                                                          iterations);
  return (lo + hi) / 2;
}

}  // namespace detail

/// First zero of g on (t_a, t_b]. Requires g(t_a) ≥ 0, and g'(t_a) > 0 when g(t_a) = 0
/// (or g(t_a) within the tolerance of 0: a zero already resolved).
/// `g(t)`, `dg(t)` evaluate g and g'; `bound(l, r)` returns M ≥ sup |g''| on [l, r].
template <class Real, class G, class DG, class Bound>
ZeroSearch<Real> first_zero(const G& g, const DG& dg, const Bound& bound, const Real& t_a, const Real& t_b,
                            const ZeroSearchSettings<Real>& settings) {
  using std::min;
  ZeroSearch<Real> result;
  Real l = t_a, gl = g(l), dgl = dg(l);
  // A start on a zero already resolved (a contact just left) evaluates to ±rounding.
  if (gl < 0 && gl >= -settings.tolerance && dgl > 0) gl = Real(0);
  if (gl < 0 || (gl == 0 && dgl <= 0))
    throw std::logic_error("first_zero: needs g(t_a) > 0, or g(t_a) = 0 with g'(t_a) > 0");
  Real w = min(settings.max_window, Real(t_b - t_a));
  while (l < t_b) {
    // A flight without a contact may span the whole horizon: tens of thousands of windows,
    // seconds at high precision. A request to stop is tested at each (support/cancellation.hpp).
    throw_if_cancelled();
    if (++result.windows > settings.max_windows)
      throw std::runtime_error("first_zero: more than " + std::to_string(settings.max_windows) +
                               " windows without a decision (hard cap reached)");
    const Real r = min(Real(l + w), t_b);
    w = r - l;
    const Real gr = g(r), dgr = dg(r), m = bound(l, r);
    const bool resolved = m * w * w / 4 <= settings.tolerance;
    if (gr < 0) {
      // A zero in (l, r). It is the first one if g is monotone here, or once the window
      // is at the resolution (a shallow dip is then reported as its crossing).
      if (dgl + m * w < 0 || resolved) {
        result.kind = ZeroKind::crossing;
        result.t = detail::bracketed_root(g, l, r, gl, gr);
        return result;
      }
      w /= 2;
      continue;
    }
    if (detail::window_lower_bound(gl, dgl, gr, dgr, m, w) > 0) {
      l = r;
      gl = gr;
      dgl = dgr;
      w = min(Real(2 * w), settings.max_window);
      continue;
    }
    if (!resolved) {
      w /= 2;
      continue;
    }
    // A window at the resolution whose minimum may be within the tolerance of zero. When
    // g' changes sign in it, the minimum is located; when g is still descending at r, the
    // minimum lies ahead and the next window brackets it.
    if (dgl < 0 && dgr >= 0) {
      const Real t_min = detail::bracketed_root(dg, l, r, dgl, dgr);
      const Real g_min = g(t_min);
      if (g_min < -settings.tolerance) {
        result.kind = ZeroKind::crossing;
        result.t = detail::bracketed_root(g, l, t_min, gl, g_min);
        return result;
      }
      if (g_min <= settings.tolerance) {
        result.kind = ZeroKind::touch;
        result.t = t_min;
        return result;
      }
    }
    // The minimum is above the tolerance, at the left end (already known), or ahead: move on.
    l = r;
    gl = gr;
    dgl = dgr;
  }
  result.t = t_b;
  return result;
}

}  // namespace vibro
