#pragma once
// The non-standard Paoli–Schatzman (NSPS) scheme of seed 002 eq. (26) for
// M²q'' + A²q = h(t), q ∈ K = Π [q_i^min, q_i^max] (docs/mathematics.md §6):
//   q^{n+1} + E q^{n−1} ∈ P_{(I+E)K}(2C q^n − (I − E) q^{n−1}),  E = diag(e_i),
// the exact two-step scheme (eq. (13), scheme/exact_two_step.hpp) in which the e-weighted
// position (q^{n+1} + E q^{n−1})/(I + E) is kept in K. For a box the projection acts per
// coordinate, and since 2Cq^n − (I − E)q^{n−1} = q_free + E q^{n−1} with the free value
// q_free = 2Cq^n − q^{n−1}, coordinate i is
//   q_i^{n+1} = q_free,i                                   when W_i = q_free,i + e_i q_i^{n−1} ∈ (1+e_i)[q_i^min, q_i^max],
//   q_i^{n+1} = (1+e_i) q_i^bound − e_i q_i^{n−1}           otherwise (the bound W_i crossed).
// When the projection is inactive the value is q_free itself, not W_i − e_i q_i^{n−1}
// (which would add a rounding): a free step is eq. (13) to the bit, and for N = 1 the step
// is seed 003's NS impact scheme operation for operation (scheme/nonstandard_impact.hpp).
// The forcing Φ M⁻² h(t_n) enters the free value (derived, scheme/two_step_core.hpp), as
// h²F^n enters the PS scheme's argument (seed 000 eq. (14)).

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scheme/ndof_scheme_support.hpp"
#include "vibro/scheme/scheme.hpp"
#include "vibro/scheme/system_scheme_base.hpp"
#include "vibro/scheme/two_step_core.hpp"

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

template <class Real>
class NonstandardPaoliSchatzman : public SystemSchemeBase<Real, TwoStepState<Real>> {
  using Base = SystemSchemeBase<Real, TwoStepState<Real>>;
  using Base::dt_, Base::model_, Base::node_time, Base::t0_;

 public:
  using typename Base::model_type;
  using typename Base::State;

  /// Each impact is the two-step reversal of seed 000 §2, which shifts the flight after it
  /// by O(Δt) (docs/mathematics.md §5, measured for the 1-DOF NS impact scheme that this
  /// scheme is for N = 1): position O(Δt) in L∞ and velocity O(Δt) in L1 with impacts, as
  /// seed 003 eq. (5.9) for one degree of freedom. Seed 002 itself states no order.
  static constexpr DeclaredOrders declared_orders = declare_orders(
      {{ErrorMetric::position_linf, {1, true, "seed 003 eq. (5.9) for N = 1, docs/mathematics.md §6"}},
       {ErrorMetric::velocity_l1, {1, true, "seed 003 eq. (5.9) for N = 1, docs/mathematics.md §6"}}});
  static constexpr bool rational_arithmetic = false;

  /// Throws std::invalid_argument for a step that is not finite and positive and for ω_iΔt
  /// a multiple of π to rounding (scheme/two_step_core.hpp).
  NonstandardPaoliSchatzman(model_type model, Real dt, Real t0 = Real(0))
      : Base(std::move(model), std::move(dt), std::move(t0)),
        core_(model_, dt_) {
    const std::size_t n = model_.dimension();
    scaled_lower_.resize(n);
    scaled_upper_.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const CoordinateBounds<Real>& b = model_.bounds(i);
      if (b.lower) scaled_lower_[i] = (1 + b.restitution) * *b.lower;
      if (b.upper) scaled_upper_[i] = (1 + b.restitution) * *b.upper;
    }
  }

  /// (q^0, q^1) with q^1 from the exact one-step map (a coordinate on a bound moving out
  /// of K starts with −e_i v0_i). Throws std::invalid_argument when q0 ∉ K, the data are
  /// not finite or of the wrong size, or q^1 ∉ K (an impact inside the first step is not
  /// resolved, as in the 1-DOF scheme's exact start).
  State start(const Vector<Real>& q0, const Vector<Real>& v0) const {
    State x = core_.start(model_, t0_, q0, detail::start_velocity(model_, q0, v0));
    if (!model_.contains(x.q_next))
      throw std::invalid_argument("exact start: the free flow leaves K within the first step; an impact inside the "
                                  "first step is not resolved: reduce dt");
    return x;
  }

  /// (q^n, q^{n+1}) → (q^{n+1}, q^{n+2}) by eq. (26). Returns true when the projection
  /// produced the node now reported, q^{n+1} (active(x) says for which coordinates): the
  /// projection of this step made q^{n+2}, which is reported after the next step.
  bool step(State& x) const {
    core_.free_into(model_, node_time(x.n + 1), x);
    std::swap(x.active, x.active_next);
    bool any = false;
    for (std::size_t i = 0; i < x.next.size(); ++i) {
      any = any || x.active[i];
      x.active_next[i] = 0;
      if (!model_.bounds(i).constrained()) continue;
      const Real& previous = x.q[i];
      const Real& e = model_.bounds(i).restitution;
      if (const Real* bound = bound_crossed(i, x.next[i] + e * previous)) {
        x.next[i] = *bound - e * previous;
        x.active_next[i] = 1;
      }
    }
    core_.advance(x);
    return any;
  }

  /// Seed 002 eq. (18); constant between impacts for the unforced scheme (Remark 7).
  Real energy(const State& x) const { return core_.energy(model_, x); }

 private:
  /// The bound of (1+e_i)[q_i^min, q_i^max] that w lies beyond, or nullptr.
  const Real* bound_crossed(std::size_t i, const Real& w) const {
    if (scaled_lower_[i] && w < *scaled_lower_[i]) return &*scaled_lower_[i];
    if (scaled_upper_[i] && w > *scaled_upper_[i]) return &*scaled_upper_[i];
    return nullptr;
  }

  TwoStepCore<Real> core_;
  std::vector<std::optional<Real>> scaled_lower_, scaled_upper_;  ///< (1+e_i) q_i^min, (1+e_i) q_i^max
};

}  // namespace vibro
