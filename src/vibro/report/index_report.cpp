#include "vibro/report/index_report.hpp"

#include "vibro/io/run_case.hpp"
#include "vibro/report/atomic_write.hpp"
#include "vibro/report/lyapunov_report.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/nonstandard_report.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/study_outputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <chrono>
#include <thread>
#include <sstream>

namespace vibro {
namespace {

using nlohmann::json;

const Precision report_mpfr{ScalarKind::mpfr, 50};

std::string number(const json& value, int digits = 10) {
  if (value.is_null()) return "—";
  if (value.is_number()) return fmt::format("{:.{}g}", value.get<double>(), digits);
  return display_number(value.get<std::string>(), digits);
}

bool is_free_fall_run(const json& run) { return run.contains("free_fall"); }

void cases_section(std::ostringstream& md, const std::vector<CaseSpec>& cases) {
  md << "## Shipped cases\n\n"
     << markdown_header({"case", "file", "model", "scheme", "precision", "hash (FNV-1a 64)"});
  for (const auto& c : cases)
    md << markdown_row({c.name, "`" + c.file.substr(std::string("cases/").size()) + "`", c.model.type_name(),
               c.scheme.is_reference() || c.scheme.is_corrected() ? c.scheme.type
               : c.scheme.is_nonstandard_family()
                   ? c.scheme.type + " (" + std::string(to_string(c.scheme.nonstandard.start)) + ")"
                   : c.scheme.type + " (" + std::string(to_string(c.scheme.paoli_schatzman.velocity)) + ", " +
                         std::string(to_string(c.scheme.paoli_schatzman.start)) + ")",
               c.precision.name(), "`" + c.hash + "`"});
  md << "\n";
}

void free_fall_section(std::ostringstream& md, const CaseSpec& c, const std::vector<json>& runs) {
  const json& exact = runs.front();  // the case's own precision comes first
  const json& ff = exact["free_fall"];
  md << "## Free fall: the two-step reversal of the Paoli–Schatzman scheme (`" << c.name << "`)\n\n"
     << "Seed 000 §2, MATH.md §2.1. Free fall onto the obstacle u_min = " << exact["model"]["u_min"].get<std::string>()
     << " with u0 = " << c.u0.text << ", v0 = " << c.v0.text << ", e = " << c.model.e.text << ", h = " << c.step.h->text
     << ", U^1 = u0 + h v0. The prediction is the seed's closed form, evaluated in exact rational arithmetic; "
     << "\"computed\" is the scheme itself.\n\n";
  if (!ff["applicable"].get<bool>()) {
    md << "The seed's assumptions do not hold for this case: " << ff["reason"].get<std::string>() << "\n\n";
    return;
  }
  md << "- m = " << ff["m"] << "; U^{m+1} is **" << ff["case"].get<std::string>() << "** the obstacle; "
     << "the seed places the reversal on steps " << ff["reversal_steps"][0] << " and " << ff["reversal_steps"][1]
     << "; from n = " << ff["line_start"] << " on, U^n follows the post-impact line of slope −h e v0 = "
     << ff["slope_per_step"].get<std::string>() << " per step.\n\n";
  std::vector<std::string> columns = {"n", "predicted U^n (exact)"};
  for (const json& r : runs) columns.push_back("computed − predicted, " + r["precision"]["name"].get<std::string>());
  md << markdown_header(columns);
  for (std::size_t i = 0; i < ff["table"].size(); ++i) {
    std::vector<std::string> cells = {std::to_string(ff["table"][i]["n"].get<long>()),
                                      ff["table"][i]["predicted"].get<std::string>()};
    for (const json& r : runs) cells.push_back(number(r["free_fall"]["table"][i]["difference"], 3));
    md << markdown_row(cells);
  }
  md << "\nLargest |computed − predicted| over the whole run:";
  for (const json& r : runs)
    md << " " << r["precision"]["name"].get<std::string>() << ": "
       << number(r["free_fall"]["max_deviation_from_prediction"], 3) << ";";
  md << "\n\n";
  if (!exact.contains("convergence")) return;
  md << "### Errors against the exact free fall\n\n"
     << "Exact solution u = u0 + v0 t until t_c, then u = u_min − e v0 (t − t_c); the discrete velocity "
     << "V^n = (U^{n+1} − U^n)/h is compared with the right-continuous exact velocity at t_n. "
     << "Errors below are from the " << exact["precision"]["name"].get<std::string>() << " run.\n\n"
     << markdown_header({"h", "steps", "position L∞", "position L1", "velocity L∞", "velocity L1"});
  for (const json& r : exact["convergence"]["rows"]) {
    const json& e = r["errors"];
    md << markdown_row({r["h"].get<std::string>(), std::to_string(r["steps"].get<long>()), number(e["position_linf"]),
               number(e["position_l1"]), number(e["velocity_linf"]), number(e["velocity_l1"])});
  }
  md << "\nObserved orders (least-squares slope of log error against log h; the successive slopes are in "
     << "index.json):\n\n";
  std::vector<std::string> order_columns = {"metric", "expected (seed 000 §1)"};
  for (const json& r : runs) order_columns.push_back(r["precision"]["name"].get<std::string>());
  md << markdown_header(order_columns);
  const std::vector<std::pair<std::string, std::string>> metrics = {
      {"position_linf", "1"}, {"position_l1", "—"}, {"velocity_linf", "0"}, {"velocity_l1", "1"}};
  for (const auto& [metric, expected] : metrics) {
    std::vector<std::string> cells = {metric, expected};
    for (const json& r : runs) cells.push_back(number(r["convergence"]["orders"][metric]["least_squares"], 12));
    md << markdown_row(cells);
  }
  md << "\n";
  if (exact.contains("expected")) {
    md << markdown_header({"expectation", "value ± tolerance", "source", "verdict per precision"});
    for (std::size_t i = 0; i < exact["expected"].size(); ++i) {
      const json& e = exact["expected"][i];
      std::string verdicts;
      for (const json& r : runs)
        verdicts += r["precision"]["name"].get<std::string>() + ": " + r["expected"][i]["verdict"].get<std::string>() + " ";
      md << markdown_row({e["quantity"].get<std::string>(), e["expected"].get<std::string>() + " ± " + e["tolerance"].get<std::string>(),
                 e["source"].get<std::string>(), verdicts});
    }
    md << "\n";
  }
}

/// A scheme run (Paoli–Schatzman or corrected) at every precision: what happened at the
/// obstacle and where the run ended.
void scheme_section(std::ostringstream& md, const CaseSpec& c, const std::vector<json>& runs) {
  const json& first = runs.front();
  const bool corrected = c.scheme.is_corrected();
  md << "## " << (corrected ? "Corrected Crank–Nicolson" : "Paoli–Schatzman") << " run: `" << c.name << "`\n\n"
     << c.description << "\n\n"
     << "Model " << first["model"].dump() << ", u0 = " << c.u0.text << ", v0 = " << c.v0.text;
  if (!corrected)
    md << ", scheme velocity `" << first["scheme"]["velocity"].get<std::string>() << "`, start `"
       << first["scheme"]["start"].get<std::string>() << "`";
  md << ", h = " << first["scheme"]["step"].get<std::string>() << ", " << first["run"]["steps"] << " steps.\n\n"
     << markdown_header({"precision", corrected ? "artificial impacts / dichotomies / fallbacks" : "projection active (steps)",
                "final t", "final U", "final V"});
  for (const json& r : runs) {
    const json& run = r["run"];
    const std::string obstacle =
        corrected ? fmt::format("{} / {} / {}", run["impacts"].get<long>(), run["dichotomies"].get<long>(),
                                run["fallbacks"].get<long>())
                  : std::to_string(run["projection_active"]["count"].get<long>());
    md << markdown_row({r["precision"]["name"].get<std::string>(), obstacle, number(run["final"]["t"], 12),
               number(run["final"]["u"], 16), number(run["final"]["v"], 16)});
  }
  md << "\nThe precisions agree to the digits shown only where the run is not sensitive to rounding; a "
        "chaotic regime would separate them (MATH.md §4).\n\n";
}

void reference_section(std::ostringstream& md, const CaseSpec& c, const std::vector<json>& runs) {
  constexpr std::size_t listed_events = 10;
  md << "## Exact-detection reference: `" << c.name << "`\n\n" << c.description << "\n\n"
     << "Closed-form flights, contacts located by the certified search (MATH.md §1.1), chatter summed to its "
     << "accumulation time and sticking until the net force turns positive (MATH.md §1.3). Each run carries an "
     << "error estimate: the same case at 20 more digits, events matched to the nearest event of their kind.\n\n"
     << markdown_header({"precision", "impacts", "accumulations", "sticking intervals", "grazing", "final u", "final v",
                "error estimate (event times; final u)"});
  const auto count = [](const json& run, const char* kind) {
    return run["event_counts"].contains(kind) ? std::to_string(run["event_counts"][kind].get<long>()) : std::string("0");
  };
  for (const json& r : runs) {
    const json& run = r["run"];
    const json& e = run["error_estimate"];
    md << markdown_row({r["precision"]["name"].get<std::string>(), count(run, "impact"), count(run, "accumulation"),
               std::to_string(run["sticking_intervals"].size()), count(run, "grazing"), number(run["final"]["u"], 16),
               number(run["final"]["v"], 16),
               e["max_event_time_difference"].get<std::string>() + "; " + e["final_position_difference"].get<std::string>() +
                   " (vs " + e["compared_with"].get<std::string>() + (e.contains("lower_bound_only") ? ", a lower bound" : "") +
                   ")"});
  }
  const json& most_precise = *std::max_element(runs.begin(), runs.end(), [](const json& a, const json& b) {
    return a["precision"]["significand_bits"].get<long>() < b["precision"]["significand_bits"].get<long>();
  });
  const json& precise = most_precise["run"];
  md << "\nThe impact count may grow with the precision: a smaller contact tolerance resolves more impacts of each "
        "chatter sequence before the rest of the series is summed. First events at "
     << most_precise["precision"]["name"].get<std::string>() << ":\n\n"
     << markdown_header({"event", "t", "v−", "v+"});
  for (std::size_t i = 0; i < std::min(listed_events, precise["events"].size()); ++i) {
    const json& e = precise["events"][i];
    md << markdown_row({e["kind"].get<std::string>(), number(e["t"], 16), number(e["v_minus"], 10), number(e["v_plus"], 10)});
  }
  const json& lyapunov = precise["lyapunov_estimate"];
  md << "\n"
     << (lyapunov["defined"].get<bool>()
             ? "Finite-time λ1 ≈ " + number(lyapunov["lambda1_per_unit_time"], 6) + " per unit time."
             : "No λ1 estimate: the flow's derivative is undefined (" + lyapunov["why_undefined"].get<std::string>() + ").")
     << "\n\n";
}

/// The case's convergence study at every precision: observed orders side by side (the
/// slope must not move with the precision; a rounding floor may), with the full tables and
/// log-log plots written beside the report under studies/.
void convergence_section(std::ostringstream& md, const CaseSpec& c, const std::vector<json>& runs,
                         const std::filesystem::path& out) {
  md << "### Convergence study of `" << c.name << "`\n\n"
     << "Against the " << runs.front()["convergence"]["reference"].get<std::string>() << ". Observed order = "
     << "least-squares slope over the detected asymptotic range (in brackets, its first and last h); points "
     << "outside it are listed in the per-precision tables with the reason."
     << (c.scheme.is_corrected() ? " The seeds give no convergence theory for the corrected scheme: its orders are "
                                   "measured, not proven."
                                 : "")
     << "\n\n";
  std::vector<std::string> columns = {"metric"};
  for (const json& r : runs) columns.push_back(r["precision"]["name"].get<std::string>());
  md << markdown_header(columns);
  for (const char* metric : {"position_linf", "position_l1", "velocity_linf", "velocity_l1", "final_position",
                             "final_velocity", "impact_time"}) {
    std::vector<std::string> cells = {metric};
    for (const json& r : runs) {
      const json& o = r["convergence"]["orders"][metric];
      const json& rows = r["convergence"]["rows"];
      // Without a range, say why: how many points are exact, at the rounding floor, or other.
      std::map<std::string, int> reasons;
      for (const json& status : o["status"]) ++reasons[status.get<std::string>()];
      std::string why;
      for (const auto& [reason, count] : reasons)
        why += (why.empty() ? "" : ", ") + (count == static_cast<int>(o["status"].size()) ? reason
                                                                                         : std::to_string(count) + " " + reason);
      cells.push_back(o["least_squares"].is_null()
                          ? (reasons.size() == 1 ? why : "no range: " + why)
                          : number(o["least_squares"], 4) + " [" + rows[o["range"][0].get<std::size_t>()]["h"].get<std::string>() +
                                " … " + rows[o["range"][1].get<std::size_t>()]["h"].get<std::string>() + "]");
    }
    md << markdown_row(cells);
  }
  md << "\nTables and plots:";
  for (const json& r : runs) {
    std::string stem = c.name + "-" + r["precision"]["name"].get<std::string>();
    for (char& ch : stem)
      if (ch == ':') ch = '-';
    write_file_atomically(out / "studies" / (stem + ".md"), "# " + c.name + "\n\n" + study_markdown(r));
    write_file_atomically(out / "studies" / (stem + ".csv"), study_csv(r));
    const bool plotted = write_study_svg(r, out / "studies" / (stem + ".svg"));
    md << " [" << r["precision"]["name"].get<std::string>() << "](studies/" << stem << ".md)";
    if (plotted) md << " ([plot](studies/" << stem << ".svg))";
  }
  md << "\n\n";
}

}  // namespace

std::vector<std::filesystem::path> list_case_files(const std::filesystem::path& directory) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(directory))
    if (entry.is_regular_file() && entry.path().extension() == ".toml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<Precision> report_precisions(const CaseSpec& c) {
  std::vector<Precision> precisions = {c.precision};
  for (const Precision& p : {Precision{ScalarKind::double_, 0}, report_mpfr})
    if (std::find(precisions.begin(), precisions.end(), p) == precisions.end()) precisions.push_back(p);
  return precisions;
}

