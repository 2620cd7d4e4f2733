#pragma once
// A real ball of Arb (arb_t: a midpoint and a radius, every operation's result containing the
// exact result of every point of its operands), for the proofs of proof/: the arithmetic is
// Arb's own, rigorous for + − × ÷, √, exp, log, sin, cos, atan2 and acos, not intervals built
// by hand on rounding modes (docs/proofs.md, "Why Arb"). Operations work at the precision a
// BallPrecision guard sets for the thread.

#include <arb.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

namespace vibro::proof {

/// The working precision in bits of a proof at `digits` decimal digits (32 guard bits).
inline slong proof_bits(long digits) { return static_cast<slong>(std::ceil(digits * 3.3219280948873623)) + 32; }

/// The working precision of Ball operations on this thread, in bits, while the guard lives.
class BallPrecision {
 public:
  explicit BallPrecision(slong bits) : saved_(current_) { current_ = bits; }
  ~BallPrecision() { current_ = saved_; }
  BallPrecision(const BallPrecision&) = delete;
  BallPrecision& operator=(const BallPrecision&) = delete;
  static slong bits() { return current_; }

 private:
  slong saved_;
  static inline thread_local slong current_ = 128;
};

class Ball {
 public:
  Ball() { arb_init(x_); }
  Ball(slong n) : Ball() { arb_set_si(x_, n); }  // NOLINT: integers are exact balls
  Ball(const Ball& other) : Ball() { arb_set(x_, other.x_); }
  Ball(Ball&& other) noexcept : Ball() { arb_swap(x_, other.x_); }
  Ball& operator=(Ball other) noexcept {
    arb_swap(x_, other.x_);
    return *this;
  }
  ~Ball() { arb_clear(x_); }

  /// The ball of a decimal or a fraction P/Q written exactly (a case's parameter), or of the
  /// square root of one, "sqrt(P/Q)" (a physical case's converted parameter, root_text): exact
  /// when it is a dyadic number, else as tight as the precision allows. Throws
  /// std::invalid_argument for another text.
  static Ball of_text(const std::string& text);

  /// The exact ball of a double.
  static Ball of_double(double x) {
    Ball r;
    arb_set_d(r.x_, x);
    return r;
  }
  /// The ball of the points `a` and `b` both hold, or none when they are apart.
  friend std::optional<Ball> intersection(const Ball& a, const Ball& b) {
    Ball r;
    if (arb_intersection(r.x_, a.x_, b.x_, BallPrecision::bits()) == 0) return std::nullopt;
    return r;
  }

  arb_ptr get() { return x_; }
  arb_srcptr get() const { return x_; }

  friend Ball operator+(const Ball& a, const Ball& b) { return apply(arb_add, a, b); }
  friend Ball operator-(const Ball& a, const Ball& b) { return apply(arb_sub, a, b); }
  friend Ball operator*(const Ball& a, const Ball& b) { return apply(arb_mul, a, b); }
  friend Ball operator/(const Ball& a, const Ball& b) { return apply(arb_div, a, b); }
  friend Ball operator-(const Ball& a) {
    Ball r;
    arb_neg(r.x_, a.x_);
    return r;
  }

  /// Every point below every point of `b` (false: not proved, which is not "greater").
  friend bool certainly_less(const Ball& a, const Ball& b) { return arb_lt(a.x_, b.x_) != 0; }
  bool certainly_negative() const { return arb_is_negative(x_) != 0; }
  bool certainly_positive() const { return arb_is_positive(x_) != 0; }
  bool contains_zero() const { return arb_contains_zero(x_) != 0; }
  /// The two balls share a point (the exact values they stand for may be equal).
  friend bool overlaps(const Ball& a, const Ball& b) { return arb_overlaps(a.x_, b.x_) != 0; }
  /// Every point of `inner` is a point of this ball.
  bool contains(const Ball& inner) const { return arb_contains(x_, inner.x_) != 0; }
  /// `inner` lies in the interior of this ball.
  bool contains_in_interior(const Ball& inner) const { return arb_contains_interior(x_, inner.x_) != 0; }

