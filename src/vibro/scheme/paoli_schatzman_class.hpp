#pragma once
// The class of the Paoli–Schatzman scheme (seed 000 eq. (14), seed 001 eq. (7)–(9)): its state,
// options, declared orders and the declarations of its members. The scheme itself (the
// constructor's constants, the starting value, the step in both forms) is defined in
// scheme/paoli_schatzman.hpp, with its derivation.
//
// Why two headers: the numerics library compiles the scheme for ImpactOscillator (every floating
// type) and ConstantForce (every scalar type) once (scheme/paoli_schatzman_compiled.cpp), so a
// unit that only runs it with those models (a test that uses it as an independent method, the
// Poincaré map's flow) includes this header and links those instances. An edit of the scheme
// then recompiles the units that include paoli_schatzman.hpp: the scheme's catalog entry, its
// kernel tests and the unit that compiles it, not every unit that calls it. A unit that runs it
// with another model includes paoli_schatzman.hpp.

#include "vibro/model/concepts.hpp"
#include "vibro/model/linear_force.hpp"
#include "vibro/scheme/paoli_schatzman_options.hpp"
#include "vibro/scheme/scheme.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace vibro {

namespace detail {

/// What a model without a forcing grid (model/linear_force.hpp) puts in the step's scratch.
struct NoForcingGrid {
  struct Cursor {};
};

template <class Model>
auto forcing_grid(const Model& model, const typename Model::real_type& t0, const typename Model::real_type& h) {
  if constexpr (ForcingOnGrid<Model>)
    return LinearForce<Model>::on_grid(model, t0, h);
  else
    return NoForcingGrid{};
}

}  // namespace detail

template <ImpactModel Model>
class PaoliSchatzman {
  using ForcingGrid = decltype(detail::forcing_grid(std::declval<const Model&>(), std::declval<const typename Model::real_type&>(),
                                                    std::declval<const typename Model::real_type&>()));

 public:
  using model_type = Model;
  using real_type = typename Model::real_type;
  using Real = real_type;

  /// Seed 000 §1 ("the error on the position is at best O(h) in L∞, and the error on the
  /// velocity is at best O(h) in L1") and the free-fall reversal of seed 000 §2 (docs/mathematics.md
  /// §2.1: the velocity is O(1) in L∞ across the two-step reversal).
  static constexpr DeclaredOrders declared_orders =
      declare_orders({{ErrorMetric::position_linf, {1, true, "seed 000 §1-2"}},
                      {ErrorMetric::velocity_l1, {1, true, "seed 000 §1-2"}},
                      {ErrorMetric::velocity_linf, {0, true, "seed 000 §2"}}});
  /// +, −, ×, max: the free-fall reversal holds with exact equality in rationals (seed 000 §2).
  static constexpr bool rational_arithmetic = true;

  /// A step computes the node after the new state's (its result is that step's projection):
  /// scheme/node_contact.hpp gives the flag with the node it made.
  static constexpr bool contact_makes_next_node = true;

  /// Working values of the increment step, kept with the state so that a step in MPFR creates
  /// no number (each would be a heap allocation): written before read in every step, not
  /// part of X^n.
  struct StepScratch {
    Real bound{}, y{}, f{}, product{};
    Real g{};  ///< g(t_n) of the forcing grid, for the models with one
    typename ForcingGrid::Cursor forcing{};
  };

  /// X^n = (U^n, V^n), stored as U^n, D^n = U^{n+1} − U^n = h V^n and the index n
  /// (t_n = t0 + n h).
  struct State {
    Real u;
    Real d;
    std::int64_t n = 0;
    StepScratch scratch = {};
  };

  /// Largest number of fixed-point iterations for an implicit velocity approximation
  /// when f is not affine in v (seed 001 Lemma 3.2: a contraction when L h < 1).
  static constexpr int max_fixed_point_iterations = 200;

  /// Throws std::invalid_argument when h is not positive and finite or t0 not finite.
  PaoliSchatzman(Model model, Real h, Real t0 = Real(0), PaoliSchatzmanOptions options = {});

