#pragma once
// The exact-detection reference of the linear N-DOF system with a box (seed 002 eq. (1)–(3),
// docs/mathematics.md §6, "The N-DOF reference"), run once from (t0, q0, v0) to t_end and
// evaluable at any time in between:
// - flights in closed form (system_flight.hpp);
// - for every face of the box (a finite bound of a coordinate that is not held), the
//   certified first zero of its gap (first_zero.hpp, with the global curvature bound of the
//   flight); the earliest over all faces is the next event, so no contact is stepped over;
//   a tangency (ZeroKind::touch) is a graze: no impulse, the flight goes on;
// - the impact law per coordinate, q_i' ← −e_i q_i', the other velocities unchanged. For the
//   box, the tangent cone at a point of the face q_i = bound is a product of the half-line
//   of coordinate i and the lines of the others; with M² diagonal the kinetic metric is a
//   weighted sum of squares, so the projection of seed 002 eq. (24) onto that product acts
//   coordinate by coordinate: it clamps v_i and leaves the others, and its e-weighted form
//   v+ = −e v− + (1 + e) Proj(v−) is −e_i v_i on coordinate i and the identity elsewhere;
// - sticking: a coordinate at rest on a face (after an impact with e_i = 0, a graze or a
//   release) whose net force (h − A²q)_i pushes into the face is held there, and the others
//   fly the reduced system (M² and A² restricted to the free coordinates, with the constant
//   force −A²_{free,held} q_held added); any number of coordinates can be held at once.
//   A held coordinate is released at the certified first zero of its net force, the same
//   search with the bound |λ''| ≤ (|f_i| Ω² + Σ_free |A²_ij| sup|q_j''|)/m_i²;
// - lift-off from rest certified as in the 1-DOF reference (impact_reference.hpp): by the
//   gap's second derivative, or its third when the second is zero to rounding;
// - an accumulation of impacts (e_i > 0 against a force pushing into the face: infinitely
//   many impacts in finite time) is NOT resolved: where the 1-DOF reference would sum the
//   chatter series (contact_law.hpp's rule), this one throws std::runtime_error.
//
// Dense output: the run is a list of segments, one per flight; position(t), velocity(t)
// take the last segment starting at or before t, so at an event time they return the state
// after the event (velocity right-continuous), as DenseReference does.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/matrix_functions.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/reference/contact_law.hpp"
#include "vibro/reference/first_zero.hpp"
#include "vibro/reference/reference_settings.hpp"
#include "vibro/reference/system_flight.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/scalar_list.hpp"
#include "vibro/scalar/traits.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

template <class Real>
class SystemReference {
 public:
  struct Event {
    enum class Kind { impact, graze, stick, release } kind;
    Real t;
    std::size_t coordinate;  ///< 0-based
    Real v_minus, v_plus;    ///< velocity of that coordinate before and after (0 for stick, release)
  };

  /// Runs the reference from (t0, q0, v0) to t_end. Throws std::invalid_argument for
  /// inadmissible data (sizes, non-finite values, q0 outside K, a velocity pointing out of K
  /// on a face, t_end < t0, a forcing at resonance) and std::runtime_error for an
  /// accumulation of impacts or the hard cap on segments.
  SystemReference(const LinearImpactSystem<Real>& system, Real t0, Vector<Real> q0, Vector<Real> v0, Real t_end,
                  ReferenceSettings<Real> settings)
      : system_(system), settings_(std::move(settings)), t0_(std::move(t0)), t_end_(std::move(t_end)) {
    require_admissible(q0, v0);
    collect_faces();
    run(std::move(q0), std::move(v0));
  }
  /// The same with default_reference_settings(system, q0, v0).
  SystemReference(const LinearImpactSystem<Real>& system, Real t0, Vector<Real> q0, Vector<Real> v0, Real t_end)
      : SystemReference(system, std::move(t0), q0, v0, std::move(t_end),
                        default_reference_settings(system, q0, v0)) {}

  const std::vector<Event>& events() const { return events_; }
  const ReferenceSettings<Real>& settings() const { return settings_; }

  /// q(t), q'(t) for t in [t0, t_end] (after the events at t).
  Vector<Real> position(const Real& t) const { return state(t, 0); }
  Vector<Real> velocity(const Real& t) const { return state(t, 1); }

  /// Times of the impacts on every coordinate, sorted.
  std::vector<Real> impact_times() const {
    std::vector<Real> times;
    for (const Event& e : events_)
      if (e.kind == Event::Kind::impact) times.push_back(e.t);
    return times;  // events are in time order
  }

