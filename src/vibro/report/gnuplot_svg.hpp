#pragma once
// SVG plots through gnuplot, written atomically like every report file. Reports degrade to
// their tables when gnuplot is not installed (docs/commands.md, `vibro converge`).

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

/// `text` as a single-quoted gnuplot string: quotes doubled, line breaks dropped, so that
/// no text (a case name, a path) can end the string and become a gnuplot command.
std::string gnuplot_quoted(std::string_view text);

/// Runs gnuplot (found on PATH and started without a shell) on `commands` (everything after the terminal and output lines; data given
/// inline as `$name << EOD … EOD` blocks) with an SVG terminal of the given size, writing
/// `svg` atomically. False, and nothing written, when gnuplot is absent or fails.
bool render_svg(const std::string& commands, const std::filesystem::path& svg, int width, int height);

/// One curve of a line plot: its legend title and its (x, y) points.
struct PlotSeries {
  std::string title;
  std::vector<std::pair<double, double>> points;
};

/// Axes and scales of a line plot.
struct PlotAxes {
  std::string title, xlabel, ylabel;
  bool log_x = false, log_y = false;
};

/// Every series as a line, legend outside on the right, written by render_svg (860 × 520).
bool line_plot_svg(const std::vector<PlotSeries>& series, const PlotAxes& axes, const std::filesystem::path& svg);

}  // namespace vibro
