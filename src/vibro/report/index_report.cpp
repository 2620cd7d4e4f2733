#include "vibro/report/index_report.hpp"

#include "vibro/analysis/study_result.hpp"
#include "vibro/io/atomic_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/report/convergence_plot.hpp"
#include "vibro/report/index_json.hpp"
#include "vibro/report/inertia_report.hpp"
#include "vibro/report/lyapunov_report.hpp"
#include "vibro/report/markdown_table.hpp"
#include "vibro/report/model_formula.hpp"
#include "vibro/report/nonstandard_report.hpp"
#include "vibro/report/number_display.hpp"
#include "vibro/report/orbit_report.hpp"
#include "vibro/report/report_pages.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/report/sweep_report.hpp"
#include "vibro/report/system_report.hpp"
#include "vibro/report/table_of_contents.hpp"
#include "vibro/report/verdict_summary.hpp"
#include "vibro/report/testset_report.hpp"
#include "vibro/report/work_precision.hpp"
#include "vibro/results/run_result.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/results/projection_activity.hpp"
#include "vibro/results/corrected_counters.hpp"
#include "vibro/results/conservative_findings.hpp"
#include "vibro/results/reference_findings.hpp"
#include "vibro/results/system_findings.hpp"
#include "vibro/results/inertia_findings.hpp"
#include "vibro/results/free_fall_reversal.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <variant>

