#pragma once
// The sweeping-process scheme of seed 004 for a system with a general inertia operator
// (docs/mathematics.md §7.1): with h the step,
//   q_{i+1} = q_i + h u_i,
//   u_{i+1} = −e u_i + (1+e) proj_{M(q_{i+1})}(u_i + h/(1+e) M(q_{i+1})⁻¹ f_{i+1}, V(q_{i+1})),
//   f_{i+1} = f(t_{i+1}, q_{i+1}, M(q_{i+1}) u_{j(i)}),
// j(i) = i (explicit) or i + 1 (implicit), u_0 = u0 (seed 004, "Pour tout entier naturel n").
// V(q) collects the constraints with g_j(q) ≥ 0; the projection is the closed form for one
// of them and the active-set enumeration for several (scheme/kinetic_projection.hpp).
//
// The implicit version is a fixed point in u_{i+1}: everything but f_{i+1} depends on
// q_{i+1} only, so M(q_{i+1}), its factor and the gradients are computed once per step and
// the iteration u ← Φ(u) re-evaluates the force, the solve and the projection. It starts
// from the explicit value and stops when the change is at the rounding level of the step
// (converged below), or fails with a one-line std::runtime_error naming the step.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/linalg/symmetric_solve.hpp"
#include "vibro/model/general_inertia.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"
#include "vibro/scheme/kinetic_projection.hpp"
#include "vibro/scheme/ndof_scheme_support.hpp"
#include "vibro/scheme/scheme.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

/// Which velocity the force of a step sees (seed 004: j(i)).
enum class SweepingVersion {
  explicit_force,  ///< j(i) = i: f(t_{i+1}, q_{i+1}, M(q_{i+1}) u_i)
  implicit_force,  ///< j(i) = i + 1: a fixed point in u_{i+1}
};

struct SweepingProcessOptions {
  SweepingVersion version = SweepingVersion::explicit_force;
  /// Implicit only: fixed-point iterations allowed per step before the step fails.
  int max_iterations = 100;
};

/// Fixed-point iterations of the implicit version (all 0 for the explicit one).
struct FixedPointIterations {
  std::int64_t total = 0;  ///< over every step so far
  int largest = 0;         ///< in one step
  int last = 0;            ///< in the last step
};

/// The discrete state (q_i, u_i, i) and every buffer a step writes, sized by start(), so
/// that a step allocates nothing in a built-in floating type.
template <class Real>
struct SweepingProcessState {
  Vector<Real> q, u;
  std::int64_t n = 0;
  Vector<Real> q_next, u_next, u_previous;  ///< u_previous: the fixed point's last iterate
  Matrix<Real> factor;                      ///< LDLᵀ of M(q_{i+1})
  Vector<Real> force, acceleration;         ///< f_{i+1}, M(q_{i+1})⁻¹ f_{i+1}
  Vector<Real> argument, projected, scratch;
  std::vector<Vector<Real>> gradients;      ///< of the constraints in V(q_{i+1}), first `in_v`
  std::vector<std::size_t> constraint_of;   ///< their constraint indices
  std::size_t in_v = 0;
  ConeProjection<Real> cone;                ///< several constraints at once
  std::vector<char> active;                 ///< per constraint: the projection acted on it
  FixedPointIterations iterations;
};

template <GeneralInertiaModel Model>
class SweepingProcess {
 public:
  using real_type = typename Model::real_type;
  using Real = real_type;
  using model_type = Model;
  using coordinates_type = Vector<Real>;
  using State = SweepingProcessState<Real>;
  using Options = SweepingProcessOptions;

  /// Seed 004 proves convergence without an order; docs/mathematics.md §7.1 derives these.
  /// Position L∞: first order and sharp — in flight q is advanced by forward Euler, whose
  /// local error ½h²q'' does not vanish, and across a transverse impact the discrete
  /// reversal is up to a step late. Velocity L1: first order as a lower bound (the velocity
  /// jumps at an impact, so only its L1 error is small, and smooth stretches can do better).
  static constexpr DeclaredOrders declared_orders = declare_orders(
      {{ErrorMetric::position_linf, {1, true, "docs/mathematics.md §7.1 (derived; seed 004 states none)"}},
       {ErrorMetric::velocity_l1, {1, false, "docs/mathematics.md §7.1 (derived; seed 004 states none)"}}});
  /// The models of seed 004 have cos and sin in M, f and g.
  static constexpr bool rational_arithmetic = false;

