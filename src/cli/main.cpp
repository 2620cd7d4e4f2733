// The `vibro` command line: one executable, verbs (docs/architecture.md).
// Exit codes: 0 success; 1 a failed check or run (an expectation that does not hold, a run
// that cannot go on, a file that cannot be written); 2 bad input or usage. Every error is
// one line on stderr, "vibro: error: ...".

#include "progress_meter.hpp"
#include "sweep_command.hpp"
#include "text_output.hpp"
#include "version_text.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/io/csv_file.hpp"
#include "vibro/io/interrupt_cleanup.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/io/run_comparison.hpp"
#include "vibro/io/sweep_file.hpp"
#include "vibro/io/sweep_results.hpp"
#include "vibro/report/index_report.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/run/input_error.hpp"
#include "vibro/run/lyapunov_golden.hpp"
#include "vibro/run/orbit_listing.hpp"
#include "vibro/run/published_check.hpp"
#include "vibro/run/published_reproduction.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/run/run_lyapunov.hpp"
#include "vibro/run/scheme_catalog.hpp"
#include "vibro/run/scheme_not_built_in.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <new>
#include <optional>
#include <utility>
#include <thread>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

constexpr int exit_failed = 1;
constexpr int exit_bad_input = 2;

/// `cases/` in the working directory when there is one, else the shipped cases beside the
/// executable: …/bin/vibro finds …/share/vibro/cases (installed), and build/src/vibro finds
/// build/share/vibro/cases (links into the source tree made at configure time). The
/// published tables and the goldens are found from there, as in the source tree.
fs::path default_cases_dir() {
  if (fs::is_directory("cases")) return "cases";
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  if (error) return "cases";  // no /proc: the working directory's (missing) cases/ is what an error names
  return executable.parent_path().parent_path() / "share" / "vibro" / "cases";
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) != 0; }

/// An error message on one line, whatever text of the input it quotes.
std::string one_line(std::string_view message) {
  std::string line;
  for (const char c : message) line += c == '\n' ? std::string("\\n") : c == '\r' ? std::string("\\r") : std::string(1, c);
  return line;
}

vibro::Precision parse_precision(const std::string& text, const char* option) {
  try {
    return vibro::Precision::parse(text);
  } catch (const std::invalid_argument& error) {
    throw vibro::InputError("", option, error.what());
  }
}

std::vector<vibro::Precision> parse_precisions(const std::string& text, const char* option) {
  try {
    return vibro::Precision::parse_list(text);
  } catch (const std::invalid_argument& error) {
    throw vibro::InputError("", option, error.what());
  }
}

/// The options every verb shares.
struct Common {
  std::optional<vibro::Precision> precision;
  bool json = false;
  fs::path json_out;  ///< --json-out: the JSON result written to this file too
  unsigned threads = 1;
  std::optional<std::int64_t> max_steps;
  vibro::Progress* progress = nullptr;
  vibro::RoundingFloor rounding_floor = vibro::RoundingFloor::automatic;

  vibro::RunOptions run_options() const {
    vibro::RunOptions options;
    options.precision = precision;
    options.threads = threads;
    options.rounding_floor = rounding_floor;
    options.max_steps = max_steps;
    options.progress = progress;
    return options;
  }
};

/// The cases of `cases_dir` whose scheme this build has; the others are named on stderr
/// (the Siconos peer's cases in a build without Siconos, docs/peer.md).
std::vector<vibro::CaseSpec> load_cases_built_in(const fs::path& cases_dir) {
  std::vector<std::string> left_out;
  std::vector<vibro::CaseSpec> cases = vibro::load_cases(cases_dir, &left_out);
  for (const std::string& why : left_out) std::cerr << "skipped " << why << "\n";
  return cases;
}

