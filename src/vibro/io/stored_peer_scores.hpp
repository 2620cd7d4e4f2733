#pragma once
// A peer's test-set scores stored as the document `vibro testset run --json` printed
// (reference/peers/NAME.json, written by scripts/write_peer_scores.sh: SciPy's event-driven
// solve_ivp, Boost.Odeint, a Fortran Moreau–Jean, each run once through the external-program
// protocol; docs/peer.md). `vibro report` shows them beside the schemes it runs itself, marked as
// stored, so that the report neither needs the peers' libraries nor spends their time; and their
// studies of the report's work–precision cases (reference/peers/work_precision/), likewise.

#include "vibro/results/testset_result.hpp"
#include "vibro/results/work_curve.hpp"

#include <filesystem>
#include <vector>

namespace vibro {

/// Adds the pairs of every NAME.json in `dir` (in the order of their names) to `result`, each
/// after the last pair of its problem, with `stored` naming the file and the vibro version that
/// wrote it; pairs of problems `result` did not run are left out. InputError naming the file for
/// one that is not such a document (or larger than a megabyte).
void add_stored_peer_scores(TestsetRunResult& result, const std::filesystem::path& dir);

/// The work–precision curves of the peers' studies in `dir` (reference/peers/work_precision/
/// PEER--CASE.json: `vibro converge --json` of a report case with `--scheme-command`), in the
/// order of their names: each timed step size's position L∞ error, `case_name` the case the
/// study is of, `stored` the file and the vibro version. No point is labelled at the rounding
/// floor: the study's floor rule (64 ε × steps) is a time-stepping scheme's, and an adaptive
/// program's error is its tolerance's, not its steps'. InputError naming the file for one that
/// is not such a document.
std::vector<WorkCurve> stored_peer_studies(const std::filesystem::path& dir);

}  // namespace vibro
