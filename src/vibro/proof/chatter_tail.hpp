#pragma once
// The oscillator's chattering in ball arithmetic (docs/proofs.md "Chattering and sticking"):
// after an impact on the obstacle at t_k with a small velocity w > 0, the infinitely many ever
// shorter flights that follow, their accumulation time t∞ enclosed by a geometric tail, and
// then the rest on the obstacle until the release.
//
// The tail. Near the obstacle the gap's deceleration G = −u'' = u_min + gap + 2αu' − a cos ωt
// lies in [G_l, G_u] with G_l > 0 over a region R = [t_k, t_k + T] × [0, H] × [−V, V] of (t, gap,
// u'). A flight from the obstacle with velocity w whose deceleration stays in [G_l, G_u]:
//   rises to a height in [w²/(2G_u), w²/(2G_l)] after [w/G_u, w/G_l], falls back in
//   [w/G_u, w/G_l] (from h, the fall takes √(2h/G) and ends at the speed √(2Gh)), so it lasts
//   τ ∈ [2w/G_u, 2w/G_l] and lands at a speed in [w/ρ, wρ], ρ = √(G_u/G_l).
// The next flight starts at e times that speed: w_n ∈ [w (e/ρ)^n, w (eρ)^n], and with eρ < 1
//   t∞ − t_k = Σ τ_n ∈ [2w/(G_u(1 − e/ρ)), 2w/(G_l(1 − eρ))].
// The region is proved to hold the whole tail when every flight's bounds stay strictly inside
// it: T > 2w/(G_l(1 − eρ)), H > w²/(2G_l), V > ρw (a flight leaving R would first have to
// reach its boundary while still within these bounds). The width of t∞ is then O(w²): the
// deceleration's variation over R is O(w).
//
// Sticking and release. At t∞ the mass is at rest on the obstacle and G(t∞, 0, 0) ≥ G_l > 0
// pushes it in: it stays while F(t) = a cos ωt − u_min < 0 and leaves at the first zero t_r of F
// with F'(t_r) > 0 (the contact force λ = −F changes sign there). From rest the gap's first two
// derivatives vanish at t_r; its acceleration A = u'' has A(0) = 0 and A' = u''' = −aω sin ωt −
// 2αA − u': A' > 0 on [0, ε] proves A, u' and the gap positive on (0, ε] — the flight leaves.

#include "vibro/proof/oscillator_flight.hpp"

#include <optional>
#include <string>

namespace vibro::proof {

/// The accumulation time of the chattering that follows an impact on the obstacle at `t` with
/// velocity after `w` (> 0), or why it is not proved (the deceleration not proved positive over
/// the region, or eρ ≥ 1: a tail not proved geometric).
struct ChatterTail {
  std::optional<Ball> accumulation;
  std::string why_not;
};
ChatterTail chatter_tail(const ForcedOscillator& o, const Ball& t, const Ball& w);

/// The net force on the mass at rest on the obstacle and its rate, F(t) = a cos ωt − u_min and
/// F'(t), as τ ↦ (−F(t0 + τ), −F'(t0 + τ)): positive while the obstacle holds the mass, so that
/// first_contact finds the release as this "gap"'s first zero.
struct HeldAtRest {
  const ForcedOscillator& oscillator;
  Ball t0;
  std::pair<Ball, Ball> operator()(const Ball& tau) const;
};

/// A length ε > 0 over which the flight released from rest on the obstacle at `t` is proved to
/// leave it (A' > 0 on [0, ε], the gap at ε positive), or none.
std::optional<Ball> leaving_from_rest(const ForcedOscillator& o, const Ball& t, const Ball& longest);

}  // namespace vibro::proof
