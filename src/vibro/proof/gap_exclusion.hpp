#pragma once
// A proof that a flight's gap to the obstacle stays positive between two contacts
// (docs/proofs.md, "Admissibility"): gap(0) = gap(L) = 0, and gap > 0 on the open (0, L) is
// shown for every flight the balls stand for. Near the ends by the velocity's sign — positive on
// [0, ε], negative on [L − ε, L] (ε = L/64, halved until it is) — so the gap rises from 0 and
// falls to 0 there; in between by the mean-value form gap(m) + gap'(X)(X − m), gap'(X) a
// rigorous bound of the derivative on the piece X, proved positive on pieces bisected where it
// is not, at most 60 times. A midpoint proved below 0 is a penetration; a piece still undecided
// at the last bisection is said as "grazing not excluded": a refusal, never an answer.

#include "vibro/proof/ball.hpp"

#include <optional>
#include <string>
#include <vector>

namespace vibro::proof {

/// Why gap > 0 is not proved: the reason, and whether it is a proof of the contrary (a
/// midpoint proved below the obstacle: the flight penetrates it).
struct GapNotExcluded {
  std::string why;
  bool penetrating = false;
};

/// Why gap > 0 on (0, `length`) is not proved, or nothing when it is. `flight(tau)` gives the
/// gap and its derivative on the ball tau (every τ in it); `origin` is added to the times a
/// message names (the flight's start).
template <class Flight>
std::optional<GapNotExcluded> gap_not_excluded(const Flight& flight, const Ball& length, const Ball& origin) {
  constexpr int max_halvings = 60, max_depth = 60;
  const auto end_interval = [&](bool after_start) -> std::optional<Ball> {
    Ball epsilon = length / Ball(64);
    for (int k = 0; k < max_halvings; ++k, epsilon = epsilon / Ball(2)) {
      const Ball span = after_start ? Ball::hull(Ball(0), epsilon) : Ball::hull(length - epsilon, length);
      const Ball velocity = flight(span).second;
      if (after_start ? velocity.certainly_positive() : velocity.certainly_negative()) return epsilon;
    }
    return std::nullopt;
  };
  const std::optional<Ball> start = end_interval(true), end = end_interval(false);
  if (!start)
    return GapNotExcluded{"the gap is not proved to rise after the start (its velocity there not proved positive)"};
  if (!end) return GapNotExcluded{"the gap is not proved to fall into the end (its velocity there not proved negative)"};
  struct Piece {
    Ball low, high;
    int depth;
  };
  std::vector<Piece> pieces{{*start, length - *end, 0}};
  while (!pieces.empty()) {
    const Piece piece = pieces.back();
    pieces.pop_back();
    const Ball span = Ball::hull(piece.low, piece.high), middle = (piece.low + piece.high) / Ball(2);
    const Ball at_middle = flight(middle).first;
    const Ball gap = at_middle + flight(span).second * (span - middle);
    if (gap.certainly_positive()) continue;
    if (piece.depth == max_depth || at_middle.certainly_negative()) {
      const std::string where =
          (origin + piece.low).midpoint_text(12) + ", " + (origin + piece.high).midpoint_text(12);
      if (at_middle.certainly_negative())
        return GapNotExcluded{"the flight is below the obstacle in [" + where + "] (penetrating)", true};
      return GapNotExcluded{"grazing not excluded on [" + where + "]"};
    }
    pieces.push_back({middle, piece.high, piece.depth + 1});
    pieces.push_back({piece.low, middle, piece.depth + 1});
  }
  return std::nullopt;
}

}  // namespace vibro::proof
