#pragma once
// Sweep files (docs/sweeps.md): a base case, one or more of its keys with a range of values
// each, and what to compute at every point of the grid. Read as strictly as a case file
// (unknown key, wrong type, empty range, a grid beyond max_sweep_points without force: one
// InputError naming the file and the key), and every point is the base case with its keys
// overridden, read again by the case reader (parse_case_with_overrides), so that a point is
// refused exactly where the same case written out by hand would be.

#include "vibro/case/case_spec.hpp"
#include "vibro/case/sweep_spec.hpp"
#include "vibro/io/case_file.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// The largest grid a sweep may have without `force` (`vibro sweep --force`): 10⁵ points,
/// about five minutes of two cores at the cheapest (3 ms) points and a result file of
/// tens of megabytes. A typo in a count (1000 × 1000) is refused before any work.
inline constexpr std::size_t max_sweep_points = 100'000;
/// The most values one parameter may take, force or not (the grid is held in memory).
inline constexpr std::int64_t max_parameter_values = 10'000'000;

/// Reads a sweep file; `force` lifts max_sweep_points. Every point is read as a case
/// (sweep_point_cases) before this returns, so a bad point is refused before any work.
SweepSpec load_sweep(const std::filesystem::path& file, bool force);

/// The same from text; relative case paths are resolved against `directory`. `max_points`
/// replaces max_sweep_points (the fuzz target reads each input in bounded time).
SweepSpec parse_sweep(std::string_view text, const std::string& file_label, const std::filesystem::path& directory,
                      bool force, std::size_t max_points = max_sweep_points);

/// The cases of point `index` (sweep/sweep_point.hpp). Throws InputError naming the sweep
/// file, the point and the case reader's message.
SweepPointCases sweep_point_cases(const SweepSpec& sweep, std::size_t index);

/// "model.alpha = 0.5, model.u_min = -1/4".
std::string overrides_text(const std::vector<CaseOverride>& overrides);

}  // namespace vibro
