#pragma once
// Siconos' integrators (siconos_oscillator.hpp) in the shape of a vibro scheme
// (scheme/scheme.hpp), so that a run, a study and its error against the reference treat
// them like vibro's own schemes. Double only: Siconos computes in double.
//
// The nodes are vibro's: node n is at t0 + n h, as for the Paoli–Schatzman scheme.
//  - Moreau–Jean starts at t0 from (u0, v0); node n is Siconos' state after n steps.
//  - Schatzman–Paoli: Siconos' SchatzmanPaoliOSI takes the initial q0 as the position one
//    step before its start time and sets its first position to q0 + h v0 there (its
//    initializeDynamicalSystem), then evaluates the force at the start of each step. The
//    peer therefore starts Siconos at t0 + h: node 0 is (u0, v0) at t0, node 1 is Siconos'
//    initial state U^1 = u0 + h v0 at t0 + h, node n ≥ 2 is its state after n − 1 steps.
//    Every force is then evaluated at the node of vibro's numbering it belongs to
//    (docs/peer.md "When Schatzman–Paoli is Paoli–Schatzman").

#include "vibro/model/impact_oscillator.hpp"
#include "vibro/peer/siconos_oscillator.hpp"
#include "vibro/scheme/scheme.hpp"

#include <cmath>
#include <concepts>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace vibro::peer {

template <SiconosIntegrator Integrator, class Model>
  requires std::same_as<Model, ImpactOscillator<double>>
class SiconosScheme {
 public:
  using model_type = Model;
  using real_type = double;

  static constexpr bool schatzman_paoli = Integrator == SiconosIntegrator::schatzman_paoli;
  /// Moreau–Jean: position error O(h) in L∞ with impacts (docs/peer.md). Schatzman–Paoli:
  /// seed 000 §1-2's orders of the Paoli–Schatzman scheme, which it discretises the same way
  /// up to the θ-weighting of its linear terms (docs/peer.md).
  static constexpr DeclaredOrders declared_orders =
      schatzman_paoli ? declare_orders({{ErrorMetric::position_linf, {1, true, "seed 000 §1-2"}},
                                        {ErrorMetric::velocity_l1, {1, true, "seed 000 §1-2"}},
                                        {ErrorMetric::velocity_linf, {0, true, "seed 000 §2"}}})
                      : declare_orders({{ErrorMetric::position_linf, {1, true, "docs/peer.md (Moreau–Jean)"}}});
  static constexpr bool rational_arithmetic = false;

  /// Node n and Siconos' simulation, which every copy of the state shares (a Siconos
  /// simulation cannot be copied): a state is advanced by one owner at a time.
  struct State {
    std::shared_ptr<SiconosOscillator> simulation;
    std::int64_t n = 0;
    double u = 0;
    double v = 0;
  };

  /// θ of Siconos' integrator, in [0, 1].
  SiconosScheme(Model model, double h, double t0 = 0, double theta = 0.5)
      : model_(std::move(model)), h_(h), t0_(t0), theta_(theta) {
    if (!std::isfinite(h_) || !(h_ > 0)) throw std::invalid_argument("step h = " + std::to_string(h_) + " must be > 0 and finite");
    if (!std::isfinite(t0_)) throw std::invalid_argument("t0 must be finite");
    if (!(theta_ >= 0 && theta_ <= 1)) throw std::invalid_argument("theta must be in [0, 1]");
  }

  const Model& model() const { return model_; }
  double step_size() const { return h_; }
  double theta() const { return theta_; }

  double time(const State& x) const { return t0_ + h_ * x.n; }
  double position(const State& x) const { return x.u; }
  double velocity(const State& x) const { return x.v; }

  State start(double u0, double v0) const {
    const OscillatorCoefficients c{model_.alpha(), model_.amplitude(), model_.omega(), model_.obstacle(),
                                   model_.restitution()};
    auto simulation = std::make_shared<SiconosOscillator>(c, Integrator, theta_, h_, schatzman_paoli ? t0_ + h_ : t0_,
                                                          u0, v0);
    if (schatzman_paoli) return State{std::move(simulation), 0, u0, v0};
    return State{simulation, 0, simulation->position(), simulation->velocity()};
  }

  /// Node n → n + 1; true when Siconos' contact impulse of the step is nonzero.
  bool step(State& x) const {
    // Schatzman–Paoli's node 1 is Siconos' initial state: no Siconos step produces it.
    const bool active = schatzman_paoli && x.n == 0 ? false : x.simulation->step();
    ++x.n;
    x.u = x.simulation->position();
    x.v = x.simulation->velocity();
    return active;
  }

 private:
  Model model_;
  double h_, t0_, theta_;
};

}  // namespace vibro::peer
