#include "vibro/proof/system_enclosure.hpp"

#include "vibro/proof/first_contact.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/support/cancellation.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro::proof {

namespace {

/// A finite bound of a coordinate: its gap side·(q_i − bound) is ≥ 0 in the box.
struct Face {
  std::size_t coordinate;
  Ball bound;
  int side;  ///< +1: a lower bound; −1: an upper one
  std::string text;

  std::string name() const {
    return "q" + std::to_string(coordinate + 1) + (side > 0 ? " ≥ " : " ≤ ") + text;
  }
};

/// A face's gap and its rate on a flight, as first_contact takes them.
struct FaceGap {
  const SystemFlight& flight;
  const Face& face;
  std::pair<Ball, Ball> operator()(const Ball& tau) const {
    const auto [q, v] = flight.coordinate(face.coordinate, tau);
    if (face.side > 0) return {q - face.bound, v};
    return {face.bound - q, -v};
  }
};

/// The largest of `balls` as far as they are ordered (for the length of the search's pieces,
/// which any positive number serves).
Ball largest(const std::vector<Ball>& balls) {
  Ball most = balls.front();
  for (const Ball& b : balls)
    if (certainly_less(most, b)) most = b;
  return most;
}

}  // namespace

SystemEnclosure enclose_system(const SystemEnclosureProblem& p, const EnclosureHorizon& horizon,
                               const EnclosureLimits& limits) {
  const BallPrecision precision(proof_bits(limits.digits));
  const SystemModes modes(p.system);
  const std::size_t n = modes.dimension();
  for (const auto* list : {&p.lower, &p.upper, &p.e, &p.q0, &p.v0})
    if (list->size() != n)
      throw std::invalid_argument("the bounds, restitutions and initial state need " + std::to_string(n) +
                                  " entries each, one per coordinate");
  std::vector<Face> faces;
  std::vector<Ball> e(n, Ball(0));
  for (std::size_t i = 0; i < n; ++i) {
    if (!p.lower[i].empty()) faces.push_back({i, Ball::of_text(p.lower[i]), 1, p.lower[i]});
    if (!p.upper[i].empty()) faces.push_back({i, Ball::of_text(p.upper[i]), -1, p.upper[i]});
    if (!p.lower[i].empty() && !p.upper[i].empty() &&
        !certainly_less(Ball::of_text(p.lower[i]), Ball::of_text(p.upper[i])))
      throw std::invalid_argument("the bounds of q" + std::to_string(i + 1) + " are not in increasing order");
    e[i] = Ball::of_text(p.e[i]);
    if (e[i].certainly_negative() || certainly_less(Ball(1), e[i]))
      throw std::invalid_argument("e = " + p.e[i] + " is not in [0, 1]");
  }

  Ball t = Ball::of_text(p.t0);
  std::vector<Ball> q(n), v(n);
  for (std::size_t i = 0; i < n; ++i) q[i] = Ball::of_text(p.q0[i]), v[i] = Ball::of_text(p.v0[i]);
  // A start on a face, decided on the exact values (as the 1-DOF enclosure does).
  std::vector<bool> on(faces.size(), false);
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const Face& face = faces[f];
    const std::optional<rational> start = parse_exact(p.q0[face.coordinate]), bound = parse_exact(face.text);
    on[f] = start && bound && *start == *bound;
    if (!on[f] && !(Ball(face.side) * (q[face.coordinate] - face.bound)).certainly_positive())
      throw std::invalid_argument("the start q" + std::to_string(face.coordinate + 1) + " = " +
                                  p.q0[face.coordinate] + " is not inside the box (" + face.name() + ")");
  }

  const Ball two_pi = Ball(2) * pi();
  std::optional<Ball> end;
  if (horizon.t_end) end = Ball::of_text(*horizon.t_end);
  else if (horizon.periods && modes.forced()) end = t + two_pi / modes.forcing_frequency() * Ball(*horizon.periods);
  else if (!horizon.impacts) throw std::invalid_argument("no horizon: t_end, periods (of a forced system) or impacts");
  if (horizon.impacts) end.reset();
  // The search's pieces: a sixteenth of the shortest period of the modes and the forcing.
  std::vector<Ball> frequencies = modes.frequencies();
  frequencies.push_back(modes.forcing_frequency());
  const Ball piece = (two_pi / (Ball(16) * largest(frequencies))).midpoint();
  // The slowest mode's period: the chattering's scale, and (× 1000) the search's reach when
  // the impacts count.
  Ball slowest_period = two_pi / modes.frequencies().front();
  for (const Ball& w : modes.frequencies())
    if (certainly_less(slowest_period, two_pi / w)) slowest_period = two_pi / w;

  SystemEnclosure result;
  const auto stop = [&](std::string why) {
    result.stopped_because = std::move(why);
    if (end) result.horizon = *end;
    return result;
  };
  // An impact of `face` at `when` with velocity `before`: transverse when it moves into the face.
  const auto impact_at = [&](const Ball& when, const Face& face, const Ball& before) -> std::optional<std::string> {
    if (!(Ball(face.side) * before).certainly_negative())
      return "the impact on " + face.name() + " at t ≈ " + when.midpoint_text(12) +
             " is not proved transverse (the velocity encloses 0: grazing)";
    if (!e[face.coordinate].certainly_positive())
      return "e = 0 on q" + std::to_string(face.coordinate + 1) + ": the coordinate sticks at its impact, which is not enclosed";
    if (auto why = past_the_width_bound(when, before, result.impacts.size() + 1, limits)) return why;
    result.impacts.push_back({when, face.coordinate, before, -(e[face.coordinate] * before)});
    if (limits.progress) limits.progress->advance(static_cast<std::int64_t>(result.impacts.size()));
    throw_if_cancelled();
    return std::nullopt;
  };
  const auto finish_at_end = [&](const SystemFlight& flight) {
    std::vector<Ball> final_q, final_v;
    flight.state(*end - t, final_q, final_v);
    result.horizon = *end;
    result.final_q = std::move(final_q);
    result.final_v = std::move(final_v);
    return result;
  };
  // On a face at the start: into it, an impact at t0; out of it, a flight; at rest, refused.
  for (std::size_t f = 0; f < faces.size(); ++f) {
    if (!on[f]) continue;
    const Face& face = faces[f];
    const Ball into = Ball(-face.side) * v[face.coordinate];
    if (into.certainly_positive()) {
      if (auto why = impact_at(t, face, v[face.coordinate])) return stop(*why);
      v[face.coordinate] = result.impacts.back().velocity_after;
    } else if (!into.certainly_negative()) {
      return stop("the start is on " + face.name() + " at rest (its velocity encloses 0): sticking is not enclosed");
    }
  }

  while (true) {
    // As many more bits as t has before the point: the time keeps its absolute accuracy.
    const BallPrecision flight_precision(proof_bits(limits.digits) + bits_before_the_point(t));
    if (horizon.impacts && static_cast<std::int64_t>(result.impacts.size()) >= *horizon.impacts) break;
    if (static_cast<std::int64_t>(result.impacts.size()) >= limits.max_impacts) {
      result.stopped_at_max_impacts = true;
      return stop("more than " + std::to_string(limits.max_impacts) + " impacts");
    }
    const SystemFlight flight = modes.flight(t, q, v);
    const Ball window = end ? *end - t : slowest_period * Ball(1000);
    // The earliest contact over the faces, each searched no further than the earliest so far.
    std::optional<Ball> first;
    std::size_t first_face = 0;
    Ball upto = window;
    for (std::size_t f = 0; f < faces.size(); ++f) {
      const FirstContact found = first_contact(FaceGap{flight, faces[f]}, upto, piece, on[f], t);
      if (!found.undecided.empty()) return stop(faces[f].name() + ": " + found.undecided);
      if (!found.tau) continue;
      if (first && !certainly_less(*found.tau, *first)) {
        if (certainly_less(*first, *found.tau)) continue;
        return stop("contacts with " + faces[first_face].name() + " and " + faces[f].name() + " at t ≈ " +
                    (t + *first).midpoint_text(12) + " not told apart (near-simultaneous contacts are not enclosed)");
      }
      first = found.tau;
      first_face = f;
      upto = first->upper_point();
    }
    if (!first) {
      if (!end) return stop("no impact within the search's reach after t ≈ " + t.midpoint_text(12));
      return finish_at_end(flight);
    }
    const Ball when = t + *first;
    if (end && !certainly_less(when, *end)) {
      if (!certainly_less(*end, when))
        return stop("an impact at t ≈ " + when.midpoint_text(12) + " is not proved before or after the horizon");
      return finish_at_end(flight);
    }
    const Face& face = faces[first_face];
    if (on[first_face] && !certainly_less(Ball::of_text("1e-12") * slowest_period, *first))
      return stop("the impacts on " + face.name() + " accumulate at t ≈ " + when.midpoint_text(10) +
                  " (a flight shorter than 1e-12 periods): chattering and sticking are not enclosed");
    std::vector<Ball> next_q, next_v;
    flight.state(*first, next_q, next_v);
    if (auto why = impact_at(when, face, next_v[face.coordinate])) return stop(*why);
    // The contact puts the coordinate on its bound exactly; the impact law changes its velocity alone.
    next_q[face.coordinate] = face.bound;
    next_v[face.coordinate] = result.impacts.back().velocity_after;
    t = when, q = std::move(next_q), v = std::move(next_v);
    on.assign(faces.size(), false);
    on[first_face] = true;
  }
  result.horizon = t;
  result.final_q = q;
  result.final_v = v;
  return result;
}

}  // namespace vibro::proof
