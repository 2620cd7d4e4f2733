#pragma once
// What a convergence study writes (docs/mathematics.md §8): a CSV of every error, a Markdown table with
// the observed orders, the status of every point and how its rounding floor was found (with
// the measured rounding parts), and a log-log SVG plot through gnuplot
// (report/convergence_plot.hpp; a report degrades to its tables when gnuplot is absent).
// One writer for `vibro converge` and `vibro report`.

#include "vibro/analysis/study_result.hpp"
#include "vibro/results/order_verdict.hpp"
#include "vibro/scheme/scheme.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct RunResult;  // results/run_result.hpp

/// The points of `metric` outside its asymptotic range, each with why ("T/100:
/// pre-asymptotic; T/12800: rounding floor"), or "none".
std::string excluded_points(const StudyResult& study, ErrorMetric metric);

/// Successive slopes (of an order or of a response to the tolerance) joined by ", ", each with
/// `digits` significant digits, "—" where a slope is missing (an error 0 or without a value).
std::string successive_slopes_text(const std::vector<std::optional<double>>& slopes, int digits);

/// Why `metric` has no observed order, by its class (OrderClass; docs/convergence.md, "Which
/// metrics have an order"): "exact (every error 0)", "exact to rounding from h = 4/607",
/// "at the rounding floor", "too few points in a row (n = 2)", "no value (undefined in every
/// run)"; empty for a fitted order. Every output that shows an order shows this in its place.
std::string no_order_label(const StudyResult& study, ErrorMetric metric);

/// The observed order of `metric` as a summary table shows it: "slope ± standard error"
/// ("1.002 ± 0.031", to the digits the standard error carries: display_with_uncertainty), or
/// why there is none (no_order_label).
std::string order_cell(const StudyResult& study, ErrorMetric metric);

/// Markdown of a result's convergence study (the result must have one).
std::string study_markdown(const RunResult& result);

/// One row per step size: h, steps, impacts (scheme, reference), then every metric, then
/// (when the floor was measured) the rounding part of every metric, as `rounding_METRIC`.
std::string study_csv(const RunResult& result);

/// "NAME-PRECISION" with ':' replaced, the stem of a study's files.
std::string study_stem(const RunResult& result);

/// `dir`/STEM.EXTENSION, refused (std::invalid_argument) when STEM could leave `dir`.
std::filesystem::path study_file(const std::filesystem::path& dir, const std::string& stem, const std::string& extension);

/// Writes `dir`/STEM.md and .csv atomically; `back`, when given, is the Markdown line under
/// the page's title that links back to where the study is discussed (the report's case page).
void write_study_tables(const RunResult& result, const std::filesystem::path& dir, const std::string& back = "");

/// Writes the tables and (when gnuplot is there and some error is positive) `dir`/STEM.svg,
/// the study's plot at its one precision (report/convergence_plot.hpp); true when the plot
/// was written.
bool write_study_files(const RunResult& result, const std::filesystem::path& dir);

}  // namespace vibro
