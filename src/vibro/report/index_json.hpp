#pragma once
// reports/index.json (docs/outputs.md "`reports/index.json`", docs/schema/index.schema.json):
// every run result of the report by case, the Lyapunov table and the seed-003 claims tables
// that index.md shows, with all their digits. The bulky lists of the runs (events,
// stroboscopic samples) go to files under runs/ beside it, which the runs name.

#include "vibro/run/run_result.hpp"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <string>

namespace vibro {

/// The run result as index.json holds it (to_json without plot samples), its events and
/// stroboscopic samples written to `out`/runs/NAME-PRECISION.json and replaced by
/// `data_file`, that file's path relative to `out`.
nlohmann::json index_run_json(const RunResult& result, const std::filesystem::path& out);

/// The whole of index.json: `summary` (the verdict summary, summary_json), `cases` (case
/// name → its run results, from index_run_json), `lyapunov`, `seed003_claims`, `seed002` and
/// `seed004` (null when the report has none).
nlohmann::json index_json(nlohmann::json cases, nlohmann::json summary, nlohmann::json lyapunov,
                          nlohmann::json seed003_claims, nlohmann::json seed002, nlohmann::json seed004);

}  // namespace vibro
