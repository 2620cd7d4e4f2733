#pragma once
// What the exact-detection references do at the obstacle, whatever computes their flights
// (closed forms in impact_reference.hpp, an adaptive integrator in nonlinear_reference.hpp):
// the events and states they report, the impact law u'(t+0) = −e u'(t−0) at a located
// contact (docs/mathematics.md §1.2), the rule that sums a chatter sequence (docs/mathematics.md §1.3), and the
// hard cap that turns an endless run into an error.

#include "vibro/support/cancellation.hpp"
#include "vibro/reference/first_zero.hpp"
#include "vibro/scalar/format.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace vibro {

enum class EventKind {
  impact,        ///< transverse contact: v+ = −e v−
  grazing,       ///< the gap touches zero with zero velocity: no impulse, no saltation matrix
  accumulation,  ///< the end of a chatter sequence: infinitely many impacts summed (docs/mathematics.md §1.3)
  stick,         ///< the mass rests on the obstacle, held by a net force f(t, u_min, 0) ≤ 0
  release,       ///< the net force turns positive: the mass leaves the obstacle
};

constexpr const char* to_string(EventKind kind) {
  switch (kind) {
    case EventKind::impact: return "impact";
    case EventKind::grazing: return "grazing";
    case EventKind::accumulation: return "accumulation";
    case EventKind::stick: return "stick";
    case EventKind::release: return "release";
  }
  return "?";
}

template <class Real>
struct ReferenceEvent {
  EventKind kind;
  Real t;
  Real v_minus;  ///< velocity before the event (0 for stick, release and accumulation)
  Real v_plus;   ///< velocity after it
};

/// Times of the transverse impacts among `events` (the events a scheme's impacts are
/// compared with).
template <class Real>
std::vector<Real> impact_times(const std::vector<ReferenceEvent<Real>>& events) {
  std::vector<Real> times;
  for (const auto& e : events)
    if (e.kind == EventKind::impact) times.push_back(e.t);
  return times;
}

template <class Real>
struct ReferenceState {
  Real t, u, v;
  bool stuck = false;
  std::int64_t segments = 0;  ///< flights and sticking phases (integrator steps for the nonlinear reference) so far, checked against the hard cap
};

template <class Real>
struct ReferenceSettings {
  Real max_window;         ///< longest window of the contact search
  Real contact_tolerance;  ///< |u − u_min| at a minimum below which it counts as a contact
  Real force_tolerance;    ///< |f(t, u_min, 0)| below which the net force counts as zero
  std::int64_t max_segments = 100'000'000;  ///< hard cap: an error, never an endless loop
};

/// Counts one more segment of `x` (a ReferenceState, or any state with a `segments` count)
/// against the hard cap; `what` names the segments in the message ("flights and sticking
/// phases", "integrator steps"). Where a request to stop is tested (support/cancellation.hpp).
template <class State, class Real>
void count_segment(State& x, const ReferenceSettings<Real>& settings, const Real& t_target, const char* what) {
  throw_if_cancelled();
  if (++x.segments > settings.max_segments)
    throw std::runtime_error("exact-detection reference: more than " + std::to_string(settings.max_segments) + " " +
                             what + " before t = " + to_text(t_target) +
                             " (hard cap; raise max_segments if this is expected)");
}

/// The event at a contact that the certified search located at t, with velocity v− there:
/// a tangency (the search's touch, or a velocity that does not point into the obstacle) is
/// grazing, with no impulse; anything else is an impact with v+ = −e v−.
template <class Real>
ReferenceEvent<Real> contact_event(ZeroKind kind, const Real& t, const Real& v_minus, const Real& e) {
  if (kind == ZeroKind::touch || !(v_minus < 0)) return {EventKind::grazing, t, v_minus, v_minus};
  return {EventKind::impact, t, v_minus, Real(-e * v_minus)};
}

/// The state just after a contact event: on the obstacle, leaving it at v+ after an impact;
/// put at rest after a grazing contact (an error within the contact tolerance), from where
/// it lifts off on the next segment.
template <class Real>
ReferenceState<Real> state_after_contact(const ReferenceEvent<Real>& event, const Real& u_min,
                                         std::int64_t segments) {
  const Real v = event.kind == EventKind::impact ? event.v_plus : Real(0);
  return ReferenceState<Real>{event.t, u_min, v, false, segments};
}

/// docs/mathematics.md §1.3: after an impact with a rebound v+ against a net force F < 0, the next
/// flights last 2v+/|F|, 2e v+/|F|, …: under a constant F the impacts accumulate at
/// t + 2v+/(|F|(1 − e)), exactly. The impacts are resolved one by one while the rebound
/// height v+²/(2|F|) stays above chatter_heights × the contact tolerance (so each flight
/// is certified well clear of a tangency); below, the series is summed and the mass put at
/// rest at the accumulation time. Under a varying force the sum's error is of the order
/// of the remaining time Δ = 2v+/(|F|(1−e)) squared times |F'|/|F|, which this threshold
/// keeps at 8·chatter_heights·tolerance·|F'|/(F²(1 − e)²): the contact tolerance's order.
inline constexpr int chatter_heights = 16;

/// The accumulation time of the chatter sequence that starts at t with rebound v+ against
/// the net force F = f(t, u_min, 0), when the rule above sums it; nothing otherwise.
template <class Real>
std::optional<Real> chatter_accumulation_time(const Real& e, const Real& force, const Real& t, const Real& v_plus,
                                              const Real& contact_tolerance) {
  if (!(e < 1) || !(force < 0) || !(v_plus > 0)) return std::nullopt;
  if (v_plus * v_plus > 2 * chatter_heights * contact_tolerance * -force) return std::nullopt;
  return Real(t + 2 * v_plus / (-force * (1 - e)));
}

}  // namespace vibro