int run_list(const fs::path& cases_dir, bool schemes, const Common& common) {
  if (schemes) {
    if (common.json) std::cout << vibro::schemes_json().dump(2) << "\n";
    else vibro::cli::print_schemes(std::cout);
    return 0;
  }
  std::vector<vibro::cli::ListedCase> cases;
  for (const auto& file : vibro::case_files(cases_dir)) {
    std::optional<vibro::CaseSpec> loaded;
    try {
      loaded = vibro::load_case(file);
    } catch (const vibro::SchemeNotBuiltIn& why) {
      std::cerr << "skipped " << why.what() << "\n";
      continue;
    }
    const vibro::CaseSpec& c = *loaded;
    cases.push_back({c.name, file.string(), std::string(vibro::model_name(c.model.model_kind())), c.scheme.type,
                     c.precision.name(), c.description});
  }
  if (common.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& c : cases)
      list.push_back({{"name", c.name}, {"file", c.file}, {"model", c.model}, {"scheme", c.scheme},
                      {"precision", c.precision}, {"description", c.description}});
    std::cout << nlohmann::json{{"schema_version", vibro::schema_version::list}, {"cases", list}}.dump(2) << "\n";
  } else {
    vibro::cli::print_cases(std::cout, cases);
  }
  return 0;
}

/// --json-out FILE: the result's JSON (what --json prints) written to FILE too, whatever
/// stdout shows. The file is opened before the run, so that a path that cannot be written
/// fails at once and not after a long run, and replaced in one step after it.
class JsonOut {
 public:
  explicit JsonOut(const fs::path& target) {
    if (target.empty()) return;
    try {
      file_.emplace(target);
    } catch (const vibro::RunFailure& why) {
      throw vibro::InputError("", "--json-out", why.what());  // a directory, a device, a missing parent
    }
  }
  void write(const nlohmann::json& result) {
    if (!file_) return;
    file_->write(result.dump(2) + "\n");
    file_->commit();
  }

 private:
  std::optional<vibro::AtomicFile> file_;
};

int run_run(const fs::path& case_file, const std::string& csv, bool error_estimate, const Common& common) {
  const vibro::CaseSpec c = vibro::load_case(case_file);
  vibro::RunOptions options = common.run_options();
  std::optional<vibro::CsvFile> rows;
  if (!csv.empty()) options.rows = &rows.emplace(csv);
  JsonOut json_out(common.json_out);
  options.error_estimate = error_estimate;
  const vibro::RunResult result = vibro::run_case(c, options);
  if (rows) rows->close();
  for (const auto& warning : result.run.warnings) std::cerr << "vibro: warning: " << warning << "\n";
  const nlohmann::json json = vibro::to_json(result);
  json_out.write(json);
  if (common.json) std::cout << json.dump(2) << "\n";
  else vibro::cli::print_run(std::cout, result);
  return result.expectations_hold() ? 0 : exit_failed;
}

/// `vibro run CASE --precision P1,P2,...`: the case once per precision, then every number of
/// the results side by side with its difference from the widest (io/run_comparison.hpp).
int run_compared(const fs::path& case_file, const std::vector<vibro::Precision>& precisions, bool error_estimate,
                 const Common& common) {
  const vibro::CaseSpec c = vibro::load_case(case_file);
  JsonOut json_out(common.json_out);
  std::vector<vibro::RunResult> results;
  std::vector<nlohmann::json> runs;
  std::vector<vibro::PrecisionInfo> infos;
  for (const vibro::Precision& precision : precisions) {
    vibro::RunOptions options = common.run_options();
    options.precision = precision;
    options.error_estimate = error_estimate;
    vibro::RunResult& result = results.emplace_back(vibro::run_case(c, options));
    for (const auto& warning : result.run.warnings)
      std::cerr << "vibro: warning: " << precision.name() << ": " << warning << "\n";
    runs.push_back(vibro::to_json(result));
    infos.push_back(result.provenance.precision);
  }
  const vibro::RunComparison comparison = vibro::compare_runs(runs, infos);
  const nlohmann::json json{
      {"schema_version", vibro::schema_version::run_comparison}, {"runs", runs}, {"difference", vibro::to_json(comparison)}};
  json_out.write(json);
  if (common.json)
    std::cout << json.dump(2) << "\n";
  else
    vibro::cli::print_comparison(std::cout, results, comparison);
  return std::all_of(results.begin(), results.end(), [](const auto& r) { return r.expectations_hold(); }) ? 0
                                                                                                           : exit_failed;
}

