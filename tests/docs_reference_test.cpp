// The references in docs/ against the code (label unit): every case-file key the reader
// accepts has an entry in docs/case_files.md, taken from the reader's own lists
// (case_file_keys(), the catalog's option keys, the known quantities, the model and
// scheme names); every JSON field and CSV column that real runs of the `vibro` executable
// write has an entry in docs/outputs.md (written `field`; the fields of `vibro run` on each
// shipped case are checked in that case's run, tests/shipped_cases_test.cpp); and the documentation stays
// inside the repository: no reference to the design notes kept outside it, no link to a
// file that is not in it. A reference that lags the code fails here, not in a reader's
// hands.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"
#include "support/documented_fields.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/case/model_kind.hpp"
#include "vibro/case/scheme_catalog.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using vibro::testing::Cli;
using vibro::testing::collect_keys;
using vibro::testing::documented;
using vibro::testing::Outcome;
using vibro::testing::quoted;
using vibro::testing::read_text;

const fs::path source_dir = test_paths::source_dir;

std::string doc(const std::string& name) {
  const std::string text = read_text(source_dir / "docs" / name);
  EXPECT_FALSE(text.empty()) << "docs/" << name << " is missing or empty";
  return text;
}

// --- case files ----------------------------------------------------------------------

TEST(DocsReference, EveryCaseFileKeyHasAnEntry) {
  const std::string text = doc("case_files.md");
  std::set<std::string> missing;
  std::size_t checked = 0;
  for (const vibro::CaseFileKeys& list : vibro::case_file_keys())
    for (const std::string& key : list.keys) {
      ++checked;
      if (list.table.empty()) {
        // A table: [name], or [[expected]] for the array of tables.
        if (!documented(text, "[" + key + "]") && !documented(text, "[[" + key + "]]")) missing.insert("[" + key + "]");
      } else if (!documented(text, list.table + "." + key)) {
        missing.insert(list.table + "." + key);
      }
    }
  for (const vibro::SchemeInfo& info : vibro::scheme_infos()) {
    for (const std::string& key : info.option_keys) {
      ++checked;
      if (!documented(text, "scheme." + key)) missing.insert("scheme." + key);
    }
    for (const std::string& name : info.names)
      if (!documented(text, name)) missing.insert("scheme.type = " + name);
  }
  for (const vibro::ModelKind kind : vibro::model_kinds)
    if (!documented(text, std::string(vibro::model_name(kind)))) missing.insert("model.type = " + std::string(vibro::model_name(kind)));
  for (const std::string& quantity : vibro::known_quantities())
    if (!documented(text, quantity)) missing.insert("expected.quantity = " + quantity);
  EXPECT_GT(checked, 40u) << "the reader's key lists look empty";
  for (const std::string& key : missing) ADD_FAILURE() << "case-file key " << key << " has no entry in docs/case_files.md";
}

// --- outputs ---------------------------------------------------------------------------

/// tests/data/small_study.toml: a study cheap enough for --measure-rounding.
const fs::path small_study = fs::path(test_paths::test_data_dir) / "small_study.toml";

class DocsOutputs : public Cli {
 protected:
  /// `vibro ARGS`, which must succeed (or exit 1 for a finding) and print JSON; its keys
  /// join `keys`.
  void json_keys(const std::string& arguments, std::set<std::string>& keys) {
    const Outcome outcome = vibro(arguments);
    ASSERT_TRUE(outcome.status == 0 || outcome.status == 1) << "vibro " << arguments << ": " << outcome.err;
    nlohmann::json j;
    ASSERT_NO_THROW(j = nlohmann::json::parse(outcome.out)) << "vibro " << arguments << " printed no JSON";
    collect_keys(j, keys);
  }

  /// The header of a CSV file, split at commas.
  static std::vector<std::string> header(const fs::path& csv) {
    const auto lines = vibro::testing::lines_of(read_text(csv));
    std::vector<std::string> columns;
    if (lines.empty()) return columns;
    std::string cell;
    for (const char c : lines[0] + ",") {
      if (c == ',') columns.push_back(cell), cell.clear();
      else cell += c;
    }
    return columns;
  }
};

