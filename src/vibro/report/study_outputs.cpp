#include "vibro/report/study_outputs.hpp"

#include "vibro/report/atomic_write.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/number_display.hpp"

#include <fmt/format.h>


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
  std::string commands = "$errors << EOD\n";
  for (const json& row : result["convergence"]["rows"]) {
    commands += display_number(row["h_value"].get<std::string>(), 17);
    for (const char* m : metrics)
      commands += " " + (row["errors"][m].is_null() ? std::string("NaN") : display_number(row["errors"][m].get<std::string>(), 17));
    commands += "\n";
  }
  commands += "EOD\nset logscale xy\nset format xy '10^{%L}'\nset key outside right\nset grid\n"
              "set xlabel 'h'\nset ylabel 'error'\nset title '" +
              result["case"]["name"].get<std::string>() + " (" + result["precision"]["name"].get<std::string>() +
              ")' noenhanced\nplot ";
  for (std::size_t m = 0; m < std::size(metrics); ++m)
    commands += std::string(m ? ", " : "") + "$errors using 1:" + std::to_string(m + 2) + " with linespoints title '" +
                metrics[m] + "' noenhanced";
  return render_svg(commands, svg, 800, 560);
}

}  // namespace vibro
