#pragma once
// What the two two-step schemes of seed 002 — the exact scheme (eq. (13)) and the NSPS
// scheme (eq. (26)) — share (docs/mathematics.md §6): the state (q^n, q^{n+1}), the start
// q^1 from the exact one-step map (eq. (17)), the free value of eq. (13)/(14)
//   q^{n+2} = 2C q^{n+1} − q^n (+ Φ M⁻² h(t_{n+1})),
// the velocity at t_n and the discrete energy of eq. (18).
//
// Forcing (derived, docs/mathematics.md §6): adding the variation-of-constants formula at
// ±Δt gives q(t+Δt) + q(t−Δt) − 2Cq(t) = ∫₀^Δt Sb(Δt−s) M⁻²(h(t+s) + h(t−s)) ds, and for h
// constant over the step ∫₀^Δt 2Sb(Δt−s) ds = 2(I − C)B⁻² = 4 sin²(ΔtB/2)B⁻² = Φ: so
// q^{n+1} − 2Cq^n + q^{n−1} = Φ M⁻² h(t_n) is eq. (14) with the forcing, exact for constant h.
//
// Velocity: v^n = (Sb)⁻¹(q^{n+1} − Cq^n), the velocity at t_n of the free flight through
// q^n and q^{n+1} (eq. (17) solved for v^n; the 1-DOF NS scheme's velocity, seed 003
// eq. (3.14), is its N = 1 case). With the forcing the trapezoidal term (Δt/2) Sb M⁻²h(t_n)
// of the one-step map (scheme/exact_flow_step.hpp) is taken off first:
// v^n = (Sb)⁻¹(q^{n+1} − Cq^n) − (Δt/2) M⁻²h(t_n).

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/exact_flow_step.hpp"
#include "vibro/scheme/ndof_scheme_support.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace vibro {

/// (q^n, q^{n+1}), the velocity v^n and the buffers of a step.
template <class Real>
struct TwoStepState {
  /// v^n is read from q^n and q^{n+1}: a node's velocity already carries the projection that
  /// made the next node (catalog/entries/system_scheme_entry.hpp ends a flight one node early).
  static constexpr bool velocity_reads_next_node = true;
  Vector<Real> q, q_next, v;
  Vector<Real> next, scratch;  ///< q^{n+2} being formed; C q^n for the velocity
  Vector<Real> forcing;        ///< M⁻²h(t) (forced systems only)
  /// Per coordinate: the projection produced q^n (the node reported), and q^{n+1}. A step
  /// computes q^{n+2}, so its flags are reported one step later, with the node they made.
  std::vector<char> active, active_next;
  std::int64_t n = 0;
};

template <class Real>
class TwoStepCore {
 public:
  using State = TwoStepState<Real>;

  /// Throws std::invalid_argument when sin(ω_i Δt) vanishes to rounding for a mode: then
  /// Sb is singular, q^{n+1} does not determine v^n, and Φ has a zero (the 1-DOF scheme's
  /// refusal, per mode).
  TwoStepCore(const LinearImpactSystem<Real>& model, const Real& dt)
      : flow_(model, dt), inverse_mass_squared_(detail::inverse_mass_squared(model)), dt_(dt) {
    using std::abs;
    using std::sin;
    const ModalBasis<Real>& basis = flow_.basis();
    for (const Real& w : basis.omega()) {
      const Real theta = dt * w;
      // θ carries a rounding of ε θ / 2: |sin θ| below a few ε θ is a zero (θ = kπ, k ≥ 1). A
      // small θ (a heavy mode, a small step) is not: sin θ ≈ θ.
      if (!(abs(sin(theta)) > 4 * epsilon<Real>() * theta))
        throw std::invalid_argument("omega dt = " + to_text(theta) +
                                    " is a multiple of pi to rounding for a mode: the velocity (sin(dt B) B^-1)^-1 "
                                    "(q^{n+1} - C q^n) and the energy of seed 002 eq. (18) are undefined");
    }
    const Matrix<Real>& c = flow_.matrices().cos_b;
    two_cos_ = c + c;
    inverse_sin_over_b_ = basis.function([&](const Real& w) { return Real(w / sin(dt * w)); });
    // M² Φ⁻¹ (eq. (18)); M²g(B) = M Q g(Ω) Qᵀ M is symmetric, so the form is a quadratic form.
    mass_phi_inverse_ = basis.function([&](const Real& w) {
      const Real s = sin(dt * w / 2);
      return Real(w * w / (4 * s * s));
    });
    for (std::size_t i = 0; i < mass_phi_inverse_.rows(); ++i)
      for (std::size_t j = 0; j < mass_phi_inverse_.cols(); ++j) mass_phi_inverse_(i, j) *= model.mass_squared()[i];
  }

