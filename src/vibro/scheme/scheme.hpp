#pragma once
// The one shape of a scheme (docs/architecture.md "The shape of a scheme"). Every scheme —
// the time-stepping schemes of the seeds and the exact-detection references, through
// reference/vibro/reference/reference_scheme.hpp — is a class template on its model with
//
//   real_type, model_type, State        the scalar, the model, the discrete state
//   coordinates_type                    optional: what a position is — real_type (the default,
//                                       one degree of freedom) or Vector<real_type> (seed 002's
//                                       N-DOF systems; linalg/coordinates.hpp)
//   model()                             the model it advances
//   start(u0, v0) -> State              the state at the scheme's t0 from Cauchy data
//   step(State&) -> R                   one step; R tests true when the step made contact
//                                       (projection active, artificial impact, an event)
//   time(x), position(x), velocity(x)   the current time and state
//   declared_orders                     the order per error metric the seeds or docs/mathematics.md
//                                       give, where they give one (DeclaredOrders)
//   rational_arithmetic                 true when it uses only +, −, ×, ÷ and comparisons,
//                                       so that it runs in the exact rational type
//
// t0 and the scheme's options are constructor arguments; which models a scheme takes is
// its template constraint. The run layer (case/scheme_catalog.hpp) picks a scheme once per run;
// nothing inside a step loop is virtual.

#include "vibro/scheme/error_metric.hpp"

#include <concepts>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <utility>

namespace vibro {

/// The convergence order a scheme's error has in one metric, as a source states it.
struct DeclaredOrder {
  double order = 0;
  /// True: the order is exact on problems with transverse impacts (the error is
  /// Θ(h^order), not smaller). False: a lower bound (smooth or unforced problems can do better).
  bool sharp = false;
  std::string_view source;  ///< seed and equation, or the section of the project's mathematics
};

/// Per error metric: the declared order, or none where no source gives one.
using DeclaredOrders = PerMetric<std::optional<DeclaredOrder>>;

/// DeclaredOrders from (metric, order) pairs; the metrics not named have none.
constexpr DeclaredOrders declare_orders(std::initializer_list<std::pair<ErrorMetric, DeclaredOrder>> orders) {
  DeclaredOrders declared{};
  for (const auto& [metric, order] : orders) declared[index_of(metric)] = order;
  return declared;
}

namespace detail {
template <class S>
struct CoordinatesOf {
  using type = typename S::real_type;
};
template <class S>
  requires requires { typename S::coordinates_type; }
struct CoordinatesOf<S> {
  using type = typename S::coordinates_type;
};
}  // namespace detail

/// A position (and a velocity) of a scheme or a model: its real_type, or the
/// coordinates_type it declares (Vector<real_type> for an N-DOF system).
template <class S>
using coordinates_t = typename detail::CoordinatesOf<S>::type;

template <class S>
concept Scheme = requires(const S& scheme, typename S::State& x, const coordinates_t<S>& value) {
  typename S::real_type;
  typename S::model_type;
  typename S::State;
  requires std::same_as<typename S::model_type::real_type, typename S::real_type>;
  { scheme.model() } -> std::same_as<const typename S::model_type&>;
  { scheme.start(value, value) } -> std::same_as<typename S::State>;
  { static_cast<bool>(scheme.step(x)) };
  { scheme.time(std::as_const(x)) } -> std::convertible_to<typename S::real_type>;
  { scheme.position(std::as_const(x)) } -> std::convertible_to<coordinates_t<S>>;
  { scheme.velocity(std::as_const(x)) } -> std::convertible_to<coordinates_t<S>>;
  { S::declared_orders } -> std::convertible_to<DeclaredOrders>;
  { S::rational_arithmetic } -> std::convertible_to<bool>;
};

/// A scheme with a nominal step h (every scheme but the references).
template <class S>
concept SteppedScheme = Scheme<S> && requires(const S& scheme) {
  { scheme.step_size() } -> std::convertible_to<typename S::real_type>;
};

}  // namespace vibro
