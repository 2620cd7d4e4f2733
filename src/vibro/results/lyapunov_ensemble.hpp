#pragma once
// The nearby starts of a Lyapunov run's error bars (lyapunov/lyapunov_error_bars.hpp) and their
// exponents: a section of the Lyapunov findings (results/lyapunov_findings.hpp).

#include "vibro/scalar/number_text.hpp"

#include <string>
#include <vector>

namespace vibro {

/// A nearby start of the ensemble and its exponents.
struct EnsembleMember {
  NumberText u0, v0;
  bool defined = false;
  NumberText lambda1_per_period, lambda2_per_period;  ///< when defined
  std::string why_undefined;                          ///< when not
};

/// The nearby starts: (u0, v0) moved by `perturbation` × max(|u0|, |v0|, 1) in the direction
/// of angle 2πj/M, j = 1 … M.
struct LyapunovEnsemble {
  NumberText perturbation;
  std::vector<EnsembleMember> members;
};

}  // namespace vibro
