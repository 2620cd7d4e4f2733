#include "vibro/report/gnuplot_svg.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace vibro {

bool render_svg(const std::string& commands, const std::filesystem::path& svg, int width, int height) {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) return false;
  std::filesystem::path produced = svg;
  produced += ".tmp";
  const std::filesystem::path script =
      std::filesystem::temp_directory_path() / ("vibro-plot-" + std::to_string(::getpid()) + ".gp");
  {
    std::ofstream out(script);
    out << "set terminal svg size " << width << "," << height << " dynamic enhanced font 'sans,11'\n"
        << "set output '" << produced.string() << "'\n"
        << commands << "\n";
  }
  const bool ok = std::system(("gnuplot '" + script.string() + "' >/dev/null 2>&1").c_str()) == 0;
  std::filesystem::remove(script);
  if (!ok || !std::filesystem::exists(produced)) {
    std::filesystem::remove(produced);
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
    plot += std::string(i ? ", " : "") + "$s" + std::to_string(i) + " using 1:2 with lines title '" + series[i].title +
            "' noenhanced";
  }
  if (axes.log_x) commands += "set logscale x\n";
  if (axes.log_y) commands += "set logscale y\n";
  commands += "set grid\nset key outside right\nset xlabel '" + axes.xlabel + "' noenhanced\nset ylabel '" +
              axes.ylabel + "' noenhanced\nset title '" + axes.title + "' noenhanced\n" + plot;
  return render_svg(commands, svg, 860, 520);
}

}  // namespace vibro
