#include "vibro/report/lyapunov_report.hpp"

#include "vibro/io/published_check.hpp"
#include "vibro/io/run_lyapunov.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/index_report.hpp"
#include "vibro/report/number_display.hpp"

#include <fmt/format.h>

#include <fstream>
#include <map>

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
  std::vector<PlotSeries> series;
  for (const auto& [name, run] : runs) {
    PlotSeries s{name, {}};
    for (const json& p : run["running_samples"]) s.points.emplace_back(p[0].get<double>(), p[j].get<double>());
    series.push_back(std::move(s));
  }
  const std::string lambda = "lambda_" + std::to_string(j);
  return line_plot_svg(series, {"Running estimate of " + lambda + " on the chaotic case (double)", "periods k",
                                lambda + ",k per period", true, false},
                       svg);
}

/// "±tolerance_1, ±tolerance_2" from the case's computed golden (tests/golden/lyapunov/),
/// when there is one written for this very case file.
std::string golden_spread(const std::filesystem::path& golden_dir, const std::filesystem::path& case_file,
                          const CaseSpec& c) {
  std::ifstream in(golden_dir / (case_file.stem().string() + ".json"));
  if (!in) return "no golden";
  const json golden = json::parse(in);
  if (golden["case"]["hash_fnv1a64"] != c.hash) return "golden stale";
  return "±" + golden["long"]["tolerance_lambda1"].get<std::string>() + ", ±" +
         golden["long"]["tolerance_lambda2"].get<std::string>();
}

}  // namespace

std::string lyapunov_section(const std::filesystem::path& cases_dir, const std::filesystem::path& published_dir,
                             const std::filesystem::path& golden_dir, const std::filesystem::path& out) {
  const auto tables = load_published_tables(published_dir);
  std::map<std::string, const PublishedValue*> published;
  for (const auto& t : tables)
    for (const auto& v : t.values) published[v.id] = &v;
  std::string md =
      "## Lyapunov exponents (MATH.md §4)\n\n"
      "The chaotic case by every method, in double, per forcing period. The published numbers belong to α, a and "
      "u_min that the seeds do not give, so they are shown with their status, not compared as numbers; the relations "
      "below are what can be checked (`vibro check`). The spread is the measured uncertainty of a finite-time "
      "exponent at this horizon: the largest difference over runs at other precisions and at v0 × (1 ± 1e-3), from "
      "the case's computed golden (`vibro lyapunov CASE --write-golden`).\n\n"
      "| case | method | ε | λ1 | λ2 | λ1 + λ2 | spread of λ1, λ2 | published λ1, λ2 (status) |\n"
      "|---|---|---|---|---|---|---|---|\n";
  std::vector<std::pair<std::string, json>> runs;
  ComputedExponents computed;  // handed to the relations, which would otherwise run the cases again
  for (const auto& file : list_case_files(cases_dir / "lyapunov")) {
    const CaseSpec c = load_case(file);
    const json l = run_lyapunov_case(c, {})["lyapunov"];
    computed[file.stem().string()] = l;
    std::string counterpart = "none published";
    if (const auto it = published_counterpart.find(c.name); it != published_counterpart.end()) {
      const PublishedValue* a = published.at(it->second + ".lambda1");
      const PublishedValue* b = published.at(it->second + ".lambda2");
      counterpart = a->value.text + ", " + b->value.text + " (" + std::string(status_name(a->status)) + ", " + it->second + ")";
    }
    if (l["defined"].get<bool>()) {
      md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", c.name, l["method"].get<std::string>(),
                        l["epsilon"].get<std::string>(), display_number(l["lambda1_per_period"].get<std::string>(), 6),
                        display_number(l["lambda2_per_period"].get<std::string>(), 6),
                        display_number(l["sum_per_period"].get<std::string>(), 6), golden_spread(golden_dir, file, c),
                        counterpart);
      runs.emplace_back(c.name, l);
    } else {
      md += fmt::format("| {} | {} | {} | undefined: {} | | | | {} |\n", c.name, l["method"].get<std::string>(),
                        l["epsilon"].get<std::string>(), l["why_undefined"].get<std::string>(), counterpart);
    }
  }
  md += "\nRelations of MATH.md §4 on this case:\n\n";
  for (const auto& [name, r] : evaluate_relations(cases_dir / "lyapunov", {}, computed))
    md += "- **" + name + "**: " + (!r.computable ? "not evaluated" : r.holds ? "holds" : "FAILS") + " — " + r.detail + "\n";
  if (plot(runs, 1, out / "lyapunov1.svg") && plot(runs, 2, out / "lyapunov2.svg"))
    md += "\nRunning estimates against k: [λ1,k](lyapunov1.svg), [λ2,k](lyapunov2.svg)\n";
  return md + "\n";
}

}  // namespace vibro