  const Model& model() const { return model_; }
  const Real& step_size() const { return h_; }
  const Real& initial_time() const { return t0_; }
  const PaoliSchatzmanOptions& options() const { return options_; }

  Real time(std::int64_t n) const { return t0_ + h_ * n; }
  Real time(const State& x) const { return time(x.n); }
  const Real& position(const State& x) const { return x.u; }
  Real velocity(const State& x) const { return x.d / h_; }

  /// X^0 from the Cauchy data (u0, v0) at t0, with D^0 = U^1 − U^0 from the starting rule.
  /// Throws std::invalid_argument when the data are not admissible.
  State start(const Real& u0, const Real& v0) const;

  /// X^n = (U, V) given directly as a discrete state, as the Poincaré map needs it.
  State from_discrete(const Real& u, const Real& v, std::int64_t n = 0) const { return State{u, h_ * v, n}; }

  /// X^n → X^{n+1}: computes U^{n+2} by seed 000 eq. (14) from U^n, U^{n+1} at t_{n+1}, in
  /// the form of options().form. Returns true when the projection was active (the argument
  /// was below (1+e)u_min).
  bool step(State& x) const;

  /// X^n → X^{n+1} for trajectories at one node n (the Poincaré map's base and perturbed
  /// points, analysis/paoli_schatzman_flow.hpp): where the step reads the forcing grid,
  /// g(t_n) is evaluated for the first state and given to the others, which is the value each
  /// would evaluate alone (the grid's value depends on n only), so every state ends bitwise
  /// where step() takes it. In double, cos was 83 % of an NSND run's time (3 states a step).
  /// The states' flags, in order. Defined here, as a member template is not compiled with
  /// the class: it calls the compiled step.
  template <std::size_t M>
  std::array<bool, M> step_together(std::array<State, M>& xs) const {
    std::array<bool, M> active{};
    if constexpr (ForcingOnGrid<Model> && M > 0) {
      // A step that does not read the grid (backward velocity, a fixed-point iteration) ignores
      // the given value, so only the form decides.
      const bool one_node = std::all_of(xs.begin(), xs.end(), [&](const State& x) { return x.n == xs[0].n; });
      if (one_node && options_.form == RecurrenceForm::increment) {
        for (std::size_t i = 0; i < M; ++i) {
          if (i > 0) xs[i].scratch.g = xs[0].scratch.g;
          active[i] = increment_step(xs[i], i == 0 ? Forcing::evaluate : Forcing::given);
          ++xs[i].n;
        }
        return active;
      }
    }
    for (std::size_t i = 0; i < M; ++i) active[i] = step(xs[i]);
    return active;
  }

 private:
  /// Whether a step evaluates g(t_n) on the forcing grid or finds it in its scratch.
  enum class Forcing { evaluate, given };

  /// The increment form: D = x.d, U^n = x.u + D; leaves U^n and D' in x.
  bool increment_step(State& x, Forcing forcing = Forcing::evaluate) const;
  /// f(t_n, U^n, 0) into `out` for the step from x.
  void at_rest_acceleration(State& x, Real& out, Forcing forcing) const;
  /// Seed 000 eq. (14) as printed: U^{n+1} from U^{n−1} = x.u and U^n = x.u + x.d.
  bool two_step(State& x, const Real& t) const;
  /// The implicit velocity approximation for f not affine in v (seed 001 Lemma 3.2).
  template <class ImpliedVelocity>
  Real fixed_point(const Real& t, const Real& position, const Real& explicit_velocity, const Real& base,
                   const Real& bound, const ImpliedVelocity& implied_velocity) const;
  static Real position_coefficient(const Model& model);

  Model model_;
  Real h_;
  Real t0_;
  PaoliSchatzmanOptions options_;
  Real h_squared_;
  Real lower_;  // (1+e)u_min: P projects on [lower_, ∞)
  ForcingGrid forcing_;
  Real position_coefficient_;  // c in f = g − k v − c u (grid models)
  Real one_minus_e_;
  Real minus_one_plus_e_;
  Real implicit_c_;
  Real implicit_scale_;
  Real increment_coefficient_;  // 1 − e − γm of the increment form (scheme/paoli_schatzman.hpp)
};

}  // namespace vibro
