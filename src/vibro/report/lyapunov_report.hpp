#pragma once
// The Lyapunov section of `vibro report`: every Lyapunov case (at its own precision) with
// the measured spread from its computed golden, next to the published value its case names
// (reference/published/, with its status); the relations of the seeds on every member of
// the chaotic family, judged against the tables' recorded outcomes (the gate of `vibro check`);
// plots of λ1,k and λ2,k against k.

#include "vibro/results/orbit_result.hpp"
#include "vibro/results/published_values.hpp"
#include "vibro/results/report_runs_result.hpp"

#include "vibro/results/published_check_result.hpp"
#include "vibro/scalar/number_text.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

/// Markdown of the section; writes lyapunov1.svg and lyapunov2.svg (λ1,k and λ2,k against k)
/// into `out` when gnuplot is available. The table shows the measured spreads of the goldens
/// the runs carry (LyapunovCaseRun::golden).
std::string lyapunov_section(const ReportRuns& report, const std::filesystem::path& out);

/// The uncertainty the table shows for a case: the tolerances of the case's computed golden
/// (the 95 % uncertainty with an ensemble of nearby starts), when one was written for this
/// very case; else the run's own batch-means half-widths, said to be that.
struct ShownUncertainty {
  std::string from;  ///< "golden", "golden stale", "batch means", "none"
  std::optional<NumberText> lambda1, lambda2;
};

/// The uncertainty of a Lyapunov case's run, from its golden when one was written for this very
/// case (the same name and file hash); lyapunov.md and orbits.md show the same.
ShownUncertainty shown_uncertainty(const LyapunovCaseRun& run);

/// The published λ1 and λ2 a Lyapunov case names, as printed, with their status.
struct PublishedCounterpart {
  std::string id, status;
  NumberText lambda1, lambda2;
};

/// A case that starts on a closed-form orbit (orbits.md): the exact exponents with every proved
/// digit and the enclosures, and the verdict on each computed exponent (exponent_verdict).
struct OrbitExponents {
  ExactOnOrbit exact;
  std::string verdict_lambda1, verdict_lambda2;
};

/// One Lyapunov case at its own precision, as the table shows it.
struct LyapunovTableRow {
  std::string case_name, precision;
  long significand_bits = 0;  ///< of the precision: whether its numbers have text twins
  std::string method, epsilon;
  bool defined = false;
  NumberText lambda1_per_period, lambda2_per_period, sum_per_period;  ///< when defined
  ShownUncertainty uncertainty_95;                                    ///< when defined
  std::string why_undefined;                                          ///< when not
  std::optional<PublishedCounterpart> published;
  std::optional<OrbitExponents> on_orbit;  ///< when the case starts on a closed-form orbit
};

/// The section's table and the gate of the seeds' relations on the chaotic family.
struct LyapunovTable {
  std::vector<LyapunovTableRow> exponents;
  CheckResult relations;
};

/// The same table for index.json: `exponents` (per case: its exponents, the uncertainty the
/// table shows and the published counterpart) and `relations` (the gate, as `vibro check --json`).
LyapunovTable lyapunov_table(const ReportRuns& report);

}  // namespace vibro