/// `vibro converge CASE`: the case's convergence study, printed and written as
/// NAME-PRECISION.{csv,md,svg} into `out_dir` (vibro-out/ by default, made if missing: a study
/// never scatters files into the working directory).
int run_converge(const fs::path& case_file, const fs::path& out_dir, unsigned timing_repeats, const Common& common) {
  const vibro::CaseSpec c = vibro::load_case(case_file);
  if (c.convergence.empty())
    throw vibro::InputError(c.file, "convergence", "the case has no [convergence] list of step sizes to study");
  vibro::RunOptions options = common.run_options();
  options.timing_repeats = timing_repeats;
  JsonOut json_out(common.json_out);
  const vibro::RunResult result = vibro::run_case(c, options);
  std::error_code error;
  fs::create_directories(out_dir, error);
  if (error)
    throw vibro::InputError("", "--out", "cannot make the directory " + out_dir.string() + ": " + error.message());
  const bool plotted = vibro::write_study_files(result, out_dir);
  const nlohmann::json json = vibro::to_json(result);
  json_out.write(json);
  if (common.json) {
    std::cout << json.dump(2) << "\n";
  } else {
    std::cout << vibro::study_markdown(result) << "\nwrote " << (out_dir / vibro::study_stem(result)).string()
              << ".csv, .md" << (plotted ? ", .svg" : " (no .svg: gnuplot is not installed, or every error is zero)") << "\n";
  }
  return result.expectations_hold() ? 0 : exit_failed;
}

/// `vibro lyapunov`'s error bars: the ensemble of nearby starts and the second precision.
struct ErrorBars {
  std::size_t ensemble = 8;
  std::string perturbation = "1e-6";
  std::optional<vibro::Precision> second_precision;

  vibro::RunOptions with(vibro::RunOptions options) const {
    options.lyapunov_ensemble = ensemble;
    options.lyapunov_perturbation = perturbation;
    options.lyapunov_second_precision = second_precision;
    return options;
  }
};

int run_lyapunov_command(const fs::path& case_file, const ErrorBars& bars, const Common& common) {
  const vibro::CaseSpec c = vibro::load_case(case_file);
  JsonOut json_out(common.json_out);
  const vibro::LyapunovResult result = vibro::run_lyapunov_case(c, bars.with(common.run_options()));
  if (result.lyapunov.sum_rule_warning) std::cerr << "vibro: warning: " << *result.lyapunov.sum_rule_warning << "\n";
  const nlohmann::json json = vibro::to_json(result);
  json_out.write(json);
  if (common.json) std::cout << json.dump(2) << "\n";
  else vibro::cli::print_lyapunov(std::cout, result);
  return 0;
}

/// `vibro lyapunov CASE --write-golden FILE`: a computed golden (run/lyapunov_golden.hpp).
/// An existing FILE is replaced only with --force, and only when it is a regular file.
int write_golden_command(const fs::path& case_file, vibro::LyapunovGoldenOptions options, const fs::path& out,
                         bool force, const ErrorBars& bars, const Common& common) {
  const auto status = fs::symlink_status(out);
  if (status.type() != fs::file_type::not_found) {
    if (status.type() != fs::file_type::regular)
      throw vibro::InputError("", "--write-golden",
                              out.string() + " exists and is not a regular file (allowed: a new file, or a regular "
                                             "file with --force)");
    if (!force)
      throw vibro::InputError("", "--write-golden",
                              out.string() + " exists (allowed: a new file; --force replaces a golden)");
  }
  const vibro::CaseSpec c = vibro::load_case(case_file);
  options.run = bars.with(common.run_options());
  const vibro::LyapunovGolden golden = vibro::write_lyapunov_golden(c, options);
  vibro::write_file_atomically(out, vibro::to_json(golden).dump(2) + "\n");
  std::cout << "wrote " << out.string() << ": short horizon agrees to " << golden.short_horizon.agreement_digits
            << " digits; long-horizon tolerances " << golden.long_horizon.tolerance_lambda1 << ", "
            << golden.long_horizon.tolerance_lambda2 << "\n";
  return 0;
}