  Ball midpoint() const {
    Ball r;
    arb_get_mid_arb(r.x_, x_);
    return r;
  }
  /// The exact ball (radius 0) at this ball's upper bound.
  Ball upper_point() const {
    Ball r;
    arb_get_ubound_arf(arb_midref(r.x_), x_, BallPrecision::bits());
    return r;
  }
  /// The midpoint rounded to a double: to choose (a pivot, a branch), never to bound.
  double midpoint_double() const { return arf_get_d(arb_midref(x_), ARF_RND_NEAR); }
  /// The exact ball (radius 0) at this ball's lower bound.
  Ball lower_point() const {
    Ball r;
    arb_get_lbound_arf(arb_midref(r.x_), x_, BallPrecision::bits());
    return r;
  }
  /// The radius, rounded up to a double (0 below the smallest double: see radius_log2).
  double radius() const { return mag_get_d(arb_radref(x_)); }
  /// The radius as an exact ball, at any precision (a double underflows below about 1e−308).
  Ball radius_ball() const {
    Ball r;
    arf_set_mag(arb_midref(r.x_), arb_radref(x_));
    return r;
  }
  /// The radius is 0: the ball is a point.
  bool exact() const { return mag_is_zero(arb_radref(x_)) != 0; }
  /// This ball with its radius raised to at least `radius` (a box around a point).
  Ball widened_to(double radius) const {
    Ball r(*this);
    mag_t m;
    mag_init(m);
    mag_set_d(m, radius);
    if (mag_cmp(arb_radref(r.x_), m) < 0) mag_set(arb_radref(r.x_), m);
    mag_clear(m);
    return r;
  }
  /// This ball with its radius raised to at least 2^exponent, for any exponent: a box sized to
  /// the working precision, 2^(−bits/2), which a double cannot hold beyond about 2^−1074 (at
  /// 3000 digits it would be 0).
  Ball widened_to_power_of_two(long exponent) const {
    Ball r(*this);
    mag_t m;
    mag_init(m);
    mag_set_ui_2exp_si(m, 1, exponent);
    if (mag_cmp(arb_radref(r.x_), m) < 0) mag_set(arb_radref(r.x_), m);
    mag_clear(m);
    return r;
  }
  /// A ball that holds every number between (and in) `low` and `high`.
  static Ball hull(const Ball& low, const Ball& high) {
    Ball r;
    arb_union(r.x_, low.x_, high.x_, BallPrecision::bits());
    return r;
  }
  /// Midpoint ± radius with `digits` significant digits, as Arb prints it.
  std::string text(slong digits) const;
  /// The midpoint alone, to `digits` significant digits (for saying where, not for bounds).
  std::string midpoint_text(slong digits) const;
  /// A decimal number of `digits` significant digits at or below every point of the ball
  /// (rounded toward −∞ from Arb's lower bound): an exact bound a reader can re-check.
  std::string lower_text(int digits) const;
  /// A decimal number of `digits` significant digits at or above every point of the ball.
  std::string upper_text(int digits) const;
  /// The radius rounded up to two significant digits ("0" for an exact ball).
  std::string radius_text() const;
  /// How many significant digits of the value the ball proves: the largest k ≤ `at_most`
  /// for which its two bounds round to the same k-digit decimal, so that the exact value,
  /// which lies between them, rounds to it too (0 when not even the first digit is proved).
  int proved_digits(int at_most) const;
  /// The lower bound rounded to nearest at `digits` significant digits: the exact value so
  /// rounded when `digits` is at most proved_digits.
  std::string rounded_text(int digits) const;

 private:
  template <class F>
  static Ball apply(F f, const Ball& a, const Ball& b) {
    Ball r;
    f(r.x_, a.x_, b.x_, BallPrecision::bits());
    return r;
  }
  arb_t x_;
};

/// The bits of |x|'s midpoint before the binary point (0 below 1): how many more bits a
/// computation needs to keep x's absolute accuracy as x grows (a time, say).
inline slong bits_before_the_point(const Ball& x) {
  return std::max<slong>(0, arf_abs_bound_lt_2exp_si(arb_midref(x.get())));
}

Ball sqrt(const Ball& x);
Ball exp(const Ball& x);
Ball log(const Ball& x);
Ball abs(const Ball& x);
Ball acos(const Ball& x);
/// atan2(y, x), as std::atan2 orders its arguments.
Ball atan2(const Ball& y, const Ball& x);
std::pair<Ball, Ball> sin_cos(const Ball& x);
Ball pi();

}  // namespace vibro::proof
