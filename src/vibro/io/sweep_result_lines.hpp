#pragma once
// The text of an existing sweep result file, read as a resume reads it (docs/sweeps.md
// "Resuming"): untrusted input, checked line by line against the sweep before any point is
// kept. Text in, no file and no run, so that the fuzz target reads it as `vibro sweep` does
// (fuzz/README.md); io/sweep_result_file.hpp opens the file and calls it.

#include "vibro/io/sweep_file.hpp"
#include "vibro/scalar/precision.hpp"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <optional>
#include <set>
#include <string>

namespace vibro {

/// What a result file holds for a resume.
struct SweepResultLines {
  std::set<std::size_t> finished;  ///< the points with a result line
  std::string kept;                ///< the header and the finished points' lines, each with its newline
  bool failed_points = false;      ///< some lines held an error: those points are computed again
};

/// Reads `text` (its lines; the last may lack its newline) of the result file `where`: its
/// first line must be `header` (the sweep's, as JSON) — the same hash, the same precision
/// (`precision`: the run's --precision, none for each case's own), every field equal — and
/// every other line a point of `sweep` with its grid point's parameters, what the sweep
/// computes (or the error that stopped it), and each point once. Anything else is an
/// InputError of `--out` (`--precision` for another precision) naming the line.
SweepResultLines read_sweep_result_lines(const std::string& text, const nlohmann::json& header, const SweepSpec& sweep,
                                         const std::optional<Precision>& precision, const std::string& where);

}  // namespace vibro
