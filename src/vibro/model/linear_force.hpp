#pragma once
// Models whose force is linear in the state: f(t, u, v) = g(t) − k v − c u. For them the
// Crank–Nicolson predictor of seed 000 eq. (26) is a 2×2 linear system with a closed-form
// solution (seed 000 eq. (27)–(28) for the impact oscillator, docs/mathematics.md §3).
//
// LinearForce<Model> names (g, k, c) for a model; it is left undefined for a model whose
// force is not of that form (the Duffing oscillator's −βu³), so that a scheme needing
// it refuses such a model at compile time. A new linear model specialises it.

#include "vibro/model/concepts.hpp"
#include "vibro/model/constant_force.hpp"
#include "vibro/model/harmonic_forcing_grid.hpp"
#include "vibro/model/impact_oscillator.hpp"

#include <concepts>

namespace vibro {

/// (g(t), k, c) of f(t, u, v) = g(t) − k v − c u; specialised per model.
template <class Model>
struct LinearForce;

/// The impact oscillator of seed 000 eq. (23): g(t) = a cos ωt, k = 2α, c = 1. on_grid gives
/// g on the grid t0 + n h for a scheme stepping along it (model/harmonic_forcing_grid.hpp).
template <class Real>
struct LinearForce<ImpactOscillator<Real>> {
  static Real forcing(const ImpactOscillator<Real>& model, const Real& t) { return model.forcing(t); }
  static HarmonicForcingGrid<Real> on_grid(const ImpactOscillator<Real>& model, const Real& t0, const Real& h) {
    return {model.amplitude(), model.omega(), t0, h};
  }
  static Real velocity_coefficient(const ImpactOscillator<Real>& model) { return model.velocity_coefficient(); }
  static Real position_coefficient(const ImpactOscillator<Real>&) { return Real(1); }
};

/// The constant force u'' = −g: g(t) = −g, k = 0, c = 0 (rational: usable with the exact type).
template <class Real>
struct LinearForce<ConstantForce<Real>> {
  static Real forcing(const ConstantForce<Real>& model, const Real&) { return -model.gravity(); }
  static Real velocity_coefficient(const ConstantForce<Real>&) { return Real(0); }
  static Real position_coefficient(const ConstantForce<Real>&) { return Real(0); }
};

/// A linear-force model whose g can be evaluated along a uniform grid (LinearForce<M>::on_grid).
template <class M>
concept ForcingOnGrid = requires(const M& m, const typename M::real_type& t) { LinearForce<M>::on_grid(m, t, t); };

/// An impact model for which LinearForce<M> is specialised.
template <class M>
concept LinearForceModel = ImpactModel<M> && requires(const M& m, const typename M::real_type& t) {
  { LinearForce<M>::forcing(m, t) } -> std::convertible_to<typename M::real_type>;               // g(t)
  { LinearForce<M>::velocity_coefficient(m) } -> std::convertible_to<typename M::real_type>;     // k
  { LinearForce<M>::position_coefficient(m) } -> std::convertible_to<typename M::real_type>;     // c
};

}  // namespace vibro
