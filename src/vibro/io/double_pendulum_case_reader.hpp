#pragma once
// Reading seed 004's double pendulum from a case file (docs/case_files.md): [model] with m1,
// m2, l1, l2, gravity (9.81 when not given) and e; its initial angles as initial.q0
// (radians) or initial.q0_over_pi (multiples of π, exact: the seed's π/3 is 1/3), and
// initial.v0 (the angular velocities). Internal to the library (toml++).

#include "vibro/io/toml_reader.hpp"
#include "vibro/case/case_spec.hpp"

namespace vibro {

/// [model] of type double-pendulum: the masses and lengths > 0, gravity ≥ 0, into `model`
/// (its kind and its e ∈ [0, 1]).
void read_double_pendulum(const TomlReader& r, const toml::table& t, ModelSpec& model);

/// initial.q0 or initial.q0_over_pi, and initial.v0: two angles and two angular velocities.
/// Angles given as multiples of π are checked exactly against the wall g(q) = −cos θ1 ≤ 0:
/// θ1 on the wall's side (cos θ1 < 0) is refused, and at the wall (θ1 = ±π/2) so is a
/// velocity θ1' that points through it. Angles in radians are checked when the case is
/// bound to a precision (model/general_inertia.hpp: require_admissible_start).
void read_double_pendulum_initial(const TomlReader& r, const toml::table& initial, CaseSpec& c);

}  // namespace vibro