  /// ½(vᵀM²v + qᵀA²q) at t (seed 002 eq. (11)).
  Real energy(const Real& t) const { return system_.energy(position(t), velocity(t)); }

 private:
  /// A finite bound of a constrained coordinate: the gap side·(q_i − bound) is ≥ 0 in K.
  struct Face {
    std::size_t coordinate;
    Real bound;
    int side;  ///< +1: lower bound, −1: upper bound
  };

  /// One flight: the free coordinates move along `flight`, the held ones rest on their face.
  struct Segment {
    Real start;
    std::vector<std::size_t> free;  ///< global index of each coordinate of the flight
    Vector<Real> rest;              ///< full-size: the bound of each held coordinate
    SystemFlight<Real> flight;
  };

  enum class Found { none, contact, graze, release, resume };

  struct Candidate {
    Found what = Found::none;
    Real t;
    std::size_t face = 0;  ///< face index (contact, graze, release)
  };

  void require_admissible(const Vector<Real>& q0, const Vector<Real>& v0) const {
    const std::size_t n = system_.dimension();
    if (q0.size() != n || v0.size() != n)
      throw std::invalid_argument("initial data of " + std::to_string(q0.size()) + " and " + std::to_string(v0.size()) +
                                  " entries, the system has " + std::to_string(n) + " coordinates");
    if (!is_finite(t0_) || !is_finite(t_end_)) throw std::invalid_argument("t0 and t_end must be finite");
    if (t_end_ < t0_) throw std::invalid_argument("t_end = " + to_text(t_end_) + " is before t0 = " + to_text(t0_));
    for (std::size_t i = 0; i < n; ++i) {
      const std::string name = "[" + std::to_string(i + 1) + "]";
      if (!is_finite(q0[i]) || !is_finite(v0[i])) throw std::invalid_argument("q0" + name + ", v0" + name + " must be finite");
      const CoordinateBounds<Real>& b = system_.bounds(i);
      if ((b.lower && q0[i] < *b.lower) || (b.upper && q0[i] > *b.upper))
        throw std::invalid_argument("q0" + name + " = " + to_text(q0[i]) + " is outside K = [" +
                                    (b.lower ? to_text(*b.lower) : std::string("-inf")) + ", " +
                                    (b.upper ? to_text(*b.upper) : std::string("inf")) + "]");
      if ((b.lower && q0[i] == *b.lower && v0[i] < 0) || (b.upper && q0[i] == *b.upper && v0[i] > 0))
        throw std::invalid_argument("v0" + name + " = " + to_text(v0[i]) + " points out of K while q0" + name +
                                    " is on its bound");
    }
  }

  void collect_faces() {
    for (std::size_t i = 0; i < system_.dimension(); ++i) {
      const CoordinateBounds<Real>& b = system_.bounds(i);
      if (b.lower) faces_.push_back(Face{i, *b.lower, +1});
      if (b.upper) faces_.push_back(Face{i, *b.upper, -1});
    }
  }

  // ---- the run ----

  void run(Vector<Real> q, Vector<Real> v) {
    const std::size_t n = system_.dimension();
    std::vector<int> held(n, -1);  // face index holding each coordinate, −1: free
    Real t = t0_;
    std::int64_t count = 0;
    for (;;) {
      throw_if_cancelled();
      if (++count > settings_.max_segments)
        throw std::runtime_error("N-DOF reference: more than " + std::to_string(settings_.max_segments) +
                                 " flights before t = " + to_text(t_end_) + " (hard cap)");
      segments_.push_back(make_segment(t, q, v, held));
      if (!(t < t_end_)) return;
      const Segment& segment = segments_.back();
      if (settle_contacts_at_start(t, q, v, held)) continue;
      // Faces at rest: lift-off certified from `search_from`, or the coordinate sticks.
      std::vector<Real> search_from(faces_.size(), t);
      bool stuck_now = false;
      for (std::size_t f = 0; f < faces_.size() && !stuck_now; ++f) {
        const Face& face = faces_[f];
        if (held[face.coordinate] >= 0 || q[face.coordinate] != face.bound || v[face.coordinate] != 0) continue;
        const auto lift_off = certified_lift_off(segment, face, t);
        if (lift_off) {
          search_from[f] = *lift_off;
          continue;
        }
        held[face.coordinate] = static_cast<int>(f);
        events_.push_back(Event{Event::Kind::stick, t, face.coordinate, Real(0), Real(0)});
        stuck_now = true;
      }
      if (stuck_now) continue;
      const Candidate next = next_event(segment, held, search_from, t);
      if (next.what == Found::none) return;
      if ((next.what == Found::contact || next.what == Found::graze) && !(next.t > t))
        throw std::runtime_error("N-DOF reference: no progress at t = " + to_text(t) +
                                 " (a contact at the start of a flight: degenerate data or tolerances too small "
                                 "for the rounding of the force)");
      t = next.t;
      q = full_state(segment, t, 0);
      v = full_state(segment, t, 1);
      apply(next, t, q, v, held);
    }
  }