void write_report(const std::filesystem::path& cases_dir, const std::filesystem::path& out,
                  const std::function<void(const std::string&)>& status) {
  std::vector<CaseSpec> cases;
  for (const std::string sub : {"", "nsfd/"}) {  // nsfd/: the seed-003 cases (MATH.md §5)
    if (!std::filesystem::is_directory(cases_dir / sub)) continue;
    for (const auto& file : list_case_files(cases_dir / sub)) {
      cases.push_back(load_case(file));
      cases.back().file = "cases/" + sub + file.filename().string();  // independent of where the report runs
    }
  }
  std::map<std::string, json> nonstandard_double_runs;  // with their plot samples, for the claims section
  json all = json::object();
  std::ostringstream md, timings;
  timings << "# Wall times of the last `vibro report`\n\nNot deterministic (machine and load dependent), so kept "
             "out of index.md. Convergence studies run their step sizes on the threads shown.\n\n"
          << markdown_header({"case", "precision", "wall time", "threads"});
  md << "# vibro report\n\n"
     << "Generated by `vibro report` (vibro " << VIBRO_VERSION << ") from the case files in `cases/`. "
     << "Deterministic: regenerate with the README's main command and diff. Every number below is also in "
     << "`index.json` with all its digits.\n\n";
  cases_section(md, cases);
  for (const auto& c : cases) {
    std::vector<json> runs;
    for (const Precision& p : report_precisions(c)) {
      if (status) status(c.name + " at " + p.name());
      RunOptions options;
      options.precision = p;
      options.threads = std::max(1u, std::thread::hardware_concurrency());
      const auto start = std::chrono::steady_clock::now();
      runs.push_back(run_case(c, options));
      const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
      timings << markdown_row({c.name, p.name(), fmt::format("{:.2f} s", wall.count()), std::to_string(options.threads)});
    }
    if (c.scheme.is_nonstandard_family()) {
      for (json& r : runs) {
        if (r["precision"]["name"] == "double") nonstandard_double_runs[c.name] = r;
        r["run"].erase("samples");  // plot data only: index.json keeps the results
      }
    }
    all[c.name] = runs;
    if (c.scheme.is_reference()) reference_section(md, c, runs);
    else if (c.scheme.is_nonstandard_family()) md << nonstandard_run_section(c, runs);
    else if (is_free_fall_run(runs.front())) free_fall_section(md, c, runs);
    else scheme_section(md, c, runs);
    if (runs.front().contains("convergence")) convergence_section(md, c, runs, out);
  }
  if (std::filesystem::is_directory(cases_dir / "lyapunov")) {
    if (status) status("Lyapunov cases and the relations of the published tables");
    const std::filesystem::path root = cases_dir.parent_path();
    md << lyapunov_section(cases_dir, root / "reference" / "published", root / "tests" / "golden" / "lyapunov", out);
  }
  if (!nonstandard_double_runs.empty()) {
    if (status) status("seed 003 claims");
    md << nonstandard_claims_section(nonstandard_double_runs, out);
  }
  write_file_atomically(out / "index.md", md.str());
  write_file_atomically(out / "index.json", all.dump(1) + "\n");
  write_file_atomically(out / "timings.md", timings.str());
}

}  // namespace vibro
