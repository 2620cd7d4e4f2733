// `vibro check [TABLE…]`: a regression gate. Every relation the tables' values list, on every
// member of the chaotic family, against the outcome the tables record for it: exit 0 when
// every outcome matches its record, 1 when any differs (a regression or an improvement,
// either to be looked at), 2 on bad input.

#include "text_output.hpp"
#include "verb.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/published/published_check.hpp"
#include "vibro/published/published_reproduction.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace vibro::cli {

namespace {

namespace fs = std::filesystem;

class CheckVerb : public Verb {
 public:
  CheckVerb(CLI::App& app, CommonOptions& common)
      : Verb(app.add_subcommand("check", "Re-run the experiments behind the published tables; exit 1 when an outcome "
                                         "differs from its record")) {
    command().add_option("TABLE", tables_given_, "Published tables (default: every table in --published)");
    command().add_option("--published", published_dir_, "Directory of the published tables")->capture_default_str();
    command()
        .add_option("--cases", cases_dir_, "Directory of case files (the Lyapunov cases hold the experiments)")
        ->capture_default_str();
    command().add_option("--json-out", common.json_out, json_out_help)->check(path_to_write());
  }

  int execute(const CommonOptions& common) override {
    // The tables checked, and every table a case may name (those of --published too when
    // some are given).
    std::vector<PublishedTable> tables, known;
    if (tables_given_.empty()) tables = load_published_tables(published_dir_);
    for (const auto& file : tables_given_) tables.push_back(load_published_table(file));
    known = tables;
    if (!tables_given_.empty() && fs::is_directory(published_dir_))
      for (PublishedTable& table : load_published_tables(published_dir_)) known.push_back(std::move(table));
    if (tables.empty())
      throw InputError("", "--published",
                       published_dir_.string() + " holds no published table (*.toml): there is nothing to check");
    const std::vector<CaseSpec> cases = load_cases_built_in(cases_dir_, CaseFileNames::as_given);
    require_published_names(cases, known);
    std::vector<fs::path> inputs = case_files(cases_dir_);
    for (const PublishedTable& table : known) inputs.emplace_back(table.file);
    JsonOut json_out(common.json_out, inputs);
    RelationSettings settings;
    settings.precision = common.precision;
    settings.run = common.run_options();
    // Only the relations the given tables' values list are run (`vibro check seed_000.toml`
    // needs no NSND run at h = T/40000).
    for (const std::string& relation : published_relations()) {
      bool listed = false;
      for (const auto& table : tables)
        for (const auto& value : table.values)
          listed = listed || std::find(value.relations.begin(), value.relations.end(), relation) != value.relations.end();
      if (!listed) settings.skip.insert(relation);
    }
    const std::vector<Reproduction> reproductions = evaluate_reproductions(tables, cases, settings);
    RelationEvaluations evaluations = evaluate_relations(cases, settings);
    if (!settings.skip.contains("order-of-magnitude")) evaluations["order-of-magnitude"] = order_of_magnitude(reproductions);
    const CheckResult result = check_published(tables, evaluations, reproductions);
    // A gate that evaluated nothing has not passed: wrong --cases, or tables no case reproduces.
    if (result.summary.holds + result.summary.contradicted_as_recorded + result.summary.changed == 0 &&
        result.reproduced.empty())
      throw InputError("", "--cases",
                       "nothing was checked: no case of " + cases_dir_.string() +
                           " reproduces a value of the tables or an experiment of their relations");
    const nlohmann::json json = to_json(result);
    json_out.write(json);
    if (common.json) std::cout << json.dump(2) << "\n";
    else print_check(std::cout, result);
    return result.matches_records() ? 0 : exit_failed;
  }

 private:
  std::vector<fs::path> tables_given_;
  fs::path published_dir_ = default_cases_dir().parent_path() / "reference" / "published";
  fs::path cases_dir_ = default_cases_dir();
};

}  // namespace

std::unique_ptr<Verb> check_verb(CLI::App& app, CommonOptions& common) {
  return std::make_unique<CheckVerb>(app, common);
}

}  // namespace vibro::cli
