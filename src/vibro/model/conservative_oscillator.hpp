#pragma once
// The conservative oscillator of seed 003 §3 and §5 (docs/mathematics.md §5),
//   y'' + ω² y G(y²) = 0,  G(s) = 1 + β s   (β = 0 harmonic, β ≠ 0 Duffing),
// with a constraint set K = [lower, upper] (either side may be absent: K = ℝ, the
// obstacle [z0, ∞) of seed 003 eq. (5.6), or the two stops ±(1+ϵ) of seed 003 §5) and
// the Newton impact law y'(t+0) = −e y'(t−0) at contact.

#include "vibro/model/validate.hpp"

#include <boost/math/constants/constants.hpp>

#include <concepts>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

/// K = [lower, upper]; a missing side is unbounded.
template <class Real>
struct ConstraintSet {
  std::optional<Real> lower;
  std::optional<Real> upper;

  static ConstraintSet none() { return {}; }
  /// K = [z0, ∞): the obstacle of seed 003 eq. (5.6).
  static ConstraintSet obstacle(Real z0) { return {std::move(z0), std::nullopt}; }
  /// K = [lower, upper]: two stops.
  static ConstraintSet stops(Real lower, Real upper) { return {std::move(lower), std::move(upper)}; }
};

template <class Real>
class ConservativeOscillator {
 public:
  using real_type = Real;

  /// ω > 0, β finite, K with finite sides and lower < upper, e ∈ [0, 1] (unused when K = ℝ).
  ConservativeOscillator(Real omega, Real beta, ConstraintSet<Real> constraint = {}, Real e = Real(1))
      : omega_(std::move(omega)), beta_(std::move(beta)), constraint_(std::move(constraint)), e_(std::move(e)) {
    detail::require_positive(omega_, "omega");
    detail::require_finite(beta_, "beta");
    detail::require_in_closed_range(e_, Real(0), Real(1), "e");
    if (constraint_.lower) detail::require_finite(*constraint_.lower, "lower bound of K");
    if (constraint_.upper) detail::require_finite(*constraint_.upper, "upper bound of K");
    if (constraint_.lower && constraint_.upper && !(*constraint_.lower < *constraint_.upper))
      throw std::invalid_argument("lower bound of K = " + to_text(*constraint_.lower) +
                                  " must be < upper bound of K = " + to_text(*constraint_.upper));
    // (1+e)K, the set the scheme's weighted position (y^{k+1} + e y^{k−1}) is projected on.
    if (constraint_.lower) scaled_lower_ = (1 + e_) * *constraint_.lower;
    if (constraint_.upper) scaled_upper_ = (1 + e_) * *constraint_.upper;
  }

  const Real& omega() const { return omega_; }
  const Real& beta() const { return beta_; }
  const Real& restitution() const { return e_; }
  const ConstraintSet<Real>& constraint() const { return constraint_; }
  const std::optional<Real>& lower() const { return constraint_.lower; }
  const std::optional<Real>& upper() const { return constraint_.upper; }
  bool constrained() const { return constraint_.lower || constraint_.upper; }

  /// K as text, e.g. "[0, ∞)", for messages.
  std::string constraint_text() const {
    return (constraint_.lower ? "[" + to_text(*constraint_.lower) : std::string("(−∞")) + ", " +
           (constraint_.upper ? to_text(*constraint_.upper) + "]" : std::string("∞)"));
  }

  bool contains(const Real& y) const {
    return !(constraint_.lower && y < *constraint_.lower) && !(constraint_.upper && y > *constraint_.upper);
  }

  /// The bound of (1+e)K that x lies beyond, or nullptr when x ∈ (1+e)K: P_{(1+e)K}(x) is
  /// that bound, or x itself. A pointer rather than the projected value, so that the
  /// scheme's step copies nothing (an MPFR copy allocates).
  const Real* scaled_bound_crossed(const Real& x) const {
    if (scaled_lower_ && x < *scaled_lower_) return &*scaled_lower_;
    if (scaled_upper_ && x > *scaled_upper_) return &*scaled_upper_;
    return nullptr;
  }

  /// The period 2π/ω of the linear part y'' + ω² y = 0: the unit of steps_per_period.
  Real period() const { return boost::math::constants::two_pi<Real>() / omega_; }

  /// y'' = −ω² y (1 + β y²).
  Real acceleration(const Real& y) const { return -omega_ * omega_ * y * (1 + beta_ * y * y); }

 private:
  Real omega_, beta_;
  ConstraintSet<Real> constraint_;
  Real e_;
  std::optional<Real> scaled_lower_, scaled_upper_;
};

/// A conservative oscillator of seed 003 (what the seed-003 schemes take).
template <class M>
concept ConservativeModel = std::same_as<M, ConservativeOscillator<typename M::real_type>>;

}  // namespace vibro