/// `vibro check [TABLE…]`: a regression gate. Every relation the tables' values list, on every
/// member of the chaotic family, against the outcome the tables record for it: exit 0 when
/// every outcome matches its record, 1 when any differs (a regression or an improvement,
/// either to be looked at), 2 on bad input (the InputError path below).
int run_check(const std::vector<fs::path>& tables_given, const fs::path& published_dir, const fs::path& cases_dir,
              const Common& common) {
  std::vector<vibro::PublishedTable> tables;
  if (tables_given.empty()) tables = vibro::load_published_tables(published_dir);
  for (const auto& file : tables_given) tables.push_back(vibro::load_published_table(file));
  const std::vector<vibro::CaseSpec> cases = load_cases_built_in(cases_dir);
  JsonOut json_out(common.json_out);
  vibro::RelationSettings settings;
  settings.precision = common.precision;
  settings.run = common.run_options();
  // Only the relations the given tables' values list are run (`vibro check seed_000.toml`
  // needs no NSND run at h = T/40000).
  for (const std::string& relation : vibro::published_relations()) {
    bool listed = false;
    for (const auto& table : tables)
      for (const auto& value : table.values)
        listed = listed || std::find(value.relations.begin(), value.relations.end(), relation) != value.relations.end();
    if (!listed) settings.skip.insert(relation);
  }
  const std::vector<vibro::Reproduction> reproductions = vibro::evaluate_reproductions(tables, cases, settings);
  vibro::RelationEvaluations evaluations = vibro::evaluate_relations(cases, settings);
  if (!settings.skip.contains("order-of-magnitude")) evaluations["order-of-magnitude"] = vibro::order_of_magnitude(reproductions);
  const vibro::CheckResult result = vibro::check_published(tables, evaluations, reproductions);
  const nlohmann::json json = vibro::to_json(result);
  json_out.write(json);
  if (common.json) std::cout << json.dump(2) << "\n";
  else vibro::cli::print_check(std::cout, result);
  return result.matches_records() ? 0 : exit_failed;
}

/// `vibro orbits`: the closed-form (1, n) orbits of a case's oscillator; with --write-case,
/// each admissible one as a case starting on it (refusing to replace a file).
int run_orbits(const fs::path& case_file, const std::optional<std::pair<int, int>>& n_given, const fs::path& write_dir,
               std::int64_t periods, const Common& common) {
  const vibro::CaseSpec c = vibro::load_case(case_file);
  const vibro::Precision precision = common.precision.value_or(c.precision);
  // --n, else the case's [orbits] n, else n = 1 and 2.
  const auto [n_min, n_max] = n_given.value_or(c.orbits.value_or(std::pair{1, 2}));
  const vibro::OrbitListing listing = vibro::list_orbits(c, n_min, n_max, precision);
  // The cases to write are checked before anything is printed: a refusal leaves stdout empty.
  std::vector<std::pair<fs::path, std::string>> cases;
  for (const vibro::OrbitRow& o : listing.orbits) {
    if (write_dir.empty() || !o.admissible) continue;
    const fs::path file = write_dir / (vibro::orbit_case_name(c, o) + ".toml");
    if (fs::exists(file)) throw vibro::InputError("", "--write-case", file.string() + " exists: not replaced");
    cases.emplace_back(file, vibro::orbit_case_text(c, o, periods, precision));
  }
  if (common.json) std::cout << vibro::to_json(listing).dump(2) << "\n";
  else vibro::cli::print_orbits(std::cout, listing);
  if (cases.empty()) return 0;
  std::error_code error;
  fs::create_directories(write_dir, error);
  if (error) throw vibro::InputError("", "--write-case", "cannot make " + write_dir.string() + ": " + error.message());
  for (const auto& [file, text] : cases) {
    vibro::write_file_atomically(file, text);
    std::cerr << "wrote " << file.string() << "\n";
  }
  return 0;
}

