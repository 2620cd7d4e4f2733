#pragma once
// One meaning of "contact" in every output: the node the contact made. A one-step scheme's
// step X^n → X^{n+1} makes node n + 1, the new state's own, so its step result already says
// it. A two-step scheme whose state is the pair (U^n, U^{n+1}) — the Paoli–Schatzman scheme
// (seed 000 eq. (14), seed 001 eq. (7)) and seed 003's impact schemes (eq. (5.9)) — computes
// U^{n+2} in the step (U^n, U^{n+1}) → (U^{n+1}, U^{n+2}): its projection made the node one
// past the new state's, which is shown only after the next step. Such a scheme says so with
//
//   static constexpr bool contact_makes_next_node = true;
//
// and NodeContact carries its step's flag one step, so that the flag given with a state is
// that of the state's own node (run rows, projection_active, impact dates of a study). The
// N-DOF two-step schemes (scheme/two_step_core.hpp) carry their per-coordinate flags in the
// state and need no carrying here. The kernels keep the step's own result (seed numbering:
// their tests, the Poincaré map of analysis/paoli_schatzman_flow.hpp and seed 003's flight
// analyses, which follow the state's pair, read it).

#include "vibro/scheme/scheme.hpp"

#include <utility>

namespace vibro {

/// True when a step of S reports the contact that made the node after the new state's.
template <class S>
inline constexpr bool contact_makes_next_node = requires { requires S::contact_makes_next_node; };

/// What the drive gives with a state of a scheme with contact_makes_next_node: whether a
/// contact made the state's own node (`node`, what every output shows, and the value as a
/// bool), and the step's own result (`step`: its contact made the node after, the second of
/// the state's pair (U^n, U^{n+1}), for the analyses that follow the pair as the seeds do).
struct CarriedContact {
  bool node = false;
  bool step = false;
  operator bool() const { return node; }  // NOLINT(google-explicit-constructor): a flag where a flag is read
};

/// Turns each step's result into "the new state's node was made by a contact". For a scheme
/// without contact_makes_next_node the result passes unchanged (it may carry more than the
/// flag: counters, events); for one with it, a CarriedContact whose node flag is the previous
/// step's result. The last step's result makes a node past the run's end, which no output shows.
template <class S>
class NodeContact {
 public:
  template <class Report>
  decltype(auto) operator()(Report&& step_result) {
    if constexpr (contact_makes_next_node<S>) {
      const CarriedContact contact{previous_, static_cast<bool>(step_result)};
      previous_ = contact.step;
      return contact;
    } else {
      return std::forward<Report>(step_result);
    }
  }

 private:
  bool previous_ = false;
};

}  // namespace vibro
