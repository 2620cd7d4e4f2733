#pragma once
// `vibro report`: runs every shipped case at several precisions and writes
// reports/index.md (for people), reports/index.json (every run result, for scripts) and
// reports/studies/ (each convergence study's table, CSV and plot). Those are deterministic:
// no timestamps, no timings, so a regenerated report diffs cleanly. Wall times go to
// reports/timings.md, the one file that changes from run to run.

#include "vibro/io/case_spec.hpp"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace vibro {

/// The `*.toml` files of a directory, sorted by name.
std::vector<std::filesystem::path> list_case_files(const std::filesystem::path& directory);

/// Precisions a case is reported at: its own, double, and MPFR at 50 digits (the exact
/// type only where the case's own precision is rational).
std::vector<Precision> report_precisions(const CaseSpec& c);

/// Writes `out/index.md` and `out/index.json` atomically from the cases in `cases`.
/// `status` receives one line per case run (the CLI shows it on a terminal).
void write_report(const std::filesystem::path& cases, const std::filesystem::path& out,
                  const std::function<void(const std::string&)>& status = {});

}  // namespace vibro