  /// A free coordinate within the contact tolerance of a face with a velocity into it (two
  /// contacts at the same time, to rounding): the impact is applied now. Returns whether
  /// one was.
  bool settle_contacts_at_start(const Real& t, Vector<Real>& q, Vector<Real>& v, const std::vector<int>& held) {
    for (std::size_t f = 0; f < faces_.size(); ++f) {
      const Face& face = faces_[f];
      const std::size_t i = face.coordinate;
      if (held[i] >= 0) continue;
      const Real gap = face.side * (q[i] - face.bound);
      if (gap > settings_.contact_tolerance || !(face.side * v[i] < 0)) continue;
      impact(f, t, q, v);
      return true;
    }
    return false;
  }

  void apply(const Candidate& c, const Real& t, Vector<Real>& q, Vector<Real>& v, std::vector<int>& held) {
    const Face& face = faces_[c.face];
    const std::size_t i = face.coordinate;
    switch (c.what) {
      case Found::contact:
        if (face.side * v[i] < 0) {
          impact(c.face, t, q, v);
          return;
        }
        [[fallthrough]];  // a crossing without a velocity into the face is a tangency
      case Found::graze:
        // No impulse: the coordinate is put at rest on the face (an error within the
        // contact tolerance) and lifts off on the next flight, as in the 1-DOF reference.
        events_.push_back(Event{Event::Kind::graze, t, i, v[i], v[i]});
        q[i] = face.bound;
        v[i] = Real(0);
        return;
      case Found::release:
        events_.push_back(Event{Event::Kind::release, t, i, Real(0), Real(0)});
        held[i] = -1;
        q[i] = face.bound;
        v[i] = Real(0);
        return;
      case Found::resume:
      case Found::none:
        return;
    }
  }

  /// The impact law on face f at t, and the refusal of an accumulation.
  void impact(std::size_t f, const Real& t, Vector<Real>& q, Vector<Real>& v) {
    const Face& face = faces_[f];
    const std::size_t i = face.coordinate;
    const Real& e = system_.bounds(i).restitution;
    const Real v_minus = v[i];
    q[i] = face.bound;
    v[i] = -e * v_minus;
    events_.push_back(Event{Event::Kind::impact, t, i, v_minus, v[i]});
    // The rule by which the 1-DOF reference sums a chatter series (contact_law.hpp), with
    // the net force on coordinate i as an acceleration pointing out of the face.
    const Real outward = face.side * net_force(t, q, i) / system_.mass_squared()[i];
    if (chatter_accumulation_time(e, outward, t, Real(face.side * v[i]), settings_.contact_tolerance))
      throw std::runtime_error("the N-DOF reference does not resolve accumulations of impacts: coordinate " +
                               std::to_string(i + 1) + " chatters on its bound " + to_text(face.bound) + " at t = " +
                               to_text(t) + " (e = " + to_text(e) +
                               ", the net force pushes into the face); use e = 0 for that coordinate");
  }

  /// (h(t) − A²q)_i.
  Real net_force(const Real& t, const Vector<Real>& q, std::size_t i) const {
    using std::cos;
    Real force = system_.forced() ? Real(system_.force_amplitude()[i] * cos(system_.forcing_frequency() * t)) : Real(0);
    for (std::size_t j = 0; j < system_.dimension(); ++j) force -= system_.stiffness()(i, j) * q[j];
    return force;
  }

  /// The earliest of: a contact (or graze) of a free face, the release of a held one, a
  /// tangency of a held face's force (resume: a new flight after it), or none before t_end.
  Candidate next_event(const Segment& segment, const std::vector<int>& held, const std::vector<Real>& search_from,
                       const Real& t) const {
    Candidate best{Found::none, t_end_, 0};
    const std::vector<std::size_t> local = local_indices(segment);
    for (std::size_t f = 0; f < faces_.size(); ++f) {
      const Face& face = faces_[f];
      if (held[face.coordinate] >= 0 || !(search_from[f] < best.t)) continue;
      const std::size_t k = local[face.coordinate];
      const SystemFlight<Real>& flight = segment.flight;
      const auto gap = [&](const Real& s) { return Real(face.side * flight.gap(k, face.bound, s)); };
      const auto rate = [&](const Real& s) { return Real(face.side * flight.gap_rate(k, s)); };
      const Real curvature = flight.gap_curvature_bound(k);
      const auto bound = [&](const Real&, const Real&) { return curvature; };
      const auto found = first_zero(gap, rate, bound, search_from[f], best.t, search_settings(settings_.contact_tolerance));
      if (found.kind != ZeroKind::none && (found.t < best.t || best.what == Found::none))
        best = Candidate{found.kind == ZeroKind::touch ? Found::graze : Found::contact, found.t, f};
    }
    for (std::size_t j = 0; j < held.size(); ++j) {
      if (held[j] < 0) continue;
      const auto release = release_of(segment, static_cast<std::size_t>(held[j]), t, best.t);
      if (release && (release->t < best.t || best.what == Found::none)) best = *release;
    }
    return best;
  }

