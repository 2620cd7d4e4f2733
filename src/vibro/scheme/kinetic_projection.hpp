#pragma once
// The projection onto the admissible velocities V(q) = {v : ∇g_j(q)·v ≤ 0 for every
// constraint j with g_j(q) ≥ 0} in the kinetic metric ⟨a, b⟩_q = aᵀM(q)b (seed 004, the
// scheme's proj_{q_{n,i+1}} and the impact law; docs/mathematics.md §7): the v ∈ V(q) that
// minimises ½(v − x)ᵀM(v − x).
//
// One constraint (the double pendulum): a half-space, in closed form. With w = M⁻¹∇g,
//   proj(x) = x                            if ∇g·x ≤ 0,
//   proj(x) = x − (∇g·x)/(∇g·w) · w         otherwise,
// the M-orthogonal projection onto the plane ∇g·v = 0 (∇g·w = ∇gᵀM⁻¹∇g > 0).
//
// Several constraints: a polyhedral cone, a small strictly convex QP. Its KKT conditions are
// v = x − Σ_j λ_j w_j with λ ≥ 0, ∇g_j·v ≤ 0 and λ_j ∇g_j·v = 0, so for the active set A
// the multipliers solve W_AA λ_A = (∇g_j·x)_{j∈A} with the Delassus matrix
// W_jk = ∇g_jᵀM⁻¹∇g_k. The solver enumerates the 2^m active sets and keeps the one whose
// KKT conditions hold — the smallest violation, which is exactly zero in exact arithmetic —
// rather than run an iterative QP method, because m is small (a mechanism has a few
// contacts, and the limit below refuses more), because the answer is then exact up to the
// rounding of one small solve and exactly right in the rational type (every operation is
// +, −, ×, ÷), and because it needs no tolerance or iteration count of its own. The
// minimiser v is unique (M is positive definite) even when the gradients are dependent and
// λ is not: an active set with a singular W_AA (an LDLᵀ pivot ≤ 0) is skipped, another
// one reaches the same v.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/symmetric_solve.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace vibro {

/// ∇g·w for vectors of the same size.
template <class Real>
Real dot(const Vector<Real>& a, const Vector<Real>& b) {
  Real sum(0);
  for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

/// The closed form for one constraint: `out` = proj(x) onto {v : ∇g·v ≤ 0} in the metric
/// whose LDLᵀ factor is `mass_factor` (symmetric_solve.hpp); `scratch` receives M⁻¹∇g.
/// Returns true when the projection moved x (∇g·x > 0). `out` may alias `x`.
template <class Real>
bool project_onto_half_space(const Matrix<Real>& mass_factor, const Vector<Real>& gradient, const Vector<Real>& x,
                             Vector<Real>& out, Vector<Real>& scratch) {
  const Real rate = dot(gradient, x);
  if (&out != &x) out = x;
  if (!(rate > 0)) return false;
  ldlt_solve_into(mass_factor, gradient, scratch);
  const Real multiplier = rate / dot(gradient, scratch);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] -= multiplier * scratch[i];
  return true;
}

/// The projection onto the cone {v : ∇g_j·v ≤ 0, j = 1, …, m} by active-set enumeration
/// (header comment). Buffers are sized for m constraints in dimension d on construction,
/// so project() allocates nothing.
template <class Real>
class ConeProjection {
 public:
  /// 2^m active sets are examined: beyond max_constraints the enumeration is refused.
  static constexpr std::size_t max_constraints = 12;

  ConeProjection(std::size_t dimension, std::size_t constraints)
      : w_(constraints, Vector<Real>(dimension)), delassus_(constraints, constraints),
        rates_(constraints), sub_(constraints, constraints), rhs_(constraints), lambda_(constraints),
        candidate_(dimension), best_(dimension) {
    if (constraints > max_constraints)
      throw std::invalid_argument("the projection onto V(q) enumerates 2^m active sets and m = " +
                                  std::to_string(constraints) + " exceeds " + std::to_string(max_constraints));
  }