  /// Throws std::invalid_argument for a step that is not finite and positive, a t0 that is
  /// not finite, and a fixed-point cap below 1.
  SweepingProcess(Model model, Real h, Real t0 = Real(0), Options options = {})
      : model_(std::move(model)), h_(std::move(h)), t0_(std::move(t0)), options_(options) {
    detail::require_step(h_, t0_);
    if (options_.max_iterations < 1)
      throw std::invalid_argument("sweeping process: max_iterations = " + std::to_string(options_.max_iterations) +
                                  " must be at least 1");
    restitution_ = Real(model_.restitution());
    h_over_1_plus_e_ = h_ / (1 + restitution_);
  }

  /// The state at t0 from (q0, u0) ∈ L × V(q0) (require_admissible_start: otherwise
  /// std::invalid_argument naming initial.q0 or initial.u0). u_0 = u0: for u0 ∈ V(q0) the
  /// seed's −e u0 + (1+e) proj(u0, V(q0)) is u0.
  State start(const Vector<Real>& q0, const Vector<Real>& u0) const {
    const std::size_t d = model_.dimension(), m = model_.constraint_count();
    require_admissible_start(model_, q0, u0);
    State x{.q = q0,
            .u = u0,
            .n = 0,
            .q_next = Vector<Real>(d),
            .u_next = Vector<Real>(d),
            .u_previous = Vector<Real>(d),
            .factor = Matrix<Real>(d, d),
            .force = Vector<Real>(d),
            .acceleration = Vector<Real>(d),
            .argument = Vector<Real>(d),
            .projected = Vector<Real>(d),
            .scratch = Vector<Real>(d),
            .gradients = std::vector<Vector<Real>>(m, Vector<Real>(d)),
            .constraint_of = std::vector<std::size_t>(m, 0),
            .in_v = 0,
            .cone = ConeProjection<Real>(d, m),
            .active = std::vector<char>(m, 0),
            .iterations = {}};
    return x;
  }

  /// (q_i, u_i) → (q_{i+1}, u_{i+1}). Returns true when the projection moved the argument
  /// (active(x) says on which constraints). Throws std::runtime_error when M(q_{i+1}) is not
  /// positive definite in this precision, and in the implicit version when the fixed point
  /// does not converge within the cap.
  bool step(State& x) const {
    const std::size_t d = x.q.size();
    const Real t_next = time(x.n + 1);
    for (std::size_t k = 0; k < d; ++k) x.q_next[k] = x.q[k] + h_ * x.u[k];
    model_.mass_matrix(x.q_next, x.factor);
    if (const auto pivot = ldlt_in_place(x.factor))
      throw std::runtime_error("sweeping process: M(q) is not positive definite at step " + std::to_string(x.n + 1) +
                               " (t = " + to_text_significant(t_next, 6) + ", LDLᵀ pivot " +
                               std::to_string(*pivot + 1) + ")");
    // V(q_{i+1}): the constraints reached or crossed (g_j ≥ 0), their gradients once per step.
    x.in_v = 0;
    for (std::size_t j = 0; j < model_.constraint_count(); ++j) {
      x.active[j] = 0;
      if (model_.constraint(j, x.q_next) >= 0) {
        model_.constraint_gradient(j, x.q_next, x.gradients[x.in_v]);
        x.constraint_of[x.in_v++] = j;
      }
    }
    bool moved = velocity_update(x, t_next, x.u, x.u_next);
    x.iterations.last = 0;
    if (options_.version == SweepingVersion::implicit_force) moved = fixed_point(x, t_next);
    std::swap(x.q, x.q_next);
    std::swap(x.u, x.u_next);
    ++x.n;
    return moved;
  }

