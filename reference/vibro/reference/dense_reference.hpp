#pragma once
// The exact-detection reference over a whole horizon, evaluable at any time: the run is
// made once, its events turned into segments (a closed-form flight from each impact,
// grazing, lift-off or release; rest on the obstacle while stuck), and position(t),
// velocity(t) find their segment by binary search (a Cursor walks forward from the last
// one). This is what convergence studies compare a scheme's grid against
// (docs/mathematics.md §8), at the cost of one flight evaluation per grid point rather
// than one contact search.
//
// A chatter sequence summed to its accumulation time is represented as rest from its last
// resolved impact: the rebounds it omits are below 16 contact tolerances high (see
// ImpactReference::resolve_chatter), so positions there are within that of the truth.

#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/scalar/scalar_list.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace vibro {

template <class Model>
class DenseReference {
 public:
  using Real = typename Model::real_type;
  using Flight = typename FlightOf<Model>::type;

  /// Runs the reference from (t0, u0, v0) to t_end with its default settings.
  DenseReference(const Model& model, const Real& t0, const Real& u0, const Real& v0, const Real& t_end)
      : model_(model) {
    const ImpactReference<Model> reference(model, default_reference_settings(model, u0, v0));
    auto x = reference.start(t0, u0, v0);
    segments_.push_back(Segment{t0, false, Flight(model, t0, u0, v0)});
    reference.advance(x, t_end, [&](const ReferenceEvent<Real>& e) { on_event(e); });
  }

  Real position(const Real& t) const { return state(t).position; }
  Real velocity(const Real& t) const { return state(t).velocity; }
  PositionVelocity<Real> state(const Real& t) const { return state_on(segment(t), t); }

  /// Evaluates the reference at times that mostly increase (a scheme's nodes): it keeps
  /// the segment of the last time and moves forward from it, where state(t) searches all
  /// segments; a time before that segment searches again. Each thread of a study has its
  /// own; the reference outlives it.
  class Cursor {
   public:
    explicit Cursor(const DenseReference& reference) : reference_(reference) {}
    PositionVelocity<Real> state(const Real& t) {
      const std::vector<Segment>& segments = reference_.segments_;
      if (t < segments[index_].start) index_ = static_cast<std::size_t>(&reference_.segment(t) - segments.data());
      while (index_ + 1 < segments.size() && !(t < segments[index_ + 1].start)) ++index_;
      return reference_.state_on(segments[index_], t);
    }

   private:
    const DenseReference& reference_;
    std::size_t index_ = 0;
  };
  Cursor cursor() const { return Cursor(*this); }

  /// Every event of the run, in order.
  const std::vector<ReferenceEvent<Real>>& events() const { return events_; }
  /// Times of the transverse impacts (the events a scheme's impacts are compared with).
  std::vector<Real> impact_times() const { return vibro::impact_times(events_); }

 private:
  struct Segment {
    Real start;
    bool resting;
    Flight flight;  ///< unused while resting
  };

  void on_event(const ReferenceEvent<Real>& e) {
    events_.push_back(e);
    const Real& u_min = model_.obstacle();
    switch (e.kind) {
      case EventKind::impact:
        segments_.push_back(Segment{e.t, false, Flight(model_, e.t, u_min, e.v_plus)});
        return;
      case EventKind::accumulation:
        // Rest from the chatter's last resolved impact; then lift-off (no event) or stick.
        segments_.back().resting = true;
        segments_.push_back(Segment{e.t, false, Flight(model_, e.t, u_min, Real(0))});
        return;
      case EventKind::stick:
        segments_.push_back(Segment{e.t, true, Flight(model_, e.t, u_min, Real(0))});
        return;
      case EventKind::grazing:
      case EventKind::release:
        segments_.push_back(Segment{e.t, false, Flight(model_, e.t, u_min, Real(0))});
        return;
    }
  }

  PositionVelocity<Real> state_on(const Segment& s, const Real& t) const {
    if (s.resting) return {model_.obstacle(), Real(0)};
    return s.flight.state(t);
  }

  const Segment& segment(const Real& t) const {
    // The last segment that starts at or before t (the first one covers everything before).
    const auto after = std::upper_bound(segments_.begin(), segments_.end(), t,
                                        [](const Real& time, const Segment& s) { return time < s.start; });
    return after == segments_.begin() ? segments_.front() : *std::prev(after);
  }

  Model model_;
  std::vector<Segment> segments_;
  std::vector<ReferenceEvent<Real>> events_;
};

VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(DenseReference, ImpactOscillator)
VIBRO_COMPILED_ONCE_PER_FLOATING_MODEL(DenseReference, ConstantForce)

}  // namespace vibro
