// The `vibro` command line: one executable, verbs (docs/architecture.md).
// Exit codes: 0 success, 1 an expected result failed, 2 bad input.

#include "text_output.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/io/csv_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/report/atomic_write.hpp"
#include "vibro/report/index_report.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/run/input_error.hpp"
#include "vibro/run/lyapunov_golden.hpp"
#include "vibro/run/published_check.hpp"
#include "vibro/run/registry.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/run/run_lyapunov.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <thread>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

constexpr int exit_expectation_failed = 1;
constexpr int exit_bad_input = 2;

/// `cases/` in the working directory when there is one, else the source tree's.
fs::path default_cases_dir() {
  if (fs::is_directory("cases")) return "cases";
  return fs::path(VIBRO_SOURCE_DIR) / "cases";
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) != 0; }

vibro::Precision parse_precision(const std::string& text, const char* option) {
  try {
    return vibro::Precision::parse(text);
  } catch (const std::invalid_argument& error) {
    throw vibro::InputError("", option, error.what());
  }
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  for (std::size_t comma; (comma = text.find(',', from)) != std::string::npos; from = comma + 1)
    parts.push_back(text.substr(from, comma - from));
  parts.push_back(text.substr(from));
  return parts;
}

int run_list(const fs::path& cases_dir, bool schemes, bool json_output) {
  if (schemes) {
    if (json_output) std::cout << vibro::schemes_json().dump(2) << "\n";
    else vibro::cli::print_schemes(std::cout);
    return 0;
  }
  std::vector<vibro::cli::ListedCase> cases;
  for (const auto& file : vibro::case_files(cases_dir)) {
    const vibro::CaseSpec c = vibro::load_case(file);
    cases.push_back({c.name, file.string(), std::string(vibro::model_name(c.model.model_kind())), c.scheme.type,
                     c.precision.name(), c.description});
  }
  if (json_output) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& c : cases)
      list.push_back({{"name", c.name}, {"file", c.file}, {"model", c.model}, {"scheme", c.scheme},
                      {"precision", c.precision}, {"description", c.description}});
    std::cout << list.dump(2) << "\n";
  } else {
    vibro::cli::print_cases(std::cout, cases);
  }
  return 0;
}

int run_run(const fs::path& case_file, const std::optional<vibro::Precision>& precision, const std::string& csv,
            bool error_estimate, bool json_output) {
  const vibro::CaseSpec c = vibro::load_case(case_file);
  vibro::RunOptions options;
  options.precision = precision;
  std::optional<vibro::CsvFile> rows;
  if (!csv.empty()) options.rows = &rows.emplace(csv);
  options.error_estimate = error_estimate;
  if (stderr_is_terminal())
    options.progress = [](double fraction) { std::fprintf(stderr, "\r  %5.1f%%", 100 * fraction); };
  const vibro::RunResult result = vibro::run_case(c, options);
  if (rows) rows->close();
  if (options.progress) std::fprintf(stderr, "\r        \r");
  for (const auto& warning : result.run.warnings) std::cerr << "vibro: warning: " << warning << "\n";
  if (json_output) std::cout << vibro::to_json(result).dump(2) << "\n";
  else vibro::cli::print_run(std::cout, result);
  return result.expectations_hold() ? 0 : exit_expectation_failed;
}

/// `vibro converge CASE`: the case's convergence study, printed and written as
/// NAME-PRECISION.{csv,md,svg} into `out_dir`.
int run_converge(const fs::path& case_file, const std::optional<vibro::Precision>& precision, unsigned threads,
                 const fs::path& out_dir, bool json_output) {
  const vibro::CaseSpec c = vibro::load_case(case_file);
  if (c.convergence.empty())
    throw vibro::InputError(c.file, "convergence", "the case has no [convergence] list of step sizes to study");
  vibro::RunOptions options;
  options.precision = precision;
  options.threads = threads;
  const vibro::RunResult result = vibro::run_case(c, options);
  const bool plotted = vibro::write_study_files(result, out_dir);
  if (json_output) {
    std::cout << vibro::to_json(result).dump(2) << "\n";
  } else {
    std::cout << vibro::study_markdown(result) << "\nwrote " << (out_dir / vibro::study_stem(result)).string()
              << ".csv, .md" << (plotted ? ", .svg" : " (no .svg: gnuplot is not installed)") << "\n";
  }
  return result.expectations_hold() ? 0 : exit_expectation_failed;
}

