// Every shipped case as a user first runs it (label unit): `vibro run CASE` in the default
// text output and, from the same run, its JSON (--json-out), every field of which has an
// entry in docs/outputs.md, and for a case with a [lyapunov] table `vibro lyapunov CASE` in
// both, each exiting 0 with the case's name in its output. The cases are enumerated from
// cases/ when the tests are listed, so a new case is covered by being shipped. (The last
// round shipped cases whose text output crashed while their --json passed.)
//
// `vibro lyapunov` warns when λ1 + λ2 is off the exact flow's sum rule by more than the
// sum's uncertainty. Where it fires on a shipped case is a measured fact, recorded below
// with its reason; it must never fire for IDED (exact to rounding).

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"
#include "support/documented_fields.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/case/scheme_not_built_in.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>
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
  for (const auto& file : vibro::case_files(test_paths::cases_dir))
    files.push_back(fs::relative(file, test_paths::cases_dir).generic_string());
  return files;
}

/// The shipped Lyapunov cases on which the sum-rule warning fires at the defaults, and why
/// (measured: λ1 + λ2 − rule, the sum's 95 % uncertainty, periods whose perturbed contacts
/// changed). Every other Lyapunov case must run without it.
const std::map<std::string, std::string> sum_rule_fires = {
    // D_ε S with ε = 3h (h = T/40000) straddles a change of the PS flow's active set in 13,
    // 38 and 28 periods: a difference quotient across that jump does not contract area as
    // the flow's derivative does (+0.026, +0.072, +0.058 against 0.012–0.015).
    {"lyapunov/nsnd_3h.toml", "active set changed"},
    {"lyapunov/alpha1.5-a1500-umin-0.2/nsnd_3h.toml", "active set changed"},
    {"lyapunov/alpha3-a2500-umin-0.5/nsnd_3h.toml", "active set changed"},
    // The same with ε = h on the member with the most contacts: I.N.S.P's perturbed contacts
    // changed in 20 periods (+0.048 against 0.0074). I.D.P's (the reference's) changed in 2
    // periods and fired (+0.022 against 0.019) until the over-damped flight's new basis
    // (2026-11-29) made its run another sample of the chaos: 3 periods changed, −0.0035
    // against 0.018, silent; a warning this close to its threshold follows the sample.
    {"lyapunov/alpha3-a2500-umin-0.5/insp.toml", "active set changed"},
    // On a closed-form periodic orbit (cases/orbits/, docs/periodic_orbits.md) every period is
    // the same, so the batch means' uncertainty of the sum is tiny, and any map that is not
    // the flow's shows: IDND's O(ε) forward differences (1.4e−7 against 3.2e−8 on the (1, 1)
    // orbit, 1.6e−8 against 8e−9 on the (1, 2) one), and the schemes' discrete maps (C.N.S.P
    // +0.018 and 1.1e−4, NSND ε = 3h +0.10, I.N.S.P on the (1, 2) orbit +0.039).
    {"orbits/stable_idnd.toml", "forward differences on a periodic orbit"},
    {"orbits/period2_idnd.toml", "forward differences on a periodic orbit"},
    {"orbits/stable_cnsp.toml", "a scheme's map on a periodic orbit"},
    {"orbits/period2_cnsp.toml", "a scheme's map on a periodic orbit"},
    {"orbits/stable_nsnd_3h.toml", "a scheme's map on a periodic orbit"},
    {"orbits/period2_insp.toml", "a scheme's map on a periodic orbit"},
};

