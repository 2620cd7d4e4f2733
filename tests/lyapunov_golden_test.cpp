// The computed Lyapunov goldens of tests/golden/lyapunov/ (label golden; issue 5, item 5).
// Each was written by `vibro lyapunov CASE --write-golden FILE` (scripts/write_goldens.sh;
// the file records its command), never typed in. Where the expected values come from:
// - short horizon: the same run at 20 more MPFR digits (an independent precision), to the
//   25 significant digits the two were measured to share when the golden was written;
// - long horizon (the case's 3000 periods): the case's own run, to within the 95 %
//   uncertainty measured when the golden was written (batch means and an ensemble of nearby
//   starts, lyapunov/lyapunov_error_bars.hpp) — what a finite-time exponent of a chaotic orbit
//   may differ by at that horizon after a change of a single rounding.
// A changed case file fails the test with the command that regenerates its golden.

#include "vibro/io/case_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/lyapunov/lyapunov_golden.hpp"
#include "support/build_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

namespace {

namespace fs = std::filesystem;

const fs::path golden_dir = fs::path(test_paths::golden_dir) / "lyapunov";
const fs::path lyapunov_cases = fs::path(test_paths::cases_dir) / "lyapunov";

class LyapunovGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(LyapunovGolden, RerunAgreesWithinTheMeasuredTolerances) {
  std::ifstream in(golden_dir / (GetParam() + ".json"));
  ASSERT_TRUE(in) << "missing golden " << (golden_dir / (GetParam() + ".json")) << ": run scripts/write_goldens.sh";
  const vibro::LyapunovGolden golden =
      vibro::golden_from_json(nlohmann::json::parse(in), (golden_dir / (GetParam() + ".json")).string());
  const vibro::CaseSpec c = vibro::load_case(lyapunov_cases / (GetParam() + ".toml"));
  const vibro::LyapunovGoldenCheck check = vibro::check_lyapunov_golden(golden, c);
  for (const std::string& line : check.lines) std::cout << "  " << line << "\n";
  EXPECT_TRUE(check.passed);
}

INSTANTIATE_TEST_SUITE_P(Cases, LyapunovGolden,
                         ::testing::Values("ided", "idnd", "idp", "nsnd_small_epsilon", "nsnd_3h", "insp", "cnsp"));

/// Every Lyapunov case has a golden, and every golden a case.
TEST(LyapunovGoldenSet, OneGoldenPerLyapunovCase) {
  std::set<std::string> cases, goldens;
  for (const auto& f : fs::directory_iterator(lyapunov_cases))
    if (f.path().extension() == ".toml") cases.insert(f.path().stem().string());
  for (const auto& f : fs::directory_iterator(golden_dir))
    if (f.path().extension() == ".json") goldens.insert(f.path().stem().string());
  EXPECT_EQ(cases, goldens);
}

/// Read and written again from its declaration (results/declared_sections.hpp), every golden comes
/// back as the file holds it, byte for byte: the reader reads every field the writer of the
/// file wrote, and the writer writes them as that writer did (an invariant: write ∘ read is
/// the identity on the shipped files).
TEST(LyapunovGoldenSet, EveryGoldenComesBackWholeThroughItsDeclaration) {
  for (const auto& f : fs::directory_iterator(golden_dir)) {
    if (f.path().extension() != ".json") continue;
    std::ifstream in(f.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const vibro::LyapunovGolden golden = vibro::golden_from_json(nlohmann::json::parse(text), f.path().string());
    EXPECT_EQ(vibro::to_json(golden).dump(2) + "\n", text) << f.path();
  }
}

/// A golden without one of its fields is refused with a line that names the field.
TEST(LyapunovGoldenSet, AGoldenMissingAFieldIsRefusedNamingIt) {
  std::ifstream in(golden_dir / "ided.json");
  nlohmann::json j = nlohmann::json::parse(in);
  j.at("long").erase("tolerance_lambda1");
  try {
    vibro::golden_from_json(j, "ided.json");
    FAIL() << "a golden without long.tolerance_lambda1 was read";
  } catch (const vibro::InputError& error) {
    EXPECT_NE(std::string(error.what()).find("tolerance_lambda1"), std::string::npos) << error.what();
  }
}

/// A golden that no longer matches its case refuses to compare (and says how to fix it).
TEST(LyapunovGoldenSet, StaleGoldenIsReportedNotCompared) {
  vibro::LyapunovGolden golden;
  golden.case_info.hash = "0000000000000000";
  golden.written_by = "vibro lyapunov X --write-golden Y";
  const vibro::CaseSpec c = vibro::load_case(lyapunov_cases / "ided.toml");
  const vibro::LyapunovGoldenCheck check = vibro::check_lyapunov_golden(golden, c);
  EXPECT_FALSE(check.passed);
  ASSERT_EQ(check.lines.size(), 1u);
  EXPECT_NE(check.lines[0].find("regenerate with `vibro lyapunov X --write-golden Y`"), std::string::npos);
}

}  // namespace
