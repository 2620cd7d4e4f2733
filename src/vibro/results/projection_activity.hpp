#pragma once
// The steps on which a projection scheme's projection acted: a section of the run's findings
// (results/run_findings.hpp), written by every scheme that projects.

#include <cstdint>
#include <vector>

namespace vibro {

/// The steps where a projection scheme's projection was active (the discrete impacts).
struct ProjectionActivity {
  std::int64_t count = 0;
  std::vector<std::int64_t> first_steps;  ///< the first of them: n of the node U^n the projection made
  std::int64_t impacts = 0;               ///< runs of consecutive active steps: a two-step reversal is one
};

}  // namespace vibro
