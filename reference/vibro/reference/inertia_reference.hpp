#pragma once
// The event-driven reference for systems with a general inertia (seed 004,
// docs/mathematics.md §7.2): M(q)q'' = f(t, q, q') + μ with constraints g_j(q) ≤ 0, the
// truth the sweeping-process scheme is measured against. The shape of NonlinearReference
// (nonlinear_reference.hpp) — start(), advance(state, t_target, on_event) — with the
// motion integrated by the RKF 7(8) flight of inertia_flight.hpp, free or in contact with
// one constraint, and these events (EventKind of contact_law.hpp):
// - impact: the first zero of a gap γ_j = −g_j(q(t)), over every constraint, located on
//   every accepted step by the certified first-zero search (first_zero.hpp) with the
//   Hermite curvature estimate of the step, when the normal rate ∇g_j·u⁻ there is > 0;
//   the impact law u⁺ = −e u⁻ + (1 + e) proj_{M(q)}(u⁻, V(q)) (inertia_dynamics.hpp);
// - grazing: a tangency (the search's touch, or a zero with ∇g_j·u ≤ 0): no impulse, the
//   normal rate (≈ 0) is removed and the system sticks or lifts off as below;
// - accumulation: after an impact whose rebound the rule of contact_law.hpp sums
//   (chatter_accumulation_time, with the gap's normal acceleration −λ_j ∇g_jᵀM⁻¹∇g_j in
//   place of the 1-DOF force), the system moves in contact with constraint j until the
//   accumulation time, where the event is reported (followed by stick);
// - stick: a system on the boundary of constraint j (|γ_j| ≤ the contact tolerance) whose
//   normal rate is too small to resolve (a rebound or approach of height
//   (∇g_j·u)²/(2|λ_j W_j|) ≤ the contact tolerance, W_j = ∇g_jᵀM⁻¹∇g_j) and whose contact
//   force λ_j exceeds the force tolerance: the contact phase starts (normal rate removed);
// - release: λ_j turns ≤ 0 during a contact phase, located by TOMS 748 between the ends of
//   the step where its sign changes; the position is put back on g_j = 0 (one Newton step
//   along M⁻¹∇g_j, removing the drift of the integrated contact motion) and the system lifts off.
//
// What is certified, and relative to what: the contact search as in the nonlinear
// reference — no zero of a gap is stepped over, RELATIVE to the integrator's error estimate
// and the Hermite curvature estimate, which are estimates, not bounds (hermite_curvature.hpp).
// NOT certified: the release (a sign test of λ at the step ends: a dip of λ below zero and
// back inside one step is not seen; the steps resolve λ's time scale, which is the
// motion's); the first step after a lift-off from rest on a boundary (γ = γ' = 0 there, so
// the search starts at the end of that step, after checking γ > 0 at its middle and end;
// the step is halved until it is); the chatter sum (the error of the rule of contact_law.hpp:
// the order of the contact tolerance in time, and the bounces' normal rate, ≤ √(32 tol |γ''|),
// in the velocity until the accumulation time).
//
// Refused with a std::runtime_error naming t: two constraints reached at the same time (to
// the contact tolerance) or a contact of another constraint while one is held (two
// constraints in contact at once), a release before the end of a summed chatter
// sequence, a mass matrix that is not positive definite, and the hard cap on integrator
// steps and events (ReferenceSettings::max_segments).

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/double_pendulum.hpp"
#include "vibro/model/general_inertia.hpp"
#include "vibro/reference/contact_law.hpp"
#include "vibro/reference/controlled_rkf78.hpp"
#include "vibro/reference/first_zero.hpp"
#include "vibro/reference/inertia_dynamics.hpp"
#include "vibro/reference/inertia_flight.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scalar/traits.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// One event of the general-inertia reference. Normal rates are ∇g_j·u (> 0 towards the
/// boundary), before and after; energies are the model's, before and after.
template <class Real>
struct InertiaEvent {
  EventKind kind;
  Real t;
  std::size_t constraint;  ///< 0-based
  Vector<Real> q;          ///< the position at the event
  Real rate_minus, rate_plus;
  Real energy_minus, energy_plus;
};

template <class Real>
struct InertiaState {
  Real t;
  Vector<Real> q, u;
  std::optional<std::size_t> contact;   ///< the constraint held (contact phase)
  std::optional<Real> accumulation;     ///< a summed chatter sequence ends then (in contact until)
  std::int64_t segments = 0;            ///< integrator steps and events so far, against the hard cap
};

