#pragma once
// What a scheme needs from a 1-DOF impact problem u'' = f(t, u, u'), u ≥ u_min, with the
// Newton impact law u'(t+0) = −e u'(t−0) at contact (seed 001 eq. (1)–(4)).

#include <concepts>

namespace vibro {

template <class M>
concept ImpactModel = requires(const M& m, const typename M::real_type& x) {
  typename M::real_type;
  { m.acceleration(x, x, x) } -> std::same_as<typename M::real_type>;  // f(t, u, v)
  { m.obstacle() } -> std::convertible_to<typename M::real_type>;      // u_min
  { m.restitution() } -> std::convertible_to<typename M::real_type>;   // e
};

/// A model whose force is affine in the velocity: f(t, u, v) = f(t, u, 0) − k·v with a
/// constant k ≥ 0 (velocity_coefficient). The implicit velocity approximations of the
/// Paoli–Schatzman scheme then have a closed form (docs/mathematics.md §2, derived).
template <class M>
concept AffineInVelocity = ImpactModel<M> && requires(const M& m) {
  { m.velocity_coefficient() } -> std::convertible_to<typename M::real_type>;
};

/// A model driven with period T = 2π/ω, so that a stroboscopic (Poincaré) map exists.
template <class M>
concept PeriodicallyForced = ImpactModel<M> && requires(const M& m) {
  { m.period() } -> std::convertible_to<typename M::real_type>;
};

}  // namespace vibro