/// The JSON of every verb with --json but `vibro run` of a single case, whose JSON is checked
/// against docs/outputs.md in the run every shipped case makes
/// (`ShippedCase.RunsInTextAndJsonOutput`, tests/shipped_cases_test.cpp): a Lyapunov case
/// with an ensemble and a second precision, one whose sum rule warns, a run at a list of
/// precisions, a study with measured rounding, both listings, the check of a published
/// table, the computed goldens, and a report's index.json and run data files.
TEST_F(DocsOutputs, EveryJsonFieldHasAnEntry) {
  std::set<std::string> keys;
  const fs::path cases = test_paths::cases_dir;
  json_keys("--json --quiet lyapunov --ensemble 2 --second-precision mpfr:20 " + quoted(cases / "lyapunov/idnd.toml"),
            keys);
  json_keys("--json --quiet lyapunov --ensemble 2 " + quoted(cases / "lyapunov/nsnd_small_epsilon.toml"), keys);
  json_keys("--json --quiet converge --measure-rounding --out " + quoted(dir()) + " " +
                quoted(small_study),
            keys);
  json_keys("--json --quiet run --precision double,mpfr:20 " + quoted(cases / "ps_forced_oscillator.toml"), keys);
  json_keys("--json list --cases " + quoted(cases), keys);
  json_keys("--json list --schemes", keys);
#if VIBRO_WITH_ARB
  json_keys("--json orbits --prove --n 1 2 " + quoted(cases / "reference_periodic.toml"), keys);
  json_keys("--json run --enclose " + quoted(cases / "reference_periodic.toml"), keys);
#endif
  json_keys("--json --quiet check --cases " + quoted(cases) + " " +
                quoted(source_dir / "reference/published/seed_002.toml"),
            keys);
  for (const auto& golden : fs::directory_iterator(source_dir / "tests/golden/lyapunov"))
    collect_keys(nlohmann::json::parse(read_text(golden.path())), keys);
  // index.json and its run data files, from a report over a small cases directory.
  const fs::path report = dir() / "report";
  const Outcome reported = vibro("--quiet report --no-measure-rounding --cases " +
                                 quoted(fs::path(test_paths::test_data_dir) / "report_cases") + " --published " +
                                 quoted(source_dir / "reference/published") + " --goldens " +
                                 quoted(source_dir / "tests/golden/lyapunov") + " --out " + quoted(report));
  ASSERT_EQ(reported.status, 0) << reported.err;
  nlohmann::json index = nlohmann::json::parse(read_text(report / "index.json"));
  for (const auto& [name, runs] : index.at("cases").items()) collect_keys(runs, keys);  // keys are case names
  index.erase("cases");
  keys.insert("cases");
  collect_keys(index, keys);
  for (const auto& data : fs::directory_iterator(report / "runs"))
    collect_keys(nlohmann::json::parse(read_text(data.path())), keys);

  EXPECT_GT(keys.size(), 150u) << "the runs wrote fewer fields than expected";
  for (const std::string& key : vibro::testing::undocumented(keys, doc("outputs.md")))
    ADD_FAILURE() << "JSON field `" << key << "` has no entry in docs/outputs.md";
}

/// The trajectory CSV of every scheme (`vibro run --csv`) and the study CSV of
/// `vibro converge` with measured rounding.
TEST_F(DocsOutputs, EveryCsvColumnHasAnEntry) {
  const fs::path cases = test_paths::cases_dir;
  std::set<std::string> columns;
  int n = 0;
  for (const char* file : {"free_fall.toml", "study_cn_periodic.toml", "reference_sticking_oscillator.toml",
                           "nsfd/example51_nonstandard.toml"}) {
    const fs::path csv = dir() / ("run" + std::to_string(n++) + ".csv");
    const Outcome outcome =
        vibro("--quiet run --no-error-estimate --csv " + quoted(csv) + " " + quoted(cases / file));
    ASSERT_TRUE(outcome.status == 0 || outcome.status == 1) << file << ": " << outcome.err;
    for (const std::string& column : header(csv)) columns.insert(column);
  }
  const Outcome outcome = vibro("--quiet converge --measure-rounding --out " + quoted(dir()) + " " +
                                quoted(small_study));
  ASSERT_TRUE(outcome.status == 0 || outcome.status == 1) << outcome.err;
  const fs::path study_csv = dir() / "small-study-double.csv";
  ASSERT_TRUE(fs::exists(study_csv)) << outcome.out;
  for (const std::string& column : header(study_csv)) columns.insert(column);

  const std::string text = doc("outputs.md");
  EXPECT_GT(columns.size(), 25u);
  for (const std::string& column : columns)
    EXPECT_TRUE(documented(text, column)) << "CSV column `" << column << "` has no entry in docs/outputs.md";
}

// --- the documentation stays inside the repository ------------------------------------

/// README.md and every Markdown file of docs/.
std::vector<fs::path> documentation() {
  std::vector<fs::path> files = {source_dir / "README.md", source_dir / "cases/README.md"};
  for (const auto& entry : fs::directory_iterator(source_dir / "docs"))
    if (entry.path().extension() == ".md") files.push_back(entry.path());
  return files;
}

