#pragma once
// What `vibro run` finds (docs/architecture.md, "Typed results"): a scalar-independent struct,
// every number as round-trip text. The CLI's text, the JSON (io/result_json.hpp) and the
// report render it; a renderer that asks for a field no run fills does not compile.
//
// The parts every run has come first (the case as written: results/case_description.hpp); the
// run's findings (results/run_findings.hpp) are what the scheme's registry entry writes
// (results/run_record.hpp), and run_case (run/run_case.hpp) moves them in.

#include "vibro/analysis/study_result.hpp"
#include "vibro/results/case_description.hpp"
#include "vibro/results/provenance.hpp"
#include "vibro/results/run_findings.hpp"
#include "vibro/results/section.hpp"
#include "vibro/scalar/number_text.hpp"

#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct FreeFallReversalResult;  // results/free_fall_reversal.hpp

/// Whether an `[[expected]]` order holds.
enum class ExpectationOutcome { pass, fail };

constexpr const char* to_string(ExpectationOutcome outcome) {
  return outcome == ExpectationOutcome::pass ? "pass" : "fail";
}

/// One `[[expected]]` order of a case against its study.
struct ExpectationVerdict {
  std::string quantity;
  NumberText expected, tolerance;  ///< as written in the case
  std::string source;
  std::optional<double> observed;  ///< the study's least-squares slope, if it found a range
  ExpectationOutcome verdict = ExpectationOutcome::fail;

  bool passed() const { return verdict == ExpectationOutcome::pass; }
};

/// A case's run at its precision: the case as written, the findings of its run at its step,
/// its sweep, its convergence study and its expected orders.
struct RunResult {
  Provenance provenance;
  CaseInfo case_info;
  ModelDescription model;
  std::vector<Parameter> initial;  ///< u0, v0, t0 (N-DOF: q0, v0 lists, t0) as written
  SchemeDescription scheme;
  RunFindings run;
  Section<FreeFallReversalResult> free_fall;
  std::optional<StudyResult> convergence;
  std::vector<ExpectationVerdict> expected;
  std::vector<SweepPoint> sweep;

  /// Every [[expected]] result holds.
  bool expectations_hold() const {
    for (const auto& e : expected)
      if (!e.passed()) return false;
    return true;
  }
};

}  // namespace vibro
