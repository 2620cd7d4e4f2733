#pragma once
// Admissible Cauchy data (seed 000 §1, the set C_K): u0 ≥ u_min, and v0 ≥ 0 when the mass
// starts on the obstacle.

#include "vibro/model/concepts.hpp"
#include "vibro/scalar/format.hpp"
#include "vibro/scalar/traits.hpp"

#include <stdexcept>
#include <string>

namespace vibro {

template <ImpactModel Model>
void require_admissible(const Model& model, const typename Model::real_type& u0, const typename Model::real_type& v0) {
  if (!is_finite(u0) || !is_finite(v0)) throw std::invalid_argument("initial data u0, v0 must be finite");
  if (u0 < model.obstacle())
    throw std::invalid_argument("u0 = " + to_text(u0) + " is below the obstacle u_min = " + to_text(model.obstacle()) +
                                " (allowed: u0 ≥ u_min)");
  if (u0 == model.obstacle() && v0 < 0)
    throw std::invalid_argument("v0 = " + to_text(v0) +
                                " points into the obstacle while u0 = u_min (allowed: v0 ≥ 0 when u0 = u_min)");
}

}  // namespace vibro