  /// `out` = proj(x) onto {v : ∇g_j·v ≤ 0 for the gradients given}. Returns true when the
  /// projection moved x. `gradients` may hold fewer than the constructed m (only the
  /// constraints on their boundary): a span, so that a caller passes the first k of the m
  /// gradient buffers it owns without resizing a container. `out` may alias `x`.
  bool project(const Matrix<Real>& mass_factor, std::span<const Vector<Real>> gradients, const Vector<Real>& x,
               Vector<Real>& out) {
    const std::size_t m = gradients.size();
    if (m > w_.size()) throw std::invalid_argument("ConeProjection: more gradients than constructed for");
    bool inside = true;
    for (std::size_t j = 0; j < m; ++j) {
      rates_[j] = dot(gradients[j], x);
      if (rates_[j] > 0) inside = false;
    }
    best_set_ = 0;
    if (inside) {
      if (&out != &x) out = x;
      return false;
    }
    for (std::size_t j = 0; j < m; ++j) ldlt_solve_into(mass_factor, gradients[j], w_[j]);
    for (std::size_t j = 0; j < m; ++j)
      for (std::size_t k = 0; k < m; ++k) delassus_(j, k) = dot(gradients[j], w_[k]);
    std::optional<Real> best_violation;
    for (std::uint32_t set = 1; set < (std::uint32_t(1) << m); ++set) {
      const std::optional<Real> violation = try_active_set(set, gradients, x);
      if (violation && (!best_violation || *violation < *best_violation)) {
        best_violation = violation;
        best_ = candidate_;
        best_set_ = set;
      }
    }
    if (!best_violation) throw std::runtime_error("the projection onto V(q) found no solvable active set");
    out = best_;
    return true;
  }

  /// The active set the last project() kept, bit j for the j-th gradient it was given;
  /// 0 when x was already in the cone.
  std::uint32_t active_set() const { return best_set_; }

 private:
  /// The KKT violation of the active set `set` (a bit mask), its v in candidate_; none when
  /// W_AA is singular. Violation: the largest of −λ_j W_jj (j ∈ A) and ∇g_k·v (k ∉ A), both
  /// rates of the constraint in the units of ∇g·v, so that they compare.
  std::optional<Real> try_active_set(std::uint32_t set, std::span<const Vector<Real>> gradients,
                                     const Vector<Real>& x) {
    const std::size_t m = gradients.size();
    std::size_t size = 0;
    std::size_t members[max_constraints];
    for (std::size_t j = 0; j < m; ++j)
      if (set & (std::uint32_t(1) << j)) members[size++] = j;
    sub_.reshape(size, size);
    rhs_.resize(size);
    for (std::size_t a = 0; a < size; ++a) {
      rhs_[a] = rates_[members[a]];
      for (std::size_t b = 0; b < size; ++b) sub_(a, b) = delassus_(members[a], members[b]);
    }
    if (ldlt_in_place(sub_)) return std::nullopt;
    ldlt_solve_into(sub_, rhs_, lambda_);
    candidate_ = x;
    Real violation(0);
    for (std::size_t a = 0; a < size; ++a) {
      const std::size_t j = members[a];
      for (std::size_t i = 0; i < candidate_.size(); ++i) candidate_[i] -= lambda_[a] * w_[j][i];
      const Real wrong_sign = -lambda_[a] * delassus_(j, j);
      if (wrong_sign > violation) violation = wrong_sign;
    }
    for (std::size_t k = 0; k < m; ++k) {
      if (set & (std::uint32_t(1) << k)) continue;
      const Real rate = dot(gradients[k], candidate_);
      if (rate > violation) violation = rate;
    }
    return violation;
  }

  std::vector<Vector<Real>> w_;  ///< M⁻¹∇g_j
  Matrix<Real> delassus_;        ///< W = G M⁻¹ Gᵀ
  Vector<Real> rates_;           ///< ∇g_j·x
  Matrix<Real> sub_;             ///< W_AA, then its factor
  Vector<Real> rhs_, lambda_;
  Vector<Real> candidate_, best_;
  std::uint32_t best_set_ = 0;
};

}  // namespace vibro
