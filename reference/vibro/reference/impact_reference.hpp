#pragma once
// The exact-detection reference (docs/mathematics.md §1.4, docs/mathematics.md §1): closed-form
// flights between events; contacts located by the certified first-zero search, so none is
// stepped over and a tangency is reported as grazing; the impact law u'(t+0) = −e u'(t−0);
// chatter (impacts accumulating in finite time, e < 1) summed to its accumulation time;
// sticking while the net force f(t, u_min, 0) pushes into the obstacle, released when it
// turns positive; and, on request, the exact derivative of the flow (fundamental matrices
// between impacts, saltation matrices at impacts, seed 001 Theorem 3.1).

#include "vibro/model/admissible.hpp"
#include "vibro/reference/constant_force_flight.hpp"
#include "vibro/reference/contact_law.hpp"
#include "vibro/reference/first_zero.hpp"
#include "vibro/reference/matrix2.hpp"
#include "vibro/reference/oscillator_flight.hpp"
#include "vibro/reference/sticking_force.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scalar/traits.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace vibro {

template <class Model>
struct FlightOf;
template <class Real>
struct FlightOf<ImpactOscillator<Real>> {
  using type = OscillatorFlight<Real>;
};
template <class Real>
struct FlightOf<ConstantForce<Real>> {
  using type = ConstantForceFlight<Real>;
};

/// Derivative of the flow along a run, ∂x(t)/∂x(t_start); undefined once a grazing
/// contact, an accumulation or sticking has happened (docs/mathematics.md §1.2: the saltation matrix
/// needs v− ≠ 0, and sticking makes it singular).
template <class Real>
struct FlowJacobian {
  Matrix2<Real> matrix{Real(1), Real(0), Real(0), Real(1)};
  bool defined = true;
  std::string why_undefined;

  void invalidate(const std::string& reason) {
    if (defined) why_undefined = reason;
    defined = false;
  }
};

/// Saltation matrix at a transverse impact (seed 001 Theorem 3.1, docs/mathematics.md §1.2):
/// S = [[−e, 0], [(f(t_c, u_min, v+) + e f(t_c, u_min, v−))/v−, −e]], v+ = −e v−.
template <class Model>
Matrix2<typename Model::real_type> saltation_matrix(const Model& model, const typename Model::real_type& t_c,
                                                    const typename Model::real_type& v_minus) {
  using Real = typename Model::real_type;
  const Real& e = model.restitution();
  const Real v_plus = -e * v_minus;
  const Real lower_left =
      (model.acceleration(t_c, model.obstacle(), v_plus) + e * model.acceleration(t_c, model.obstacle(), v_minus)) /
      v_minus;
  return {Real(-e), Real(0), lower_left, Real(-e)};
}

template <class Model>
class ImpactReference {
 public:
  using model_type = Model;
  using Real = typename Model::real_type;
  using Flight = typename FlightOf<Model>::type;
  using State = ReferenceState<Real>;

  ImpactReference(Model model, ReferenceSettings<Real> settings)
      : model_(std::move(model)), settings_(std::move(settings)) {}

  const Model& model() const { return model_; }
  const ReferenceSettings<Real>& settings() const { return settings_; }

  /// The state at t0; throws std::invalid_argument for inadmissible data.
  State start(const Real& t0, const Real& u0, const Real& v0) const {
    require_admissible(model_, u0, v0);
    return State{t0, u0, v0, false, 0};
  }

  /// Advances `x` to `t_target` (≥ x.t), calling `on_event(const ReferenceEvent<Real>&)`
  /// for every event, and multiplying `*jacobian` by the derivative of the flow.
  template <class Sink>
  void advance(State& x, const Real& t_target, Sink&& on_event, FlowJacobian<Real>* jacobian = nullptr) const {
    if (t_target < x.t) throw std::invalid_argument("ImpactReference::advance: target before the current time");
    while (x.t < t_target) {
      count_segment(x, settings_, t_target, "flights and sticking phases");
      if (x.stuck)
        advance_stuck(x, t_target, on_event, jacobian);
      else
        advance_flight(x, t_target, on_event, jacobian);
    }
  }

 private:
  /// The flight's position and velocity at the last time asked for, evaluated again only
  /// when the time changes.
  class LastState {
   public:
    explicit LastState(const Flight& flight) : flight_(flight) {}
    const PositionVelocity<Real>& at(const Real& t) {
      if (!t_ || *t_ != t) {
        x_ = flight_.state(t);
        t_ = t;
      }
      return x_;
    }

