// `vibro testset list|run|verify|reference`: the test set of named problems with stored
// reference values and the significant-digits score (docs/testset.md).

#include "scheme_command_options.hpp"
#include "verb.hpp"

#include "vibro/io/output_directory.hpp"
#include "vibro/io/testset_json.hpp"
#include "vibro/io/testset_reference_file.hpp"
#include "vibro/report/gnuplot_svg.hpp"
#include "vibro/report/proved_values_table.hpp"
#include "vibro/report/testset_report.hpp"
#include "vibro/orbits/enclosed_reference.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/support/progress.hpp"
#include "vibro/testset/testset_reference.hpp"
#include "vibro/testset/testset_run.hpp"
#include "vibro/testset/testset_values.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

namespace vibro::cli {

namespace {

namespace fs = std::filesystem;

/// The reference of `c` at two MPFR precisions (decimal digits), told to the progress line.
/// `samples` > 0: the higher precision's run is also sampled for a plot.
std::pair<ReferenceValuesAt, ReferenceValuesAt> reference_at(const CaseSpec& c, std::pair<long, long> precisions,
                                                             Progress* progress, int samples = 0) {
  const auto at = [&](long mpfr_digits, int sampled) {
    if (progress) progress->begin(c.testset->id + ": reference at mpfr:" + std::to_string(mpfr_digits), 1, "run");
    ReferenceValuesAt values = testset_reference_at(c, mpfr_digits, sampled);
    if (progress) progress->advance(1);
    return values;
  };
  ReferenceValuesAt lower = at(precisions.first, 0);
  return {std::move(lower), at(precisions.second, samples)};
}

/// How many times `vibro testset reference` raises both precisions by the stored digits when
/// the two disagree in a stored digit (a horizon that loses digits, a chatter sum whose error
/// follows the contact tolerance) before it gives up.
constexpr int precision_raises = 3;

/// The decimal digits of a stored precision "mpfr:N", at most the highest that `vibro testset
/// reference` stores for the problem's `digits` (its precisions raised precision_raises times):
/// a stored file is input, and mpfr:100000 in it would have verify compute for hours (round 4).
long stored_mpfr_digits(const TestsetReference& r, std::size_t i, const std::string& file, int digits) {
  try {
    const Precision p = Precision::parse(r.precisions.at(i));
    const long most = testset_precisions(digits).second + precision_raises * digits;
    if (p.kind == ScalarKind::mpfr && p.mpfr_digits > most)
      throw InputError(file, "provenance.precisions",
                       "'" + shown_input(r.precisions.at(i)) + "' is above any precision `vibro testset reference` "
                       "stores for " + std::to_string(digits) + " digits (at most mpfr:" + std::to_string(most) +
                       "): not recomputed");
    if (p.kind == ScalarKind::mpfr) return p.mpfr_digits;
  } catch (const std::invalid_argument&) {
  }
  throw InputError(file, "provenance.precisions", "'" + shown_input(r.precisions.at(i)) + "' is not an MPFR precision mpfr:N");
}

/// How many intervals a plotted reference trajectory is sampled on.
constexpr int plotted_samples = 800;

/// The reference trajectory of a problem, its positions against t, as DIR/ID.svg.
void plot_reference(const CaseSpec& c, const ReferenceValuesAt& values, const fs::path& dir) {
  std::vector<PlotSeries> series;
  const std::size_t n = values.sample_positions.empty() ? 0 : values.sample_positions.front().size();
  for (std::size_t i = 0; i < n; ++i) {
    PlotSeries s{n == 1 ? "u" : "q" + std::to_string(i + 1), {}};
    for (std::size_t k = 0; k < values.sample_times.size(); ++k)
      s.points.emplace_back(values.sample_times[k], values.sample_positions[k][i]);
    series.push_back(std::move(s));
  }
  const fs::path svg = dir / (c.testset->id + ".svg");
  if (line_plot_svg(series, PlotAxes{c.testset->id + ": " + c.testset->title + " (reference)", "t", "position", false, false},
                    svg))
    std::cerr << "wrote " << svg.string() << "\n";
  else
    std::cerr << "no plot of " << c.testset->id << ": " << no_plot_reason(svg) << "\n";
}


class TestsetVerb : public Verb {
 public:
  explicit TestsetVerb(CLI::App& app)
      : Verb(app.add_subcommand("testset", "The test set: named problems with stored reference values, and the "
                                           "significant-digits score of a scheme on them (docs/testset.md)")) {
    command().require_subcommand(1);
    const fs::path data = default_cases_dir().parent_path();
    problems_dir_ = default_cases_dir() / "testset";
    references_dir_ = data / "reference" / "testset";

    list_ = command().add_subcommand("list", "List the problems: id, title, model, what each stresses, the schemes that run it");
    run_ = command().add_subcommand(
        "run", "Score schemes on the problems: per step of each ladder the correct digits of the end state and of the "
               "impact times, the impacts seen, the wall time; a summary; plots, CSV and JSON in --out");
    verify_ = command().add_subcommand(
        "verify", "Recompute every stored reference value at its two precisions; exit 1 when a stored digit, count or "
                  "bound is not reproduced");
    reference_ = command().add_subcommand(
        "reference", "Compute the problems' reference values at two precisions and write ID.toml into --out");
    for (CLI::App* sub : {list_, run_, verify_, reference_}) {
      sub->add_option("--problems", problems_dir_, "Directory of the problem files")->capture_default_str();
      sub->add_option("--problem", ids_, "Only these problems (ids, as VI-03)");
    }
    for (CLI::App* sub : {run_, verify_})
      sub->add_option("--references", references_dir_, "Directory of the stored reference values (ID.toml)")
          ->capture_default_str();
    run_->add_option("--scheme", schemes_, "Score these schemes (case-file names; default: each problem's own)");
    run_->add_flag("--all", all_, "Score every registered scheme that runs each problem")->excludes("--scheme");
    scheme_command_.add_to(*run_);
    scheme_command_.add_tolerances_to(*run_);
    run_->get_option("--scheme-command")->excludes("--scheme")->excludes("--all");
    run_->add_option("--out", out_dir_, "Directory for testset.{md,csv,json} and a plot per problem (made if missing)")
        ->check(path_to_write())
        ->capture_default_str();
    run_->add_option("--timing-repeats", timing_repeats_,
                     "Run each step this many times more without measuring and keep the least wall time")
        ->capture_default_str();
    reference_->add_option("--out", reference_out_, "Directory to write ID.toml into")->required()->check(path_to_write());
    reference_->add_option("--plots", plots_dir_,
                           "Also draw each problem's reference trajectory (positions against t) as ID.svg here")
        ->check(path_to_write());
    reference_->add_option("--commit", commit_, "The commit the values are computed at, for their provenance")
        ->capture_default_str();
  }