int run_lyapunov_command(const fs::path& case_file, const std::optional<vibro::Precision>& precision, bool json_output) {
  const vibro::CaseSpec c = vibro::load_case(case_file);
  vibro::RunOptions options;
  options.precision = precision;
  const vibro::LyapunovResult result = vibro::run_lyapunov_case(c, options);
  if (json_output) std::cout << vibro::to_json(result).dump(2) << "\n";
  else vibro::cli::print_lyapunov(std::cout, result);
  return 0;
}

/// `vibro lyapunov CASE --write-golden FILE`: the computed golden of issue 5, item 5.
int write_golden_command(const fs::path& case_file, const vibro::LyapunovGoldenOptions& options, const fs::path& out) {
  const vibro::CaseSpec c = vibro::load_case(case_file);
  const bool terminal = stderr_is_terminal();  // progress on a terminal only, as for run and report
  const vibro::LyapunovGolden golden = vibro::write_lyapunov_golden(c, options, [terminal](const std::string& line) {
    if (terminal) std::cerr << "  golden: " << line << "\n";
  });
  vibro::write_file_atomically(out, vibro::to_json(golden).dump(2) + "\n");
  std::cout << "wrote " << out.string() << ": short horizon agrees to " << golden.short_horizon.agreement_digits
            << " digits; long-horizon tolerances " << golden.long_horizon.tolerance_lambda1 << ", "
            << golden.long_horizon.tolerance_lambda2 << "\n";
  return 0;
}

/// `vibro check [TABLE…]`: one verdict per published value; exit 1 when a relation fails.
int run_check(const std::vector<fs::path>& tables_given, const fs::path& published_dir, const fs::path& cases_dir,
              bool json_output) {
  std::vector<vibro::PublishedTable> tables;
  if (tables_given.empty()) tables = vibro::load_published_tables(published_dir);
  for (const auto& file : tables_given) tables.push_back(vibro::load_published_table(file));
  std::vector<vibro::CaseSpec> cases;
  for (const auto& file : vibro::case_files(cases_dir)) cases.push_back(vibro::load_case(file));
  const vibro::CheckResult result = vibro::check_published(tables, vibro::evaluate_relations(cases));
  if (json_output) std::cout << vibro::to_json(result).dump(2) << "\n";
  else vibro::cli::print_check(std::cout, result);
  return result.passed ? 0 : exit_expectation_failed;
}

