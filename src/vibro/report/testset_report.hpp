#pragma once
// What `vibro testset run` shows and writes (docs/testset.md): per (scheme, problem) the
// score at every step of the ladder; the summary, scheme × problem, of the step and time
// that reach 3, 6 and 9 correct digits of the end state (or the best reached); one
// work–precision plot per problem (end-state digits against wall time, every scheme on one
// axes); the CSV of every score.

#include "vibro/report/proved_values_table.hpp"
#include "vibro/results/testset_result.hpp"

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace vibro {

/// The digit levels of the summary.
inline constexpr int testset_summary_levels[] = {3, 6, 9};

/// The first step of `pair`'s ladder (coarse to fine) whose end state has at least `digits`
/// correct digits, or none.
std::optional<std::size_t> first_step_reaching(const TestsetPair& pair, int digits);

/// Markdown: every pair's table, each problem of `plotted` led by its plot ID.svg (written
/// beside the page by write_testset_files), then the summary and the pairs that do not run.
std::string testset_markdown(const TestsetRunResult& result, const std::set<std::string>& plotted = {});

/// One row per score: problem, scheme, precision, h, steps, reached_horizon, state_digits,
/// state_at_least, impact_digits, impact_at_least, impacts_seen, impacts_reference, seconds.
std::string testset_csv(const TestsetRunResult& result);

/// testset.md, testset.csv, testset.json and ID.svg per problem into `dir` (made if missing);
/// the plots only with gnuplot (false when none could be drawn). `back`, when given, is the
/// Markdown line under testset.md's title that links back to the page discussing it.
bool write_testset_files(const TestsetRunResult& result, const std::filesystem::path& dir, const std::string& back = "");

/// The report's test-set section: per problem the best end-state digits each scheme reached on
/// its ladder (deterministic), with a link to `out/testset/testset.md`, the timed pages
/// write_testset_files writes there; the stored values; and, when `proved` has the problems'
/// enclosure checks, the table of proved values (report/proved_values_table.hpp).
std::string testset_section(const TestsetRunResult& result, const std::vector<ProblemProof>& proved,
                            const std::filesystem::path& out);

}  // namespace vibro
