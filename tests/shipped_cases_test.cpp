// Every shipped case as a user first runs it (label unit): `vibro run CASE` in the default
// text output and with --json, and for a case with a [lyapunov] table `vibro lyapunov CASE`
// in both, each exiting 0 with the case's name in its output. The cases are enumerated from
// cases/ when the tests are listed, so a new case is covered by being shipped. (The last
// round shipped cases whose text output crashed while their --json passed.)

#include "support/cli_runner.hpp"

#include "vibro/io/case_file.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using vibro::testing::Cli;
using vibro::testing::Outcome;
using vibro::testing::quoted;

/// Paths of the shipped cases relative to cases/.
std::vector<std::string> shipped_cases() {
  std::vector<std::string> files;
  for (const auto& file : vibro::case_files(VIBRO_CASES_DIR))
    files.push_back(fs::relative(file, VIBRO_CASES_DIR).generic_string());
  return files;
}

class ShippedCase : public Cli, public ::testing::WithParamInterface<std::string> {
 protected:
  fs::path file() const { return fs::path(VIBRO_CASES_DIR) / GetParam(); }
  vibro::CaseSpec spec() const { return vibro::load_case(file()); }

  /// Exit 0, output that names the case, nothing on stderr but warnings.
  ::testing::AssertionResult ran(const Outcome& outcome, const std::string& name) const {
    // stderr may carry warnings and progress lines (on long runs), never an error.
    bool no_error = true;
    std::istringstream lines(outcome.err);
    for (std::string line; std::getline(lines, line);)
      no_error = no_error && line.starts_with("vibro: ") && !line.starts_with("vibro: error: ");
    if (outcome.status == 0 && outcome.out.find(name) != std::string::npos && no_error)
      return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "exit status " << outcome.status << ", stderr '" << outcome.err
                                         << "', stdout starting '" << outcome.out.substr(0, 300) << "'";
  }
};

TEST_P(ShippedCase, RunsInTextOutput) {
  const vibro::CaseSpec c = spec();
  const Outcome outcome = vibro("run " + quoted(file()));
  EXPECT_TRUE(ran(outcome, "case       " + c.name));
  EXPECT_NE(outcome.out.find("final      t = "), std::string::npos) << outcome.out;
  // The scheme line shows every [scheme] option the case writes, with its value.
  for (const auto& [key, value] : c.scheme.options)
    EXPECT_NE(outcome.out.find(", " + key + " " + value), std::string::npos) << key << "\n" << outcome.out;
}

TEST_P(ShippedCase, RunsInJsonOutput) {
  const vibro::CaseSpec c = spec();
  const Outcome outcome = vibro("run " + quoted(file()) + " --json");
  ASSERT_TRUE(ran(outcome, c.name));
  const nlohmann::json result = nlohmann::json::parse(outcome.out);
  EXPECT_EQ(result.at("case").at("name"), c.name);
  EXPECT_EQ(result.at("case").at("hash_fnv1a64"), c.hash);
  EXPECT_EQ(result.at("scheme").at("type"), c.scheme.type);
  for (const auto& [key, value] : c.scheme.options) EXPECT_EQ(result.at("scheme").at(key), value) << key;
  EXPECT_TRUE(result.at("run").contains("final"));
}

TEST_P(ShippedCase, LyapunovRunsInTextAndJsonOutput) {
  const vibro::CaseSpec c = spec();
  if (!c.lyapunov) {
    // Not a Lyapunov case: the verb refuses it as bad input, with one line.
    EXPECT_TRUE(vibro::testing::bad_input(vibro("lyapunov " + quoted(file())), {"key 'lyapunov'"}));
    return;
  }
  EXPECT_TRUE(ran(vibro("lyapunov " + quoted(file())), "case       " + c.name));
  const Outcome json_outcome = vibro("lyapunov " + quoted(file()) + " --json");
  ASSERT_TRUE(ran(json_outcome, c.name));
  const nlohmann::json result = nlohmann::json::parse(json_outcome.out);
  EXPECT_EQ(result.at("case").at("name"), c.name);
  EXPECT_TRUE(result.at("lyapunov").at("defined").get<bool>()) << result.at("lyapunov").dump();
}

INSTANTIATE_TEST_SUITE_P(Cases, ShippedCase, ::testing::ValuesIn(shipped_cases()), [](const auto& info) {
  std::string name = info.param.substr(0, info.param.size() - 5);  // without .toml
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
});

/// The enumeration found the cases of cases/ and of its subdirectories.
TEST(ShippedCases, IncludeEverySubdirectory) {
  std::size_t top = 0, nested = 0;
  for (const auto& file : shipped_cases()) (file.find('/') == std::string::npos ? top : nested) += 1;
  EXPECT_GE(top, 3u);
  EXPECT_GE(nested, 3u);
}

}  // namespace
