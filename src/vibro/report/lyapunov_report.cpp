#include "vibro/report/lyapunov_report.hpp"

#include "vibro/io/published_check.hpp"
#include "vibro/io/run_lyapunov.hpp"
#include "vibro/report/index_report.hpp"
#include "vibro/report/number_display.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <unistd.h>

namespace vibro {
namespace {

using nlohmann::json;

/// Which published value each shipped Lyapunov case corresponds to (same method and
/// published settings; the model parameters differ, see the case files).
const std::map<std::string, std::string> published_counterpart = {
    {"lyapunov-ided", "001.IDED"},         {"lyapunov-idnd", "001.IDND"}, {"lyapunov-nsnd-small-epsilon", "001.NSND"},
    {"lyapunov-cnsp", "000.CNSP"},         {"lyapunov-insp", "000.INSP"}};

/// Plots the running estimate λ_{j,k} (j = 1 or 2) of every run against k into `svg`.
bool plot(const std::vector<std::pair<std::string, json>>& runs, int j, const std::filesystem::path& svg) {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) return false;
  const auto dir = std::filesystem::temp_directory_path();
  const std::string stem = "vibro-lyapunov-" + std::to_string(::getpid());
  std::ofstream script(dir / (stem + ".gp"));
  script << "set terminal svg size 860,520 dynamic font 'sans,11'\nset output '" << svg.string() << ".tmp'\n"
         << "set logscale x\nset grid\nset key outside right\nset xlabel 'periods k'\nset ylabel 'lambda_{" << j
         << ",k} per period'\n"
         << "set title 'Running estimate of lambda_" << j << " on the chaotic case (double)'\nplot ";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto data = dir / (stem + "-" + std::to_string(i) + ".dat");
    std::ofstream out(data);
    for (const json& p : runs[i].second["running_samples"]) out << p[0].get<long>() << ' ' << p[j].get<double>() << '\n';
    script << (i ? ", " : "") << "'" << data.string() << "' using 1:2 with lines title '" << runs[i].first << "' noenhanced";
  }
  script << "\n";
  script.close();
  const bool ok = std::system(("gnuplot '" + (dir / (stem + ".gp")).string() + "' >/dev/null 2>&1").c_str()) == 0;
  for (std::size_t i = 0; i < runs.size(); ++i) std::filesystem::remove(dir / (stem + "-" + std::to_string(i) + ".dat"));
  std::filesystem::remove(dir / (stem + ".gp"));
  std::filesystem::path produced = svg;
  produced += ".tmp";
  if (!ok || !std::filesystem::exists(produced)) return false;
  std::filesystem::rename(produced, svg);
  return true;
}

}  // namespace

std::string lyapunov_section(const std::filesystem::path& cases_dir, const std::filesystem::path& published_dir,
                             const std::filesystem::path& out) {
  const auto tables = load_published_tables(published_dir);
  std::map<std::string, const PublishedValue*> published;
  for (const auto& t : tables)
    for (const auto& v : t.values) published[v.id] = &v;
  std::string md =
      "## Lyapunov exponents (MATH.md §4)\n\n"
      "The chaotic case by every method, in double, per forcing period. The published numbers belong to α, a and "
      "u_min that the seeds do not give, so they are shown with their status, not compared as numbers; the relations "
      "below are what can be checked (`vibro check`).\n\n"
      "| case | method | ε | λ1 | λ2 | λ1 + λ2 | published λ1, λ2 (status) |\n|---|---|---|---|---|---|---|\n";
  std::vector<std::pair<std::string, json>> runs;
  for (const auto& file : list_case_files(cases_dir / "lyapunov")) {
    const CaseSpec c = load_case(file);
    const json l = run_lyapunov_case(c, {})["lyapunov"];
    std::string counterpart = "none published";
    if (const auto it = published_counterpart.find(c.name); it != published_counterpart.end()) {
      const PublishedValue* a = published.at(it->second + ".lambda1");
      const PublishedValue* b = published.at(it->second + ".lambda2");
      counterpart = a->value.text + ", " + b->value.text + " (" + std::string(status_name(a->status)) + ", " + it->second + ")";
    }
    if (l["defined"].get<bool>()) {
      md += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", c.name, l["method"].get<std::string>(),
                        l["epsilon"].get<std::string>(), display_number(l["lambda1_per_period"].get<std::string>(), 6),
                        display_number(l["lambda2_per_period"].get<std::string>(), 6),
                        display_number(l["sum_per_period"].get<std::string>(), 6), counterpart);
      runs.emplace_back(c.name, l);
    } else {
      md += fmt::format("| {} | {} | {} | undefined: {} | | | {} |\n", c.name, l["method"].get<std::string>(),
                        l["epsilon"].get<std::string>(), l["why_undefined"].get<std::string>(), counterpart);
    }
  }
  md += "\nRelations of MATH.md §4 on this case:\n\n";
  for (const auto& [name, r] : evaluate_relations(cases_dir / "lyapunov"))
    md += "- **" + name + "**: " + (!r.computable ? "not evaluated" : r.holds ? "holds" : "FAILS") + " — " + r.detail + "\n";
  if (plot(runs, 1, out / "lyapunov1.svg") && plot(runs, 2, out / "lyapunov2.svg"))
    md += "\nRunning estimates against k: [λ1,k](lyapunov1.svg), [λ2,k](lyapunov2.svg)\n";
  return md + "\n";
}

}  // namespace vibro
