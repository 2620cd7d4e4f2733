#pragma once
// The Poincaré map of the Paoli–Schatzman scheme, as a flow for ForwardDifferenceMap
// (poincare_maps_difference.hpp, docs/mathematics.md §4): NSND (seed 001 §4) / I.N.S.P
// (seed 000 §4), the discrete flow of seed 001 §3.2. X = (U, V) with V^n = (U^{n+1} − U^n)/h;
// with T = N h, one period maps X^{kN} → X^{(k+1)N} by N steps from
// PaoliSchatzman::from_discrete(U, V, kN).
// Its derivative across a two-step reversal is −e·I when the set of active steps does not
// change (seed 001 Lemma 3.2, Theorem 3.3, docs/mathematics.md §2.2): the impact-time
// sensitivity of the saltation matrix is missing, which is why ε ≪ h gives meaningless
// exponents. Its contacts are the active steps; a period counts as changed when a perturbed
// trajectory's set of active steps differs from the base's.

#include "vibro/analysis/lyapunov.hpp"
#include "vibro/analysis/poincare_maps_difference.hpp"
#include "vibro/scheme/paoli_schatzman_class.hpp"
#include "vibro/support/cancellation.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

template <ImpactModel Model>
class PaoliSchatzmanFlow : public ContactRecord {
 public:
  using real_type = typename Model::real_type;
  using Real = real_type;
  using Scheme = PaoliSchatzman<Model>;

  /// `scheme` with step h = T/N (its t0 the section origin), N = `steps_per_period` ≥ 1.
  PaoliSchatzmanFlow(Scheme scheme, std::int64_t steps_per_period, SectionClock clock = SectionClock::folded)
      : scheme_(std::move(scheme)), steps_per_period_(steps_per_period), clock_(clock) {
    if (steps_per_period_ < 1) throw std::invalid_argument("steps per period must be ≥ 1");
  }

  const Real& step_size() const { return scheme_.step_size(); }
  std::int64_t steps_per_period() const { return steps_per_period_; }
  const Scheme& scheme() const { return scheme_; }

  /// X^{kN} → X^{(k+1)N} for every point. The trajectories are stepped together, one loop
  /// over n (no allocation in it for the built-in types).
  template <std::size_t M>
  std::optional<std::string> advance(std::array<PhasePoint<Real>, M>& points, std::int64_t k) {
    const std::int64_t n0 = clock_period(clock_, k) * steps_per_period_;
    std::array<typename Scheme::State, M> states;
    for (std::size_t i = 0; i < M; ++i) states[i] = scheme_.from_discrete(points[i].u, points[i].v, n0);
    bool changed = false;
    std::int64_t active = 0, reversals = 0;
    for (std::int64_t n = 0; n < steps_per_period_; ++n) {
      throw_if_cancelled_at_step<Real>(n);  // a period is seconds of steps at high precision
      const std::array<bool, M> flags = scheme_.step_together(states);  // one g(t_n) for all
      const bool base = flags[0];
      active += base;
      reversals += base && !previous_active_;
      previous_active_ = base;
      for (std::size_t i = 1; i < M; ++i) changed |= flags[i] != base;
    }
    for (std::size_t i = 0; i < M; ++i)
      points[i] = PhasePoint<Real>{states[i].u, scheme_.velocity(states[i])};
    record_period(active, reversals, changed);
    return std::nullopt;
  }

 private:
  Scheme scheme_;
  std::int64_t steps_per_period_;
  SectionClock clock_;
  bool previous_active_ = false;  ///< the base trajectory's last step, across periods
};

}  // namespace vibro
