#pragma once
// The impact oscillator's impact map in centred form (docs/proofs.md "How the widths grow"): a
// Lohner-style enclosure of the state after an impact that keeps the correlation between the
// impact time and the velocity, where balls evaluated afresh at each impact lose it (the
// wrapping effect: on a contracting periodic orbit the balls grew about 1.5 times an impact).
//
// The map P: (t_k, v_k) ↦ (t_{k+1}, v_{k+1}) from an impact on the obstacle (u = u_min, velocity
// v_k after it) to the next one (its time and the velocity after it, −e u'). Its Jacobian DP
// follows from the contact condition G(τ; t0, v) = u(τ) − u_min = 0 by the implicit function
// theorem: with G_τ = u'(τ) (≠ 0: the contact is transverse),
//   G_t0 = p'(t0 + τ) − Φ11 p'(t0) − Φ12 p''(t0),  G_v = Φ12,
//   τ_t0 = −G_t0/G_τ,  τ_v = −G_v/G_τ,
//   ∂t1/∂t0 = 1 + τ_t0,  ∂t1/∂v = τ_v,
//   ∂v1/∂t0 = −e (p''(t0 + τ) − Φ21 p'(t0) − Φ22 p''(t0) + u'' τ_t0),
//   ∂v1/∂v = −e (Φ22 + u'' τ_v),
// (u = p + Φ(τ)(u_min − p(t0), v − p'(t0)), p the particular solution, p'' = −ω² p, u'' =
// a cos ω(t0 + τ) − 2αu' − u), all evaluated over a box of states and the box of their contact
// times, so that the box holds DP at every point of the segment between two states of it.
//
// The state is c + Q r: c an exact point, Q an exact matrix with orthonormal columns (to
// rounding), r a vector of balls. By the mean value theorem P(c + Q r) ∈ P(c) + DP(S) Q r, S
// the box of the states; with the next centre c' = mid(P(c)) and Q' the orthonormalised
// columns of mid(DP Q) (QR, as Lohner's method takes it),
//   r' = Q'⁻¹ (P(c) − c') + (Q'⁻¹ DP(S) Q) r,
// Q'⁻¹ a ball inverse of the exact Q'. Q'⁻¹ DP Q is near triangular with the map's contraction
// on its diagonal, so r grows by the rounding added at each impact, not by the wrapping.

#include "vibro/proof/oscillator_flight.hpp"

namespace vibro::proof {

/// DP at every state (t0 ∈ `t0`, v ∈ `v`) after an impact on the obstacle whose next contact
/// lies in `tau` (the rows: t1 and v1 after the impact; the columns: ∂/∂t0, ∂/∂v).
Matrix impact_map_jacobian(const ForcedOscillator& oscillator, const Ball& e, const Ball& t0, const Ball& v,
                           const Ball& tau);

/// A state after an impact as c + Q r (see the top of the file).
class CentredImpactState {
 public:
  /// The box (t, v) itself: c its midpoint, Q = I, r the rest.
  static CentredImpactState around(const Ball& t, const Ball& v);

  /// The centre, exact.
  const Ball& centre_t() const { return ct_; }
  const Ball& centre_v() const { return cv_; }
  /// The box c + Q r.
  std::pair<Ball, Ball> box() const;

  /// The state after the next impact, from P(c) = (t_next, v_next) (balls: the map at the
  /// centre, with its rounding) and DP over the box of the states (impact_map_jacobian).
  CentredImpactState next(const Ball& t_next, const Ball& v_next, const Matrix& jacobian) const;

 private:
  Ball ct_, cv_;
  Matrix q_{Ball(1), Ball(0), Ball(0), Ball(1)};
  Ball r1_, r2_;
};

}  // namespace vibro::proof
