#pragma once
// The harmonic forcing g(t) = a cos(ω t) on a uniform grid t_n = t0 + n h, for a scheme that
// steps along the grid (docs/mathematics.md §2, "The forcing on the grid").
//
// In a software type (MPFR, float128) cos is tens of multiplications: a PS step at 50 digits
// spent most of its time in it. There, (c_n, s_n) = (cos ωt_n, sin ωt_n) follow the rotation
//   c_{n+1} = c_n C − s_n S,   s_{n+1} = s_n C + c_n S,   (C, S) = (cos ωh, sin ωh),
// re-anchored by a direct evaluation at every n that is a multiple of anchor_interval, so that
// the value at n depends on n only (never on which states were stepped before). Its distance
// to the direct a cos(ω(t0 + n h)) is bounded (derived, measured in
// tests/harmonic_forcing_grid_test.cpp): each rotation rounds c and s by ≤ 2ε and (C, S) lies
// within 2ε of the unit circle, so k ≤ anchor_interval − 1 rotations move (c, s) by at most 4kε;
// the direct evaluation's own argument ω(t0 + nh) is rounded by ≤ 3ε ω|t_n| and the anchor's
// as much, so the two differ by at most (4·anchor_interval + 6ω max|t_n| + 2)ε·|a|.
// In a hardware type the direct value is a few multiplications' cost and is used as is, so
// double runs stay bitwise what model.forcing(t_n) gives.

#include "vibro/scalar/sin_cos.hpp"
#include "vibro/scalar/types.hpp"

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace vibro {

template <class Real>
class HarmonicForcingGrid {
 public:
  /// The rotation is taken from a direct evaluation at every multiple of this.
  static constexpr std::int64_t anchor_interval = 64;
  /// The rule: the rotation for software types only (see the top of the file).
  static constexpr bool rotates = !std::is_floating_point_v<Real> && !is_exact_v<Real>;

  /// The per-trajectory part: the last (cos ωt_n, sin ωt_n) and its n, and scratch, so that
  /// a step allocates nothing. Values are created at the precision in force (MPFR).
  struct Cursor {
    std::int64_t n = -1;  ///< none yet
    Real c{}, s{}, c_times_step_sin{}, s_times_step_sin{};
  };

  HarmonicForcingGrid(Real amplitude, Real omega, Real t0, Real h)
      : amplitude_(std::move(amplitude)), omega_(std::move(omega)), t0_(std::move(t0)), h_(std::move(h)) {
    if constexpr (rotates) {
      SinCos<Real> step = sin_cos(Real(omega_ * h_));
      step_cos_ = std::move(step.cos);
      step_sin_ = std::move(step.sin);
    }
  }

  /// Writes g(t_n) = a cos(ω t_n) into `out`; `cursor` belongs to one trajectory.
  void evaluate(std::int64_t n, Cursor& cursor, Real& out) const {
    if constexpr (!rotates) {
      using std::cos;
      out = amplitude_ * cos(omega_ * (t0_ + h_ * n));  // model.forcing(t0 + h n), to the bit
    } else {
      if (cursor.n + 1 == n && n % anchor_interval != 0) {
        rotate(cursor);
      } else {
        const std::int64_t anchor = n - floor_mod(n);
        anchor_at(anchor, cursor);
        while (cursor.n < n) rotate(cursor);
      }
      out = cursor.c;
      out *= amplitude_;
    }
  }

 private:
  static std::int64_t floor_mod(std::int64_t n) {
    const std::int64_t r = n % anchor_interval;
    return r < 0 ? r + anchor_interval : r;
  }

  /// (c, s) at n directly, from one sin_cos (correctly rounded in MPFR like cos and sin apart).
  void anchor_at(std::int64_t n, Cursor& cursor) const {
    SinCos<Real> anchor = sin_cos(Real(omega_ * (t0_ + h_ * n)));
    cursor.c = std::move(anchor.cos);
    cursor.s = std::move(anchor.sin);
    cursor.n = n;
  }

  /// (c, s) ← (c C − s S, s C + c S), in place.
  void rotate(Cursor& cursor) const {
    cursor.s_times_step_sin = cursor.s;
    cursor.s_times_step_sin *= step_sin_;
    cursor.c_times_step_sin = cursor.c;
    cursor.c_times_step_sin *= step_sin_;
    cursor.c *= step_cos_;
    cursor.c -= cursor.s_times_step_sin;
    cursor.s *= step_cos_;
    cursor.s += cursor.c_times_step_sin;
    ++cursor.n;
  }

  Real amplitude_, omega_, t0_, h_;
  Real step_cos_{}, step_sin_{};
};

}  // namespace vibro