class ShippedCase : public Cli, public ::testing::WithParamInterface<std::string> {
 protected:
  /// A case whose scheme this build leaves out (the Siconos peer without Siconos,
  /// docs/peer.md) is skipped with the loader's reason.
  void SetUp() override {
    Cli::SetUp();
    try {
      vibro::load_case(file());
    } catch (const vibro::SchemeNotBuiltIn& why) {
      GTEST_SKIP() << why.what();
    }
  }
  fs::path file() const { return fs::path(test_paths::cases_dir) / GetParam(); }
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

/// One run gives both outputs a user reads: the text on stdout and, through --json-out, the
/// JSON --json would print (the same function writes both; tests/cli_test.cpp checks that
/// --json-out's file equals --json's stdout).
TEST_P(ShippedCase, RunsInTextAndJsonOutput) {
  const vibro::CaseSpec c = spec();
  const fs::path json_file = fs::path(::testing::TempDir()) / ("vibro_shipped_" + std::to_string(::getpid()) + ".json");
  const Outcome outcome = vibro("run " + quoted(file()) + " --json-out " + quoted(json_file));
  EXPECT_TRUE(ran(outcome, "case       " + c.name));
  EXPECT_NE(outcome.out.find("final      t = "), std::string::npos) << outcome.out;
  // The scheme line shows every [scheme] option the case writes, with its value.
  for (const auto& [key, value] : c.scheme.options)
    EXPECT_NE(outcome.out.find(", " + key + " " + value), std::string::npos) << key << "\n" << outcome.out;
  const nlohmann::json result = nlohmann::json::parse(vibro::testing::read_text(json_file));
  fs::remove(json_file);
  EXPECT_EQ(result.at("case").at("name"), c.name);
  EXPECT_EQ(result.at("case").at("hash_fnv1a64"), c.hash);
  EXPECT_EQ(result.at("scheme").at("type"), c.scheme.type);
  for (const auto& [key, value] : c.scheme.options) EXPECT_EQ(result.at("scheme").at(key), value) << key;
  EXPECT_TRUE(result.at("run").contains("final"));
  std::set<std::string> keys;
  vibro::testing::collect_keys(result, keys);
  for (const std::string& key : vibro::testing::undocumented(keys, vibro::testing::outputs_reference()))
    ADD_FAILURE() << "JSON field `" << key << "` has no entry in docs/outputs.md";
}

TEST_P(ShippedCase, LyapunovRunsInTextAndJsonOutput) {
  const vibro::CaseSpec c = spec();
  if (!c.lyapunov) {
    // Not a Lyapunov case: the verb refuses it as bad input, with one line.
    EXPECT_TRUE(vibro::testing::bad_input(vibro("lyapunov " + quoted(file())), {"key 'lyapunov'"}));
    return;
  }
  const fs::path json_file = fs::path(::testing::TempDir()) / ("vibro_shipped_" + std::to_string(::getpid()) + ".json");
  const Outcome text_outcome = vibro("lyapunov " + quoted(file()) + " --json-out " + quoted(json_file));
  EXPECT_TRUE(ran(text_outcome, "case       " + c.name));
  EXPECT_NE(text_outcome.out.find("uncertainty ± is 95 %"), std::string::npos) << text_outcome.out;
  const bool fired = text_outcome.err.find("vibro: warning: lambda1 + lambda2") != std::string::npos;
  const auto record = sum_rule_fires.find(GetParam());
  if (record == sum_rule_fires.end())
    EXPECT_FALSE(fired) << "the sum-rule warning fires where no record says it does:\n" << text_outcome.err;
  else
    EXPECT_TRUE(fired) << "recorded to fire (" << record->second << ") but silent:\n" << text_outcome.out;
  const nlohmann::json result = nlohmann::json::parse(vibro::testing::read_text(json_file));
  fs::remove(json_file);
  EXPECT_EQ(result.at("case").at("name"), c.name);
  const nlohmann::json& l = result.at("lyapunov");
  ASSERT_TRUE(l.at("defined").get<bool>()) << l.dump();
  EXPECT_GT(l.at("uncertainty").at("lambda1").at("half_width_95").get<double>(), 0) << l.dump();
  EXPECT_TRUE(l.contains("sum_rule_per_period")) << "every method states the sum rule";
  if (l.at("method") == "IDED") {
    EXPECT_TRUE(l.at("sum_rule_holds").get<bool>());
  }
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
