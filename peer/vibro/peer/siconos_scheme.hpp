#pragma once
// Siconos' integrators (siconos_system.hpp) in the shape of a vibro scheme
// (scheme/scheme.hpp), so that a run, a study and its error against the reference treat
// them like vibro's own schemes. Double only: Siconos computes in double. Three models:
//  - the impact oscillator of seed 000 eq. (15) as M = 1, C = 2α, K = 1, F_ext = a cos(ω t)
//    and the gap u − u_min;
//  - seed 002's N-DOF system M²q'' + A²q = h(t), q ∈ K (model/linear_impact_system.hpp), as
//    M = M², K = A², no damping, F_ext = h(t) = f cos(Ωt) when forced, and one contact per
//    finite bound of the box, the gap q_i − q_i^min or q_i^max − q_i with its e_i;
//  - seed 004's double pendulum, nonlinear (SiconosDoublePendulum), with Moreau–Jean only.
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

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/double_pendulum.hpp"
#include "vibro/model/general_inertia.hpp"
#include "vibro/model/impact_oscillator.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/peer/siconos_system.hpp"
#include "vibro/scheme/ndof_scheme_support.hpp"
#include "vibro/scheme/scheme.hpp"

#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace vibro::peer {

/// The oscillator as Siconos takes it: M = 1, C = 2α, K = 1, F_ext = a cos(ω t), y = u − u_min.
inline SiconosLinearSystem siconos_form(const ImpactOscillator<double>& m) {
  return {1, {1}, {1}, {2 * m.alpha()}, {m.amplitude()}, m.omega(), {{0, false, m.obstacle(), m.restitution()}}};
}

/// Seed 002's system as Siconos takes it: M = M² (diagonal), K = A², no damping,
/// F_ext = f cos(Ωt) when forced, and a contact per finite bound.
inline SiconosLinearSystem siconos_form(const LinearImpactSystem<double>& m) {
  const std::size_t n = m.dimension();
  SiconosLinearSystem s;
  s.dimension = n;
  s.mass.assign(n * n, 0);
  for (std::size_t i = 0; i < n; ++i) s.mass[i * n + i] = m.mass_squared()[i];
  s.stiffness.resize(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) s.stiffness[i * n + j] = m.stiffness()(i, j);
  if (m.forced()) {
    s.force_amplitude = m.force_amplitude();
    s.forcing_frequency = m.forcing_frequency();
  }
  for (std::size_t i = 0; i < n; ++i) {
    const CoordinateBounds<double>& b = m.bounds(i);
    if (b.lower) s.contacts.push_back({i, false, *b.lower, b.restitution});
    if (b.upper) s.contacts.push_back({i, true, *b.upper, b.restitution});
  }
  return s;
}

/// Seed 004's pendulum as Siconos takes it (siconos_system.hpp).
inline SiconosDoublePendulum siconos_form(const DoublePendulum<double>& m) {
  return {m.m1(), m.m2(), m.l1(), m.l2(), m.gravity(), m.restitution()};
}

template <class Model>
concept SiconosModel = std::same_as<Model, ImpactOscillator<double>> ||
                       std::same_as<Model, LinearImpactSystem<double>> || std::same_as<Model, DoublePendulum<double>>;

/// Siconos 4.4's SchatzmanPaoliOSI takes a linear system alone (siconos_system.hpp).
template <SiconosIntegrator Integrator, class Model>
concept SiconosRuns =
    SiconosModel<Model> &&
    (Integrator == SiconosIntegrator::moreau_jean || !std::same_as<Model, DoublePendulum<double>>);

template <SiconosIntegrator Integrator, class Model>
  requires SiconosRuns<Integrator, Model>
class SiconosScheme {
 public:
  using model_type = Model;
  using real_type = double;
  /// seed 002's N-DOF system: positions and velocities are vectors.
  static constexpr bool n_dof = std::same_as<Model, LinearImpactSystem<double>>;
  /// seed 004's pendulum: vectors too, and one constraint (the wall) for its two contacts.
  static constexpr bool pendulum = std::same_as<Model, DoublePendulum<double>>;
  using coordinates_type = std::conditional_t<n_dof || pendulum, Vector<double>, double>;
  using form_type = decltype(siconos_form(std::declval<const Model&>()));

  static constexpr bool schatzman_paoli = Integrator == SiconosIntegrator::schatzman_paoli;
  /// Moreau–Jean: position error O(h) in L∞ with impacts (docs/peer.md). Schatzman–Paoli:
  /// seed 000 §1-2's orders of the Paoli–Schatzman scheme, which it discretises the same way
  /// up to the θ-weighting of its linear terms (docs/peer.md). The same for every model
  /// (the registry takes a scheme's orders from its first model); on seed 002's system and
  /// seed 004's pendulum they are measured against the N-DOF and the general-inertia
  /// references (cases/peer/, docs/peer.md).
  static constexpr DeclaredOrders declared_orders =
      schatzman_paoli ? declare_orders({{ErrorMetric::position_linf, {1, true, "seed 000 §1-2"}},
                                        {ErrorMetric::velocity_l1, {1, true, "seed 000 §1-2"}},
                                        {ErrorMetric::velocity_linf, {0, true, "seed 000 §2"}}})
                      : declare_orders({{ErrorMetric::position_linf, {1, true, "docs/peer.md (Moreau–Jean)"}}});
  static constexpr bool rational_arithmetic = false;

