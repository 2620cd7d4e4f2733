#include "vibro/report/gnuplot_svg.hpp"

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

}  // namespace vibro