/// docs/architecture.md describes what exists: its layer table has a row for every folder of
/// src/vibro/, and its catalog table every scheme, every model it runs on and every
/// translation unit of catalog/entries/. A folder, a scheme or an entry added without it fails.
TEST(DocsReference, ArchitectureNamesEveryFolderSchemeModelAndEntry) {
  const std::string text = read_text(source_dir / "docs" / "architecture.md");
  std::size_t folders = 0, units = 0;
  for (const auto& entry : fs::directory_iterator(source_dir / "src" / "vibro")) {
    if (!entry.is_directory()) continue;
    ++folders;
    const std::string name = entry.path().filename().string() + "/";
    EXPECT_NE(text.find("| `" + name + "` |"), std::string::npos) << "the layer table has no row " << name;
  }
  EXPECT_GE(folders, 8u) << "src/vibro/ looks empty";
  for (const auto& entry : fs::directory_iterator(source_dir / "src" / "vibro" / "catalog" / "entries")) {
    const std::string name = entry.path().filename().string();
    if (name.ends_with("_entry.cpp") || name.find("_entry_") != std::string::npos) {
      ++units;
      EXPECT_NE(text.find("`" + name + "`"), std::string::npos) << "the catalog table has no " << name;
    }
  }
  EXPECT_GE(units, 12u) << "catalog/entries/ has fewer translation units than schemes";
  for (const vibro::SchemeInfo& info : vibro::scheme_infos())
    for (const std::string& name : info.names)
      EXPECT_NE(text.find("`" + name + "`"), std::string::npos) << "the catalog table has no scheme " << name;
  for (const vibro::ModelKind kind : vibro::model_kinds)
    EXPECT_NE(text.find(std::string(vibro::model_name(kind))), std::string::npos)
        << "docs/architecture.md names no model " << vibro::model_name(kind);
}

/// docs/adding_a_scheme.md §"Adding a model" lists every place a model kind is spelled: every
/// file under src/ that names the last model added (the double pendulum: its kind, its type,
/// its case-file name), outside its own model and reader files and the scheme entries that
/// run on it, is named there, and every src/ path named there exists.
TEST(DocsReference, AddingAModelNamesEveryPlace) {
  const std::string text = read_text(source_dir / "docs" / "adding_a_scheme.md");
  const auto from = text.find("## Adding a model");
  ASSERT_NE(from, std::string::npos) << "docs/adding_a_scheme.md has no section \"Adding a model\"";
  const std::string section = text.substr(from);
  std::size_t places = 0;
  // The sources, and the schemas that list the models (the outputs' and the problem an
  // external program reads).
  for (const char* root : {"src", "docs/schema"})
    for (const auto& entry : fs::recursive_directory_iterator(source_dir / root)) {
      if (!entry.is_regular_file()) continue;
      const std::string relative = fs::relative(entry.path(), source_dir).generic_string();
      if (relative.find("/catalog/entries/") != std::string::npos || relative.find("double_pendulum") != std::string::npos)
        continue;
      const std::string code = read_text(entry.path());
      if (code.find("double_pendulum") == std::string::npos && code.find("DoublePendulum") == std::string::npos &&
          code.find("double-pendulum") == std::string::npos)
        continue;
      ++places;
      EXPECT_NE(section.find("`" + relative + "`"), std::string::npos)
          << relative << " names the double pendulum but \"Adding a model\" does not name it";
    }
  EXPECT_GE(places, 8u) << "fewer files name the double pendulum than the model list has places";
  const std::regex path("`((?:src|docs/schema)/[^`]+)`");
  for (auto it = std::sregex_iterator(section.begin(), section.end(), path); it != std::sregex_iterator(); ++it) {
    const std::string named = (*it)[1].str();
    if (named.find("NAME") != std::string::npos) continue;  // src/vibro/model/NAME.hpp: the new file itself
    EXPECT_TRUE(fs::exists(source_dir / named)) << named << " is named but does not exist";
  }
}

