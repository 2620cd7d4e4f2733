#pragma once
// What a convergence study writes (issue 4): a CSV of every error, a Markdown table with
// the observed orders and the status of every point, and a log-log SVG plot through
// gnuplot (a report degrades to its tables when gnuplot is absent).

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace vibro {

/// Markdown of a run_case result that holds a "convergence" study.
std::string study_markdown(const nlohmann::json& result);

/// One row per step size: h, steps, impacts (scheme, reference), then every metric.
std::string study_csv(const nlohmann::json& result);

/// Plots every metric against h on log-log axes into `svg` with gnuplot; false (and
/// nothing written) when gnuplot is not installed or fails.
bool write_study_svg(const nlohmann::json& result, const std::filesystem::path& svg);

}  // namespace vibro
