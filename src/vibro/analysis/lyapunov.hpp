#pragma once
// The Lyapunov engine of docs/mathematics.md §4 (seed 001 §4, eq. (28)–(29); seed 000 §4): the two
// exponents of a Poincaré map S of a 1-DOF problem from the derivatives DS_k = DS(X_k)
// along the orbit X_{k+1} = S(X_k), by Gram–Schmidt renormalisation. With v, w starting
// as e1, e2, each period
//
//   v̂ = DS_k v,  n1 = |v̂|,  v = v̂/n1;
//   ŵ = DS_k w,  ŵ ← ŵ − (ŵ·v)v,  n2 = |ŵ|,  w = ŵ/n2;
//   λ_{j,k} = (1/k) Σ_{i ≤ k} ln n_j,i   (per period, seed 001 eq. (28)–(29));
//
// per unit time is per period ÷ T. Any method that yields (X_{k+1}, DS_k) feeds it: the
// exact derivative of the reference (IDED) or the forward differences D_ε S of a flow
// (IDND, NSND / I.N.S.P, C.N.S.P), vibro/analysis/poincare_maps_*.hpp.
//
// Precision: the products DS v, DS w, the norms, the logarithms and their sums are in
// Real; only the running estimates kept for plots are rounded to double.
//
// An undefined derivative stops the computation (docs/mathematics.md §1.2: grazing, accumulation and
// sticking have no saltation matrix, and a singular DS has no second exponent): from then
// on the engine holds the reason and refuses to give a number.

#include "vibro/reference/matrix2.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// A point (u, v) of the phase plane: the state X_k = (u(t0 + kT), u'(t0 + kT)) of a
/// Poincaré map, or X^n = (U^n, V^n) for a discrete flow (seed 001 §3.2).
template <class Real>
struct PhasePoint {
  Real u;
  Real v;
};

/// The section time t0 + kT, formed as t0 + T·k (not by accumulating T) so that every
/// flow samples the map at the same times (as section_times of the corrected scheme).
template <class Real>
Real section_time(const Real& t0, const Real& period, std::int64_t k) {
  return Real(t0 + period * k);
}

/// Which times a map computes period k over. The force is T-periodic in t (or does not
/// depend on t), so the map from t0 + kT to t0 + (k+1)T is the same S for every k.
enum class SectionClock {
  /// Every period from t0 to t0 + T: S itself, with the rounding of the phase ωt of one
  /// period. The default: in double, the phase of t0 + kT carries ulp(ωt), which grows with k
  /// and enters the state at every impact (≈ 2e−13 at k = 200 on the chaotic case, the
  /// noise that spoils D_ε S with ε = 1e−8 there).
  folded,
  /// Period k from t0 + kT to t0 + (k+1)T, the times of one continuous run.
  absolute,
};

/// The index of the period whose times a clock uses for period k.
inline std::int64_t clock_period(SectionClock clock, std::int64_t k) { return clock == SectionClock::folded ? 0 : k; }

/// One period of a Poincaré map: X_{k+1} = S(X_k) and DS_k, or why DS_k does not exist.
template <class Real>
struct PoincareStep {
  PhasePoint<Real> next;
  Matrix2<Real> derivative;
  std::optional<std::string> undefined;
};

/// Gram–Schmidt accumulation of the exponents (the header's recurrence), one period at a
/// time, with the running estimates λ_{1,k}, λ_{2,k} for every k.
template <class Real>
class LyapunovExponents {
 public:
  /// `period`: the time one application of the map covers (T for a stroboscopic map), for
  /// the exponents per unit time. `keep_running`: keep λ_{j,k} for every k (a double each).
  explicit LyapunovExponents(Real period, bool keep_running = true)
      : period_(std::move(period)), keep_running_(keep_running) {}

  /// One period with derivative DS_k = ds. Returns false, and takes no later period, when
  /// DS_k v or the orthogonalised DS_k w is zero or not finite.
  bool add(const Matrix2<Real>& ds) {
    using std::log;
    using std::sqrt;
    if (stopped()) return false;
    Real v1 = ds.a11 * v1_ + ds.a12 * v2_, v2 = ds.a21 * v1_ + ds.a22 * v2_;  // v̂ = DS v
    Real w1 = ds.a11 * w1_ + ds.a12 * w2_, w2 = ds.a21 * w1_ + ds.a22 * w2_;  // ŵ = DS w
    const Real n1 = sqrt(v1 * v1 + v2 * v2);
    if (!(n1 > 0) || !is_finite(n1)) return stop("|DS v| = " + to_text(n1) + ": DS is singular or not finite");
    v1 /= n1;
    v2 /= n1;
    const Real along = w1 * v1 + w2 * v2;  // ŵ·v
    w1 -= along * v1;
    w2 -= along * v2;
    const Real n2 = sqrt(w1 * w1 + w2 * w2);
    if (!(n2 > 0) || !is_finite(n2))
      return stop("|DS w − (DS w·v)v| = " + to_text(n2) + ": DS is singular or not finite");
    v1_ = std::move(v1);
    v2_ = std::move(v2);
    w1_ = w1 / n2;
    w2_ = w2 / n2;
    log_sum1_ += log(n1);
    log_sum2_ += log(n2);
    ++periods_;
    if (keep_running_) {
      running1_.push_back(static_cast<double>(Real(log_sum1_ / periods_)));
      running2_.push_back(static_cast<double>(Real(log_sum2_ / periods_)));
    }
    return true;
  }