  Real time(const State& x) const { return time(x.n); }
  const Vector<Real>& position(const State& x) const { return x.q; }
  const Vector<Real>& velocity(const State& x) const { return x.u; }
  /// Per constraint: the projection of the last step acted on it.
  const std::vector<char>& active(const State& x) const { return x.active; }
  /// The implicit version's fixed-point iterations so far.
  const FixedPointIterations& iterations(const State& x) const { return x.iterations; }
  /// ½ uᵀM(q)u plus the potential, by the model.
  Real energy(const State& x) const { return model_.energy(x.q, x.u); }
  Real step_size() const { return h_; }
  const Model& model() const { return model_; }
  const Options& options() const { return options_; }

 private:
  Real time(std::int64_t n) const { return t0_ + h_ * n; }

  /// out = −e u_i + (1+e) proj(u_i + h/(1+e) M⁻¹ f(t_{i+1}, q_{i+1}, seen), V(q_{i+1})),
  /// with M's factor and the gradients of V(q_{i+1}) already in x. Returns whether the
  /// projection moved the argument, and marks the constraints it acted on.
  bool velocity_update(State& x, const Real& t_next, const Vector<Real>& seen, Vector<Real>& out) const {
    const std::size_t d = x.q.size();
    model_.force(t_next, x.q_next, seen, x.force);
    ldlt_solve_into(x.factor, x.force, x.acceleration);
    for (std::size_t k = 0; k < d; ++k) x.argument[k] = x.u[k] + h_over_1_plus_e_ * x.acceleration[k];
    bool moved = false;
    for (std::size_t a = 0; a < x.in_v; ++a) x.active[x.constraint_of[a]] = 0;
    if (x.in_v == 1) {
      moved = project_onto_half_space(x.factor, x.gradients[0], x.argument, x.projected, x.scratch);
      x.active[x.constraint_of[0]] = moved ? 1 : 0;
    } else if (x.in_v > 1) {
      moved = x.cone.project(x.factor, std::span<const Vector<Real>>(x.gradients.data(), x.in_v), x.argument,
                             x.projected);
      for (std::size_t a = 0; a < x.in_v; ++a)
        if (x.cone.active_set() & (std::uint32_t(1) << a)) x.active[x.constraint_of[a]] = 1;
    } else {
      x.projected = x.argument;
    }
    for (std::size_t k = 0; k < d; ++k) out[k] = (1 + restitution_) * x.projected[k] - restitution_ * x.u[k];
    return moved;
  }

  /// The implicit step: u ← Φ(u) from the explicit value in x.u_next. Converged when the
  /// largest change of a component is at most 8ε of the step's velocity scale
  /// max(|u_i|∞, |u_{i+1}|∞) — Φ is a handful of roundings of quantities of that size, so
  /// its value is not defined more finely — or when the change is within 64ε of that scale
  /// and stopped decreasing (rounding noise: a contraction that has reached its floor).
  bool fixed_point(State& x, const Real& t_next) const {
    using std::abs;
    using std::max;
    const Real eps = epsilon<Real>();
    bool moved = false;
    Real change(0), previous_change(-1);
    for (int iteration = 1; iteration <= options_.max_iterations; ++iteration) {
      x.u_previous = x.u_next;
      moved = velocity_update(x, t_next, x.u_previous, x.u_next);
      change = Real(0);
      Real scale(0);
      for (std::size_t k = 0; k < x.u.size(); ++k) {
        change = max(change, Real(abs(x.u_next[k] - x.u_previous[k])));
        scale = max(scale, max(Real(abs(x.u[k])), Real(abs(x.u_next[k]))));
      }
      const bool converged =
          change <= 8 * eps * scale || (previous_change >= 0 && change >= previous_change && change <= 64 * eps * scale);
      if (converged) {
        x.iterations.last = iteration;
        x.iterations.total += iteration;
        x.iterations.largest = std::max(x.iterations.largest, iteration);
        return moved;
      }
      previous_change = change;
    }
    throw std::runtime_error("sweeping process (implicit): the fixed point did not converge at step " +
                             std::to_string(x.n + 1) + " (t = " + to_text_significant(t_next, 6) +
                             "): |Δu| = " + to_text_significant(change, 3) + " after " +
                             std::to_string(options_.max_iterations) + " iterations; reduce h");
  }

  Model model_;
  Real h_, t0_;
  Options options_;
  Real restitution_, h_over_1_plus_e_;
};

}  // namespace vibro