/// docs/adding_a_scheme.md §3 lists every place a scheme's entry is registered: every file of
/// src/ that names the Paoli–Schatzman entry (its type, its runner function or its units) outside
/// its own entry files is named there, and every src/ path named there exists. A registration
/// list added to the code and not to the guide fails here; so does a guide step that names a
/// file no longer there.
TEST(DocsReference, AddingASchemeNamesEveryRegistrationPoint) {
  const std::string text = read_text(source_dir / "docs" / "adding_a_scheme.md");
  const auto from = text.find("## 3. ");
  const auto to = text.find("## 4. ");
  ASSERT_NE(from, std::string::npos) << "docs/adding_a_scheme.md has no section 3";
  const std::string section = text.substr(from, to - from);
  const std::regex names_entry(R"(\bPaoliSchatzmanEntry\b|\bpaoli_schatzman_runners\b|/paoli_schatzman_entry)");
  std::size_t places = 0;
  for (const auto& entry : fs::recursive_directory_iterator(source_dir / "src")) {
    if (!entry.is_regular_file()) continue;
    const std::string relative = fs::relative(entry.path(), source_dir).generic_string();
    if (relative.find("catalog/entries/paoli_schatzman_entry") != std::string::npos) continue;
    if (!std::regex_search(read_text(entry.path()), names_entry)) continue;
    ++places;
    EXPECT_NE(section.find("`" + relative + "`"), std::string::npos)
        << relative << " registers the Paoli–Schatzman entry but docs/adding_a_scheme.md §3 does not name it";
  }
  EXPECT_GE(places, 4u) << "fewer registration points than the guide's steps";
  const std::regex path("`(src/[^`]+)`");
  for (auto it = std::sregex_iterator(section.begin(), section.end(), path); it != std::sregex_iterator(); ++it) {
    const std::string named = (*it)[1].str();
    if (named.find("NAME") != std::string::npos || named.find("TYPE") != std::string::npos) continue;
    EXPECT_TRUE(fs::exists(source_dir / named)) << named << " is named in §3 but does not exist";
  }
}

/// The project's design notes live outside the repository; a reader of the repository
/// cannot follow a reference to them. (The names are assembled so that this file does not
/// match itself when the scan is widened.)
TEST(DocsReference, NoReferenceToNotesOutsideTheRepository) {
  const std::vector<std::string> outside = {std::string("MATH") + ".md", std::string("MATH") + " §",
                                            std::string("ARCHITECTURE") + ".md", std::string("STYLE") + ".md",
                                            std::string("..") + "/shared",
                                            std::string("/work") + "/shared"};
  for (const fs::path& file : documentation()) {
    const auto lines = vibro::testing::lines_of(read_text(file));
    for (std::size_t i = 0; i < lines.size(); ++i)
      for (const std::string& pattern : outside)
        EXPECT_EQ(lines[i].find(pattern), std::string::npos)
            << fs::relative(file, source_dir).generic_string() << ":" << i + 1 << " refers to " << pattern
            << ", which is not in the repository: cite the docs/ page instead";
  }
}

/// Every relative Markdown link of the documentation names a file or directory of the
/// repository; links to the web are allowed, links out of the repository are not.
TEST(DocsReference, LinksStayInTheRepository) {
  const std::regex link(R"(\]\(([^)\s]+)\))");
  const fs::path root = fs::weakly_canonical(source_dir);
  std::size_t checked = 0;
  for (const fs::path& file : documentation()) {
    const std::string text = read_text(file);
    for (std::sregex_iterator it(text.begin(), text.end(), link), end; it != end; ++it) {
      std::string target = (*it)[1];
      if (target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0 || target.rfind("#", 0) == 0) continue;
      target = target.substr(0, target.find('#'));
      const fs::path resolved = fs::weakly_canonical(file.parent_path() / target);
      const std::string shown = fs::relative(file, source_dir).generic_string() + ": " + target;
      ++checked;
      EXPECT_TRUE(fs::exists(resolved)) << shown << " does not exist";
      const auto [r, p] = std::mismatch(root.begin(), root.end(), resolved.begin(), resolved.end());
      EXPECT_TRUE(r == root.end()) << shown << " leaves the repository";
    }
  }
  EXPECT_GT(checked, 10u) << "no links found: the pattern is wrong";
}

/// A program a page shows in full (`<!-- example: PATH -->`, a fenced block, `<!-- end of
/// example -->`) is the file itself, character for character: a page cannot drift from
/// the example the tests run.
TEST(DocsReference, ExamplesShownInFullAreTheFiles) {
  const std::regex block(R"(<!-- example: (\S+) -->\n```[a-z]*\n([\s\S]*?)```\n<!-- end of example -->)");
  std::size_t shown = 0;
  for (const fs::path& file : documentation()) {
    const std::string text = read_text(file);
    for (std::sregex_iterator it(text.begin(), text.end(), block), end; it != end; ++it) {
      ++shown;
      const fs::path example = source_dir / (*it)[1].str();
      ASSERT_TRUE(fs::exists(example)) << fs::relative(file, source_dir).generic_string() << " shows " << example;
      EXPECT_EQ((*it)[2].str(), read_text(example))
          << fs::relative(file, source_dir).generic_string() << " shows another text than " << (*it)[1].str();
    }
  }
  EXPECT_GE(shown, 1u) << "docs/own_scheme.md shows examples/external/paoli_schatzman.py in full";
}

}  // namespace
