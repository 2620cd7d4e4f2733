// `vibro report`: runs every case, renders the report into a staging directory and puts it
// in place of --out in one step, so that an interrupted report leaves the previous one whole.

#include "verb.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/golden_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/io/sweep_file.hpp"
#include "vibro/orbits/enclosed_reference.hpp"
#include "vibro/sweep/sweep_results.hpp"
#include "vibro/testset/testset_run.hpp"
#include "vibro/io/stored_peer_scores.hpp"
#include "vibro/report/html_report.hpp"
#include "vibro/report/index_json.hpp"
#include "vibro/report/index_report.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/published/published_check.hpp"
#include "vibro/report_runs/report_runs.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace vibro::cli {

namespace {

namespace fs = std::filesystem;

class ReportVerb : public Verb {
 public:
  ReportVerb(CLI::App& app, CommonOptions& common)
      : Verb(app.add_subcommand("report", "Regenerate the reports from the shipped cases")) {
    command()
        .add_option("--out", out_dir_, "Output directory (replaced whole; refused unless new, empty or a report)")
        ->check(path_to_write())
        ->capture_default_str();
    command().add_option("--cases", cases_dir_, "Directory of case files")->capture_default_str();
    command().add_option("--goldens", goldens_dir_,
                         "Directory of the computed Lyapunov goldens (default: tests/golden/lyapunov beside --cases)");
    command().add_option("--published", published_dir_,
                         "Directory of the published tables (default: beside --cases)");
    command().add_flag("--no-measure-rounding", common.no_measure_rounding,
                       "Do not measure the rounding floor of the studies (by default each is run again in the next "
                       "wider type); use the model's bound instead");
  }

  int execute(const CommonOptions& given) override {
    // The report measures every study's rounding floor unless told not to.
    CommonOptions common = given;
    if (common.rounding_floor == RoundingFloor::automatic) common.rounding_floor = RoundingFloor::measured;
    const fs::path root = cases_dir_.parent_path();
    const ReportInputs inputs{cases_dir_, command().count("--published") ? published_dir_ : root / "reference" / "published",
                              goldens_dir_.empty() ? root / "tests" / "golden" / "lyapunov" : goldens_dir_};
    const std::vector<CaseSpec> cases = load_cases_built_in(cases_dir_);
    if (const auto why = StagingDirectory::refusal(out_dir_, previous_report))
      throw InputError("", "--out", "refusing to replace " + out_dir_.string() + ": " + *why);
    const std::vector<PublishedTable> tables = load_published_tables(inputs.published);
    require_published_names(cases, tables);
    const bool terminal = stderr_is_terminal();
    const auto status = [terminal](const std::string& line) {
      if (terminal) std::cerr << "\r\033[K  running " << line << "\n";
    };
    // Every sweep is read (and every point checked as a case) before any case runs.
    std::vector<SweepSpec> sweeps;
    for (const fs::path& file : sweep_files(cases_dir_)) sweeps.push_back(load_sweep(file, false));
    ReportRuns runs = run_for_report(cases, common.run_options(), root, status, tables);
    // The peers' studies of the work–precision cases, computed once and kept (io/stored_peer_scores.hpp).
    if (const fs::path studies = root / "reference" / "peers" / "work_precision"; fs::is_directory(studies))
      runs.stored_work_curves = stored_peer_studies(studies);
    attach_goldens(runs, inputs.goldens);
    std::vector<SweepOutcome> swept;
    for (const SweepSpec& sweep : sweeps) {
      status("sweep " + sweep.name + " (" + std::to_string(sweep.points()) + " points)");
      swept.push_back(compute_sweep(sweep, common.run_options()));
    }
    // The test set of the cases, when they have one with its stored values: every scheme on
    // every problem (docs/testset.md).
    std::optional<TestsetRunResult> testset;
    std::vector<ProblemProof> proved;
    const fs::path problems = cases_dir_ / "testset", references = root / "reference" / "testset";
    if (fs::is_directory(problems) && fs::is_directory(references)) {
      status("test set");
      TestsetRunRequest request;
      request.all = true;
      const std::vector<TestsetProblem> loaded = load_testset(problems, references);
      testset = run_testset(loaded, request, common.run_options());
      // Which stored values their enclosures prove, as `vibro testset verify` does.
      for (const TestsetProblem& p : loaded)
        proved.emplace_back(p.reference.id, check_testset_enclosures(p.problem, p.reference));
      // The peers' scores, computed once and kept (io/stored_peer_scores.hpp).
      if (const fs::path peers = root / "reference" / "peers"; fs::is_directory(peers))
        add_stored_peer_scores(*testset, peers);
    }
    StagingDirectory staging(out_dir_);
    write_report(runs, swept, inputs, staging.path(), status, testset ? &*testset : nullptr, proved);
    write_html_beside_markdown(staging.path());
    staging.swap_in(previous_report);
    std::cout << "wrote " << (out_dir_ / "index.md").string() << ", " << (out_dir_ / "index.html").string() << " and " << (out_dir_ / "index.json").string() << "\n";
    return 0;
  }

 private:
  fs::path out_dir_ = "reports", cases_dir_ = default_cases_dir(), goldens_dir_, published_dir_;
};

}  // namespace

std::unique_ptr<Verb> report_verb(CLI::App& app, CommonOptions& common) {
  return std::make_unique<ReportVerb>(app, common);
}

}  // namespace vibro::cli
