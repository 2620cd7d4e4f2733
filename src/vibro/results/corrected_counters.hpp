#pragma once
// The corrected Crank–Nicolson scheme's counters (seed 000 §3): a section of the run's findings
// (results/run_findings.hpp).

#include <cstdint>

namespace vibro {

/// The corrected scheme's artificial impacts, dichotomies and fallbacks (seed 000 §3).
struct CorrectedCounters {
  std::int64_t impacts = 0, dichotomies = 0, fallbacks = 0;
};

}  // namespace vibro
