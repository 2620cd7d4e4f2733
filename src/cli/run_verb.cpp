// `vibro run CASE`: one case at its precision, or at each of a list of precisions with the
// results side by side (io/run_comparison.hpp); with --enclose, the proved enclosures of a
// reference case's or a test-set problem's motion (orbits/enclosed_reference.hpp).

#include "text_output.hpp"
#include "scheme_command_options.hpp"
#include "verb.hpp"

#include "vibro/case/scheme_catalog.hpp"
#include "vibro/case/work_limit.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/io/csv_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/io/run_comparison.hpp"
#include "vibro/io/spooled_run_json.hpp"
#include "vibro/orbits/enclosed_reference.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/run/run_case.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vibro::cli {

namespace {

class RunVerb : public Verb {
 public:
  RunVerb(CLI::App& app, CommonOptions& common) : Verb(app.add_subcommand(
            "run", "Run one case file; with --enclose, prove enclosures of a reference case's motion (docs/proofs.md)")) {
    command().add_option("CASE", case_file_, "Case file (TOML)")->required();
    command().add_option("--csv", csv_,
                         "Write the trajectory (n, t, u, v, projection_active) to this CSV file; for the reference, "
                         "its events (kind, t, v_minus, v_plus)")
        ->check(path_to_write());
    command().add_option("--json-out", common.json_out, json_out_help)->check(path_to_write());
    command().add_flag("--no-error-estimate", no_error_estimate_,
                       "Reference runs: skip the error estimate (the case run again at 20 more digits, in step with the "
                       "run, and taking as long as a run at that precision)");
    command().add_flag("--measure-rounding", common.measure_rounding, measure_rounding_help);
    command()
        .add_flag("--no-measure-rounding", common.no_measure_rounding, no_measure_rounding_help)
        ->excludes("--measure-rounding");
    scheme_command_.add_to(command());
    command().add_flag("--enclose", enclose_,
                       "Reference cases and test-set problems of the impact oscillator, the constant force or the "
                       "conservative oscillator (two stops included): prove enclosures of every impact and of the "
                       "final state in Arb's ball arithmetic (docs/proofs.md)");
    command()
        .add_option("--digits", enclose_options_.digits, "Working precision of the enclosures, in decimal digits")
        ->check(CLI::Range(20L, 10000L))
        ->needs("--enclose")
        ->capture_default_str();
    command()
        .add_option("--max-width", enclose_options_.max_width,
                    "Stop the enclosure, with the reason, before an impact time or velocity wider than this")
        ->check(real_between(std::numeric_limits<double>::min(), 1.0))
        ->needs("--enclose")
        ->capture_default_str();
    command()
        .add_option("--impacts", impacts_, "Enclose up to this impact instead of the case's horizon")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{100'000}))
        ->needs("--enclose");
    for (const char* other : {"--csv", "--no-error-estimate", "--measure-rounding", "--no-measure-rounding"})
      command().get_option("--enclose")->excludes(other);
  }

  int execute(const CommonOptions& common) override {
    if (enclose_) return run_enclosed(common);
    if (common.precisions.size() > 1 && command().count("--csv"))
      throw InputError("", "--csv", "one trajectory file cannot hold the runs of a list of precisions (allowed: "
                                    "--csv with one precision)");
    return common.precisions.size() > 1 ? run_compared(common) : run_one(common);
  }

  bool takes_precision_list() const override { return true; }

 private:
  /// `vibro run CASE --enclose`: the proved enclosures of the reference's motion.
  int run_enclosed(const CommonOptions& common) {
    if (common.precision || common.precisions.size() > 1)
      throw InputError("", "--precision", "--enclose works in balls at --digits: no --precision");
    const CaseSpec c = load_case(case_file_);
    // The exact motion is enclosed: a case whose scheme steps (the catalog says so) asks for
    // something else, and is refused rather than answered with the reference's motion. A
    // test-set problem is a motion whatever scheme it names (its stored values are the exact
    // motion's), so it is enclosed.
    if (scheme_infos().at(c.scheme.entry).has_step && !c.testset)
      throw InputError(c.file, "scheme.type",
                       "--enclose encloses the reference: the case's scheme is " + c.scheme.type +
                           " (allowed: a case of the reference scheme, or a test-set problem)");
    if (command().count("--impacts")) enclose_options_.impacts = impacts_;
    enclose_options_.max_impacts = common.max_steps;  // for --enclose, --max-steps counts impacts
    enclose_options_.progress = common.progress;
    const EnclosedReference enclosure = enclose_case_reference(c, enclose_options_);
    JsonOut json_out(common.json_out, {case_file_});
    const nlohmann::json json = to_json(enclosure);
    json_out.write(json);
    if (common.json) std::cout << json.dump(2) << "\n";
    else print_enclosed_reference(std::cout, enclosure);
    // Stopped before the horizon: the motion is not enclosed to its end (a finding, exit 1).
    return enclosure.stopped_because.empty() ? 0 : exit_failed;
  }

  int run_one(const CommonOptions& common) const {
    const CaseSpec c = load_case(case_file_);
    RunOptions options = common.run_options();
    const std::optional<ExternalScheme> program = scheme_command_.program();
    if (program) options.program = &*program;
    std::optional<CsvFile> rows;
    if (command().count("--csv")) {
      require_output_apart_from_inputs(csv_, "--csv", {case_file_});
      options.rows = &rows.emplace(csv_);
    }
    JsonOut json_out(common.json_out, {case_file_});
    options.error_estimate = !no_error_estimate_;
    // The text shows 12 events, the count of the samples and the final state: the run keeps
    // only those, so that its memory is flat in the horizon. The JSON lists every event and
    // sample: they go to a spool on disk as the run finds them (io/spooled_run_json.hpp), the
    // CSV streams its rows, and the error estimate compares each event as it comes
    // (run/error_estimate_in_step.hpp).
    options.events_kept = listed_reference_events;
    if (c.horizon.periods) options.keep_sections_from = *c.horizon.periods;
    std::optional<ListingSpool> spool;
    if (common.json || common.json_out) {
      if (c.horizon.periods)
        require_disk_for_listing(c, static_cast<double>(*c.horizon.periods), {options.precision.value_or(c.precision)});
      options.listing = &spool.emplace();
    }
    const RunResult result = run_case(c, options);
    if (rows) rows->close();
    for (const auto& warning : result.run.warnings) std::cerr << "vibro: warning: " << warning << "\n";
    if (spool) {
      const auto json = [&](const std::function<void(std::string_view)>& write) {
        write_spooled_run_json(result, *spool, write);
      };
      json_out.write_pieces(json);
      if (common.json) json([](std::string_view piece) { std::cout << piece; });
    }
    if (!common.json) print_run(std::cout, c, result);
    return result.expectations_hold() ? 0 : exit_failed;
  }

  /// `vibro run CASE --precision P1,P2,...`: the case once per precision, then every number
  /// of the results side by side with its difference from the widest. Each run keeps what the
  /// text of one run keeps and spools its lists (io/spooled_run_json.hpp), which the comparison
  /// reads side by side: its memory is flat in the horizon too.
  int run_compared(const CommonOptions& common) const {
    const CaseSpec c = load_case(case_file_);
    if (c.horizon.periods) require_disk_for_listing(c, static_cast<double>(*c.horizon.periods), common.precisions);
    JsonOut json_out(common.json_out, {case_file_});
    std::vector<RunResult> results;
    std::vector<std::unique_ptr<ListingSpool>> spools;
    const std::optional<ExternalScheme> program = scheme_command_.program();
    for (const Precision& precision : common.precisions) {
      RunOptions options = common.run_options();
      if (program) options.program = &*program;
      options.precision = precision;
      options.error_estimate = !no_error_estimate_;
      options.events_kept = listed_reference_events;
      if (c.horizon.periods) options.keep_sections_from = *c.horizon.periods;
      options.listing = spools.emplace_back(std::make_unique<ListingSpool>()).get();
      RunResult& result = results.emplace_back(run_case(c, options));
      for (const auto& warning : result.run.warnings)
        std::cerr << "vibro: warning: " << precision.name() << ": " << warning << "\n";
    }
    std::vector<const ListingSpool*> spooled;
    for (const auto& spool : spools) spooled.push_back(spool.get());
    const ComparedRuns compared(results, spooled);
    const auto write_json = [&](const std::function<void(std::string_view)>& write) { compared.write_json(write); };
    json_out.write_pieces(write_json);
    if (common.json) write_json([](std::string_view piece) { std::cout << piece; });
    if (!common.json)
      print_comparison(std::cout, results, compared.precisions(), compared.widest(),
                       [&](const std::function<void(const ComparedNumber&)>& each) { compared.for_each_number(each); });
    return std::all_of(results.begin(), results.end(), [](const auto& r) { return r.expectations_hold(); })
               ? 0
               : exit_failed;
  }

  std::filesystem::path case_file_;
  std::string csv_;
  bool no_error_estimate_ = false;
  SchemeCommandOptions scheme_command_;
  bool enclose_ = false;
  EncloseOptions enclose_options_;
  std::int64_t impacts_ = 0;
};

}  // namespace

std::unique_ptr<Verb> run_verb(CLI::App& app, CommonOptions& common) {
  return std::make_unique<RunVerb>(app, common);
}

}  // namespace vibro::cli
