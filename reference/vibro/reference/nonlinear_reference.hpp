#pragma once
// The reference for impact models whose flights have no closed form (Duffing with an
// obstacle, any smooth f: docs/mathematics.md §5): the shape of ImpactReference (impact_reference.hpp)
// — start(), advance(state, t_target, on_event), the same events and states — with its
// flights computed by an adaptive Runge–Kutta–Fehlberg 7(8) integrator
// (integrated_flight.hpp) instead of a closed form. On every accepted step the certified
// first-zero search (first_zero.hpp) looks for the first contact, with the gap and its
// rate from the step's dense values and the curvature estimate of the step; the impact
// law and the grazing rule are those of the closed-form reference (contact_law.hpp).
//
// What this certifies: as much as the closed-form reference does, RELATIVE to the
// integrator's error estimate and the curvature estimate of integrated_flight.hpp, which
// are estimates, not bounds (see there). Set the contact tolerance above the global
// integration error expected at a contact, or a tangency may come out as a shallow impact
// (or the reverse): a tangency is decided within that tolerance.
//
// Supported: transverse impacts (v+ = −e v−), grazing contacts (reported as such; the mass
// then lifts off when the net force f(t, u_min, 0) is positive), a mass that starts at rest
// on the obstacle under a positive net force. Not supported yet, each with a clear
// std::runtime_error instead of a wrong answer: chatter (impacts that the rule of
// contact_law.hpp would sum to an accumulation point), sticking and release (the mass at
// rest under a net force f(t, u_min, 0) ≤ the force tolerance), and the derivative of the
// flow (no variational equations are integrated). The number of integrator steps is
// checked against the hard cap of the settings (ReferenceState::segments counts them).

#include "vibro/model/admissible.hpp"
#include "vibro/model/concepts.hpp"
#include "vibro/model/duffing_oscillator.hpp"
#include "vibro/reference/contact_law.hpp"
#include "vibro/reference/first_zero.hpp"
#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/integrated_flight.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/scalar_list.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

template <ImpactModel Model>
class NonlinearReference {
 public:
  using model_type = Model;
  using Real = typename Model::real_type;
  using Flight = IntegratedFlight<Model>;
  using State = ReferenceState<Real>;

  NonlinearReference(Model model, ReferenceSettings<Real> settings, IntegrationSettings<Real> integration)
      : model_(std::move(model)), settings_(std::move(settings)), integration_(std::move(integration)) {}

  const Model& model() const { return model_; }
  const ReferenceSettings<Real>& settings() const { return settings_; }
  const IntegrationSettings<Real>& integration() const { return integration_; }

  /// The state at t0; throws std::invalid_argument for inadmissible data.
  State start(const Real& t0, const Real& u0, const Real& v0) const {
    require_admissible(model_, u0, v0);
    return State{t0, u0, v0, false, 0};
  }

  /// Advances `x` to `t_target` (≥ x.t), calling `on_event(const ReferenceEvent<Real>&)`
  /// for every event; x.segments counts the integrator steps.
  template <class Sink>
  void advance(State& x, const Real& t_target, Sink&& on_event) const {
    if (t_target < x.t) throw std::invalid_argument("NonlinearReference::advance: target before the current time");
    if (x.stuck) throw unsupported("a stuck state", x.t);
    while (x.t < t_target) advance_flight(x, t_target, on_event);
  }

 private:
  static std::runtime_error unsupported(const std::string& what, const Real& t) {
    return std::runtime_error("nonlinear reference: " + what + " at t = " + to_text(t) +
                              ": chatter and sticking are not supported by the nonlinear reference yet");
  }

  /// One flight from x to its first contact, or to t_target.
  template <class Sink>
  void advance_flight(State& x, const Real& t_target, Sink& on_event) const {
    const Real& u_min = model_.obstacle();
    auto flight = x.u == u_min && x.v == 0 ? lift_off(x, t_target) : Flight(model_, x.t, x.u, x.v, integration_,
                                                                             integration_.max_step);
    // lift_off() has taken the first step, on which the gap is positive (convex from rest).
    Real search_from = flight.step_end();
    const auto gap = [&](const Real& t) { return Real(flight.position(t) - u_min); };
    const auto gap_rate = [&](const Real& t) { return flight.velocity(t); };
    const auto curvature = [&](const Real& l, const Real& r) { return flight.derivative_bound(2, l, r); };
    const ZeroSearchSettings<Real> search{settings_.max_window, settings_.contact_tolerance, settings_.max_segments};
    while (flight.step_end() < t_target) {
      count_segment(x, settings_, t_target, "integrator steps");
      flight.step(t_target);
      auto found = first_zero(gap, gap_rate, curvature, search_from, flight.step_end(), search);
      search_from = flight.step_end();
      // The search reports a crossing only where the gap turns negative; a step that ends
      // exactly on the obstacle is a contact there (the next search could not start from it).
      if (found.kind == ZeroKind::none && !(gap(found.t) > 0)) found.kind = ZeroKind::crossing;
      if (found.kind == ZeroKind::none) continue;
      const auto event = contact_event(found.kind, found.t, flight.velocity(found.t), model_.restitution());
      on_event(event);
      x = state_after_contact(event, u_min, x.segments);
      const Real force = model_.acceleration(x.t, u_min, Real(0));
      if (event.kind == EventKind::impact &&
          chatter_accumulation_time(model_.restitution(), force, x.t, x.v, settings_.contact_tolerance))
        throw unsupported("a chatter sequence (impacts accumulating)", x.t);
      return;
    }
    x = State{t_target, flight.position(t_target), flight.velocity(t_target), false, x.segments};
  }

  /// A flight from rest on the obstacle, with its first step taken: the net force
  /// a = f(t, u_min, 0) must exceed the force tolerance (else the mass sticks: not
  /// supported), and the step is shortened until the lower estimate of u'' on it is
  /// positive, so that the gap, zero with zero slope at the start, is convex and positive
  /// on the whole step (the same argument as ImpactReference's lift-off, with the flight's
  /// curvature estimate in place of a bound on u''').
  Flight lift_off(State& x, const Real& t_target) const {
    const Real force = model_.acceleration(x.t, model_.obstacle(), Real(0));
    if (!(force > settings_.force_tolerance)) throw unsupported("rest on the obstacle under a net force " + to_text(force), x.t);
    Real length = integration_.max_step;
    for (int halvings = 0; halvings <= max_lift_off_halvings; ++halvings, length /= 2) {
      count_segment(x, settings_, t_target, "integrator steps");
      Flight flight(model_, x.t, x.u, x.v, integration_, length);
      flight.step(x.t + length < t_target ? Real(x.t + length) : t_target);
      if (flight.acceleration_range(flight.step_start(), flight.step_end()).lower > 0) return flight;
    }
    throw std::runtime_error("nonlinear reference: no lift-off step with a positive curvature estimate from t = " +
                             to_text(x.t));
  }

  /// Halvings of the lift-off step before giving up (the estimate tends to a > 0 as the
  /// step shrinks, so only a force within rounding of the tolerance gets anywhere near).
  static constexpr int max_lift_off_halvings = 64;

  Model model_;
  ReferenceSettings<Real> settings_;
  IntegrationSettings<Real> integration_;
};

// The Duffing oscillator is the nonlinear model this is used with: compiled once per floating type.
VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(NonlinearReference, DuffingOscillator)

}  // namespace vibro
