#pragma once
// A Lyapunov case run again at a second precision for its error bars
// (lyapunov/lyapunov_error_bars.hpp): a section of the Lyapunov findings
// (results/lyapunov_findings.hpp).

#include "vibro/results/lyapunov_findings.hpp"
#include "vibro/scalar/number_text.hpp"

#include <string>

namespace vibro {

/// The same case at a second precision: its exponents and the significant digits the two
/// finite-time values share (digits of the computed orbit's value that both precisions
/// certify; on a chaotic horizon the two runs follow different pseudo-orbits and share few).
struct SecondPrecision {
  std::string precision;
  bool defined = false;
  NumberText lambda1_per_period, lambda2_per_period;   ///< when defined
  ExponentPair<int> shared_significant_digits;         ///< when defined
  std::string why_undefined;                           ///< when not
};

}  // namespace vibro
