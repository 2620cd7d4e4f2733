#pragma once
// The log-log plot of a convergence study (docs/outputs.md, "Convergence plots"): one panel
// per error metric, every precision the study was run at on the same axes, a reference line
// of the scheme's declared order, and each precision's observed order in the legend. The
// data are the nearest doubles of the results' exact values, written as decimals: gnuplot
// reads "2/21" as 2, so a rational study's fractions never reach it.

#include "vibro/scalar/number_text.hpp"
#include "vibro/scheme/scheme.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vibro {

struct RunResult;  // results/run_result.hpp

/// The double nearest to a result's number, a decimal or an exact fraction (correctly
/// rounded, through MPFR).
double nearest_double(const NumberText& x);

/// A segment of slope `order` on log-log axes: error = c·h^order.
struct ReferenceLine {
  double order = 0;
  double h_from = 0, error_from = 0, h_to = 0, error_to = 0;
};

/// Beside the data, not on it: the line through (h, error / reference_line_offset) of the anchor.
inline constexpr double reference_line_offset = 3;

/// The line of slope `order` through (h_anchor, error_anchor / reference_line_offset),
/// drawn from h_from to h_to.
ReferenceLine reference_line(double order, double h_anchor, double error_anchor, double h_from, double h_to);

/// The reference line of `metric`'s declared order for the study of `runs` (one case at
/// several precisions), anchored at the first point of the first run's asymptotic range
/// that has one and spanning every h; none when the metric has no declared order or no run
/// has a range.
std::optional<ReferenceLine> declared_order_line(const std::vector<const RunResult*>& runs, ErrorMetric metric,
                                                 const std::optional<DeclaredOrder>& declared);

/// gnuplot commands (for render_svg) plotting the study of `runs`: the data blocks, then a
/// multiplot with one panel per metric that has a positive error at some precision.
std::string convergence_plot_commands(const std::vector<const RunResult*>& runs, const DeclaredOrders& declared);

/// Writes the plot of `runs` (one case, each with a convergence study) to `svg`; false, and
/// nothing written, when gnuplot is absent or fails.
bool write_convergence_svg(const std::vector<const RunResult*>& runs, const DeclaredOrders& declared,
                           const std::filesystem::path& svg);

}  // namespace vibro
