// `vibro list`: the case files of a directory (and of its subdirectories), or the schemes.

#include "text_output.hpp"
#include "verb.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/run/listed_scheme.hpp"
#include "vibro/run/model_kind.hpp"
#include "vibro/run/scheme_not_built_in.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <optional>
#include <vector>

namespace vibro::cli {

namespace {

class ListVerb : public Verb {
 public:
  explicit ListVerb(CLI::App& app)
      : Verb(app.add_subcommand("list", "List the case files (and those of its subdirectories), or the schemes")) {
    command().add_option("--cases", cases_dir_, "Directory of case files")->capture_default_str();
    command().add_flag("--schemes", schemes_,
                       "List the registered schemes: case-file names, models, precisions, options, declared orders");
  }

  int execute(const CommonOptions& common) override {
    if (schemes_) {
      if (common.json) std::cout << to_json(scheme_listing()).dump(2) << "\n";
      else print_schemes(std::cout);
      return 0;
    }
    std::vector<ListedCase> cases;
    for (const auto& file : case_files(cases_dir_)) {
      std::optional<CaseSpec> loaded;
      try {
        loaded = load_case(file);
      } catch (const SchemeNotBuiltIn& why) {
        std::cerr << "skipped " << why.what() << "\n";
        continue;
      }
      const CaseSpec& c = *loaded;
      cases.push_back({c.name, file.string(), std::string(model_name(c.model.model_kind())), c.scheme.type,
                       c.precision.name(), c.description});
    }
    if (common.json) {
      std::cout << to_json(CaseListing{cases}).dump(2) << "\n";
    } else {
      print_cases(std::cout, cases);
    }
    return 0;
  }

 private:
  std::filesystem::path cases_dir_ = default_cases_dir();
  bool schemes_ = false;
};

}  // namespace

std::unique_ptr<Verb> list_verb(CLI::App& app, CommonOptions&) { return std::make_unique<ListVerb>(app); }

}  // namespace vibro::cli
