#pragma once
// SVG plots through gnuplot, written atomically like every report file. Reports degrade to
// their tables when gnuplot is not installed (docs/commands.md, `vibro converge`).
//
// Every plot is drawn to be read where it is shown (docs/reports.md, "Plots"): on an opaque
// white background with dark text, so that a dark page (a code host's or an editor's dark
// theme) does not swallow its titles and ticks; at most shown_plot_width wide with text of
// plot_font_size, so that a page that shows it at that width shows the text at that size; each
// series in a colour and a marker of its own; log axes ticked at decades written 10^k.

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vibro {

/// `text` as a single-quoted gnuplot string: quotes doubled, line breaks dropped, so that
/// no text (a case name, a path) can end the string and become a gnuplot command.
std::string gnuplot_quoted(std::string_view text);

/// The widest a page shows an image: GitHub's Markdown column and the report's HTML pages
/// are about 900 px wide, and an SVG with its own width is shown at that width or less.
inline constexpr int shown_plot_width = 900;

/// The size of every text of a plot, in SVG pixels; with the SVG at most shown_plot_width
/// wide, the size it is read at.
inline constexpr int plot_font_size = 12;

/// Runs gnuplot (found on PATH and started without a shell) on `commands` (everything after
/// the terminal and output lines; data given inline as `$name << EOD … EOD` blocks) with an
/// SVG terminal of the given size (its width and height written in the SVG), a white
/// background and plot_font_size text, writing `svg` atomically. False, and nothing written,
/// when gnuplot is absent or fails.
bool render_svg(const std::string& commands, const std::filesystem::path& svg, int width, int height);

/// Whether gnuplot is on PATH: what a message says when render_svg made no plot ("gnuplot is
/// not installed" only when it is not, else that the plot could not be written).
bool gnuplot_installed();

/// Why `svg` was not plotted, for a message: gnuplot missing, or the file not writable.
std::string no_plot_reason(const std::filesystem::path& svg);

/// The colour of series `i` of a plot ("#rrggbb"), one of a palette of twelve that stand out
/// on white.
std::string series_colour(std::size_t i);

/// The gnuplot style of series `i` of a plot: a colour of a palette of twelve and a marker of
/// thirteen (so that no two of the first 156 series share both), and past the first twelve a
/// dash pattern as well, so that series of one colour differ in two ways.
std::string series_style(std::size_t i);

/// The gnuplot lines that make `axis` ("x" or "y") logarithmic with its major ticks at the
/// decades, labelled 10^k in gnuplot's enhanced text (shown as 10 with a raised k).
std::string log_axis_commands(const std::string& axis);

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

/// Every series as a line with its markers (at every point up to a few dozen, evenly spaced
/// beyond), the legend outside the plot area: at its right when it takes at most a third of
/// the width, otherwise below it, the SVG made taller by its lines. Written by render_svg
/// (860 wide).
bool line_plot_svg(const std::vector<PlotSeries>& series, const PlotAxes& axes, const std::filesystem::path& svg);

}  // namespace vibro
