// `vibro converge CASE`: the case's convergence study, printed and written as
// NAME-PRECISION.{csv,md,svg} into --out (vibro-out/ by default, made if missing: a study
// never scatters files into the working directory).

#include "scheme_command_options.hpp"
#include "verb.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/io/output_directory.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/run/run_case.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <system_error>

namespace vibro::cli {

namespace {

namespace fs = std::filesystem;

class ConvergeVerb : public Verb {
 public:
  ConvergeVerb(CLI::App& app, CommonOptions& common)
      : Verb(app.add_subcommand("converge", "Run a case's convergence study; write CSV, Markdown and SVG")) {
    command().add_option("CASE", case_file_, "Case file (TOML) with a [convergence] list")->required();
    command()
        .add_option("--out", out_dir_, "Directory for NAME-PRECISION.{csv,md,svg} (made if missing)")
        ->check(path_to_write())
        ->capture_default_str();
    command().add_option("--json-out", common.json_out, json_out_help)->check(path_to_write());
    command().add_flag("--measure-rounding", common.measure_rounding, measure_rounding_help);
    command()
        .add_flag("--no-measure-rounding", common.no_measure_rounding, no_measure_rounding_help)
        ->excludes("--measure-rounding");
    command()
        .add_option("--timing-repeats", timing_repeats_,
                    "Run each step size this many times more without measuring errors and report the least wall "
                    "time (the scheme's cost at that h; 0: not timed)")
        ->capture_default_str();
    scheme_command_.add_to(command());
    scheme_command_.add_tolerances_to(command());
  }

  int execute(const CommonOptions& common) override {
    const CaseSpec c = load_case(case_file_);
    const std::optional<ExternalScheme> program = scheme_command_.program();
    // A tolerance ladder runs at the case's step alone: no [convergence] list of step sizes needed.
    if (!program || (program->tolerances.empty() && !program->by_tolerance)) require_convergence_list(c);
    RunOptions options = common.run_options();
    options.timing_repeats = timing_repeats_;
    if (program) options.program = &*program;
    JsonOut json_out(common.json_out, {case_file_});
    require_output_directory(out_dir_, "--out", {});
    const RunResult result = run_case(c, options);
    make_output_directory(out_dir_, "--out", {});
    const bool plotted = write_study_files(result, out_dir_);
    const nlohmann::json json = to_json(result);
    json_out.write(json);
    if (common.json) {
      std::cout << json.dump(2) << "\n";
    } else {
      std::cout << study_markdown(result) << "\nwrote " << (out_dir_ / study_stem(result)).string() << ".csv, .md"
                << (plotted ? ", .svg"
                            : " (no .svg: " + (gnuplot_installed() ? "every error is zero, or the plot cannot be written into " + out_dir_.string()
                                                                   : std::string("gnuplot is not installed")) + ")")
                << "\n";
    }
    return result.expectations_hold() ? 0 : exit_failed;
  }

 private:
  fs::path case_file_, out_dir_ = "vibro-out";
  unsigned timing_repeats_ = 1;
  SchemeCommandOptions scheme_command_;
};

}  // namespace

std::unique_ptr<Verb> converge_verb(CLI::App& app, CommonOptions& common) {
  return std::make_unique<ConvergeVerb>(app, common);
}

}  // namespace vibro::cli