   private:
    const Flight& flight_;
    std::optional<Real> t_;
    PositionVelocity<Real> x_;
  };

  template <class Sink>
  void advance_flight(State& x, const Real& t_target, Sink& on_event, FlowJacobian<Real>* jacobian) const {
    const Flight flight(model_, x.t, x.u, x.v);
    const Real& u_min = model_.obstacle();
    Real search_from = x.t;
    if (x.u == u_min && x.v == 0) {
      // At rest on the obstacle: it sticks unless the net force lifts it off.
      const auto lift_off = certified_lift_off(flight, x.t, t_target);
      if (!lift_off) {
        x.stuck = true;
        if (jacobian) jacobian->invalidate("sticking from t = " + to_text(x.t));
        on_event(ReferenceEvent<Real>{EventKind::stick, x.t, Real(0), Real(0)});
        return;
      }
      search_from = *lift_off;
    }
    // The search asks for the gap and its rate at each window's end, one after the other:
    // one joint evaluation of the flight serves both.
    LastState last(flight);
    const auto gap = [&](const Real& t) { return Real(last.at(t).position - u_min); };
    const auto gap_rate = [&](const Real& t) { return last.at(t).velocity; };
    const auto curvature = [&](const Real& l, const Real& r) { return flight.derivative_bound(2, l, r); };
    auto found = search_from < t_target
                           ? first_zero(gap, gap_rate, curvature, search_from, t_target, search_settings(settings_.contact_tolerance))
                           : ZeroSearch<Real>{ZeroKind::none, t_target, 0};
    if (found.kind == ZeroKind::none) {
      PositionVelocity<Real> end = flight.state(t_target);
      if (!closing_within_tolerance(end)) {
        if (jacobian) jacobian->matrix = flight.fundamental(t_target) * jacobian->matrix;
        x.t = t_target;
        x.u = std::move(end.position);
        x.v = std::move(end.velocity);
        return;
      }
      // A tie: the flight reaches the obstacle at the stop time to within the contact
      // tolerance, closing. Whether the search finds that zero before t_target or not is
      // decided by rounding, so the impact is resolved at t_target, before the stop, at every
      // precision: an impact at a stop time (a Lyapunov section) belongs to the span that
      // ends there (docs/lyapunov.md "An impact on a section").
      found = ZeroSearch<Real>{ZeroKind::crossing, t_target, found.windows};
    }
    // The impact law, or a tangency (no impulse: the mass is put at rest on the obstacle,
    // an error within the contact tolerance, and lifts off on the next segment).
    if (!(found.t > x.t))
      throw std::runtime_error("exact-detection reference: no progress at t = " + to_text(x.t) +
                               " (a contact at the start of a flight: degenerate data or tolerances too small for "
                               "the rounding of the force)");
    const auto event = contact_event(found.kind, found.t, flight.velocity(found.t), model_.restitution());
    if (jacobian && event.kind == EventKind::grazing) jacobian->invalidate("grazing contact at t = " + to_text(found.t));
    if (jacobian && event.kind == EventKind::impact)
      jacobian->matrix = saltation_matrix(model_, found.t, event.v_minus) * (flight.fundamental(found.t) * jacobian->matrix);
    on_event(event);
    x = state_after_contact(event, u_min, x.segments);
    if (event.kind == EventKind::impact) resolve_chatter(x, t_target, on_event, jacobian);
  }

  /// The state at a stop time is on the obstacle to within the contact tolerance and moving
  /// into it: a contact due at the stop time, which the search may or may not have seen.
  bool closing_within_tolerance(const PositionVelocity<Real>& end) const {
    return end.velocity < 0 && end.position - model_.obstacle() <= settings_.contact_tolerance;
  }

  /// Sums the chatter sequence after an impact when the rule of contact_law.hpp says so.
  template <class Sink>
  void resolve_chatter(State& x, const Real& t_target, Sink& on_event, FlowJacobian<Real>* jacobian) const {
    const Real force = StickingForce<Model>{model_}.value(x.t);
    const auto t_accumulation =
        chatter_accumulation_time(model_.restitution(), force, x.t, x.v, settings_.contact_tolerance);
    if (!t_accumulation) return;
    if (jacobian) jacobian->invalidate("accumulation of impacts at t = " + to_text(*t_accumulation));
    on_event(ReferenceEvent<Real>{EventKind::accumulation, *t_accumulation, Real(0), Real(0)});
    // Past the target the chatter is still going on, within the contact tolerance of rest.
    x = State{*t_accumulation < t_target ? *t_accumulation : t_target, model_.obstacle(), Real(0), false, x.segments};
  }

