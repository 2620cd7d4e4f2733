#pragma once
// What a run at one step size finds (RunFindings): the parts every run has, and the sections a
// scheme's registry entry (catalog/entries/) fills where they apply, rendered when present;
// every number as round-trip text. A scheme's entry writes these (results/run_record.hpp), not
// the whole RunResult (results/run_result.hpp), so that a field added to the run's result does
// not recompile the catalog. A new scheme reuses the sections that fit it.
//
// Each section has a header of its own and is held as a Section (results/section.hpp), so that
// a field added to one scheme's section recompiles the units that write or read that section,
// not every unit that passes the findings along. A unit that reads a section includes its
// header.

#include "vibro/results/section.hpp"
#include "vibro/scalar/number_text.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct ProjectionActivity;    // results/projection_activity.hpp
struct ReportedImpacts;       // results/reported_impacts.hpp
struct CorrectedCounters;     // results/corrected_counters.hpp
struct ConservativeFindings;  // results/conservative_findings.hpp
struct ReferenceFindings;     // results/reference_findings.hpp
struct SystemFindings;        // results/system_findings.hpp
struct InertiaFindings;       // results/inertia_findings.hpp
struct PlotSamples;           // results/plot_samples.hpp

/// A state: t with u and v for a 1-DOF model, or t with every coordinate q_i and velocity
/// v_i of an N-DOF system (u and v then unset).
struct StateText {
  NumberText t, u, v;
  std::vector<NumberText> q, qv;
  bool has_coordinates() const { return !q.empty(); }
};

struct StroboscopicSample {
  std::int64_t period = 0;
  StateText state;
};

/// The run stopped early: |u| passed the case's horizon.escape.
struct Escape {
  std::int64_t step = 0;  ///< steps taken when it stopped
  NumberText value;       ///< |u| there
};

/// The run at the case's step.
struct RunFindings {
  std::optional<NumberText> h;         ///< none for a scheme without a step
  std::optional<std::int64_t> steps;   ///< steps taken; none for a scheme without a step
  StateText final;
  std::optional<std::vector<StroboscopicSample>> stroboscopic;  ///< at t0 + kT, horizons in periods
  std::optional<Escape> escaped;
  Section<ProjectionActivity> projection_active;
  Section<ReportedImpacts> reported_impacts;  ///< an external program's impact table
  Section<CorrectedCounters> corrected;
  Section<ConservativeFindings> conservative;
  Section<ReferenceFindings> reference;
  Section<SystemFindings> system;
  Section<InertiaFindings> inertia;
  Section<PlotSamples> samples;
  std::vector<std::string> warnings;
};

/// One step size of a `[sweep]`: the run repeated there.
struct SweepPoint {
  std::string step;  ///< as written
  RunFindings run;
};

}  // namespace vibro
