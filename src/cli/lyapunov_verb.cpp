// `vibro lyapunov CASE`: the Lyapunov exponents of a case's Poincaré map ([lyapunov] table)
// with their error bars, or, with --write-golden, a computed golden (lyapunov/lyapunov_golden.hpp).

#include "text_output.hpp"
#include "verb.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/lyapunov/lyapunov_golden.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

namespace vibro::cli {

namespace {

namespace fs = std::filesystem;

/// The error bars: the ensemble of nearby starts and the second precision.
struct ErrorBars {
  std::size_t ensemble = 8;
  std::string perturbation = "1e-6";
  std::optional<Precision> second_precision;

  RunOptions with(RunOptions options) const {
    options.lyapunov_ensemble = ensemble;
    options.lyapunov_perturbation = perturbation;
    options.lyapunov_second_precision = second_precision;
    return options;
  }
};

class LyapunovVerb : public Verb {
 public:
  LyapunovVerb(CLI::App& app, CommonOptions& common)
      : Verb(app.add_subcommand("lyapunov", "Lyapunov exponents of a case's Poincaré map ([lyapunov] table)")) {
    command().add_option("CASE", case_file_, "Case file (TOML) with a [lyapunov] table")->required();
    command().add_option("--json-out", common.json_out, json_out_help)->check(path_to_write());
    command()
        .add_option("--ensemble", bars_.ensemble,
                    "Runs from nearby starts whose spread enters each exponent's 95 % uncertainty with the batch "
                    "means (0: batch means only)")
        ->check(CLI::Range(std::size_t{0}, lyapunov_ensemble_limit))
        ->capture_default_str();
    command()
        .add_option("--ensemble-perturbation", bars_.perturbation,
                    "Size of the nearby starts' offsets, relative to max(|u0|, |v0|, 1)")
        ->capture_default_str();
    command().add_option("--second-precision", second_precision_text_,
                         "Run the case again at this precision and print the significant digits both share");
    command().add_option("--write-golden", golden_file_,
                         "Write a computed golden (short horizon to 25 digits in MPFR; the case's horizon with its "
                         "95 % uncertainty) to this JSON file instead of printing the exponents")
        ->check(path_to_write());
    command().add_flag("--force", force_, "Golden: replace an existing golden file");
    command()
        .add_option("--golden-periods", golden_.short_periods, "Golden: periods of the short horizon")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000}))
        ->capture_default_str();
    command()
        .add_option("--golden-digits", golden_.short_digits,
                    "Golden: MPFR digits D of the short horizon (compared with D + 20)")
        ->check(CLI::Range(Precision::min_mpfr_digits, Precision::max_mpfr_digits - 20))
        ->capture_default_str();
  }

  int execute(const CommonOptions& common) override {
    if (!second_precision_text_.empty())
      bars_.second_precision = parse_precision(second_precision_text_, "--second-precision");
    if (command().count("--write-golden")) {
      if (common.json_out)
        throw InputError("", "--json-out", "writing a golden prints no result to copy (allowed: --json-out "
                                           "without --write-golden)");
      return write_golden(common);
    }
    const CaseSpec c = load_case(case_file_);
    JsonOut json_out(common.json_out, {case_file_});
    const LyapunovResult result = run_lyapunov_case(c, bars_.with(common.run_options()));
    if (result.lyapunov.sum_rule_warning) std::cerr << "vibro: warning: " << *result.lyapunov.sum_rule_warning << "\n";
    if (result.lyapunov.section_impact_warning)
      std::cerr << "vibro: warning: " << *result.lyapunov.section_impact_warning << "\n";
    const nlohmann::json json = to_json(result);
    json_out.write(json);
    if (common.json) std::cout << json.dump(2) << "\n";
    else print_lyapunov(std::cout, result);
    return 0;
  }

 private:
  /// An existing golden file is replaced only with --force, and only when it is a regular file.
  int write_golden(const CommonOptions& common) {
    require_output_apart_from_inputs(golden_file_, "--write-golden", {case_file_});  // a regular file or none
    if (!force_ && fs::symlink_status(golden_file_).type() != fs::file_type::not_found)
      throw InputError("", "--write-golden",
                       golden_file_.string() + " exists (allowed: a new file; --force replaces a golden)");
    const CaseSpec c = load_case(case_file_);
    LyapunovGoldenOptions options = golden_;
    options.command = common.command_line;
    options.run = bars_.with(common.run_options());
    const LyapunovGolden golden = write_lyapunov_golden(c, options);
    write_file_atomically(golden_file_, to_json(golden).dump(2) + "\n");
    std::cout << "wrote " << golden_file_.string() << ": short horizon agrees to " << golden.short_horizon.agreement_digits
              << " digits; long-horizon tolerances " << golden.long_horizon.tolerance_lambda1 << ", "
              << golden.long_horizon.tolerance_lambda2 << "\n";
    return 0;
  }

  fs::path case_file_, golden_file_;
  LyapunovGoldenOptions golden_;
  ErrorBars bars_;
  std::string second_precision_text_;
  bool force_ = false;
};

}  // namespace

std::unique_ptr<Verb> lyapunov_verb(CLI::App& app, CommonOptions& common) {
  return std::make_unique<LyapunovVerb>(app, common);
}

}  // namespace vibro::cli
