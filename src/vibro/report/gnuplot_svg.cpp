#include "vibro/report/gnuplot_svg.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string_view>

extern char** environ;

namespace vibro {

namespace {

/// The gnuplot executable found on PATH, or nothing.
std::optional<std::filesystem::path> find_gnuplot() {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::string_view dirs(path);
  while (!dirs.empty()) {
    const std::size_t colon = dirs.find(':');
    const std::filesystem::path candidate = std::filesystem::path(dirs.substr(0, colon)) / "gnuplot";
    if (!candidate.parent_path().empty() && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  return std::nullopt;
}

/// Runs `gnuplot SCRIPT` without a shell (posix_spawn, no argument is interpreted), its
/// output discarded; true when it exits 0.
bool run_gnuplot(const std::filesystem::path& gnuplot, const std::filesystem::path& script) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  std::string program = gnuplot.string(), argument = script.string();
  char* argv[] = {program.data(), argument.data(), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return false;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

std::string gnuplot_quoted(std::string_view text) {
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\n' || c == '\r') continue;  // a string of one line
    quoted += c;
    if (c == '\'') quoted += '\'';  // in a single-quoted gnuplot string, '' is a quote
  }
  return quoted + "'";
}

bool gnuplot_installed() { return find_gnuplot().has_value(); }

std::string no_plot_reason(const std::filesystem::path& svg) {
  return gnuplot_installed() ? "cannot write " + svg.string() : std::string("gnuplot is not installed");
}

bool render_svg(const std::string& commands, const std::filesystem::path& svg, int width, int height) {
  const auto gnuplot = find_gnuplot();
  if (!gnuplot) return false;
  std::filesystem::path produced = svg;
  produced += ".tmp";
  std::filesystem::path script = std::filesystem::temp_directory_path() / "vibro-plot-XXXXXX";
  std::string pattern = script.string();
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) return false;
  ::close(fd);
  script = pattern;
  {
    std::ofstream out(script);
    // UTF-8 text (λ, ∞, –); gnuplot's default tick format then writes 1.5×10⁻⁵, not 1.5x10^-5.
    out << "set encoding utf8\n";
    // "fixed": the SVG states its width and height, so that a page shows it at that width
    // (or narrower), never scaled up or down to whatever column it sits in.
    out << "set terminal svg size " << width << "," << height << " fixed enhanced font 'sans," << plot_font_size
        << "' background rgb 'white'\n"
        << "set output " << gnuplot_quoted(produced.string()) << "\n"
        << commands << "\n";
  }
  const bool ok = run_gnuplot(*gnuplot, script);
  std::error_code ignored;
  std::filesystem::remove(script, ignored);
  if (!ok || !std::filesystem::exists(produced)) {
    std::filesystem::remove(produced, ignored);
    return false;
  }
  std::error_code moved;
  std::filesystem::rename(produced, svg, moved);  // fails when svg is, say, a directory
  if (moved) std::filesystem::remove(produced, ignored);
  return !moved;
}

namespace {

// Colours that stay apart on white and from each other (Tableau's ten, black and a dark
// olive).
constexpr std::array<const char*, 12> series_colours = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                                        "#9467bd", "#8c564b", "#e377c2", "#17becf",
                                                        "#000000", "#7f7f7f", "#bcbd22", "#4d5d18"};

}  // namespace

std::string series_colour(std::size_t i) { return series_colours[i % series_colours.size()]; }

std::string series_style(std::size_t i) {
  // gnuplot's point types, filled and open shapes alternating.
  static constexpr std::array<int, 13> markers = {7, 4, 9, 6, 5, 8, 11, 12, 13, 10, 15, 1, 2};
  return fmt::format("lc rgb '{}' pt {} dt {}", series_colour(i), markers[i % markers.size()],
                     1 + i / series_colours.size());
}

std::string log_axis_commands(const std::string& axis) {
  // Ticks every factor 10 (on a log axis the increment is a factor), counted from 10^-300:
  // from an increment alone gnuplot counts them from the range's start, which the offsets of
  // a plot move off a decade, and a tick at 8·10^2 was labelled 10^2. The exponent at the size
  // of the rest ({/=N}), not the smaller one enhanced text gives it.
  return fmt::format("set logscale {0} 10\nset {0}tics 1e-300, 10 format '10^{{/={1} %L}}'\nset m{0}tics 10\n", axis,
                     plot_font_size);
}

namespace {

/// How many characters `text` shows (UTF-8 code points).
std::size_t shown_length(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

/// An upper estimate of a legend entry's width in pixels: its text in sans at plot_font_size
/// (about 0.6 em a character) and the line sample beside it.
double legend_entry_width(const std::vector<PlotSeries>& series) {
  std::size_t longest = 0;
  for (const PlotSeries& s : series) longest = std::max(longest, shown_length(s.title));
  return (static_cast<double>(longest) + 8) * 0.6 * plot_font_size;
}

}  // namespace

bool line_plot_svg(const std::vector<PlotSeries>& series, const PlotAxes& axes, const std::filesystem::path& svg) {
  constexpr int width = 860, height = 520;
  // Markers at every point of a short series (a convergence ladder's step sizes); on a long
  // one (a trajectory, a running estimate), about markers_beyond of them, evenly spaced
  // along the x axis as drawn (logarithmic or not) when x only grows, else along the series
  // (a phase portrait), with the line through every point.
  constexpr std::size_t every_point_up_to = 40, markers_beyond = 20;
  std::string commands, plot = "plot ";
  for (std::size_t i = 0; i < series.size(); ++i) {
    const std::vector<std::pair<double, double>>& points = series[i].points;
    const std::string data = "$s" + std::to_string(i), marked = "$m" + std::to_string(i);
    commands += data + " << EOD\n";
    for (const auto& [x, y] : points) commands += fmt::format("{:.17g} {:.17g}\n", x, y);
    commands += "EOD\n";
    const std::string style = series_style(i), title = gnuplot_quoted(series[i].title);
    plot += i ? ", " : "";
    if (points.size() <= every_point_up_to) {
      plot += fmt::format("{} using 1:2 with linespoints {} lw 1.5 ps 1 title {} noenhanced", data, style, title);
      continue;
    }
    const bool growing = std::is_sorted(points.begin(), points.end(),
                                        [](const auto& a, const auto& b) { return a.first < b.first; });
    // Where a point lies along the series: its x as drawn, or its index.
    const auto along = [&](std::size_t k) {
      const double x = points[k].first;
      return !growing ? static_cast<double>(k) : axes.log_x && x > 0 ? std::log10(x) : x;
    };
    const double step = (along(points.size() - 1) - along(0)) / (markers_beyond - 1);
    commands += marked + " << EOD\n";
    for (std::size_t k = 0, next = 0; k < points.size(); ++k)
      if (k == next || along(k) >= along(next) + step * 0.999) {
        commands += fmt::format("{:.17g} {:.17g}\n", points[k].first, points[k].second);
        next = k;
      }
    commands += "EOD\n";
    plot += fmt::format("{} using 1:2 with lines {} lw 1.5 notitle, {} using 1:2 with points {} ps 1 notitle, "
                        "keyentry with linespoints {} lw 1.5 ps 1 title {} noenhanced",
                        data, style, marked, style, style, title);
  }
  // A linear axis spans its data (with the offsets below), not the next round ticks beyond,
  // which could add a fifth of empty plot; a log axis reaches the decades around its data.
  commands += axes.log_x ? log_axis_commands("x") : "set autoscale xfix\n";
  commands += axes.log_y ? log_axis_commands("y") : "set autoscale yfix\n";
  // The legend beside the plot when it takes at most a third of the width, else below it,
  // in as many columns as fit, the SVG taller by its lines so that the plot keeps its height.
  const double entry = legend_entry_width(series);
  int extra_height = 0;
  if (entry <= width / 3.0) {
    commands += "set key outside right top Left reverse\n";
  } else {
    const std::size_t columns = std::max<std::size_t>(1, static_cast<std::size_t>(width / entry));
    const std::size_t lines = (series.size() + columns - 1) / columns;
    extra_height = static_cast<int>(lines) * (plot_font_size + 6);
    commands += "set key below left Left reverse maxcols " + std::to_string(columns) + "\n";
  }
  // The offsets keep the extreme points off the frame, where they would be cut in half.
  commands += "set offsets graph 0.02, graph 0.02, graph 0.04, graph 0.04\nset grid lc rgb '#c8c8c8'\nset xlabel " + gnuplot_quoted(axes.xlabel) + " noenhanced\nset ylabel " +
              gnuplot_quoted(axes.ylabel) + " noenhanced\nset title " + gnuplot_quoted(axes.title) + " noenhanced\n" +
              plot;
  return render_svg(commands, svg, width, height + extra_height);
}

}  // namespace vibro