template <GeneralInertiaModel Model>
class InertiaReference {
 public:
  using model_type = Model;
  using Real = typename Model::real_type;
  using State = InertiaState<Real>;
  using Event = InertiaEvent<Real>;
  using Flight = InertiaFlight<Model>;

  InertiaReference(Model model, ReferenceSettings<Real> settings, IntegrationSettings<Real> integration)
      : model_(std::move(model)), settings_(std::move(settings)), integration_(std::move(integration)) {
    require_valid(integration_);
  }

  const Model& model() const { return model_; }
  const ReferenceSettings<Real>& settings() const { return settings_; }
  const IntegrationSettings<Real>& integration() const { return integration_; }

  /// The state at t0; throws std::invalid_argument for inadmissible data
  /// (require_admissible_start).
  State start(const Real& t0, const Vector<Real>& q0, const Vector<Real>& u0) const {
    if (!is_finite(t0)) throw std::invalid_argument("t0 must be finite");
    require_admissible_start(model_, q0, u0);
    return State{t0, q0, u0, std::nullopt, std::nullopt, 0};
  }

  /// Advances `x` to `t_target` (≥ x.t), calling `on_event(const InertiaEvent<Real>&)` for
  /// every event, in time order.
  template <class Sink>
  void advance(State& x, const Real& t_target, Sink&& on_event) const {
    if (t_target < x.t)
      throw std::invalid_argument("InertiaReference::advance: target " + to_text(t_target) + " before t = " +
                                  to_text(x.t));
    InertiaDynamics<Model> dynamics(model_);
    while (x.t < t_target) {
      count_segment(x, settings_, t_target, "integrator steps and events");
      if (x.contact) advance_in_contact(x, t_target, dynamics, on_event);
      else advance_free(x, t_target, dynamics, on_event);
    }
  }

 private:
  struct Contact {
    ZeroKind kind;
    Real t;
    std::size_t constraint;
  };

  std::runtime_error unsupported(const std::string& what, const Real& t) const {
    return std::runtime_error("general-inertia reference: " + what + " at t = " + to_text(t) + " is not supported");
  }

  Real energy(const State& x) const { return model_.energy(x.q, x.u); }

  /// The rebound (or approach) height (∇g·u)²/(2|λW|) of a normal rate on the boundary is
  /// above `heights` contact tolerances: the search can resolve it.
  bool resolvable(const Real& rate, const Real& normal_acceleration, int heights) const {
    using std::abs;
    return rate * rate > 2 * heights * settings_.contact_tolerance * abs(normal_acceleration);
  }

  // ---- free motion ----

  template <class Sink>
  void advance_free(State& x, const Real& t_target, InertiaDynamics<Model>& dynamics, Sink& on_event) const {
    const std::size_t m = model_.constraint_count();
    std::vector<std::size_t> lifting;
    for (std::size_t j = 0; j < m; ++j) {
      if (-model_.constraint(j, x.q) > settings_.contact_tolerance) continue;
      // On the boundary: an approach to resolve now, a rebound for the search, a contact
      // phase, or a lift-off from rest.
      const Real rate = dynamics.normal_rate(x.q, x.u, j);
      const Real lambda = dynamics.multiplier(x.t, x.q, x.u, j);
      const Real normal_acceleration = lambda * dynamics.normal_weight(x.t, x.q, j);
      if (resolvable(rate, normal_acceleration, 1)) {
        if (rate > 0) {
          impact(x, j, dynamics, on_event);
          return;
        }
        continue;
      }
      if (lambda > settings_.force_tolerance) {
        stick(x, j, dynamics, on_event);
        return;
      }
      lifting.push_back(j);
    }
    Flight flight = lifting.empty() ? Flight(model_, x.t, x.q, x.u, std::nullopt, integration_, integration_.max_step)
                                    : lift_off(x, t_target, lifting);
    std::vector<Real> search_from(m, x.t);
    for (const std::size_t j : lifting) search_from[j] = flight.step_end();
    for (bool first = !lifting.empty();; first = false) {
      if (!first) {
        if (!(flight.step_end() < t_target)) break;
        count_segment(x, settings_, t_target, "integrator steps and events");
        flight.step(t_target);
      }
      if (const auto found = first_contact(flight, search_from, std::nullopt)) {
        contact(x, flight, *found, dynamics, on_event);
        return;
      }
    }
    x.t = t_target;
    x.q = flight.position(t_target);
    x.u = flight.velocity(t_target);
  }

