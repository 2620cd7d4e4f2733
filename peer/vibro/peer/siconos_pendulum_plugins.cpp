#include "vibro/peer/siconos_pendulum_plugins.hpp"

#include <cmath>

namespace vibro::peer::pendulum_plugins {

// z = (m1, m2, l1, l2, g); a matrix entry (i, j) is at [i + 2j].

void mass(unsigned int, double* q, double* mass, unsigned int, double* z) {
  const double coupling = z[1] * z[2] * z[3] * std::cos(q[0] - q[1]);
  mass[0] = (z[0] + z[1]) * z[2] * z[2];
  mass[1] = coupling;
  mass[2] = coupling;
  mass[3] = z[1] * z[3] * z[3];
}

void gyroscopic(unsigned int, double* q, double* v, double* force, unsigned int, double* z) {
  const double s = z[1] * z[2] * z[3] * std::sin(q[0] - q[1]);
  force[0] = -((z[0] + z[1]) * z[4] * z[2] * std::sin(q[0]) - s * v[1] * v[1]);
  force[1] = -(z[1] * z[4] * z[3] * std::sin(q[1]) + s * v[0] * v[0]);
}

// With c = m2 l1 l2 cos(θ1−θ2) = ∂s/∂θ1 = −∂s/∂θ2.
void gyroscopic_dq(unsigned int, double* q, double* v, double* jacobian, unsigned int, double* z) {
  const double c = z[1] * z[2] * z[3] * std::cos(q[0] - q[1]);
  jacobian[0] = -((z[0] + z[1]) * z[4] * z[2] * std::cos(q[0]) - c * v[1] * v[1]);
  jacobian[1] = -(c * v[0] * v[0]);
  jacobian[2] = -(c * v[1] * v[1]);
  jacobian[3] = -(z[1] * z[4] * z[3] * std::cos(q[1]) - c * v[0] * v[0]);
}

// F_gyr,1 depends on v2 alone (through s v2²), F_gyr,2 on v1 alone (through −s v1²).
void gyroscopic_dv(unsigned int, double* q, double* v, double* jacobian, unsigned int, double* z) {
  const double s = z[1] * z[2] * z[3] * std::sin(q[0] - q[1]);
  jacobian[0] = 0;
  jacobian[1] = -2 * s * v[0];
  jacobian[2] = 2 * s * v[1];
  jacobian[3] = 0;
}

}  // namespace vibro::peer::pendulum_plugins
