#pragma once
// The impact table an external program reported (docs/own_scheme.md): a section of the run's
// findings (results/run_findings.hpp).

#include "vibro/scalar/number_text.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vibro {

/// An impact an external program reported in its impact table (docs/own_scheme.md "The impact
/// table"): its time, the coordinate it is on (from 1), the velocity before and after.
struct ReportedImpactText {
  NumberText t;
  std::int64_t coordinate = 1;
  NumberText v_minus, v_plus;
};

/// The impacts a program reported: how many, and the first `listed` of them.
struct ReportedImpacts {
  static constexpr std::size_t listed = 64;
  std::int64_t count = 0;
  std::vector<ReportedImpactText> first;
};

}  // namespace vibro