  /// The earliest zero of a gap on the current step, over the constraints other than
  /// `skip`, searched from search_from[j] (then moved to the step's end).
  std::optional<Contact> first_contact(const Flight& flight, std::vector<Real>& search_from,
                                       std::optional<std::size_t> skip) const {
    using std::abs;
    using std::max;
    std::optional<Contact> best;
    const ZeroSearchSettings<Real> search{settings_.max_window, settings_.contact_tolerance, settings_.max_segments};
    for (std::size_t j = 0; j < search_from.size(); ++j) {
      if (skip && *skip == j) continue;
      const Real until = best ? best->t : flight.step_end();
      if (!(search_from[j] < until)) continue;
      const auto gap = [&](const Real& t) { return flight.gap(j, t).value; };
      const auto rate = [&](const Real& t) { return flight.gap(j, t).rate; };
      const auto curvature = [&](const Real& l, const Real& r) {
        const Range<Real> range = flight.gap_curvature_range(j, l, r);
        return max(abs(range.lower), abs(range.upper));
      };
      auto found = first_zero(gap, rate, curvature, search_from[j], until, search);
      // A step that ends exactly on the boundary is a contact there (the next search could
      // not start from it).
      if (found.kind == ZeroKind::none && !(gap(found.t) > 0)) found.kind = ZeroKind::crossing;
      if (found.kind != ZeroKind::none) best = Contact{found.kind, found.t, j};
    }
    for (Real& from : search_from) from = flight.step_end();
    return best;
  }

  /// The event at a located contact: an impact, or a graze.
  template <class Sink>
  void contact(State& x, const Flight& flight, const Contact& c, InertiaDynamics<Model>& dynamics,
               Sink& on_event) const {
    x.t = c.t;
    x.q = flight.position(c.t);
    x.u = flight.velocity(c.t);
    const Real rate = dynamics.normal_rate(x.q, x.u, c.constraint);
    // Another constraint reached at the same time (to the contact tolerance) would need the
    // projection onto the cone of both, which this reference does not apply.
    for (std::size_t k = 0; k < model_.constraint_count(); ++k)
      if (k != c.constraint && -model_.constraint(k, x.q) <= settings_.contact_tolerance &&
          dynamics.normal_rate(x.q, x.u, k) > 0)
        throw unsupported("contacts of constraints " + std::to_string(c.constraint + 1) + " and " +
                              std::to_string(k + 1) + " at once",
                          x.t);
    if (c.kind == ZeroKind::crossing && rate > 0) {
      impact(x, c.constraint, dynamics, on_event);
      return;
    }
    const Real before = energy(x);
    dynamics.remove_normal_rate(x.t, x.q, c.constraint, x.u);
    on_event(Event{EventKind::grazing, x.t, c.constraint, x.q, rate, dynamics.normal_rate(x.q, x.u, c.constraint), before,
                   energy(x)});
  }

  /// The impact law on constraint j at x, and the chatter rule.
  template <class Sink>
  void impact(State& x, std::size_t j, InertiaDynamics<Model>& dynamics, Sink& on_event) const {
    const Real before = energy(x), rate_minus = dynamics.normal_rate(x.q, x.u, j);
    dynamics.impact(x.t, x.q, j, x.u);
    const Real rate_plus = dynamics.normal_rate(x.q, x.u, j);
    on_event(Event{EventKind::impact, x.t, j, x.q, rate_minus, rate_plus, before, energy(x)});
    // The rule of contact_law.hpp with the gap's rate −∇g·u⁺ and its acceleration −λW at
    // zero normal rate in place of v+ and the 1-DOF force; a rebound too small to resolve
    // (e = 0) is left to advance_free, which starts the contact phase.
    const Real lambda = dynamics.multiplier(x.t, x.q, x.u, j);
    const Real gap_acceleration = -lambda * dynamics.normal_weight(x.t, x.q, j);
    if (!resolvable(rate_plus, gap_acceleration, 1)) return;
    if (const auto end = chatter_accumulation_time(model_.restitution(), gap_acceleration, x.t, Real(-rate_plus),
                                                   settings_.contact_tolerance)) {
      dynamics.remove_normal_rate(x.t, x.q, j, x.u);
      x.contact = j;
      x.accumulation = *end;
    }
  }

  template <class Sink>
  void stick(State& x, std::size_t j, InertiaDynamics<Model>& dynamics, Sink& on_event) const {
    const Real before = energy(x), rate = dynamics.normal_rate(x.q, x.u, j);
    dynamics.remove_normal_rate(x.t, x.q, j, x.u);
    x.contact = j;
    on_event(Event{EventKind::stick, x.t, j, x.q, rate, dynamics.normal_rate(x.q, x.u, j), before, energy(x)});
  }

