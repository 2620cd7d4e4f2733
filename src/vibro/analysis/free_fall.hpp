#pragma once
// Free fall onto an obstacle and the Paoli–Schatzman two-step reversal, seed 000 §2
// (docs/mathematics.md §2.1). f = 0, K = [u_min, ∞), u0 > u_min, v0 < 0, U^1 = u0 + h v0.
// Everything is written for the gap d = u − u_min: the scheme is invariant under a
// common shift of U and u_min, so the seed's K = R+ analysis carries over unchanged.

#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace vibro {

/// The exact motion without force: u = u0 + v0 (t − t0). Moving towards the obstacle
/// (v0 < 0) it meets it at t_c = t0 − (u0 − u_min)/v0 and leaves it with u = u_min − e v0 (t − t_c),
/// the velocity −e v0 from t_c on (right-continuous). Moving away or at rest (v0 ≥ 0) it never
/// meets it: no force brings it back.
template <class Real>
class ExactFreeFall {
 public:
  ExactFreeFall(Real u_min, Real u0, Real v0, Real e, Real t0 = Real(0))
      : u_min_(std::move(u_min)), u0_(std::move(u0)), v0_(std::move(v0)), e_(std::move(e)), t0_(std::move(t0)) {}

  /// t_c, or none when the motion never meets the obstacle.
  const std::optional<Real>& impact_time() const { return impact_time_; }
  Real position(const Real& t) const {
    return bounced(t) ? u_min_ - e_ * v0_ * (t - *impact_time_) : u0_ + v0_ * (t - t0_);
  }
  Real velocity(const Real& t) const { return bounced(t) ? -e_ * v0_ : v0_; }

 private:
  bool bounced(const Real& t) const { return impact_time_ && !(t < *impact_time_); }

  Real u_min_, u0_, v0_, e_, t0_;
  std::optional<Real> impact_time_ = v0_ < 0 ? std::optional<Real>(t0_ - (u0_ - u_min_) / v0_) : std::nullopt;
};

/// Where U^{m+1} lies relative to the obstacle: it selects the seed's two cases.
enum class ReversalCase { below, on, above };

constexpr const char* to_string(ReversalCase c) {
  return c == ReversalCase::below ? "below" : c == ReversalCase::on ? "on" : "above";
}

/// The prediction of seed 000 §2 for every U^n:
///   m = ⌊((1+e)d0 + h(1−e)v0) / (−(1+e)v0 h)⌋,   U^n = u0 + n h v0 for n ≤ m + 1,
///   U^{m+2} = −e U^m,  U^{m+3} = −e U^{m+1}  (gaps),
///   U^{m+1} < u_min: U^n = U^{m+3} − h e v0 (n − m − 3) for n ≥ m + 3, reversal on steps m+1, m+2;
///   U^{m+1} > u_min: U^{m+4} = −e(2U^{m+1} − U^m), U^n = U^{m+4} − h e v0 (n − m − 4) for n ≥ m + 4,
///                   reversal on steps m+2, m+3.
/// (The seed prints "U^m = U^{m+3} − …" where U^n is meant.) When U^{m+1} = u_min both
/// formulas give the same sequence; the seed names no reversal steps for it, and we take
/// the first case's.
template <class Real>
class FreeFallReversal {
 public:
  /// Throws std::invalid_argument unless u0 > u_min, v0 < 0, e ∈ [0, 1] and
  /// 0 < h ≤ h* = −(1+e)(u0 − u_min)/(2 v0), the seed's assumptions.
  FreeFallReversal(Real u_min, Real u0, Real v0, Real h, Real e)
      : u_min_(std::move(u_min)), d0_(u0 - u_min_), v0_(std::move(v0)), h_(std::move(h)), e_(std::move(e)) {
    if (!(d0_ > 0)) throw std::invalid_argument("free-fall reversal: needs u0 > u_min");
    if (!(v0_ < 0)) throw std::invalid_argument("free-fall reversal: needs v0 < 0");
    if (!(e_ >= 0 && e_ <= 1)) throw std::invalid_argument("free-fall reversal: needs e in [0, 1]");
    if (!(h_ > 0 && h_ <= largest_step())) {
      throw std::invalid_argument("free-fall reversal: needs 0 < h ≤ h* = −(1+e)(u0 − u_min)/(2 v0) = " +
                                  to_text(largest_step()) + ", got h = " + to_text(h_));
    }
    m_ = floor_to_int64(Real(((1 + e_) * d0_ + h_ * (1 - e_) * v0_) / (-(1 + e_) * v0_ * h_)));
    const Real gap_m1 = linear_gap(m_ + 1);
    case_ = gap_m1 < 0 ? ReversalCase::below : gap_m1 > 0 ? ReversalCase::above : ReversalCase::on;
    line_start_ = case_ == ReversalCase::above ? m_ + 4 : m_ + 3;
    line_start_gap_ = case_ == ReversalCase::above ? Real(-e_ * (2 * gap_m1 - linear_gap(m_))) : Real(-e_ * gap_m1);
  }

  /// h* of seed 000 §2: the largest step for which 2U^1 − (1−e)U^0 ≥ 0.
  Real largest_step() const { return -(1 + e_) * d0_ / (2 * v0_); }

  std::int64_t m() const { return m_; }
  ReversalCase reversal_case() const { return case_; }
  /// The two step indices on which the seed says the velocity reverses.
  std::int64_t first_reversal_step() const { return case_ == ReversalCase::above ? m_ + 2 : m_ + 1; }
  /// From this index on, U^n lies on the post-impact line of slope slope_per_step().
  std::int64_t line_start() const { return line_start_; }
  /// U^{n+1} − U^n after the reversal: −h e v0.
  Real slope_per_step() const { return -h_ * e_ * v0_; }

  /// The predicted U^n for any n ≥ 0.
  Real position(std::int64_t n) const {
    if (n < 0) throw std::invalid_argument("free-fall reversal: negative index");
    if (n <= m_ + 1) return u_min_ + linear_gap(n);
    if (n >= line_start_) return u_min_ + line_start_gap_ + slope_per_step() * (n - line_start_);
    if (n == m_ + 2) return u_min_ - e_ * linear_gap(m_);
    return u_min_ - e_ * linear_gap(m_ + 1);  // n == m + 3 in the case 'above'
  }

 private:
  Real linear_gap(std::int64_t n) const { return d0_ + h_ * n * v0_; }

  Real u_min_, d0_, v0_, h_, e_;
  std::int64_t m_ = 0;
  ReversalCase case_ = ReversalCase::below;
  std::int64_t line_start_ = 0;
  Real line_start_gap_;
};

}  // namespace vibro