  int execute(const CommonOptions& common) override {
    if (*list_) return list(common);
    if (*run_) return run(common);
    if (*verify_) return verify(common);
    return write_references(common);
  }

 private:
  int list(const CommonOptions& common) const {
    const std::vector<TestsetListing> listing = testset_listing(problems_dir_, ids_, common.precision);
    if (common.json) {
      std::cout << to_json(listing).dump(2) << "\n";
      return 0;
    }
    for (const TestsetListing& l : listing) {
      std::cout << l.id << "  " << l.title << "\n    model: " << l.model << "\n    stresses: " << l.stresses
                << "\n    origin: " << l.origin << "\n    schemes:";
      for (const std::string& s : l.schemes) std::cout << " " << s;
      std::cout << "\n    file: " << l.file << "\n";
    }
    return 0;
  }

  int run(const CommonOptions& common) const {
    for (const std::string& s : schemes_) known_scheme_entry(s, "--scheme");
    require_output_directory(out_dir_, "--out", {problems_dir_, references_dir_});
    const std::vector<TestsetProblem> problems = load_testset(problems_dir_, references_dir_, ids_);
    const TestsetRunRequest request{schemes_, all_, common.precision, timing_repeats_};
    RunOptions options = common.run_options();
    const std::optional<ExternalScheme> program = scheme_command_.program();
    if (program) options.program = &*program;
    const TestsetRunResult result = run_testset(problems, request, options);
    make_output_directory(out_dir_, "--out", {problems_dir_, references_dir_});
    const bool plotted = write_testset_files(result, out_dir_);
    if (common.json) {
      std::cout << to_json(result).dump(2) << "\n";
    } else {
      std::cout << testset_markdown(result) << "\nwrote " << (out_dir_ / "testset").string() << ".{md,csv,json}"
                << (plotted ? " and a plot per problem"
                            : " (no plot: " + (gnuplot_installed() ? std::string("nothing was timed, or the plots cannot be written into ") + out_dir_.string()
                                                                   : std::string("gnuplot is not installed")) + ")")
                << "\n";
    }
    return 0;
  }

