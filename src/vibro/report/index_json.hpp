#pragma once
// reports/index.json (docs/outputs.md "`reports/index.json`", docs/schema/index.schema.json):
// every run result of the report by case, and the verdict summary and the tables that index.md
// shows (report/index_tables.hpp), with all their digits. The bulky lists of the runs (events,
// stroboscopic samples) go to files under runs/ beside it, which the runs name.

#include "vibro/io/atomic_file.hpp"
#include "vibro/report/index_tables.hpp"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>

namespace vibro {

struct RunResult;  // results/run_result.hpp

/// The run result as index.json holds it (to_json without plot samples), its events and
/// stroboscopic samples written to `out`/runs/NAME-PRECISION.json and replaced by
/// `data_file`, that file's path relative to `out`.
nlohmann::json index_run_json(const RunResult& result, const std::filesystem::path& out);

/// The whole of index.json: `cases` (case name → its run results, from index_run_json) and
/// the tables.
nlohmann::json index_json(nlohmann::json cases, const IndexTables& tables);

/// Whether `directory` holds a report vibro wrote: an index.json (a regular file of at most
/// 256 MiB) that is an object with index.json's `schema_version`, a `vibro_version` and its
/// `cases`. A directory that merely holds an index.md (a documentation folder) is not one.
bool holds_a_report(const std::filesystem::path& directory);

/// A previous report, the one directory `vibro report --out` replaces (io/atomic_file.hpp).
inline constexpr PreviousOutput previous_report{&holds_a_report,
                                                "a previous report (an index.json written by vibro report)"};

}  // namespace vibro