  template <class Sink>
  void advance_stuck(State& x, const Real& t_target, Sink& on_event, FlowJacobian<Real>*) const {
    const StickingForce<Model> force{model_};
    const Real f = force.value(x.t), slope = force.slope(x.t);
    Real from = x.t;
    if (f > -settings_.force_tolerance) {
      if (slope > 0 || f > settings_.force_tolerance) {
        release(x, x.t, on_event);
        return;
      }
      // The force touches zero and turns back: still held. Skip the tangency's width.
      using std::sqrt;
      const Real m = force.curvature_bound(x.t, x.t + settings_.max_window);
      from = x.t + (m > 0 ? Real(2 * sqrt(settings_.force_tolerance / m)) : settings_.max_window);
      if (from >= t_target) {
        x.t = t_target;
        return;
      }
    }
    const auto held = [&](const Real& t) { return Real(-force.value(t)); };
    const auto held_rate = [&](const Real& t) { return Real(-force.slope(t)); };
    const auto bound = [&](const Real& l, const Real& r) { return force.curvature_bound(l, r); };
    const auto found = first_zero(held, held_rate, bound, from, t_target, search_settings(settings_.force_tolerance));
    if (found.kind == ZeroKind::crossing) {
      release(x, found.t, on_event);
      return;
    }
    // None, or a tangency of the force (held on): the next segment starts after it.
    x.t = found.t;
  }

  template <class Sink>
  void release(State& x, const Real& t, Sink& on_event) const {
    on_event(ReferenceEvent<Real>{EventKind::release, t, Real(0), Real(0)});
    x = State{t, model_.obstacle(), Real(0), false, x.segments};
  }

  /// From rest on the obstacle at t_s: the first time after t_s from which the gap is
  /// certified positive, or nothing when the net force holds the mass. With a = u''(t_s)
  /// and j = u'''(t_s):
  /// - a > 0: u'' ≥ a/2 on [t_s, t_s + a/(2 J3)], J3 ≥ |u'''|, so the gap, zero with zero
  ///   slope at t_s, is positive there;
  /// - a ≥ −force tolerance (zero to rounding, as at a release) and j > 0: u''' ≥ j/2 on
  ///   [t_s, t_s + j/(2 J4)], J4 ≥ |u''''|, so u'' ≥ a + j s/2 and the gap is positive
  ///   beyond the rounding level.
  /// When both hold, the longer interval is taken: an acceleration barely above the
  /// tolerance alone would give a step too short to move t.
  std::optional<Real> certified_lift_off(const Flight& flight, const Real& t_s, const Real& t_target) const {
    using std::max;
    using std::min;
    const Real a = flight.derivative(2, t_s);
    if (a < -settings_.force_tolerance) return std::nullopt;
    const Real horizon = min(Real(t_s + settings_.max_window), t_target);
    Real step(0);
    if (a > settings_.force_tolerance) {
      const Real bound = flight.derivative_bound(3, t_s, horizon);
      step = bound > 0 ? Real(a / (2 * bound)) : settings_.max_window;
    }
    if (const Real j = flight.derivative(3, t_s); j > 0) {
      const Real bound = flight.derivative_bound(4, t_s, horizon);
      step = max(step, bound > 0 ? Real(j / (2 * bound)) : settings_.max_window);
    }
    if (!(step > 0)) return std::nullopt;
    const Real lift_off = min(Real(t_s + step), horizon);
    if (!(lift_off > t_s))
      throw std::runtime_error("exact-detection reference: lift-off from rest at t = " + to_text(t_s) +
                               " cannot be certified at this precision (the certified interval is below the "
                               "resolution of t)");
    return lift_off;
  }

  ZeroSearchSettings<Real> search_settings(const Real& tolerance) const {
    return ZeroSearchSettings<Real>{settings_.max_window, tolerance, settings_.max_segments};
  }

  Model model_;
  ReferenceSettings<Real> settings_;
};

VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(ImpactReference, ImpactOscillator)
VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(ImpactReference, ConstantForce)

}  // namespace vibro
