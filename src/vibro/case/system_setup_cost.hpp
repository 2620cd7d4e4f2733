#pragma once
// What setting up an N-DOF scheme costs before its first step: the system's factorisation,
// the modal basis of M⁻²A² and the matrix functions of the step (cos, sin, Φ of ΔtB), all
// O(N³) in the run's scalar type. Measured with `vibro run` of a linear chain at mpfr:50:
// N = 100 took 6.9 s, N = 500 about 15 minutes — about 1.5 N³ times the cost of one step of
// the corrected scheme (case/work_limit.hpp: seconds_per_step), the unit the work limit counts.

#include <cstddef>

namespace vibro {

/// The setup of an N-DOF scheme for `dimension` coordinates, in steps of the work limit.
inline double system_setup_steps(std::size_t dimension) {
  const double n = static_cast<double>(dimension);
  return 1.5 * n * n * n;
}

}  // namespace vibro
