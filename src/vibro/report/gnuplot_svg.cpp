#include "vibro/report/gnuplot_svg.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
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
    out << "set terminal svg size " << width << "," << height << " dynamic enhanced font 'sans,11'\n"
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
  std::filesystem::rename(produced, svg);
  return true;
}

bool line_plot_svg(const std::vector<PlotSeries>& series, const PlotAxes& axes, const std::filesystem::path& svg) {
  std::string commands, plot = "plot ";
  for (std::size_t i = 0; i < series.size(); ++i) {
    commands += "$s" + std::to_string(i) + " << EOD\n";
    for (const auto& [x, y] : series[i].points) commands += fmt::format("{:.17g} {:.17g}\n", x, y);
    commands += "EOD\n";
    plot += std::string(i ? ", " : "") + "$s" + std::to_string(i) + " using 1:2 with lines title " +
            gnuplot_quoted(series[i].title) + " noenhanced";
  }
  if (axes.log_x) commands += "set logscale x\n";
  if (axes.log_y) commands += "set logscale y\n";
  commands += "set grid\nset key outside right\nset xlabel " + gnuplot_quoted(axes.xlabel) + " noenhanced\nset ylabel " +
              gnuplot_quoted(axes.ylabel) + " noenhanced\nset title " + gnuplot_quoted(axes.title) + " noenhanced\n" + plot;
  return render_svg(commands, svg, 860, 520);
}

}  // namespace vibro
