#pragma once
// A proof of a flight's first contact with the obstacle (docs/proofs.md, "Enclosures of the
// reference"): the first zero τ* > 0 of the gap u − u_min, enclosed, with the gap proved
// positive on (0, τ*) for every flight the balls stand for — or the proof that there is none
// before `length`, or a refusal saying where it could not decide.
//
// The flight is cut into pieces, left to right. On a piece X with midpoint m the gap is
// proved positive by the mean-value form gap(m) + u'(X)(X − m) (u'(X) a rigorous bound of the
// derivative on X); where it is not, the interval Newton operator N(X) = m − gap(m)/u'(X)
// (proof/interval_newton.hpp) either proves exactly one zero in X (N(X) in the interior of
// X) — the first contact, since everything before X is proved positive and X holds no other
// zero — or, disjoint from X with gap(m) > 0, proves X free of zeros; else X is halved, the
// left half first, at most 60 times. A flight that starts on the obstacle (gap(0) = 0) is
// proved to leave it: its velocity positive on [0, ε].

#include "vibro/proof/ball.hpp"

#include <optional>
#include <string>

namespace vibro::proof {

struct FirstContact {
  /// The zero's enclosure: proved the first one after 0, and unique in a box around it.
  std::optional<Ball> tau;
  /// When there is no `tau`: empty if the gap is proved positive on (0, length], else why
  /// not (where the proof could not decide).
  std::string undecided;
};

namespace first_contact_detail {

enum class Piece { positive, contact, undecided };

/// Classifies [low, high] (exact endpoints): positive on it, the first contact in it (into
/// `tau`), or undecided on the piece left in `where`.
template <class Flight>
Piece search(const Flight& flight, const Ball& low, const Ball& high, int depth, Ball& tau, Ball& where) {
  constexpr int max_depth = 60;
  const Ball span = Ball::hull(low, high), middle = ((low + high) / Ball(2)).midpoint();
  const Ball at_middle = flight(middle).first, slope = flight(span).second;
  if ((at_middle + slope * (span - middle)).certainly_positive()) return Piece::positive;
  if (!slope.contains_zero()) {
    const Ball image = middle - at_middle / slope;
    if (span.contains_in_interior(image)) {
      tau = image;
      return Piece::contact;
    }
    if (!overlaps(image, span) && at_middle.certainly_positive()) return Piece::positive;
  }
  if (depth == max_depth) {
    where = span;
    return Piece::undecided;
  }
  const Piece left = search(flight, low, middle, depth + 1, tau, where);
  return left != Piece::positive ? left : search(flight, middle, high, depth + 1, tau, where);
}

}  // namespace first_contact_detail

/// A box holding exactly one zero of the flight's gap, narrowed by Newton's images, each
/// intersected with the box (the zero lies in both), until they stop halving it: the zero to
/// the precision's width.
template <class Flight>
Ball narrowed_zero(const Flight& flight, Ball tau) {
  for (int k = 0; k < 60; ++k) {
    const Ball middle = tau.midpoint();
    const std::optional<Ball> narrower = intersection(tau, middle - flight(middle).first / flight(tau).second);
    if (!narrower) break;  // cannot be, the zero being in both: kept as proved
    const bool shrank = narrower->radius() < tau.radius() / 2;
    tau = *narrower;
    if (!shrank) break;
  }
  return tau;
}

/// The first contact of `flight` (a Ball τ ↦ (gap, u') as gap_exclusion takes) on (0, length]
/// in pieces of `piece`; `from_contact`: the flight starts on the obstacle, leaving it.
/// `origin` is added to the times a message names.
template <class Flight>
FirstContact first_contact(const Flight& flight, const Ball& length, const Ball& piece, bool from_contact,
                           const Ball& origin) {
  using first_contact_detail::Piece;
  FirstContact result;
  Ball low(0);
  if (from_contact) {
    Ball epsilon = piece.midpoint();
    for (int k = 0; k < 60 && !flight(Ball::hull(Ball(0), epsilon)).second.certainly_positive(); ++k)
      epsilon = (epsilon / Ball(2)).midpoint();
    if (!flight(Ball::hull(Ball(0), epsilon)).second.certainly_positive()) {
      result.undecided = "the flight is not proved to leave the obstacle at t = " + origin.midpoint_text(12) +
                         " (its velocity there not proved positive)";
      return result;
    }
    low = epsilon;
  } else if (!flight(Ball(0)).first.certainly_positive()) {
    result.undecided = "the start is not proved above the obstacle";
    return result;
  }
  // The last piece ends at the horizon's upper bound: what is proved there covers every
  // horizon the ball holds.
  const Ball end = length.upper_point();
  while (certainly_less(low, end)) {
    Ball high = (low + piece).midpoint();
    if (!certainly_less(high, end)) high = end;
    Ball tau, where;
    const Piece found = first_contact_detail::search(flight, low, high, 0, tau, where);
    if (found == Piece::contact) {
      result.tau = narrowed_zero(flight, tau);
      return result;
    }
    if (found == Piece::undecided) {
      result.undecided = "grazing not excluded on [" + (origin + where).lower_text(12) + ", " +
                         (origin + where).upper_text(12) + "]";
      return result;
    }
    low = high;
  }
  return result;
}

}  // namespace vibro::proof
