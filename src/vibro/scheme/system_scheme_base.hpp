#pragma once
// What the six N-DOF schemes of seed 002 (docs/mathematics.md §6) have in common as classes:
// the system, the step Δt and the origin t0 (checked once, here), the node times t0 + nΔt,
// and the accessors of a state — q^n, v^n and which coordinates the last step projected —
// that the Scheme concept (scheme.hpp) asks for. Each scheme derives from it with its state
// type and adds its declared orders, its start and its step.

#include "vibro/linalg/dense_matrix.hpp"
#include "vibro/model/linear_impact_system.hpp"
#include "vibro/scheme/ndof_scheme_support.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace vibro {

template <class Real, class StateType>
class SystemSchemeBase {
 public:
  using real_type = Real;
  using model_type = LinearImpactSystem<Real>;
  using coordinates_type = Vector<Real>;
  using State = StateType;

  Real time(const State& x) const { return node_time(x.n); }
  const Vector<Real>& position(const State& x) const { return x.q; }
  const Vector<Real>& velocity(const State& x) const { return x.v; }
  const std::vector<char>& active(const State& x) const { return x.active; }
  Real step_size() const { return dt_; }
  const model_type& model() const { return model_; }

 protected:
  /// Throws std::invalid_argument for a step that is not finite and positive or a t0 that is
  /// not finite.
  SystemSchemeBase(model_type model, Real dt, Real t0)
      : model_(std::move(model)), dt_(std::move(dt)), t0_(std::move(t0)) {
    detail::require_step(dt_, t0_);
  }

  /// t_n = t0 + nΔt.
  Real node_time(std::int64_t n) const { return t0_ + dt_ * n; }

  model_type model_;
  Real dt_, t0_;
};

}  // namespace vibro