  /// The release of the coordinate held on face f: the first time in [t, before) at which
  /// the outward net force, as an acceleration λ(t) = side·(h − A²q)_i / m_i², turns positive
  /// (mirrors ImpactReference::advance_stuck).
  std::optional<Candidate> release_of(const Segment& segment, std::size_t f, const Real& t, const Real& before) const {
    using std::abs;
    using std::cos;
    using std::sin;
    using std::sqrt;
    const Face& face = faces_[f];
    const std::size_t i = face.coordinate;
    const Real& m = system_.mass_squared()[i];
    const Real& omega = system_.forcing_frequency();
    const Real& amplitude = system_.force_amplitude()[i];
    const auto outward = [&](const Real& s) {
      return Real(face.side * net_force(s, full_state(segment, s, 0), i) / m);
    };
    const auto outward_rate = [&](const Real& s) {
      Real rate = system_.forced() ? Real(-amplitude * omega * sin(omega * s)) : Real(0);
      const Vector<Real> moving = segment.flight.velocity(s);
      for (std::size_t k = 0; k < segment.free.size(); ++k) rate -= system_.stiffness()(i, segment.free[k]) * moving[k];
      return Real(face.side * rate / m);
    };
    Real curvature = system_.forced() ? Real(abs(amplitude) * omega * omega) : Real(0);
    for (std::size_t k = 0; k < segment.free.size(); ++k)
      curvature += abs(system_.stiffness()(i, segment.free[k])) * segment.flight.derivative_bound(k, 2);
    curvature /= m;
    const Real value = outward(t), slope = outward_rate(t);
    Real from = t;
    if (value > -settings_.force_tolerance) {
      if (slope > 0 || value > settings_.force_tolerance) return Candidate{Found::release, t, f};
      // The force touches zero and turns back: still held. Skip the tangency's width.
      from = t + (curvature > 0 ? Real(2 * sqrt(settings_.force_tolerance / curvature)) : settings_.max_window);
    }
    if (!(from < before)) return std::nullopt;
    const auto held_by = [&](const Real& s) { return Real(-outward(s)); };
    const auto held_rate = [&](const Real& s) { return Real(-outward_rate(s)); };
    const auto bound = [&](const Real&, const Real&) { return curvature; };
    const auto found = first_zero(held_by, held_rate, bound, from, before, search_settings(settings_.force_tolerance));
    if (found.kind == ZeroKind::crossing) return Candidate{Found::release, found.t, f};
    if (found.kind == ZeroKind::touch) return Candidate{Found::resume, found.t, f};
    return std::nullopt;
  }

  /// From rest on `face` at t: the first time after t from which its gap is certified
  /// positive, or nothing when the net force holds the coordinate (ImpactReference's
  /// certified_lift_off: a = g''(t) > 0 gives g'' ≥ a/2 on [t, t + a/(2 J3)], J3 ≥ |g'''|;
  /// a zero to rounding and j = g'''(t) > 0 give g''' ≥ j/2 on [t, t + j/(2 J4)]).
  std::optional<Real> certified_lift_off(const Segment& segment, const Face& face, const Real& t) const {
    using std::max;
    using std::min;
    const std::size_t k = local_indices(segment)[face.coordinate];
    const SystemFlight<Real>& flight = segment.flight;
    const Real a = face.side * flight.coordinate(k, 2, t);
    if (a < -settings_.force_tolerance) return std::nullopt;
    Real step(0);
    if (a > settings_.force_tolerance) {
      const Real bound = flight.derivative_bound(k, 3);
      step = bound > 0 ? Real(a / (2 * bound)) : settings_.max_window;
    }
    if (const Real j = face.side * flight.coordinate(k, 3, t); j > 0) {
      const Real bound = flight.derivative_bound(k, 4);
      step = max(step, bound > 0 ? Real(j / (2 * bound)) : settings_.max_window);
    }
    if (!(step > 0)) return std::nullopt;
    const Real lift_off = min(Real(t + min(step, settings_.max_window)), t_end_);
    if (!(lift_off > t))
      throw std::runtime_error("N-DOF reference: lift-off of coordinate " + std::to_string(face.coordinate + 1) +
                               " at t = " + to_text(t) +
                               " cannot be certified at this precision (the certified interval is below the "
                               "resolution of t)");
    return lift_off;
  }

