#pragma once
// The exact-detection reference over a whole horizon, evaluable at any time: the run is
// made once, its events turned into segments (a closed-form flight from each impact,
// grazing, lift-off or release; rest on the obstacle while stuck), and position(t),
// velocity(t) find their segment by binary search. This is what convergence studies
// compare a scheme's grid against (docs/mathematics.md §8), at the cost of one flight evaluation per
// grid point rather than one contact search.
//
// A chatter sequence summed to its accumulation time is represented as rest from its last
// resolved impact: the rebounds it omits are below 16 contact tolerances high (see
// ImpactReference::resolve_chatter), so positions there are within that of the truth.

#include "vibro/reference/impact_reference.hpp"
#include "vibro/reference/reference_settings.hpp"

#include <algorithm>
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

  Real position(const Real& t) const {
    const Segment& s = segment(t);
    return s.resting ? model_.obstacle() : s.flight.position(t);
  }
  Real velocity(const Real& t) const {
    const Segment& s = segment(t);
    return s.resting ? Real(0) : s.flight.velocity(t);
  }

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

}  // namespace vibro
