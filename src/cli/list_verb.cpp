// `vibro list`: the case files of a directory (and of its subdirectories), or the schemes.

#include "text_output.hpp"
#include "verb.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/run/listed_scheme.hpp"
#include "vibro/run/listed_case.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
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
    std::vector<std::string> skipped;
    const CaseListing listing = list_cases(cases_dir_, skipped);
    for (const std::string& why : skipped) std::cerr << "skipped " << why << "\n";
    if (common.json) {
      std::cout << to_json(listing).dump(2) << "\n";
    } else {
      print_cases(std::cout, listing.cases);
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