  int verify(const CommonOptions& common) const {
    const std::vector<TestsetProblem> problems = load_testset(problems_dir_, references_dir_, ids_);
    std::size_t failures = 0;
    std::vector<ProblemProof> proofs;
    for (const TestsetProblem& p : problems) {
      const std::string file = testset_reference_path(references_dir_, p.reference.id).string();
      const auto [lower, higher] = reference_at(
          p.problem,
          {stored_mpfr_digits(p.reference, 0, file, testset_digits(p.problem)),
           stored_mpfr_digits(p.reference, 1, file, testset_digits(p.problem))},
          common.progress);
      std::vector<std::string> differences;
      try {
        differences = reference_differences(p.reference, stored_reference(p.problem, lower, higher, testset_digits(p.problem)));
      } catch (const RunFailure& why) {
        differences = {why.what()};
      }
      if (differences.empty()) {
        std::cout << p.problem.testset->id << ": " << p.reference.values.size() << " values of " << p.reference.digits
                  << " digits and the impact count reproduced\n";
      }
      for (const std::string& d : differences) std::cout << "FAILED " << d << "\n";
      failures += differences.size();
      proofs.emplace_back(p.problem.testset->id, check_testset_enclosures(p.problem, p.reference));
      failures += show_enclosure_check(proofs.back().first, proofs.back().second);
    }
    std::cout << "\nProved values (docs/testset.md \"Proved values\"):\n\n" << proved_values_table(proofs);
    if (failures > 0) std::cout << failures << " stored values not reproduced\n";
    return failures == 0 ? 0 : exit_failed;
  }

  /// What the enclosure of problem `id` proved of its stored values (docs/proofs.md): each must
  /// hold its number's enclosure within its claimed accuracy. Returns the number contradicted.
  static std::size_t show_enclosure_check(const std::string& id, const TestsetEnclosureCheck& check) {
    if (!check.not_enclosed.empty()) {
      std::cout << id << ": not enclosed (" << check.not_enclosed << ")\n";
      return 0;
    }
    std::cout << id << ": " << check.proved << " of " << check.values << " stored values proved by enclosure\n";
    for (const std::string& line : check.undecided) std::cout << "  not proved: " << line << "\n";
    if (!check.unreached.empty()) {
      std::cout << "  not reached by the enclosure (" << check.stopped_because << "):";
      for (const std::string& name : check.unreached) std::cout << " " << name;
      std::cout << "\n";
    }
    for (const std::string& line : check.contradicted) std::cout << "FAILED " << line << "\n";
    return check.contradicted.size();
  }

  int write_references(const CommonOptions& common) const {
    // The stored values go beside the problems' case files only in a directory of their own:
    // ID.toml in the problems directory would replace the problem.
    require_output_directory(reference_out_, "--out", {problems_dir_});
    if (!plots_dir_.empty()) require_output_directory(plots_dir_, "--plots", {problems_dir_, references_dir_});
    const std::vector<CaseSpec> problems = load_testset_problems(problems_dir_, ids_);
    for (const CaseSpec& c : problems) {
      const int digits = testset_digits(c);
      std::pair<long, long> precisions = testset_precisions(digits);
      std::optional<TestsetReference> stored;
      ReferenceValuesAt last_higher;
      for (int raise = 0; !stored; ++raise) {
        const auto [lower, higher] = reference_at(c, precisions, common.progress, plots_dir_.empty() ? 0 : plotted_samples);
        last_higher = higher;
        try {
          stored = stored_reference(c, lower, higher, digits);
        } catch (const RunFailure& why) {
          if (raise == precision_raises) throw;
          std::cerr << why.what() << "; again at mpfr:" << precisions.first + digits << "\n";
          precisions = {precisions.first + digits, precisions.second + digits};
        }
      }
      TestsetReference& reference = *stored;
      if (!plots_dir_.empty()) {
        make_output_directory(plots_dir_, "--plots", {problems_dir_, references_dir_});
        plot_reference(c, last_higher, plots_dir_);
      }
      reference.command = "vibro testset reference --problem " + c.testset->id + " --out " + reference_out_.string();
      reference.version = VIBRO_VERSION;
      reference.commit = commit_;
      make_output_directory(reference_out_, "--out", {problems_dir_});
      const fs::path file = testset_reference_path(reference_out_, c.testset->id);
      write_file_atomically(file, testset_reference_toml(reference));
      std::cerr << "wrote " << file.string() << "\n";
    }
    return 0;
  }

  CLI::App *list_ = nullptr, *run_ = nullptr, *verify_ = nullptr, *reference_ = nullptr;
  fs::path problems_dir_, references_dir_, out_dir_ = "vibro-out/testset", reference_out_, plots_dir_;
  std::vector<std::string> ids_, schemes_;
  bool all_ = false;
  unsigned timing_repeats_ = 3;
  std::string commit_ = "not given";
  SchemeCommandOptions scheme_command_;
};

}  // namespace

std::unique_ptr<Verb> testset_verb(CLI::App& app, CommonOptions&) { return std::make_unique<TestsetVerb>(app); }

}  // namespace vibro::cli
