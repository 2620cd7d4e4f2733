#pragma once
// What `vibro` prints for people: renderings of the typed results (results/), section by
// section, so that every shipped case prints whatever its scheme is. Scripts use --json.

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace vibro {
// Declared by their families' headers in results/ (and ComparedNumber in io/run_comparison.hpp):
// a verb includes the ones it renders, so that a field added to one family does not recompile
// every verb.
struct CaseSpec;
struct CheckResult;
struct ComparedNumber;
struct EnclosedReference;
struct ListedCase;
struct LyapunovResult;
struct OrbitListing;
struct OrbitProofListing;
struct RunResult;
}  // namespace vibro

namespace vibro::cli {

/// The cases `vibro list` found, a line each.
void print_cases(std::ostream& out, const std::vector<ListedCase>& cases);
/// Every registered scheme: names, models, scalar types, declared orders.
void print_schemes(std::ostream& out);
/// The events of a reference run the text lists (the rest are counted: all in --json or --csv).
inline constexpr std::size_t listed_reference_events = 12;
/// The run of case `c` (its model written as an equation from the case's own spec). A run
/// that kept only its last stroboscopic sample (RunOptions::keep_sections_from) is counted
/// by that sample's period.
void print_run(std::ostream& out, const CaseSpec& c, const RunResult& result);
/// The numbers of a comparison of runs, given one at a time to the function passed, as often
/// as it is called (io/run_comparison.hpp: for_each_compared_number).
using ComparedNumbers = std::function<void(const std::function<void(const ComparedNumber&)>&)>;
/// `vibro run CASE --precision P1,P2,...`: one table, a row per number of the results, a
/// column per precision (the runs', in `precisions`), then the difference from the widest
/// (`precisions[widest]`) and the digits shared with it.
void print_comparison(std::ostream& out, const std::vector<RunResult>& runs, const std::vector<std::string>& precisions,
                      std::size_t widest, const ComparedNumbers& numbers);
void print_lyapunov(std::ostream& out, const LyapunovResult& result);
void print_check(std::ostream& out, const CheckResult& result);
/// `vibro orbits`: one block per root of the impact-phase equation.
void print_orbits(std::ostream& out, const OrbitListing& listing);
/// `vibro run --enclose`: a line per impact, the final state, the radii's growth.
void print_enclosed_reference(std::ostream& out, const EnclosedReference& enclosure);
/// `vibro orbits --prove`: each enclosure as midpoint ± radius and [lower, upper].
void print_orbit_proofs(std::ostream& out, const OrbitProofListing& listing);

}  // namespace vibro::cli
