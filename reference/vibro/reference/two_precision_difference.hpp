#pragma once
// The error estimate of the general-inertia reference (docs/mathematics.md §7.2): the same
// run in the scalar type Real and in a wider one (double against MPFR at 30 digits, MPFR at
// P digits against P + 15, …), compared at a set of times and event by event. The wide run
// has a tolerance ε_wide ≪ ε (the integrator's, the contact search's and the chatter rule's
// all scale with ε), so the difference is dominated by the Real run's error: an estimate
// of it, not a bound (the two runs share the method, so an error of the method that does
// not shrink with ε — none is known — would not show).
//
// Event times are compared by kind and constraint: each event of the Real run is matched
// with the nearest event of the same kind and constraint in the wide run. The runs need not
// have the same number of events: a chatter sequence is resolved impact by impact while the
// rebound is above 16 contact tolerances and summed below (contact_law.hpp), so the wide
// run resolves more impacts before the same accumulation time; the Real run's impacts are
// matched with the first ones of the wide run's sequence.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/reference/dense_inertia_reference.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <type_traits>
#include <vector>

namespace vibro {

template <class Real>
struct TwoPrecisionDifference {
  Real position{0};    ///< max over the times and coordinates of |q − q̃|
  Real velocity{0};    ///< max over the times and coordinates of |u − ũ|
  Real event_time{0};  ///< max over the matched events of |t − t̃|
  std::size_t events = 0, wide_events = 0;
  std::size_t unmatched = 0;  ///< events of the Real run with no event of their kind and constraint in the wide run
};

namespace detail {

/// Samples of a dense reference at `times`, and its events, in its own type.
template <class Dense, class Times>
struct DenseSamples {
  std::vector<Vector<typename Dense::Real>> q, u;
  std::vector<typename Dense::Event> events;

  DenseSamples(const Dense& dense, const Times& times) : events(dense.events()) {
    for (const auto& t : times) {
      q.push_back(dense.position(t));
      u.push_back(dense.velocity(t));
    }
  }
};

}  // namespace detail

/// Runs `build(std::type_identity<R>{})` — a DenseInertiaReference of the same problem in
/// the type R, its data made from their decimal text at R's precision — for R = Real (at the
/// current MPFR precision) and R = Wide (with MPFR at `wide_digits` when Wide is MPFR),
/// and compares them at `times` and event by event.
template <class Real, class Wide, class Build>
TwoPrecisionDifference<Real> two_precision_difference(const Build& build, const std::vector<Real>& times,
                                                      long wide_digits) {
  using std::abs;
  using std::max;
  const auto narrow = build(std::type_identity<Real>{});
  const detail::DenseSamples<std::decay_t<decltype(narrow)>, std::vector<Real>> a(narrow, times);

  std::optional<MpfrPrecisionGuard> guard;
  if constexpr (is_runtime_precision_v<Wide>) guard.emplace(wide_digits);
  std::vector<Wide> wide_times;
  for (const Real& t : times) wide_times.push_back(Wide(t));
  const auto wide = build(std::type_identity<Wide>{});
  const detail::DenseSamples<std::decay_t<decltype(wide)>, std::vector<Wide>> b(wide, wide_times);

  Wide position(0), velocity(0), event_time(0);
  for (std::size_t k = 0; k < times.size(); ++k)
    for (std::size_t i = 0; i < a.q[k].size(); ++i) {
      position = max(position, Wide(abs(Wide(a.q[k][i]) - b.q[k][i])));
      velocity = max(velocity, Wide(abs(Wide(a.u[k][i]) - b.u[k][i])));
    }
  TwoPrecisionDifference<Real> result;
  result.events = a.events.size();
  result.wide_events = b.events.size();
  for (const auto& e : a.events) {
    std::optional<Wide> nearest;
    for (const auto& f : b.events) {
      if (f.kind != e.kind || f.constraint != e.constraint) continue;
      const Wide d = abs(Wide(e.t) - f.t);
      if (!nearest || d < *nearest) nearest = d;
    }
    if (nearest) event_time = max(event_time, *nearest);
    else ++result.unmatched;
  }
  result.position = static_cast<Real>(position);
  result.velocity = static_cast<Real>(velocity);
  result.event_time = static_cast<Real>(event_time);
  return result;
}

}  // namespace vibro
