#include "vibro/report/study_outputs.hpp"

#include "vibro/report/atomic_write.hpp"
#include "vibro/report/number_display.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace vibro {
namespace {

using nlohmann::json;

const char* const metrics[] = {"position_linf", "position_l1",    "velocity_linf", "velocity_l1",
                               "final_position", "final_velocity", "impact_time"};

std::string cell(const json& value, int digits) {
  if (value.is_null()) return "—";
  if (value.is_number()) return fmt::format("{:.{}g}", value.get<double>(), digits);
  return display_number(value.get<std::string>(), digits);
}

bool gnuplot_available() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

}  // namespace

std::string study_markdown(const json& result) {
  const json& study = result["convergence"];
  std::string md = fmt::format("Against the {}, at {}.\n\n| h | steps | impacts (scheme / reference) |",
                               study["reference"].get<std::string>(), result["precision"]["name"].get<std::string>());
  for (const char* m : metrics) md += std::string(" ") + m + " |";
  md += "\n|---|---|---|";
  for (std::size_t i = 0; i < std::size(metrics); ++i) md += "---|";
  md += "\n";
  for (const json& row : study["rows"]) {
    md += fmt::format("| {} | {} | {} / {} |", row["h"].get<std::string>(), row["steps"].get<long>(),
                      row["impacts"]["scheme"].get<long>(), row["impacts"]["reference"].get<long>());
    for (const char* m : metrics) md += " " + cell(row["errors"][m], 4) + " |";
    md += "\n";
  }
  md += "\n| metric | observed order | fit residual | range | successive slopes | excluded points |\n"
        "|---|---|---|---|---|---|\n";
  for (const char* m : metrics) {
    const json& o = study["orders"][m];
    std::string successive, excluded;
    for (const json& s : o["successive"]) successive += (successive.empty() ? "" : ", ") + cell(s, 3);
    for (std::size_t i = 0; i < o["status"].size(); ++i)
      if (o["status"][i] != "asymptotic")
        excluded += (excluded.empty() ? "" : "; ") + study["rows"][i]["h"].get<std::string>() + ": " +
                    o["status"][i].get<std::string>();
    const std::string range = o["range"].is_null()
                                  ? "none found"
                                  : study["rows"][o["range"][0].get<std::size_t>()]["h"].get<std::string>() + " … " +
                                        study["rows"][o["range"][1].get<std::size_t>()]["h"].get<std::string>();
    md += fmt::format("| {} | {} | {} | {} | {} | {} |\n", m, cell(o["least_squares"], 4), cell(o["residual"], 2), range,
                      successive, excluded.empty() ? "—" : excluded);
  }
  return md;
}

std::string study_csv(const json& result) {
  std::string csv = "h,h_value,steps,scheme_impacts,reference_impacts";
  for (const char* m : metrics) csv += std::string(",") + m;
  csv += "\n";
  for (const json& row : result["convergence"]["rows"]) {
    csv += fmt::format("{},{},{},{},{}", row["h"].get<std::string>(), row["h_value"].get<std::string>(),
                       row["steps"].get<long>(), row["impacts"]["scheme"].get<long>(),
                       row["impacts"]["reference"].get<long>());
    for (const char* m : metrics) csv += "," + (row["errors"][m].is_null() ? std::string() : row["errors"][m].get<std::string>());
    csv += "\n";
  }
  return csv;
}

bool write_study_svg(const json& result, const std::filesystem::path& svg) {
  if (!gnuplot_available()) return false;
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string stem = "vibro-study-" + std::to_string(::getpid());
  const std::filesystem::path data = dir / (stem + ".dat"), script = dir / (stem + ".gp");
  {
    std::ofstream out(data);
    for (const json& row : result["convergence"]["rows"]) {
      out << display_number(row["h_value"].get<std::string>(), 17);
      for (const char* m : metrics)
        out << ' ' << (row["errors"][m].is_null() ? std::string("NaN") : display_number(row["errors"][m].get<std::string>(), 17));
      out << '\n';
    }
  }
  {
    std::ofstream out(script);
    out << "set terminal svg size 800,560 dynamic enhanced font 'sans,11'\n"
        << "set output '" << svg.string() << ".tmp'\n"
        << "set logscale xy\nset format xy '10^{%L}'\nset key outside right\nset grid\n"
        << "set xlabel 'h'\nset ylabel 'error'\n"
        << "set title '" << result["case"]["name"].get<std::string>() << " (" << result["precision"]["name"].get<std::string>()
        << ")' noenhanced\n"
        << "plot ";
    for (std::size_t m = 0; m < std::size(metrics); ++m)
      out << (m ? ", " : "") << "'" << data.string() << "' using 1:" << m + 2 << " with linespoints title '" << metrics[m]
          << "' noenhanced";
    out << "\n";
  }
  const bool ok = std::system(("gnuplot '" + script.string() + "' >/dev/null 2>&1").c_str()) == 0;
  std::filesystem::remove(data);
  std::filesystem::remove(script);
  std::filesystem::path produced = svg;
  produced += ".tmp";
  if (!ok || !std::filesystem::exists(produced)) {
    std::filesystem::remove(produced);
    return false;
  }
  std::filesystem::rename(produced, svg);  // atomic, like every report file
  return true;
}

}  // namespace vibro