  /// Node n and Siconos' simulation, which every copy of the state shares (a Siconos
  /// simulation cannot be copied): a state is advanced by one owner at a time.
  struct State {
    std::shared_ptr<SiconosSystem> simulation;
    std::int64_t n = 0;
    coordinates_type u{}, v{};
    /// per coordinate (per constraint on the pendulum): a contact on it acted in the last step
    std::vector<char> active;
  };

  /// θ of Siconos' integrator, in [0, 1].
  SiconosScheme(Model model, double h, double t0 = 0, double theta = 0.5)
      : SiconosScheme(model, siconos_form(model), h, t0, theta) {}

  /// Siconos runs `form` instead of the model's own siconos_form (same dimension and
  /// contacts; tests/peer_test.cpp gives it seed 002's non-standard stiffness).
  SiconosScheme(Model model, form_type form, double h, double t0, double theta)
      : model_(std::move(model)), form_(std::move(form)), h_(h), t0_(t0), theta_(theta) {
    if (!std::isfinite(h_) || !(h_ > 0)) throw std::invalid_argument("step h = " + std::to_string(h_) + " must be > 0 and finite");
    if (!std::isfinite(t0_)) throw std::invalid_argument("t0 must be finite");
    if (!(theta_ >= 0 && theta_ <= 1)) throw std::invalid_argument("theta must be in [0, 1]");
  }

  const Model& model() const { return model_; }
  double step_size() const { return h_; }
  double theta() const { return theta_; }

  double time(const State& x) const { return t0_ + h_ * x.n; }
  const coordinates_type& position(const State& x) const { return x.u; }
  const coordinates_type& velocity(const State& x) const { return x.v; }
  /// Per coordinate (per constraint on the pendulum): a contact on it had a nonzero impulse
  /// in the last step.
  const std::vector<char>& active(const State& x) const { return x.active; }

  /// The N-DOF data are checked as vibro's N-DOF schemes check them (sizes, finite, q0 ∈ K;
  /// a coordinate on a bound moving out of K starts with −e_i v0_i: detail::start_velocity),
  /// the pendulum's as the sweeping-process scheme checks them ((q0, u0) ∈ L × V(q0)).
  State start(const coordinates_type& u0, const coordinates_type& v0) const {
    std::vector<double> q, v;
    if constexpr (n_dof) {
      q = u0;
      v = detail::start_velocity(model_, u0, v0);
    } else if constexpr (pendulum) {
      require_admissible_start(model_, u0, v0);
      q = u0;
      v = v0;
    } else {
      q = {u0};
      v = {v0};
    }
    std::size_t flags = q.size();
    if constexpr (pendulum) flags = model_.constraint_count();
    State x{std::make_shared<SiconosSystem>(form_, Integrator, theta_, h_, schatzman_paoli ? t0_ + h_ : t0_, q, v), 0,
            {}, {}, std::vector<char>(flags, 0)};
    if (schatzman_paoli) {
      x.u = u0;
      if constexpr (n_dof || pendulum) x.v = std::move(v);
      else x.v = v0;
    } else {
      read(x);
    }
    return x;
  }

  /// Node n → n + 1; true when a contact impulse of Siconos' step is nonzero.
  bool step(State& x) const {
    // Schatzman–Paoli's node 1 is Siconos' initial state: no Siconos step produces it.
    const bool stepped = !(schatzman_paoli && x.n == 0);
    const bool any = stepped && x.simulation->step();
    ++x.n;
    read(x);
    for (char& a : x.active) a = 0;
    if (any) {
      if constexpr (pendulum) {
        x.active[0] = 1;  // both contacts are the one wall
      } else {
        for (std::size_t j = 0; j < form_.contacts.size(); ++j)
          if (x.simulation->contact_active(j)) x.active[form_.contacts[j].coordinate] = 1;
      }
    }
    return any;
  }

 private:
  void read(State& x) const {
    const SiconosSystem& s = *x.simulation;
    if constexpr (n_dof || pendulum) {
      x.u.resize(s.dimension());
      x.v.resize(s.dimension());
      for (std::size_t i = 0; i < s.dimension(); ++i) {
        x.u[i] = s.position(i);
        x.v[i] = s.velocity(i);
      }
    } else {
      x.u = s.position(0);
      x.v = s.velocity(0);
    }
  }

  Model model_;
  form_type form_;
  double h_, t0_, theta_;
};

}  // namespace vibro::peer