  /// q^0 = q0 and q^1 from the exact one-step map at t0 (`v0` already through
  /// detail::start_velocity).
  State start(const LinearImpactSystem<Real>& model, const Real& t0, const Vector<Real>& q0,
              const Vector<Real>& v0) const {
    const std::size_t n = q0.size();
    State x{q0, Vector<Real>(n), Vector<Real>(n), Vector<Real>(n), Vector<Real>(n), Vector<Real>(n),
            std::vector<char>(n, 0), std::vector<char>(n, 0), 0};
    if (flow_.forced()) detail::scaled_forcing_into(model, inverse_mass_squared_, t0, x.forcing);
    flow_.position_into(q0, v0, x.forcing, x.q_next);
    update_velocity(x);
    return x;
  }

  /// x.next = 2C q^{n+1} − q^n (+ Φ M⁻² h(t_{n+1}), `t_next` = t_{n+1}).
  void free_into(const LinearImpactSystem<Real>& model, const Real& t_next, State& x) const {
    multiply_into(two_cos_, x.q_next, x.next);
    for (std::size_t i = 0; i < x.next.size(); ++i) x.next[i] -= x.q[i];
    if (flow_.forced()) {
      detail::scaled_forcing_into(model, inverse_mass_squared_, t_next, x.forcing);
      add_product_into(flow_.matrices().phi, x.forcing, x.next);
    }
  }

  /// (q^n, q^{n+1}, q^{n+2} in x.next) → (q^{n+1}, q^{n+2}), and v^{n+1}. When forced,
  /// x.forcing holds M⁻²h(t_{n+1}) from free_into, the term the new velocity needs.
  void advance(State& x) const {
    std::swap(x.q, x.q_next);
    std::swap(x.q_next, x.next);
    ++x.n;
    update_velocity(x);
  }

  /// Seed 002 eq. (18): ½[(q^{n+1} − q^n)ᵀ M² Φ⁻¹ (q^{n+1} − q^n) + (q^{n+1})ᵀ A² q^n].
  Real energy(const LinearImpactSystem<Real>& model, const State& x) const {
    Vector<Real> difference(x.q.size());
    for (std::size_t i = 0; i < difference.size(); ++i) difference[i] = x.q_next[i] - x.q[i];
    return (bilinear(difference, mass_phi_inverse_, difference) + bilinear(x.q_next, model.stiffness(), x.q)) / 2;
  }

 private:
  /// v^n = (Sb)⁻¹(q^{n+1} − Cq^n) (− (Δt/2) M⁻²h(t_n) when forced, x.forcing = M⁻²h(t_n)).
  void update_velocity(State& x) const {
    multiply_into(flow_.matrices().cos_b, x.q, x.scratch);
    for (std::size_t i = 0; i < x.scratch.size(); ++i) x.scratch[i] = x.q_next[i] - x.scratch[i];
    multiply_into(inverse_sin_over_b_, x.scratch, x.v);
    if (flow_.forced())
      for (std::size_t i = 0; i < x.v.size(); ++i) x.v[i] -= dt_ / 2 * x.forcing[i];
  }

  ExactFlowStep<Real> flow_;
  Vector<Real> inverse_mass_squared_;
  Real dt_;
  Matrix<Real> two_cos_;            ///< 2C
  Matrix<Real> inverse_sin_over_b_; ///< (Sb)⁻¹ = B (sin ΔtB)⁻¹
  Matrix<Real> mass_phi_inverse_;   ///< M² Φ⁻¹
};

}  // namespace vibro