  /// The derivative of period periods() + 1 does not exist: records why (prefixed with that
  /// period) and takes no later period. Returns false, for `return stop(…)`.
  bool stop(const std::string& why) {
    if (!why_undefined_) why_undefined_ = "period " + std::to_string(periods_ + 1) + ": " + why;
    return false;
  }

  /// Room for the running estimates of `periods` periods.
  void reserve(std::int64_t periods) {
    if (!keep_running_ || periods <= 0) return;
    running1_.reserve(static_cast<std::size_t>(periods));
    running2_.reserve(static_cast<std::size_t>(periods));
  }

  bool stopped() const { return why_undefined_.has_value(); }
  /// True when at least one period was taken and none failed.
  bool defined() const { return !stopped() && periods_ > 0; }
  std::string why_undefined() const {
    if (why_undefined_) return *why_undefined_;
    return periods_ == 0 ? "no period was taken" : "";
  }

  /// Periods taken (k of λ_{j,k}).
  std::int64_t periods() const { return periods_; }
  const Real& period() const { return period_; }

  /// Σ ln n_j over the periods taken: k·λ_{j,k} (in Real, for invariants such as the sum
  /// rule of docs/mathematics.md §1.2, which holds for it to rounding).
  const Real& log_sum1() const { return log_sum1_; }
  const Real& log_sum2() const { return log_sum2_; }

  /// λ_{j,k} per period, k = periods(). Throws std::logic_error when not defined().
  Real lambda1() const { return Real(checked_sum(log_sum1_) / periods_); }
  Real lambda2() const { return Real(checked_sum(log_sum2_) / periods_); }
  /// The same per unit time: ÷ period().
  Real lambda1_per_unit_time() const { return Real(lambda1() / period_); }
  Real lambda2_per_unit_time() const { return Real(lambda2() / period_); }

  /// λ_{j,k} per period for k = 1 … periods() (empty unless kept), for plots; kept up to
  /// the last period taken also when the run stopped.
  const std::vector<double>& running1() const { return running1_; }
  const std::vector<double>& running2() const { return running2_; }

 private:
  const Real& checked_sum(const Real& sum) const {
    if (!defined()) throw std::logic_error("Lyapunov exponents undefined: " + why_undefined());
    return sum;
  }

  Real period_;
  bool keep_running_;
  Real v1_{1}, v2_{0}, w1_{0}, w2_{1};
  Real log_sum1_{0}, log_sum2_{0};
  std::int64_t periods_ = 0;
  std::optional<std::string> why_undefined_;
  std::vector<double> running1_, running2_;
};

/// What run_lyapunov returns: the exponents and the last state reached.
template <class Real>
struct LyapunovRun {
  LyapunovExponents<Real> exponents;
  PhasePoint<Real> final_state;  ///< X_K, or X_k of the period whose derivative failed
};

/// K = `periods` periods of a map: `map(const PhasePoint<Real>& X_k, std::int64_t k)`
/// returns the PoincareStep<Real> of period k (from t0 + kT to t0 + (k+1)T), k = 0 … K−1.
/// Stops at the first undefined or singular derivative (see LyapunovExponents).
/// `period_done(k + 1)`, when given, is called after each period (progress).
template <class Real, class Map>
LyapunovRun<Real> run_lyapunov(Map&& map, PhasePoint<Real> x0, std::int64_t periods, const Real& period,
                               bool keep_running = true,
                               const std::function<void(std::int64_t)>& period_done = {}) {
  LyapunovRun<Real> run{LyapunovExponents<Real>(period, keep_running), std::move(x0)};
  run.exponents.reserve(periods);
  for (std::int64_t k = 0; k < periods; ++k) {
    PoincareStep<Real> step = map(std::as_const(run.final_state), k);
    if (step.undefined) {
      run.exponents.stop(*step.undefined);
      break;
    }
    if (!run.exponents.add(step.derivative)) break;
    run.final_state = std::move(step.next);
    if (period_done) period_done(k + 1);
  }
  return run;
}

}  // namespace vibro