/// `vibro report`: runs every case, renders the report into a staging directory and puts
/// it in place of `out_dir` in one step, so that an interrupted report leaves the previous
/// one whole.
int run_report(const fs::path& cases_dir, const vibro::ReportInputs& inputs, const fs::path& out_dir,
               const Common& common) {
  const std::vector<vibro::CaseSpec> cases = load_cases_built_in(cases_dir);
  if (const auto why = vibro::StagingDirectory::refusal(out_dir, "index.md"))
    throw vibro::InputError("", "--out", "refusing to replace " + out_dir.string() + ": " + *why);
  const bool terminal = stderr_is_terminal();
  const auto status = [terminal](const std::string& line) {
    if (terminal) std::cerr << "\r\033[K  running " << line << "\n";
  };
  // Every sweep is read (and every point checked as a case) before any case runs.
  std::vector<vibro::SweepSpec> sweeps;
  for (const fs::path& file : vibro::sweep_files(cases_dir)) sweeps.push_back(vibro::load_sweep(file, false));
  const vibro::ReportRuns runs =
      vibro::run_for_report(cases, common.run_options(), status, vibro::load_published_tables(inputs.published));
  std::vector<vibro::SweepOutcome> swept;
  for (const vibro::SweepSpec& sweep : sweeps) {
    status("sweep " + sweep.name + " (" + std::to_string(sweep.points()) + " points)");
    swept.push_back(vibro::compute_sweep(sweep, common.run_options()));
  }
  vibro::StagingDirectory staging(out_dir);
  vibro::write_report(runs, swept, inputs, staging.path(), status);
  staging.swap_in("index.md");
  std::cout << "wrote " << (out_dir / "index.md").string() << " and " << (out_dir / "index.json").string() << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A file-size limit (ulimit -f) then makes a write fail with EFBIG, which every write
  // checks, instead of killing the process with a half-written file.
  std::signal(SIGXFSZ, SIG_IGN);
  // Ctrl-C or a kill during a run removes the temporary file of an output being written.
  vibro::InterruptCleanup::install();

  CLI::App app{"vibro: verification and reproducibility harness for vibro-impact time-stepping schemes"};
  app.require_subcommand(1);
  app.fallthrough();
  std::string precision_text;
  Common common;
  app.add_option("--precision", precision_text,
                 "Scalar type: double, long-double, float128, mpfr:DIGITS, rational; for run, a comma list "
                 "(double,mpfr:50) runs the case at each and prints the results side by side with their differences");
  app.add_flag("--json", common.json, "Machine-readable output on stdout");
  common.threads = std::max(1u, std::thread::hardware_concurrency());
  app.add_option("--threads", common.threads,
                 "Threads for the step sizes of a convergence study and the points of a sweep; for report, the runs "
                 "made at a time, each in a worker process (default: one per core)")
      ->check(CLI::Range(1u, 256u));
  std::int64_t max_steps = 0;
  app.add_option("--max-steps", max_steps,
                 "Most steps a case may ask for (its runs, sweep, study and Lyapunov trajectories); default: about ten "
                 "minutes of one core at the run's precision")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000'000'000}));
  bool quiet = false;
  app.add_flag("--quiet", quiet, "No progress on stderr (by default: a line kept up to date on a terminal, else a "
                                 "line when long work starts and every 10 s)");
  app.set_version_flag("--version", vibro::cli::version_text());

  fs::path cases_dir = default_cases_dir();
  auto* list = app.add_subcommand("list", "List the case files (and those of its subdirectories), or the schemes");
  list->add_option("--cases", cases_dir, "Directory of case files")->capture_default_str();
  bool list_schemes = false;
  list->add_flag("--schemes", list_schemes,
                 "List the registered schemes: case-file names, models, precisions, options, declared orders");

  auto* run = app.add_subcommand("run", "Run one case file");
  fs::path case_file;
  std::string csv;
  run->add_option("CASE", case_file, "Case file (TOML)")->required();
  run->add_option("--csv", csv,
                  "Write the trajectory (n, t, u, v, projection_active) to this CSV file; for the reference, its "
                  "events (kind, t, v_minus, v_plus)");
  const std::string json_out_help =
      "Also write the JSON result (what --json prints) to this file, whatever stdout shows: the text for a reader and "
      "the JSON for a script from one run";
  run->add_option("--json-out", common.json_out, json_out_help);
  bool no_error_estimate = false;
  run->add_flag("--no-error-estimate", no_error_estimate,
                "Reference runs: skip the error estimate (a second run at 20 more digits)");
  // By default a double or long double study is run again in the next wider fixed-width type
  // (a few times its cost); an MPFR or float128 study again in MPFR only when asked.
  const std::string measure_help =
      "Measure the rounding floor of the convergence study in every type: run it again in the next wider type (double "
      "-> long double -> float128 -> MPFR at twice its digits; MPFR -> 20 more digits) and label the points whose "
      "rounding part |error - wider error| is at least 10 % of their error (default: measured for double and long "
      "double studies only)";
  const std::string model_help =
      "Do not measure the rounding floor of the convergence study; label the points with the model's bound "
      "(error <= 64 eps steps scale) instead";
  bool measure_rounding = false, no_measure_rounding = false;
  run->add_flag("--measure-rounding", measure_rounding, measure_help);
  run->add_flag("--no-measure-rounding", no_measure_rounding, model_help)->excludes("--measure-rounding");

  auto* converge = app.add_subcommand("converge", "Run a case's convergence study; write CSV, Markdown and SVG");
  fs::path converge_case, converge_out = "vibro-out";
  converge->add_option("CASE", converge_case, "Case file (TOML) with a [convergence] list")->required();
  converge->add_option("--out", converge_out, "Directory for NAME-PRECISION.{csv,md,svg} (made if missing)")->capture_default_str();
  converge->add_option("--json-out", common.json_out, json_out_help);
  converge->add_flag("--measure-rounding", measure_rounding, measure_help);
  converge->add_flag("--no-measure-rounding", no_measure_rounding, model_help)->excludes("--measure-rounding");
  unsigned timing_repeats = 1;
  converge->add_option("--timing-repeats", timing_repeats,
                       "Run each step size this many times more without measuring errors and report the least wall "
                       "time (the scheme's cost at that h; 0: not timed)")
      ->capture_default_str();

  auto* lyapunov = app.add_subcommand("lyapunov", "Lyapunov exponents of a case's Poincaré map ([lyapunov] table)");
  fs::path lyapunov_case;
  lyapunov->add_option("CASE", lyapunov_case, "Case file (TOML) with a [lyapunov] table")->required();
  lyapunov->add_option("--json-out", common.json_out, json_out_help);
  fs::path golden_file;
  vibro::LyapunovGoldenOptions golden;
  ErrorBars bars;
  std::string second_precision_text;
  lyapunov->add_option("--ensemble", bars.ensemble,
                       "Runs from nearby starts whose spread enters each exponent's 95 % uncertainty with the batch "
                       "means (0: batch means only)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000}))
      ->capture_default_str();
  lyapunov->add_option("--ensemble-perturbation", bars.perturbation,
                       "Size of the nearby starts' offsets, relative to max(|u0|, |v0|, 1)")
      ->capture_default_str();
  lyapunov->add_option("--second-precision", second_precision_text,
                       "Run the case again at this precision and print the significant digits both share");
  lyapunov->add_option("--write-golden", golden_file,
                       "Write a computed golden (short horizon to 25 digits in MPFR; the case's horizon with its "
                       "95 % uncertainty) to this JSON file instead of printing the exponents");
  bool force = false;
  lyapunov->add_flag("--force", force, "Golden: replace an existing golden file");
  lyapunov->add_option("--golden-periods", golden.short_periods, "Golden: periods of the short horizon")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000}))
      ->capture_default_str();
  lyapunov->add_option("--golden-digits", golden.short_digits,
                       "Golden: MPFR digits D of the short horizon (compared with D + 20)")
      ->check(CLI::Range(vibro::Precision::min_mpfr_digits, vibro::Precision::max_mpfr_digits - 20))
      ->capture_default_str();

  auto* orbits = app.add_subcommand(
      "orbits", "Closed-form (1, n) periodic orbits of a case's impact oscillator: phase, velocity, Floquet multipliers, "
                "stability, admissibility (docs/periodic_orbits.md)");
  fs::path orbits_case, orbits_write;
  orbits->add_option("CASE", orbits_case, "Case file (TOML) of an impact oscillator")->required();
  std::vector<int> orbit_n = {1, 2};
  orbits->add_option("--n", orbit_n,
                     "The n of the (1, n) orbits: N, or N1 N2 for the range (default: the case's [orbits] n, else 1 2)")
      ->expected(1, 2)
      ->check(CLI::Range(1, 1000));
  orbits->add_option("--write-case", orbits_write,
                     "Write each admissible orbit as a case starting on it (IDED over --periods) into this directory");
  std::int64_t orbit_periods = 200;
  orbits->add_option("--periods", orbit_periods, "Periods of the written cases' Lyapunov runs")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000}))
      ->capture_default_str();

  auto* check = app.add_subcommand(
      "check", "Re-run the experiments behind the published tables; exit 1 when an outcome differs from its record");
  std::vector<fs::path> check_tables;
  fs::path published_dir = default_cases_dir().parent_path() / "reference" / "published";
  check->add_option("TABLE", check_tables, "Published tables (default: every table in --published)");
  check->add_option("--published", published_dir, "Directory of the published tables")->capture_default_str();
  check->add_option("--cases", cases_dir, "Directory of case files (the Lyapunov cases hold the experiments)")
      ->capture_default_str();
  check->add_option("--json-out", common.json_out, json_out_help);

  auto* sweep = app.add_subcommand(
      "sweep", "Compute Lyapunov exponents, impacts, stroboscopic samples or relation outcomes over a grid of case "
               "parameters (docs/sweeps.md); resumable, on --threads threads, or on the ranks of an mpirun/srun job");
  vibro::cli::SweepCommand sweep_command;
  sweep->add_option("SWEEP", sweep_command.file, "Sweep file (TOML): a base case, [[parameter]] ranges, what to compute")
      ->required();
  sweep->add_option("--out", sweep_command.out,
                    "Result file, one JSON line per finished point (default: vibro-out/NAME.jsonl); an existing one "
                    "of the same sweep is resumed, one of another sweep refused");
  sweep->add_flag("--force", sweep_command.force, "Allow a grid of more than 100000 points");

  auto* report = app.add_subcommand("report", "Regenerate the reports from the shipped cases");
  fs::path out_dir = "reports";
  report->add_option("--out", out_dir, "Output directory (replaced whole; refused unless new, empty or a report)")
      ->capture_default_str();
  report->add_option("--cases", cases_dir, "Directory of case files")->capture_default_str();
  fs::path goldens_dir;
  report->add_option("--goldens", goldens_dir,
                     "Directory of the computed Lyapunov goldens (default: tests/golden/lyapunov beside --cases)");
  report->add_option("--published", published_dir, "Directory of the published tables (default: beside --cases)");
  report->add_flag("--no-measure-rounding", no_measure_rounding,
                   "Do not measure the rounding floor of the studies (by default each is run again in the next wider "
                   "type); use the model's bound instead");

  // Every verb takes the options above (fallthrough), so every verb's --help lists them.
  std::string shared_options = "Options of every verb (before or after it):\n";
  for (const CLI::Option* option : app.get_options())
    if (option->get_name() != "--help" && option->get_name() != "--version")
      shared_options += fmt::format("  {:<14}{}\n", option->get_name(), option->get_description());
  for (CLI::App* verb : app.get_subcommands({})) verb->footer(shared_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& done) {  // --help, --version
    return app.exit(done);
  } catch (const CLI::ParseError& error) {
    // A word where the verb belongs that is none: name it and the verbs.
    const std::vector<std::string> left = app.remaining();
    std::string verbs;
    for (const CLI::App* verb : app.get_subcommands({})) verbs += (verbs.empty() ? "" : ", ") + verb->get_name();
    if (app.get_subcommands().empty() && !left.empty() && !left.front().starts_with("-")) {
      std::cerr << "vibro: error: unknown verb '" << vibro::shown_input(left.front()) << "' (allowed: " << verbs
                << "; see vibro --help)\n";
    } else if (app.get_subcommands().empty() && left.empty()) {
      std::cerr << "vibro: error: no verb given (allowed: " << verbs << "; see vibro --help)\n";
    } else {
      std::cerr << "vibro: error: " << one_line(error.what()) << " (see vibro --help)\n";
    }
    return exit_bad_input;
  }

  try {
    std::vector<vibro::Precision> precisions;
    if (!precision_text.empty() || app.count("--precision")) precisions = parse_precisions(precision_text, "--precision");
    if (precisions.size() == 1) common.precision = precisions.front();
    if (precisions.size() > 1 && !*run)
      throw vibro::InputError("", "--precision",
                              "a list of precisions ('" + precision_text + "') is for `vibro run` only (allowed here: one "
                                                                           "precision)");
    if (precisions.size() > 1 && !csv.empty())
      throw vibro::InputError("", "--csv", "one trajectory file cannot hold the runs of a list of precisions (allowed: "
                                           "--csv with one precision)");
    if (app.count("--max-steps")) common.max_steps = max_steps;
    std::optional<vibro::cli::ProgressMeter> meter;
    if (!quiet) common.progress = &meter.emplace(stderr_is_terminal());
    // The report measures every study's floor; run and converge measure by default where it is cheap.
    if (no_measure_rounding) common.rounding_floor = vibro::RoundingFloor::model;
    else if (measure_rounding || *report) common.rounding_floor = vibro::RoundingFloor::measured;
    if (*list) return run_list(cases_dir, list_schemes, common);
    if (*run && precisions.size() > 1) return run_compared(case_file, precisions, !no_error_estimate, common);
    if (*run) return run_run(case_file, csv, !no_error_estimate, common);
    if (*converge) return run_converge(converge_case, converge_out, timing_repeats, common);
    if (!second_precision_text.empty())
      bars.second_precision = parse_precision(second_precision_text, "--second-precision");
    if (*lyapunov && !golden_file.empty()) {
      if (!common.json_out.empty())
        throw vibro::InputError("", "--json-out", "writing a golden prints no result to copy (allowed: --json-out "
                                                  "without --write-golden)");
      std::string command = "vibro";
      for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
      golden.command = command;
      return write_golden_command(lyapunov_case, golden, golden_file, force, bars, common);
    }
    if (*lyapunov) return run_lyapunov_command(lyapunov_case, bars, common);
    if (*check) return run_check(check_tables, published_dir, cases_dir, common);
    if (*orbits)
      return run_orbits(orbits_case, orbits->count("--n") ? std::optional(std::pair{orbit_n.front(), orbit_n.back()})
                                                          : std::nullopt,
                        orbits_write, orbit_periods, common);
    if (*sweep) {
      sweep_command.json = common.json;
      return vibro::cli::run_sweep_command(sweep_command, common.run_options(), std::cout);
    }
    const fs::path root = cases_dir.parent_path();
    return run_report(cases_dir,
                      {cases_dir, report->count("--published") ? published_dir : root / "reference" / "published",
                       goldens_dir.empty() ? root / "tests" / "golden" / "lyapunov" : goldens_dir},
                      out_dir, common);
  } catch (const vibro::InputError& error) {
    std::cerr << "vibro: error: " << one_line(error.what()) << "\n";
    return exit_bad_input;
  } catch (const std::bad_alloc&) {
    std::cerr << "vibro: error: out of memory: the computation needs more memory than it was given (ask for fewer "
                 "steps, a shorter horizon or a lower precision)\n";
    return exit_failed;
  } catch (const std::exception& error) {
    std::cerr << "vibro: error: " << one_line(error.what()) << "\n";
    return exit_failed;
  }
}
