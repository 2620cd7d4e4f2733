#pragma once
// What a scheme's registry entry writes of a case's run (catalog/entry_runners.hpp): the
// findings at the case's step, the free-fall comparison where it applies, the sweep's runs and
// the convergence study. run_case (run/run_case.hpp) moves them into the RunResult
// (results/run_result.hpp), which adds the case as written, the provenance and the expected
// orders; the entries never see that struct, so a field added to it recompiles no entry.

#include "vibro/analysis/study_result.hpp"
#include "vibro/results/run_findings.hpp"
#include "vibro/results/section.hpp"

#include <optional>
#include <vector>

namespace vibro {

struct FreeFallReversalResult;  // results/free_fall_reversal.hpp

struct RunRecord {
  RunFindings run;
  Section<FreeFallReversalResult> free_fall;  ///< seed 000 §2, the Paoli–Schatzman scheme in free fall
  std::vector<SweepPoint> sweep;
  std::optional<StudyResult> convergence;
};

}  // namespace vibro