namespace vibro {
namespace {

using nlohmann::json;

const SchemeInfo& info_of(const RunResult& r) { return scheme_infos().at(*entry_named(r.scheme.type)); }

/// "paoli-schatzman (centered, taylor)": the scheme and its option values.
std::string scheme_cell(const SchemeDescription& s) {
  std::string values;
  for (const auto& [key, value] : s.options) values += (values.empty() ? "" : ", ") + value;
  return values.empty() ? s.type : s.type + " (" + values + ")";
}

/// The case file's path inside the cases directory, which the header names: load_cases
/// labels each file DIR/PATH with DIR the directory's own name.
std::string case_file_cell(const CaseSpec& c, const std::filesystem::path& cases_dir) {
  const std::filesystem::path relative = std::filesystem::path(c.file).lexically_relative(cases_dir.filename());
  const bool inside = !cases_dir.filename().empty() && !relative.empty() && *relative.begin() != "..";
  return "`" + (inside ? relative.generic_string() : c.file) + "`";
}

/// The folder of the case's file inside the cases directory ("" at its top), which names the
/// page its runs go on.
std::string case_folder(const CaseSpec& c, const std::filesystem::path& cases_dir) {
  const std::string file = case_file_cell(c, cases_dir);  // `PATH`
  const std::size_t slash = file.find('/');
  return slash == std::string::npos ? "" : file.substr(1, slash - 1);
}

/// The page of the cases of `folder`, and its title.
std::pair<std::string, std::string> cases_page(const std::string& folder) {
  static const std::map<std::string, std::string> titles = {
      {"", "Cases of seeds 000 and 001: free fall, the impact oscillator and its reference"},
      {"nsfd", "Cases of seed 003: the non-standard finite-difference schemes"},
      {"seed002", "Cases of seed 002: the N-degree-of-freedom systems"},
      {"seed004", "Cases of seed 004: the sweeping process"},
      {"peer", "Cases of the Siconos peer"},
      {"testset", "The test set's problems, run as cases"},
      {"work_precision", "The work–precision cases"}};
  const auto title = titles.find(folder);
  return {folder.empty() ? "cases.md" : "cases_" + folder + ".md",
          title != titles.end() ? title->second : "Cases in `" + folder + "/`"};
}

/// The paragraphs that say how to read each kind of section, said once at the top of a page
/// rather than in every section: only those of the kinds the page has.
std::string reading_notes(const std::vector<const CaseRuns*>& cases) {
  const auto any = [&](auto has) {
    return std::any_of(cases.begin(), cases.end(), [&](const CaseRuns* c) { return has(c->runs.front()); });
  };
  std::string notes;
  if (any([](const RunResult& r) { return r.run.reference.has_value(); }))
    notes += "- An exact-detection reference: closed-form flights, contacts located by the certified search "
             "(docs/mathematics.md §1.1), chatter summed to its accumulation time and sticking until the net force "
             "turns positive (docs/mathematics.md §1.3). Each run carries an error estimate: the same case at 20 more "
             "digits, events matched to the nearest event of their kind. The impact count may grow with the "
             "precision: a smaller contact tolerance resolves more impacts of each chatter sequence before the rest "
             "of the series is summed.\n";
  if (any([](const RunResult& r) {
        return !r.run.reference && !r.run.conservative && !r.run.system && !r.run.inertia && !r.free_fall;
      }))
    notes += "- A scheme's run at every precision: the precisions agree to the digits shown only where the run is not "
             "sensitive to rounding; a chaotic regime would separate them (docs/mathematics.md §4).\n";
  if (any([](const RunResult& r) { return r.run.conservative.has_value(); }))
    notes += "- " + nonstandard_run_note() + "\n";
  if (any([](const RunResult& r) { return r.run.system.has_value(); })) notes += "- " + system_run_note() + "\n";
  if (any([](const RunResult& r) { return r.run.inertia.has_value(); })) notes += "- " + inertia_run_note() + "\n";
  if (any([](const RunResult& r) { return r.convergence.has_value(); }))
    notes += "- A convergence study: observed order = least-squares slope of log error against log h over the "
             "detected asymptotic range ± its standard error (in brackets, the range's first and last h); the points "
             "outside it are listed in the per-precision tables with the reason. A point is at a measured rounding "
             "floor when the difference of its error from the same study's error in the wider type is at least " +
             std::to_string(100 / rounding_share_divisor) +
             " % of its error; the per-precision tables show that difference.\n";
  return notes.empty() ? "" : "How to read the sections below:\n\n" + notes + "\n";
}

void cases_section(std::ostringstream& md, const std::vector<const CaseRuns*>& cases,
                   const std::filesystem::path& cases_dir) {
  // Two tables: the models' formulas are long, and beside the file and hash they squeezed both.
  md << "## Cases\n\n" << reading_notes(cases) << markdown_header({"case", "model", "scheme", "precision"});
  for (const CaseRuns* case_runs : cases) {
    const CaseRuns& runs = *case_runs;
    const CaseSpec& c = runs.spec;
    md << markdown_row({"[" + c.name + "](#case-" + c.name + ")", model_formula(c.model),
                        scheme_cell(runs.runs.front().scheme), c.precision.name()});
  }
  md << "\nThe case files, and the hash of each (FNV-1a 64) that its results carry:\n\n"
     << markdown_header({"case", "file", "hash"});
  for (const CaseRuns* case_runs : cases) {
    const CaseSpec& c = case_runs->spec;
    md << markdown_row({"[" + c.name + "](#case-" + c.name + ")", case_file_cell(c, cases_dir), "`" + c.hash + "`"});
  }
  md << "\n";
}

void free_fall_section(std::ostringstream& md, const CaseSpec& c, const std::vector<RunResult>& runs) {
  const RunResult& exact = runs.front();  // the case's own precision comes first
  const FreeFallReversalResult& result = *exact.free_fall;
  md << "## Free fall: the two-step reversal of the Paoli–Schatzman scheme (`" << c.name << "`)\n\n"
     << "Seed 000 §2, docs/mathematics.md §2.1. Model " << model_formula(c.model)
     << ". Free fall onto the obstacle u_min = " << c.model.u_min.text << " with u0 = " << c.u0.text
     << ", v0 = " << c.v0.text << ", e = " << c.model.e.text << ", h = " << display_step(c.step.h->text)
     << ", U^1 = u0 + h v0. The prediction is the seed's closed form, evaluated in exact rational arithmetic; "
     << "\"computed\" is the scheme itself.\n\n";
  if (!result.comparison) {
    md << "The seed's assumptions do not hold for this case: " << result.reason.value_or("") << "\n\n";
    return;
  }
  const FreeFallReversalComparison& ff = *result.comparison;
  md << "- m = " << ff.m << "; U^{m+1} is **" << ff.reversal_case << "** the obstacle; "
     << "the seed places the reversal on steps " << ff.reversal_steps[0] << " and " << ff.reversal_steps[1]
     << "; from n = " << ff.line_start << " on, U^n follows the post-impact line of slope −h e v0 = "
     << ff.slope_per_step.text << " per step.\n\n";
  std::vector<std::string> columns = {"n", "predicted U^n (exact)"};
  for (const RunResult& r : runs) columns.push_back("computed − predicted, " + r.provenance.precision.name);
  md << markdown_header(columns);
  for (std::size_t i = 0; i < ff.table.size(); ++i) {
    std::vector<std::string> cells = {std::to_string(ff.table[i].n), ff.table[i].predicted.text};
    for (const RunResult& r : runs) cells.push_back(display(r.free_fall->comparison.value().table.at(i).difference, 3));
    md << markdown_row(cells);
  }
  md << "\nLargest |computed − predicted| over the whole run:";
  for (const RunResult& r : runs)
    md << " " << r.provenance.precision.name << ": "
       << display(r.free_fall->comparison.value().max_deviation_from_prediction, 3) << ";";
  md << "\n\n";
  if (!exact.convergence) return;
  md << "### Errors against the exact free fall\n\n"
     << "Exact solution u = u0 + v0 t until t_c, then u = u_min − e v0 (t − t_c); the discrete velocity "
     << "V^n = (U^{n+1} − U^n)/h is compared with the right-continuous exact velocity at t_n. "
     << "Errors below are from the " << exact.provenance.precision.name << " run.\n\n"
     << markdown_header({"h", "steps", "position L∞", "position L1", "velocity L∞", "velocity L1"});
  for (const StudyRow& r : exact.convergence->rows) {
    const auto error = [&](ErrorMetric m) { return display(r.errors[index_of(m)]); };
    md << markdown_row({display_step(r.h), std::to_string(r.steps), error(ErrorMetric::position_linf),
                        error(ErrorMetric::position_l1), error(ErrorMetric::velocity_linf),
                        error(ErrorMetric::velocity_l1)});
  }
  md << "\nObserved orders (least-squares slope of log error against log h ± its standard error; the successive "
     << "slopes are in index.json):\n\n";
  std::vector<std::string> order_columns = {"metric", "expected (seed 000 §1)"};
  for (const RunResult& r : runs) order_columns.push_back(r.provenance.precision.name);
  md << markdown_header(order_columns);
  const DeclaredOrders& declared = info_of(exact).declared_orders;
  for (const ErrorMetric m : {ErrorMetric::position_linf, ErrorMetric::position_l1, ErrorMetric::velocity_linf,
                              ErrorMetric::velocity_l1}) {
    const auto& order = declared[index_of(m)];
    std::vector<std::string> cells = {std::string(name(m)), order ? fmt::format("{:g}", order->order) : "—"};
    for (const RunResult& r : runs) {
      const std::optional<OrderFit>& fit = r.convergence->orders[index_of(m)].fit;
      cells.push_back(fit ? display_with_uncertainty(fit->slope, fit->standard_error)
                          : no_order_label(*r.convergence, m));
    }
    md << markdown_row(cells);
  }
  md << "\n";
  if (!exact.expected.empty()) {
    md << markdown_header({"expectation", "value ± tolerance", "source", "verdict per precision"});
    for (std::size_t i = 0; i < exact.expected.size(); ++i) {
      const ExpectationVerdict& e = exact.expected[i];
      std::string verdicts;
      for (const RunResult& r : runs)
        verdicts += r.provenance.precision.name + ": " + to_string(r.expected[i].verdict) + " ";
      md << markdown_row({e.quantity, e.expected.text + " ± " + e.tolerance.text, e.source, verdicts});
    }
    md << "\n";
  }
}

/// A scheme run at every precision: what happened at the obstacle and where the run ended.
void scheme_section(std::ostringstream& md, const CaseSpec& c, const std::vector<RunResult>& runs) {
  const RunResult& first = runs.front();
  const bool counted = first.run.corrected.has_value();  // artificial impacts rather than projection steps
  md << "## " << first.scheme.display_name << " run: `" << c.name << "`\n\n"
     << c.description << "\n\n"
     << "Model " << model_formula(c.model) << "; u0 = " << display_number(c.u0.text)
     << ", v0 = " << display_number(c.v0.text);
  for (std::size_t i = 0; i < first.scheme.options.size(); ++i)
    md << (i == 0 ? ", scheme " : ", ") << first.scheme.options[i].first << " `" << first.scheme.options[i].second
       << "`";
  md << ", h = " << display_step(*first.scheme.step) << ", " << *first.run.steps << " steps.\n\n"
     << markdown_header({"precision", counted ? "artificial impacts / dichotomies / fallbacks" : "projection active (steps)",
                         "final t", "final U", "final V"});
  for (const RunResult& r : runs) {
    const RunFindings& run = r.run;
    const std::string obstacle =
        counted ? fmt::format("{} / {} / {}", run.corrected->impacts, run.corrected->dichotomies, run.corrected->fallbacks)
                : std::to_string(run.projection_active->count);
    md << markdown_row({r.provenance.precision.name, obstacle, display(run.final.t), display(run.final.u),
                        display(run.final.v)});
  }
  md << "\n";
}

void reference_section(std::ostringstream& md, const CaseSpec& c, const std::vector<RunResult>& runs) {
  constexpr std::size_t listed_events = 10;
  md << "## Exact-detection reference: `" << c.name << "`\n\n" << c.description << "\n\n"
     << "Model " << model_formula(c.model) << ".\n\n"
     << markdown_header({"precision", "impacts", "accumulations / sticking intervals / grazing", "final u", "final v",
                         "error estimate (event times; final u)"});
  const auto count = [](const ReferenceFindings& found, const char* kind) {
    const auto it = found.event_counts.find(kind);
    return it == found.event_counts.end() ? std::string("0") : std::to_string(it->second);
  };
  for (const RunResult& r : runs) {
    const ReferenceFindings& found = *r.run.reference;
    const ErrorEstimate& e = *found.error_estimate;
    md << markdown_row({r.provenance.precision.name, count(found, "impact"),
                        count(found, "accumulation") + " / " + std::to_string(found.sticking_intervals.size()) + " / " +
                            count(found, "grazing"),
                        display(r.run.final.u), display(r.run.final.v),
                        display_number(e.max_event_time_difference) + "; " +
                            display_number(e.final_position_difference) + " (vs " + e.compared_with +
                            (e.lower_bound_only ? ", a lower bound" : "") + ")"});
  }
  const RunResult& most_precise = *std::max_element(runs.begin(), runs.end(), [](const RunResult& a, const RunResult& b) {
    return a.provenance.precision.significand_bits < b.provenance.precision.significand_bits;
  });
  const ReferenceFindings& precise = *most_precise.run.reference;
  md << "\nFirst events at " << most_precise.provenance.precision.name << ":\n\n"
     << markdown_header({"event", "t", "v−", "v+"});
  for (std::size_t i = 0; i < std::min(listed_events, precise.events.size()); ++i) {
    const ReferenceEventText& e = precise.events[i];
    md << markdown_row({e.kind, display(e.t), display(e.v_minus), display(e.v_plus)});
  }
  const LyapunovEstimate& lyapunov = precise.lyapunov_estimate;
  // λ per forcing period where the model has a period, per unit time where it has none: the
  // unit of every λ of the report. The estimate is per period when the run's horizon is given
  // in the periods of a forced oscillator (reference_entry.hpp), else over the whole horizon.
  const bool per_period = std::holds_alternative<OscillatorSpec>(c.model.kind) && c.horizon.periods.has_value();
  md << "\n"
     << (lyapunov.estimate
             ? "Finite-time λ1 ≈ " +
                   (per_period ? display(lyapunov.estimate->lambda1_per_period_or_horizon, 6) + " per forcing period."
                               : display(lyapunov.estimate->lambda1_per_unit_time, 6) + " per unit time.")
             : "No λ1 estimate: the flow's derivative is undefined (" +
                   display_numbers_in(lyapunov.why_undefined.value_or("")) + ").")
     << "\n\n";
}

/// The case's convergence study at every precision: observed orders side by side (the
/// slope must not move with the precision; a rounding floor may), with the full tables and
/// log-log plots written beside the report under studies/.
void convergence_section(std::ostringstream& md, const CaseSpec& c, const std::vector<RunResult>& all_runs,
                         const std::filesystem::path& out, const std::string& page_file) {
  // The runs with a study: the report runs none in the precisions outside the scheme's
  // study_scalars (case/scheme_catalog.hpp), which the section names.
  std::vector<const RunResult*> runs;
  std::string without;
  for (const RunResult& r : all_runs) {
    if (r.convergence) runs.push_back(&r);
    else without += (without.empty() ? "" : ", ") + r.provenance.precision.name;
  }
  const RunResult& first = *runs.front();
  const std::string& note = info_of(first).study_note;
  md << anchor_line("convergence-" + c.name) << "### Convergence study of `" << c.name << "`\n\n"
     << "Against the " << first.convergence->reference << "." << (note.empty() ? "" : " " + note)
     << (without.empty() ? "" : " No study at " + without + ": its reference is too slow there (docs/convergence.md).")
     << "\n\nRounding floor:";
  for (const RunResult* r : runs) {
    const StudyResult& study = *r->convergence;
    md << (r == runs.front() ? " " : "; ") << r->provenance.precision.name << " "
       << (study.rounding_floor.measured_at ? "measured against " + *study.rounding_floor.measured_at
           : r->provenance.precision.significand_bits == 0 ? "none (exact arithmetic)"
                                                           : "the model's bound (not measured)");
  }
  md << ".\n\n";
  std::vector<std::string> columns = {"metric"};
  for (const RunResult* r : runs) columns.push_back(r->provenance.precision.name);
  md << markdown_header(columns);
  for (const ErrorMetric metric : error_metrics) {
    std::vector<std::string> cells = {std::string(name(metric))};
    for (const RunResult* r : runs) {
      const OrderAnalysis& o = r->convergence->orders[index_of(metric)];
      const auto& rows = r->convergence->rows;
      cells.push_back(!o.fit ? no_order_label(*r->convergence, metric)
                             : display_with_uncertainty(o.fit->slope, o.fit->standard_error) + " [" +
                                   display_step(rows[o.fit->range[0]].h) + " … " +
                                   display_step(rows[o.fit->range[1]].h) + "]");
    }
    md << markdown_row(cells);
  }
  md << "\nTables (errors, rounding parts, successive slopes):";
  const std::string back = "[← the study of `" + c.name + "` in " + page_file + "](../" + page_file + "#convergence-" +
                           c.name + ")";
  for (const RunResult* r : runs) {
    write_study_tables(*r, out / "studies", back);
    md << (r == runs.front() ? " " : ", ") << "[" << r->provenance.precision.name << "](studies/" << study_stem(*r)
       << ".md)";
  }
  // One figure for every precision: the same scheme's errors on the same axes, so that where
  // they part (the rounding floor) shows; the per-precision CSVs hold the numbers.
  md << ".\n\n";
  if (write_convergence_svg(runs, declared_orders_of(first), study_file(out / "studies", c.name, ".svg")))
    md << "Errors against h, every precision with the declared order's reference slope:\n\n"
       << markdown_plot("errors of " + c.name + " against h", "studies/" + c.name + ".svg") << "\n\n";
}

}  // namespace

void write_report(const ReportRuns& report, const std::vector<SweepOutcome>& sweeps, const ReportInputs& inputs,
                  const std::filesystem::path& out,
                  const std::function<void(const std::string&)>& status, const TestsetRunResult* testset,
                  const std::vector<ProblemProof>& testset_proved) {
  json all = json::object();
  std::ostringstream timings;
  timings << "# Wall times of the last `vibro report`\n\nNot deterministic (machine and load dependent), so kept "
             "out of index.md. "
          << (report.worker_processes > 1
                  ? "The runs below were made " + std::to_string(report.worker_processes) +
                        " at a time, each in a worker process of its own; "
                  : std::string("The runs below were made one after another; "))
          << "convergence studies run their step sizes on the threads shown.\n\n"
          << markdown_header({"case", "precision", "wall time", "threads"});
  const std::vector<PublishedTable>& tables = report.published_tables;
  const VerdictSummary summary = summarise_verdicts(report);
  ReportPages pages;
  std::ostringstream& md = pages.page("index.md");
  md << "# vibro report\n\n"
     << "Generated by `vibro report` (vibro " << VIBRO_VERSION << ") from the case files in `"
     << inputs.cases.string() << "`, the published tables in `" << inputs.published.string()
     << "` and the Lyapunov goldens in `" << inputs.goldens.string() << "`. "
     << "Deterministic: regenerate with the same command and diff. Every number below is also in "
     << "`index.json` with all its digits (the summary under `summary`). The verdicts are summarised here; "
     << "each part of the report is a page of its own, linked below.\n\n"
     << contents_marker << "\n\n"
     << summary_markdown(summary);
  // The parts, each a short paragraph here and a page of its own.
  std::ostringstream parts;
  const auto part = [&](const std::string& file, const std::string& title, const std::string& what) {
    parts << "## " << title << "\n\n" << what << ": [" << file << "](" << file << ").\n\n";
  };
  // The cases, a page per folder of the cases directory, in the order they were read.
  std::vector<std::string> folders;
  std::map<std::string, std::vector<const CaseRuns*>> by_folder;
  for (const CaseRuns& runs : report.cases) {
    const std::string folder = case_folder(runs.spec, inputs.cases);
    if (by_folder.count(folder) == 0) folders.push_back(folder);
    by_folder[folder].push_back(&runs);
  }
  std::map<std::string, const CaseRuns*> runs_by_name;
  for (const std::string& folder : folders) {
    const auto [file, title] = cases_page(folder);
    std::ostringstream& page = pages.page(file, title);
    cases_section(page, by_folder[folder], inputs.cases);
    part(file, title,
         std::to_string(by_folder[folder].size()) + " cases: each one's runs at every precision, its convergence "
                                                     "study with tables and plots, and its checks");
    for (const CaseRuns* case_runs : by_folder[folder]) {
      const CaseRuns& runs = *case_runs;
      const CaseSpec& c = runs.spec;
      runs_by_name[c.name] = &runs;
      for (std::size_t i = 0; i < runs.runs.size(); ++i)
        timings << markdown_row({c.name, runs.runs[i].provenance.precision.name,
                                 display_seconds(runs.wall_seconds[i]), std::to_string(runs.threads)});
      json results = json::array();
      for (const RunResult& r : runs.runs) results.push_back(index_run_json(r, out));
      all[c.name] = results;
      const RunResult& first = runs.runs.front();
      page << anchor_line("case-" + c.name);
      if (first.run.reference) reference_section(page, c, runs.runs);
      else if (first.run.conservative) page << nonstandard_run_section(c, runs.runs);
      else if (first.run.system) page << system_run_section(c, runs.runs);
      else if (first.run.inertia) page << inertia_run_section(c, runs.runs);
      else if (first.free_fall) free_fall_section(page, c, runs.runs);
      else scheme_section(page, c, runs.runs);
      if (first.convergence) convergence_section(page, c, runs.runs, out, file);
    }
  }
  IndexTables index_tables{summary, {}, {}, {}, {}};
  if (!report.lyapunov.empty()) {
    pages.page("lyapunov.md", "Lyapunov exponents")
        << anchor_line("lyapunov") << lyapunov_section(report, out);
    index_tables.lyapunov = lyapunov_table(report);
    part("lyapunov.md", "Lyapunov exponents",
         "The Lyapunov cases by every method with their error bars, the published relations and the computed goldens");
    const std::string on_orbits = orbit_lyapunov_section(report);
    if (!on_orbits.empty()) {
      pages.page("orbits.md", "Lyapunov exponents on closed-form periodic orbits")
          << anchor_line("lyapunov-on-orbits") << on_orbits;
      part("orbits.md", "Lyapunov exponents on closed-form periodic orbits",
           "Every method against the exact exponents of the orbits its cases start on, with the digits a proof "
           "decides");
    }
  }
  const auto any_case = [&](auto has) { return std::any_of(report.cases.begin(), report.cases.end(), has); };
  if (any_case([](const CaseRuns& r) { return r.runs.front().run.conservative.has_value(); })) {
    if (status) status("seed 003 claims");
    pages.page("seed003.md", "Seed 003's claims") << nonstandard_claims_section(runs_by_name, out);
    index_tables.seed003_claims = seed003_claims(runs_by_name);
    part("seed003.md", "Seed 003's claims", "The non-standard schemes' claims checked against the runs");
  }
  if (any_case([](const CaseRuns& r) { return r.runs.front().run.system.has_value(); })) {
    if (status) status("seed 002 claims");
    pages.page("seed002.md", "Seed 002") << anchor_line("seed002")
                                         << seed002_section(runs_by_name, report.reproductions, out);
    index_tables.seed002 = seed002_claims(runs_by_name, report.reproductions);
    part("seed002.md", "Seed 002", "The N-DOF schemes' claims and the published values reproduced");
  }
  if (any_case([](const CaseRuns& r) { return r.runs.front().run.inertia.has_value(); })) {
    if (status) status("seed 004 claims");
    pages.page("seed004.md", "Seed 004") << anchor_line("seed004") << seed004_section(runs_by_name, out);
    index_tables.seed004 = seed004_runs(runs_by_name);
    part("seed004.md", "Seed 004", "The sweeping process's runs and claims");
  }
  if (status) status("work-precision diagrams");
  if (const std::string work_precision = work_precision_page(report, out); !work_precision.empty()) {
    pages.page("work_precision.md", "Work–precision of the last `vibro report`") << work_precision;
    part("work_precision.md", "Work–precision",
         "Error against the scheme's wall time in double for every problem several studies solve, and the time each "
         "scheme needs to reach 1e−3, 1e−6 and 1e−9 (timed, so not deterministic; kept out of index.json)");
  }
  if (testset) {
    if (status) status("test-set pages");
    pages.page("test_set.md", "Test set") << anchor_line("testset") << testset_section(*testset, testset_proved, out);
    part("test_set.md", "Test set",
         "Every scheme the catalog allows, scored on each problem of the test set against its stored reference values");
  }
  if (status && !sweeps.empty()) status("sweep pages");
  part("timings.md", "Wall times", "How long each run of this report took (not deterministic)");
  md << parts.str() << write_sweep_report(sweeps, tables, out);
  for (const SweepOutcome& s : sweeps)
    timings << markdown_row({"sweep " + s.sweep.name + " (" + std::to_string(s.sweep.points()) + " points)", "each point's own",
                             display_seconds(s.summary.seconds), std::to_string(s.threads)});
  pages.write(out);
  write_file_atomically(out / "index.json",
                        index_json(all, index_tables).dump(1) + "\n");
  write_file_atomically(out / "timings.md", timings.str());
}

}  // namespace vibro