int run_report(const fs::path& cases_dir, const vibro::ReportInputs& inputs, unsigned threads, const fs::path& out_dir) {
  const bool terminal = stderr_is_terminal();
  const auto status = [terminal](const std::string& line) {
    if (terminal) std::cerr << "  running " << line << "\n";
  };
  const vibro::ReportRuns runs = vibro::run_for_report(vibro::load_cases(cases_dir), threads, status);
  vibro::write_report(runs, inputs, out_dir, status);
  std::cout << "wrote " << (out_dir / "index.md").string() << " and " << (out_dir / "index.json").string() << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"vibro: verification and reproducibility harness for vibro-impact time-stepping schemes"};
  app.require_subcommand(1);
  app.fallthrough();
  std::string precision_text;
  bool json_output = false;
  app.add_option("--precision", precision_text, "Scalar type: double, long-double, float128, mpfr:DIGITS, rational");
  app.add_flag("--json", json_output, "Machine-readable output on stdout");
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  app.add_option("--threads", threads, "Threads for the step sizes of a convergence study")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  app.set_version_flag("--version", std::string("vibro ") + VIBRO_VERSION);

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
  bool no_error_estimate = false;
  run->add_flag("--no-error-estimate", no_error_estimate,
                "Reference runs: skip the error estimate (a second run at 20 more digits)");

  auto* converge = app.add_subcommand("converge", "Run a case's convergence study; write CSV, Markdown and SVG");
  fs::path converge_case, converge_out = ".";
  converge->add_option("CASE", converge_case, "Case file (TOML) with a [convergence] list")->required();
  converge->add_option("--out", converge_out, "Directory for NAME-PRECISION.{csv,md,svg}")->capture_default_str();

  auto* lyapunov = app.add_subcommand("lyapunov", "Lyapunov exponents of a case's Poincaré map ([lyapunov] table)");
  fs::path lyapunov_case;
  lyapunov->add_option("CASE", lyapunov_case, "Case file (TOML) with a [lyapunov] table")->required();
  fs::path golden_file;
  vibro::LyapunovGoldenOptions golden;
  std::string spread_text = "double,long-double,mpfr:30";
  lyapunov->add_option("--write-golden", golden_file,
                       "Write a computed golden (short horizon to 25 digits in MPFR; the case's horizon with its "
                       "measured spread) to this JSON file instead of printing the exponents");
  lyapunov->add_option("--golden-periods", golden.short_periods, "Golden: periods of the short horizon")
      ->capture_default_str();
  lyapunov->add_option("--golden-digits", golden.short_digits,
                       "Golden: MPFR digits D of the short horizon (compared with D + 20)")
      ->check(CLI::Range(vibro::Precision::min_mpfr_digits, vibro::Precision::max_mpfr_digits - 20))
      ->capture_default_str();
  lyapunov->add_option("--spread-precisions", spread_text,
                       "Golden: comma-separated precisions of the long-horizon spread")
      ->capture_default_str();
  lyapunov->add_option("--nearby", golden.nearby_relative,
                       "Golden: relative change of v0 for the nearby initial conditions (v0 × (1 ± r))")
      ->capture_default_str();

  auto* check = app.add_subcommand("check", "Re-run the experiments behind the published tables; exit 1 on a failure");
  std::vector<fs::path> check_tables;
  fs::path published_dir = default_cases_dir().parent_path() / "reference" / "published";
  check->add_option("TABLE", check_tables, "Published tables (default: every table in --published)");
  check->add_option("--published", published_dir, "Directory of the published tables")->capture_default_str();
  check->add_option("--cases", cases_dir, "Directory of case files (its lyapunov/ holds the experiments)")->capture_default_str();

  auto* report = app.add_subcommand("report", "Regenerate the reports from the shipped cases");
  fs::path out_dir = "reports";
  report->add_option("--out", out_dir, "Output directory")->capture_default_str();
  report->add_option("--cases", cases_dir, "Directory of case files")->capture_default_str();
  fs::path goldens_dir;
  report->add_option("--goldens", goldens_dir,
                     "Directory of the computed Lyapunov goldens (default: tests/golden/lyapunov beside --cases)");
  report->add_option("--published", published_dir, "Directory of the published tables (default: beside --cases)");

  CLI11_PARSE(app, argc, argv);

  try {
    std::optional<vibro::Precision> precision;
    if (!precision_text.empty()) precision = parse_precision(precision_text, "--precision");
    if (*list) return run_list(cases_dir, list_schemes, json_output);
    if (*run) return run_run(case_file, precision, csv, !no_error_estimate, json_output);
    if (*converge) return run_converge(converge_case, precision, threads, converge_out, json_output);
    if (*lyapunov && !golden_file.empty()) {
      golden.spread_precisions.clear();
      for (const auto& name : split_commas(spread_text)) golden.spread_precisions.push_back(parse_precision(name, "--spread-precisions"));
      std::string command = "vibro";
      for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
      golden.command = command;
      return write_golden_command(lyapunov_case, golden, golden_file);
    }
    if (*lyapunov) return run_lyapunov_command(lyapunov_case, precision, json_output);
    if (*check) return run_check(check_tables, published_dir, cases_dir, json_output);
    const fs::path root = cases_dir.parent_path();
    return run_report(cases_dir,
                      {report->count("--published") ? published_dir : root / "reference" / "published",
                       goldens_dir.empty() ? root / "tests" / "golden" / "lyapunov" : goldens_dir},
                      threads, out_dir);
  } catch (const vibro::InputError& error) {
    std::cerr << "vibro: error: " << error.what() << "\n";
    return exit_bad_input;
  } catch (const std::exception& error) {
    std::cerr << "vibro: error: " << error.what() << "\n";
    return exit_bad_input;
  }
}