  /// A free flight from rest on the boundaries of `lifting`, its first step taken: the
  /// step is halved until every lifting gap is positive at its middle and end (header
  /// comment: this step is not searched).
  Flight lift_off(State& x, const Real& t_target, const std::vector<std::size_t>& lifting) const {
    Real length = integration_.max_step;
    for (int halvings = 0; halvings <= max_lift_off_halvings && x.t + length > x.t; ++halvings, length /= 2) {
      count_segment(x, settings_, t_target, "integrator steps and events");
      Flight flight(model_, x.t, x.q, x.u, std::nullopt, integration_, length);
      flight.step(x.t + length < t_target ? Real(x.t + length) : t_target);
      const Real middle = (flight.step_start() + flight.step_end()) / 2;
      bool clear = true;
      for (const std::size_t j : lifting)
        clear = clear && flight.gap(j, middle).value > 0 && flight.gap(j, flight.step_end()).value > 0;
      // A step cut short by the target: the next advance decides again from its end.
      if (clear || flight.step_end() == t_target) return flight;
    }
    throw std::runtime_error("general-inertia reference: no lift-off step with a positive gap from t = " +
                             to_text(x.t));
  }

  static constexpr int max_lift_off_halvings = 64;

  // ---- contact phases ----

  template <class Sink>
  void advance_in_contact(State& x, const Real& t_target, InertiaDynamics<Model>& dynamics, Sink& on_event) const {
    const std::size_t j = *x.contact;
    const Real stop = x.accumulation && *x.accumulation < t_target ? *x.accumulation : t_target;
    Flight flight(model_, x.t, x.q, x.u, j, integration_, integration_.max_step);
    Real lambda = flight.contact_force(x.t);
    std::vector<Real> search_from(model_.constraint_count(), x.t);
    while (flight.step_end() < stop) {
      count_segment(x, settings_, t_target, "integrator steps and events");
      flight.step(stop);
      const Real lambda_end = flight.contact_force(flight.step_end());
      if (!(lambda_end > 0)) {
        const auto force = [&](const Real& t) { return flight.contact_force(t); };
        const Real t = detail::bracketed_root(force, flight.step_start(), flight.step_end(), lambda, lambda_end);
        if (x.accumulation) throw unsupported("a release before the end of a summed chatter sequence", t);
        release(x, flight, t, dynamics, on_event);
        return;
      }
      lambda = lambda_end;
      if (const auto other = first_contact(flight, search_from, j))
        throw unsupported("a contact of constraint " + std::to_string(other->constraint + 1) + " while constraint " +
                              std::to_string(j + 1) + " is held (two constraints in contact at once)",
                          other->t);
    }
    x.t = stop;
    x.q = flight.position(stop);
    x.u = flight.velocity(stop);
    if (x.accumulation && stop == *x.accumulation) {
      const Real e = energy(x);
      on_event(Event{EventKind::accumulation, x.t, j, x.q, Real(0), Real(0), e, e});
      on_event(Event{EventKind::stick, x.t, j, x.q, Real(0), Real(0), e, e});
      x.accumulation.reset();
    }
  }

  template <class Sink>
  void release(State& x, const Flight& flight, const Real& t, InertiaDynamics<Model>& dynamics,
               Sink& on_event) const {
    const std::size_t j = *x.contact;
    x.t = t;
    x.q = flight.position(t);
    x.u = flight.velocity(t);
    const Real before = energy(x), rate = dynamics.normal_rate(x.q, x.u, j);
    dynamics.project_onto_boundary(t, x.q, j);
    dynamics.remove_normal_rate(t, x.q, j, x.u);
    x.contact.reset();
    on_event(Event{EventKind::release, t, j, x.q, rate, dynamics.normal_rate(x.q, x.u, j), before, energy(x)});
  }

  Model model_;
  ReferenceSettings<Real> settings_;
  IntegrationSettings<Real> integration_;
};

/// The reference at the time, size and force scales of reference_settings.hpp: windows and
/// steps of at most τ/8, contact and force tolerances 64 ε S and 64 ε F, the integrator at
/// integration_settings(S).
template <GeneralInertiaModel Model>
InertiaReference<Model> inertia_reference(const Model& model, const ReferenceScales<typename Model::real_type>& s) {
  using Real = typename Model::real_type;
  return InertiaReference<Model>(model, reference_settings(s.time, s.size, s.force),
                                 integration_settings(s.size, Real(s.time / 8)));
}

// The double pendulum is the one general-inertia model: compiled once per floating type.
VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(InertiaReference, DoublePendulum)

}  // namespace vibro
