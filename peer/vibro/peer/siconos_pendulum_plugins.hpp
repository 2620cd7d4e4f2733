#pragma once
// Seed 004's double pendulum (model/double_pendulum.hpp) as the plugins of a Siconos
// LagrangianDS, M(q) q'' + F_gyr(q, v) = p: the mass matrix, F_gyr = −f(q, v) and the two
// Jacobians of F_gyr that Moreau–Jean's Newton loop uses. The signatures are Siconos' (its
// FPtr7 for the mass, FPtr5 for the others: sizes, then the arrays, then the parameter
// vector z = (m1, m2, l1, l2, g)), and matrices are written column by column, as Siconos
// stores them. Plain functions without Siconos' headers, so that tests/peer_pendulum_test.cpp
// checks them against the model and against central differences.

namespace vibro::peer::pendulum_plugins {

/// Parameters in z: m1, m2, l1, l2, g.
inline constexpr unsigned int parameter_count = 5;

/// M(q) = [[(m1+m2) l1², m2 l1 l2 cos(θ1−θ2)], [m2 l1 l2 cos(θ1−θ2), m2 l2²]].
void mass(unsigned int size, double* q, double* mass, unsigned int z_size, double* z);
/// F_gyr(q, v) = −f(q, v), f = ((m1+m2) g l1 sin θ1 − s v2², m2 g l2 sin θ2 + s v1²),
/// s = m2 l1 l2 sin(θ1−θ2).
void gyroscopic(unsigned int size, double* q, double* v, double* force, unsigned int z_size, double* z);
/// ∂F_gyr/∂q, column j the derivative in θ_j.
void gyroscopic_dq(unsigned int size, double* q, double* v, double* jacobian, unsigned int z_size, double* z);
/// ∂F_gyr/∂v, column j the derivative in θ_j'.
void gyroscopic_dv(unsigned int size, double* q, double* v, double* jacobian, unsigned int z_size, double* z);

}  // namespace vibro::peer::pendulum_plugins