  ZeroSearchSettings<Real> search_settings(const Real& tolerance) const {
    return ZeroSearchSettings<Real>{settings_.max_window, tolerance, settings_.max_segments};
  }

  // ---- segments ----

  /// The flight from (t, q, v) with the coordinates of `held` on their faces: the reduced
  /// system M²_FF q_F'' + A²_FF q_F = −A²_FH q_H + f_F cos Ωt of the free set F.
  Segment make_segment(const Real& t, const Vector<Real>& q, const Vector<Real>& v, const std::vector<int>& held) {
    const std::size_t n = system_.dimension();
    Segment s{t, {}, Vector<Real>(n, Real(0)), SystemFlight<Real>(nullptr, {}, {}, Real(0), t, {}, {})};
    for (std::size_t i = 0; i < n; ++i) {
      if (held[i] >= 0) s.rest[i] = faces_[static_cast<std::size_t>(held[i])].bound;
      else s.free.push_back(i);
    }
    const std::size_t m = s.free.size();
    if (m == 0) return s;
    Vector<Real> constant(m, Real(0)), amplitude(m), q_free(m), v_free(m);
    for (std::size_t a = 0; a < m; ++a) {
      const std::size_t i = s.free[a];
      amplitude[a] = system_.force_amplitude()[i];
      q_free[a] = q[i];
      v_free[a] = v[i];
      for (std::size_t j = 0; j < n; ++j)
        if (held[j] >= 0) constant[a] -= system_.stiffness()(i, j) * s.rest[j];
    }
    s.flight = SystemFlight<Real>(basis_for(held, s.free), constant, amplitude, system_.forcing_frequency(), t, q_free,
                                  v_free);
    return s;
  }

  /// The modal basis of the free coordinates, computed once per held set.
  std::shared_ptr<const ModalBasis<Real>> basis_for(const std::vector<int>& held, const std::vector<std::size_t>& free) {
    std::vector<bool> key(held.size());
    for (std::size_t i = 0; i < held.size(); ++i) key[i] = held[i] >= 0;
    auto& slot = bases_[key];
    if (!slot) {
      const std::size_t m = free.size();
      Vector<Real> mass(m);
      Matrix<Real> stiffness(m, m);
      for (std::size_t a = 0; a < m; ++a) {
        mass[a] = system_.mass_squared()[free[a]];
        for (std::size_t b = 0; b < m; ++b) stiffness(a, b) = system_.stiffness()(free[a], free[b]);
      }
      slot = std::make_shared<const ModalBasis<Real>>(mass, stiffness);
    }
    return slot;
  }

  std::vector<std::size_t> local_indices(const Segment& s) const {
    std::vector<std::size_t> local(system_.dimension(), s.free.size());
    for (std::size_t a = 0; a < s.free.size(); ++a) local[s.free[a]] = a;
    return local;
  }

  /// q^(order)(t) of every coordinate on segment s (order 0 or 1).
  Vector<Real> full_state(const Segment& s, const Real& t, int order) const {
    Vector<Real> out = order == 0 ? s.rest : Vector<Real>(system_.dimension(), Real(0));
    const Vector<Real> moving = s.flight.derivative(order, t);
    for (std::size_t a = 0; a < s.free.size(); ++a) out[s.free[a]] = moving[a];
    return out;
  }

  Vector<Real> state(const Real& t, int order) const {
    const auto after = std::upper_bound(segments_.begin(), segments_.end(), t,
                                        [](const Real& time, const Segment& s) { return time < s.start; });
    return full_state(after == segments_.begin() ? segments_.front() : *std::prev(after), t, order);
  }

  LinearImpactSystem<Real> system_;
  ReferenceSettings<Real> settings_;
  Real t0_, t_end_;
  std::vector<Face> faces_;
  std::map<std::vector<bool>, std::shared_ptr<const ModalBasis<Real>>> bases_;
  std::vector<Segment> segments_;
  std::vector<Event> events_;
};

VIBRO_COMPILED_ONCE_PER_FLOATING_TYPE(SystemReference)

}  // namespace vibro
