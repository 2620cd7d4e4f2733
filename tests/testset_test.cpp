// The test set (docs/testset.md): the score on constructed inputs (known errors give known
// digits), the stored values' rounding and their verification on constructed values, the
// reference file read strictly, the shipped problems and their stored values against closed
// forms where the problem has one, every scheme the catalog allows scored at coarse steps,
// and `vibro testset verify` failing on a stored value changed in its last digit.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/io/csv_file.hpp"
#include "vibro/io/stored_peer_scores.hpp"
#include "vibro/io/testset_json.hpp"
#include "vibro/io/testset_reference_file.hpp"
#include "vibro/report/testset_report.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/testset/testset_run.hpp"
#include "vibro/testset/testset_score.hpp"
#include "vibro/testset/testset_values.hpp"
#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <regex>
#include <sstream>

namespace vibro {
namespace {

namespace fs = std::filesystem;

const fs::path problems_dir = fs::path(test_paths::cases_dir) / "testset";
const fs::path references_dir = fs::path(test_paths::cases_dir).parent_path() / "reference" / "testset";

NumberText text(const std::string& t) { return NumberText{t}; }

/// A problem's stored values made by hand: u(T) = 0.5, v(T) = −2 (digits 20), impacts at 1 and 2.
TestsetReference constructed_reference() {
  TestsetReference r;
  r.id = "VI-99";
  r.digits = 20;
  r.t_end = "4";
  r.impacts = 2;
  r.impact_coordinates = {1, 1};
  r.values = {{"u(T)", "5.0000000000000000000e-1", "1e-40"},
              {"v(T)", "-2.0000000000000000000e0", "1e-40"},
              {"t_1", "1.0000000000000000000e0", "1e-40"},
              {"t_2", "2.0000000000000000000e0", "1e-40"}};
  return r;
}

StudyRow row_ending_at(const std::string& t, const std::string& u, const std::string& v,
                       std::vector<NumberText> impacts) {
  StudyRow row;
  row.h = "1/10";
  row.h_value = text("0.1");
  row.steps = 40;
  row.end_time = text(t);
  row.end_position = {text(u)};
  row.end_velocity = {text(v)};
  row.first_impacts = std::move(impacts);
  row.impacts = {static_cast<std::int64_t>(row.first_impacts.size()), 2};
  return row;
}

// Source of the expected digits: the definition scd = −log10 max |x − x_ref| / (1 + |x_ref|).
TEST(TestsetScore, KnownErrorsGiveKnownDigits) {
  // u off by 1.5e-7 (scale 1.5), v off by 3e-9 (scale 3): the largest is 1e-7 → 7 digits.
  const TestsetScore s = testset_score(
      row_ending_at("4", "0.50000015", "-2.000000003", {text("1.001"), text("2.0000002")}), constructed_reference());
  ASSERT_TRUE(s.reached_horizon);
  ASSERT_TRUE(s.state);
  EXPECT_NEAR(s.state->digits, 7.0, 1e-12);
  EXPECT_FALSE(s.state->at_cap);
  // Impact times: |1.001 − 1|/2 = 5e-4 is the larger → 3.30103 digits.
  ASSERT_TRUE(s.impact_times);
  EXPECT_NEAR(s.impact_times->digits, -std::log10(5e-4), 1e-12);
  EXPECT_EQ(s.impacts_seen, 2);
  EXPECT_EQ(s.impacts_reference, 2);
}

TEST(TestsetScore, AnExactResultIsCappedAtTheStoredDigitsAndSaidExact) {
  const TestsetScore s = testset_score(row_ending_at("4", "0.5", "-2", {text("1"), text("2")}), constructed_reference());
  ASSERT_TRUE(s.state);
  EXPECT_TRUE(s.state->at_cap);
  // The largest accuracy is v(T)'s: half the unit 1e-19 of its last digit, plus its bound,
  // over 1 + |−2| (u(T)'s last digit is 1e-20).
  EXPECT_NEAR(s.state->digits, -std::log10((0.5e-19 + 1e-40) / 3), 1e-9);
  // Every error is 0: the run is exact, which "≥ 19.8" would not say.
  EXPECT_EQ(s.state->exactness, Exactness::exact);
  EXPECT_EQ(digits_text(s.state), "exact");
  EXPECT_EQ(digits_text(s.impact_times), "exact");
}

// Errors of 1e-25 are within the cap (1.7e-20) but not 0: "≥ 19.8" by the stored values alone;
// "exact to rounding" where the row's rounding units (ε × scale) are 1e-16, which they are
// within; "≥" again where the units are 1e-30, which they are not.
TEST(TestsetScore, AResultWithinItsRoundingUnitIsExactToRounding) {
  StudyRow row = row_ending_at("4", "0.5000000000000000000000001", "-2.0000000000000000000000001",
                               {text("1.0000000000000000000000001"), text("2")});
  const TestsetReference reference = constructed_reference();
  EXPECT_EQ(digits_text(testset_score(row, reference).state), "≥ 19.8");
  for (const auto& [unit, exactness] :
       {std::pair{"1e-16", Exactness::to_rounding}, std::pair{"1e-30", Exactness::not_exact}}) {
    row.rounding_units.emplace();
    for (NumberText& u : *row.rounding_units) u = text(unit);
    const TestsetScore s = testset_score(row, reference);
    EXPECT_EQ(s.state->exactness, exactness) << unit;
    EXPECT_EQ(s.impact_times->exactness, exactness) << unit;
    EXPECT_EQ(digits_text(s.state), exactness == Exactness::to_rounding ? "exact to rounding" : "≥ 19.8") << unit;
    EXPECT_TRUE(s.state->at_cap) << unit;
  }
}

TEST(TestsetScore, AMissedImpactIsMeasuredFromTheNearestOneSeen) {
  // The scheme saw only the impact at 1: the reference's at 2 is 1 away from it.
  const TestsetScore s = testset_score(row_ending_at("4", "0.5", "-2", {text("1")}), constructed_reference());
  ASSERT_TRUE(s.impact_times);
  EXPECT_NEAR(s.impact_times->digits, -std::log10(1.0 / 3.0), 1e-12);
  EXPECT_EQ(s.impacts_seen, 1);
}

TEST(TestsetScore, NoImpactSeenAndAShortRunHaveNoDigits) {
  const TestsetScore s = testset_score(row_ending_at("3.5", "0.5", "-2", {}), constructed_reference());
  EXPECT_FALSE(s.reached_horizon);
  EXPECT_FALSE(s.state);
  EXPECT_FALSE(s.impact_times);
  EXPECT_EQ(digits_text(s.state), "–");
}

ReferenceValuesAt values_at(long digits, const std::string& u, const std::string& v) {
  ReferenceValuesAt r;
  r.mpfr_digits = digits;
  r.t_end = text("4");
  r.position = {text(u)};
  r.velocity = {text(v)};
  r.impacts = 0;
  return r;
}

CaseSpec constructed_problem() {
  CaseSpec c;
  c.testset = TestsetInfo{"VI-99", "t", "o", "s", 0};
  return c;
}

// Source: the rounding rule of docs/testset.md applied by hand.
/// The cells of an RFC 4180 record that ends at the end of `text` or at an unquoted line
/// break; `rest` gets what follows. An independent reader of the format the CSV claims.
std::vector<std::string> csv_record(const std::string& text, std::string& rest) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  std::size_t i = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted && c == '"' && i + 1 < text.size() && text[i + 1] == '"') cells.back() += text[++i];
    else if (c == '"') quoted = !quoted;
    else if (!quoted && c == ',') cells.emplace_back();
    else if (!quoted && c == '\n') break;
    else cells.back() += c;
  }
  rest = i < text.size() ? text.substr(i + 1) : "";
  return cells;
}

/// Round 4: a program named `ps,v2.py` gave rows of 15 cells under a 14-column header; a
/// quote or a newline broke rows; a name starting with '=' was a spreadsheet formula; the
/// Markdown table split at a newline.
TEST(TestsetFiles, AnyProgramNameIsOneCellOfTheCsvAndTheMarkdown) {
  for (const std::string name : {"ps,v2.py", "say \"hi\".py", "two\nlines|x", "=cmd|' /C calc'!A0", "plain.py"}) {
    TestsetRunResult result;
    TestsetScore score;
    score.h = "T/100";
    score.h_value = NumberText{"0.01"};
    result.pairs.push_back({"VI-02", "forced oscillator", name, "double", "", {score}, std::nullopt, ""});
    std::string rest;
    const std::vector<std::string> header = csv_record(testset_csv(result), rest);
    const std::vector<std::string> row = csv_record(rest, rest);
    ASSERT_EQ(row.size(), header.size()) << name;
    EXPECT_EQ(rest, "") << name;
    EXPECT_EQ(row[1], name.front() == '=' ? "'" + name : name);
    const std::string md = testset_markdown(result);
    const std::size_t summary = md.find("| VI-02 |");
    ASSERT_NE(summary, std::string::npos) << md;
    const std::string line = md.substr(summary, md.find('\n', summary) - summary);
    std::size_t bars = 0;
    for (std::size_t i = 0; i < line.size(); ++i) bars += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
    EXPECT_EQ(bars, 8u) << line;  // seven cells
  }
}

TEST(TestsetValues, StoredDigitsAreTheHigherPrecisionRounded) {
  const TestsetReference r = stored_reference(constructed_problem(), values_at(40, "0.12345678901234567890123", "-31.4159"),
                                              values_at(56, "0.1234567890123456789012345", "-31.41590000000000000000049"),
                                              10);
  ASSERT_EQ(r.values.size(), 2u);
  EXPECT_EQ(r.values[0].name, "u(T)");
  EXPECT_EQ(r.values[0].value, "1.23456789e-1");   // below 1 the unit is 10^(1 − 10) = 1e-9
  EXPECT_EQ(r.values[1].value, "-3.141590000e1");  // unit 1e-9 · 10: ten significant digits
  // The bound is the difference of the two precisions, rounded up: 4.5e-24 → 5e-24.
  EXPECT_EQ(r.values[0].bound, "5e-24");
  EXPECT_EQ(r.values[1].bound, "5e-22");
}

TEST(TestsetValues, ALastDigitChangedByOneUnitIsAnError) {
  const auto lower = values_at(40, "0.12345678901234567890123", "-2");
  const auto higher = values_at(56, "0.1234567890123456789012345", "-2");
  TestsetReference stored = stored_reference(constructed_problem(), lower, higher, 10);
  const TestsetReference fresh = stored;
  EXPECT_TRUE(reference_differences(stored, fresh).empty());
  stored.values[0].value = "1.23456790e-1";
  const std::vector<std::string> d = reference_differences(stored, fresh);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].find("u(T): stored 1.23456790e-1, recomputed 1.23456789e-1"), std::string::npos) << d[0];
}

/// Round 4: verify passed a bound inflated from 3e-48 to 1 (and `testset run` then claimed
/// fewer digits), two equal precisions, trailing zeros added to a value. Each is a difference.
TEST(TestsetValues, EveryFieldVerifyRecomputesIsCompared) {
  const auto lower = values_at(40, "0.12345678901234567890123", "-2");
  const auto higher = values_at(56, "0.1234567890123456789012345", "-2");
  const TestsetReference fresh = stored_reference(constructed_problem(), lower, higher, 10);
  const auto differs = [&](const std::function<void(TestsetReference&)>& edit, const std::string& expected) {
    TestsetReference stored = fresh;
    edit(stored);
    const std::vector<std::string> d = reference_differences(stored, fresh);
    ASSERT_EQ(d.size(), 1u) << expected;
    EXPECT_NE(d[0].find(expected), std::string::npos) << d[0];
  };
  ASSERT_NE(fresh.values[0].bound, "0");
  differs([](TestsetReference& r) { r.values[0].bound = "1"; }, "u(T): stored bound 1 is more than 10 times the recomputed");
  differs([](TestsetReference& r) { r.values[0].value = "1.234567890000e-1"; },
          "u(T): stored 1.234567890000e-1, recomputed 1.23456789e-1");
  differs([](TestsetReference& r) { r.precisions = {"mpfr:40", "mpfr:40"}; }, "precisions: the stored pair must be");
  differs([](TestsetReference& r) { r.precisions = {"mpfr:12", "mpfr:56"}; }, "L ≥ 18");
  differs([](TestsetReference& r) { r.digits = 12; }, "digits: stored 12, the problem's 10");
}

TEST(TestsetValues, DisagreeingPrecisionsAndUndecidedDigitsAreRefused) {
  // The two differ in the 8th digit: more than a twentieth of the 10th.
  EXPECT_THROW(stored_reference(constructed_problem(), values_at(40, "0.12345679", "1"), values_at(56, "0.12345678", "1"), 10),
               RunFailure);
  // 0.1234567895 ± 1e-16 straddles the midpoint between 0.123456789 and 0.123456790.
  EXPECT_THROW(stored_reference(constructed_problem(), values_at(40, "0.1234567895000001", "1"),
                                values_at(56, "0.1234567895", "1"), 10),
               RunFailure);
}

TEST(TestsetReferenceFile, RoundTripsAndRefusesWhatIsNotOne) {
  TestsetReference r = constructed_reference();
  r.command = "vibro testset reference --problem VI-99 --out x";
  r.version = "0";
  r.commit = "abc";
  r.precisions = {"mpfr:36", "mpfr:52"};
  const TestsetReference back = parse_testset_reference(testset_reference_toml(r), "r.toml");
  EXPECT_TRUE(reference_differences(back, r).empty());
  EXPECT_EQ(back.impact_coordinates, r.impact_coordinates);
  std::string text = testset_reference_toml(r);
  const std::string bad = std::regex_replace(text, std::regex("value = \"5.0+e-1\""), "value = \"0.5/1\"");
  try {
    parse_testset_reference(bad, "r.toml");
    FAIL() << "a fraction was read as a stored value";
  } catch (const InputError& e) {
    EXPECT_EQ(e.key(), "value[0].value");
  }
  EXPECT_THROW(parse_testset_reference(text + "\n[extra]\n", "r.toml"), InputError);
  // Any text given on the command line reads back as itself (round 4: a `--commit` with a
  // quote made the file unreadable).
  r.commit = "a \"quoted\" \\ back\\slash\nnewline\ttab\x7f";
  r.command = "vibro testset reference --out 'it\"s'";
  const TestsetReference again = parse_testset_reference(testset_reference_toml(r), "r.toml");
  EXPECT_EQ(again.commit, r.commit);
  EXPECT_EQ(again.command, r.command);
}

TEST(TestsetProblems, EveryProblemLoadsWithItsStoredValues) {
  const std::vector<TestsetProblem> problems = load_testset(problems_dir, references_dir);
  ASSERT_GE(problems.size(), 12u);
  for (const TestsetProblem& p : problems) {
    SCOPED_TRACE(p.problem.file);
    EXPECT_EQ(p.problem.name, p.problem.testset->id);
    EXPECT_EQ(p.reference.digits, testset_digits(p.problem));
    EXPECT_GE(p.reference.digits, p.problem.model.model_kind() == ModelKind::duffing_oscillator ||
                                          p.problem.model.model_kind() == ModelKind::double_pendulum
                                      ? 20
                                      : 30);
    EXPECT_EQ(static_cast<std::int64_t>(p.reference.impact_coordinates.size()),
              std::min<std::int64_t>(p.problem.testset->impacts, p.reference.impacts.value_or(1'000'000)));
  }
}

// docs/testset.md lists what the code has: a section per problem, with its reference plot.
TEST(TestsetProblems, EveryProblemHasItsSectionAndPlotInTheDocs) {
  const fs::path docs = fs::path(test_paths::cases_dir).parent_path() / "docs";
  std::ifstream in(docs / "testset.md");
  std::stringstream text;
  text << in.rdbuf();
  std::size_t sections = 0;
  for (std::size_t at = text.str().find("\n### VI-"); at != std::string::npos; at = text.str().find("\n### VI-", at + 1))
    ++sections;
  const std::vector<CaseSpec> problems = load_testset_problems(problems_dir);
  EXPECT_EQ(sections, problems.size());
  for (const CaseSpec& c : problems) {
    // The anchor the report links to (vi-07), then the heading.
    const std::string heading = "<a id=\"vi-" + c.testset->id.substr(3) + "\"></a>\n### " + c.testset->id + " — " +
                                c.testset->title + "\n";
    EXPECT_NE(text.str().find(heading), std::string::npos) << c.testset->id << ": no section " << heading;
    EXPECT_TRUE(fs::exists(docs / "testset" / (c.testset->id + ".svg"))) << c.testset->id;
  }
}

/// Whether the stored value `name` of `r` is within its accuracy of `exact` (Real: mpfr).
void expect_within_accuracy(const TestsetReference& r, const std::string& name, const mpfr_real& exact) {
  const StoredValue* v = r.value(name);
  ASSERT_NE(v, nullptr) << name;
  const StoredAccuracy a = stored_accuracy(*v);
  const mpfr_real value(a.value), accuracy(a.accuracy);
  EXPECT_LE(abs(value - exact), accuracy) << r.id << " " << name << " = " << v->value;
}

// Source: the closed form of the bouncing ball (cases/testset/VI-01.toml): t_k = 3 − 2^(2−k),
// v−_k = −2^(1−k), v+_k = 2^(−k), accumulation at 3, rest at u = 0 afterwards.
TEST(TestsetProblems, BouncingBallValuesAreItsClosedForm) {
  const MpfrPrecisionGuard guard(80);
  const TestsetReference r = load_testset(problems_dir, references_dir, {"VI-01"}).front().reference;
  EXPECT_FALSE(r.impacts);  // infinitely many
  for (int k = 1; k <= 10; ++k) {
    const std::string i = std::to_string(k);
    expect_within_accuracy(r, "t_" + i, mpfr_real(3) - pow(mpfr_real(2), 2 - k));
    expect_within_accuracy(r, "v-_" + i, -pow(mpfr_real(2), 1 - k));
    expect_within_accuracy(r, "v+_" + i, pow(mpfr_real(2), -k));
  }
  expect_within_accuracy(r, "t_inf_1", mpfr_real(3));
  expect_within_accuracy(r, "u(T)", mpfr_real(0));
  expect_within_accuracy(r, "v(T)", mpfr_real(0));
}

// Source: the closed form of y'' + y = 0 between stops at ±1 (cases/testset/VI-07.toml): from
// a stop s with velocity w the flight is s cos τ + w sin τ = R cos(τ − φ), R = √(1 + w²),
// φ = atan2(w, s); it meets the other stop −s at the first positive τ = φ ± acos(−s/R)
// (mod 2π), with velocity −s sin τ + w cos τ.
TEST(TestsetProblems, TwoStopValuesAreTheirClosedForm) {
  const MpfrPrecisionGuard guard(80);
  const TestsetReference r = load_testset(problems_dir, references_dir, {"VI-07"}).front().reference;
  const mpfr_real pi = boost::math::constants::pi<mpfr_real>(), e("0.9");
  // First flight from (0, 2): 2 sin t = 1 at t = π/6, v− = 2 cos(π/6) = √3.
  mpfr_real t = pi / 6, v_minus = sqrt(mpfr_real(3)), s = 1;
  for (int k = 1; k <= 10; ++k) {
    const std::string i = std::to_string(k);
    expect_within_accuracy(r, "t_" + i, t);
    expect_within_accuracy(r, "v-_" + i, v_minus);
    const mpfr_real w = -e * v_minus;
    expect_within_accuracy(r, "v+_" + i, w);
    EXPECT_EQ(r.impact_coordinates[k - 1], 1);
    // Next flight: u(τ) = s cos τ + w sin τ reaches −s.
    const mpfr_real radius = sqrt(1 + w * w), phase = atan2(w, s);
    const auto positive = [&](mpfr_real x) {
      while (x <= 0) x += 2 * pi;
      while (x > 2 * pi) x -= 2 * pi;
      return x;
    };
    const mpfr_real tau = std::min(positive(phase + acos(-s / radius)), positive(phase - acos(-s / radius)));
    t += tau;
    v_minus = -s * sin(tau) + w * cos(tau);
    s = -s;
  }
}

// Every registered scheme the catalog says runs a problem is scored on it at the two coarsest
// steps of its ladder: the run reaches the horizon with finite digits (the fast tier's check
// that the pairs run; the digits themselves are what the test set measures, not a claim).
TEST(TestsetRun, EverySchemeThatRunsAProblemIsScoredAtCoarseSteps) {
  std::vector<TestsetProblem> problems = load_testset(problems_dir, references_dir);
  for (TestsetProblem& p : problems) p.problem.convergence.resize(2);
  TestsetRunRequest request;
  request.all = true;
  request.timing_repeats = 0;
  const TestsetRunResult result = run_testset(problems, request, RunOptions{});
  std::size_t pairs_of_each[64] = {};
  for (const TestsetPair& pair : result.pairs) {
    SCOPED_TRACE(pair.problem + " by " + pair.scheme);
    ++pairs_of_each[std::stoi(pair.problem.substr(3)) % 64];
    if (pair.failure) {  // a scheme that gives up on a problem is scored as such, with its reason
      EXPECT_TRUE(pair.scores.empty());
      EXPECT_FALSE(pair.failure->empty());
      continue;
    }
    ASSERT_EQ(pair.scores.size(), 2u);
    for (const TestsetScore& s : pair.scores) {
      EXPECT_TRUE(s.reached_horizon);
      ASSERT_TRUE(s.state);
      EXPECT_TRUE(std::isfinite(s.state->digits));
    }
  }
  for (const TestsetProblem& p : problems)
    EXPECT_EQ(pairs_of_each[std::stoi(p.problem.testset->id.substr(3)) % 64],
              schemes_running(p.problem, p.problem.precision).size())
        << p.problem.testset->id;
  EXPECT_TRUE(result.refused.empty());
}

/// `vibro testset verify` of VI-02 against its shipped reference file as `edit` changes it (a
/// copy in the test's directory).
class TestsetCli : public testing::Cli {
 protected:
  testing::Outcome verify_edited(const std::function<void(std::string&)>& edit) const {
    const fs::path copy = dir() / "reference";
    fs::create_directories(copy);
    std::string stored = testing::read_text(references_dir / "VI-02.toml");
    edit(stored);
    std::ofstream(copy / "VI-02.toml") << stored;
    return vibro("--quiet testset verify --problem VI-02 --problems " + testing::quoted(problems_dir) +
                 " --references " + testing::quoted(copy));
  }
};

// The verify test's own check: a stored value changed in its last digit is found.
TEST_F(TestsetCli, VerifyFailsOnAStoredDigitChangedByOneUnit) {
  const testing::Outcome changed = verify_edited([](std::string& stored) {
    // The last digit of u(T)'s value, one unit up (9 wraps to 8: still one unit).
    const std::size_t name = stored.find("name = \"u(T)\"");
    ASSERT_NE(name, std::string::npos);
    const std::size_t e = stored.find('e', stored.find("value = \"", name) + 9);
    char& digit = stored[e - 1];
    digit = digit == '9' ? '8' : static_cast<char>(digit + 1);
  });
  EXPECT_EQ(changed.status, 1) << changed.out << changed.err;
  EXPECT_NE(changed.out.find("FAILED VI-02 u(T): stored"), std::string::npos) << changed.out;
  const testing::Outcome shipped = vibro("--quiet testset verify --problem VI-02 --problems " +
                                         testing::quoted(problems_dir) + " --references " + testing::quoted(references_dir));
  EXPECT_EQ(shipped.status, 0) << shipped.out << shipped.err;
}

// Round 4: a stored precision of mpfr:100000 had verify compute for hours without a word. A
// precision above any that `testset reference` stores for the problem's digits is refused at
// once, naming the file's key.
TEST_F(TestsetCli, VerifyRefusesAStoredPrecisionNoReferenceRunStores) {
  const auto start = std::chrono::steady_clock::now();
  const testing::Outcome huge = verify_edited([](std::string& stored) {
    const std::string shipped = "precisions = [\"mpfr:48\", \"mpfr:64\"]";
    const std::size_t at = stored.find(shipped);
    ASSERT_NE(at, std::string::npos);
    stored.replace(at, shipped.size(), "precisions = [\"mpfr:48\", \"mpfr:100000\"]");
  });
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_TRUE(testing::bad_input(huge, {"key 'provenance.precisions'", "'mpfr:100000' is above any precision"}));
}

TEST_F(TestsetCli, UnknownProblemsAndSchemesAreOneLineErrors) {
  const testing::Outcome problem = vibro("testset list --problem VI-999 --problems " + testing::quoted(problems_dir));
  EXPECT_EQ(problem.status, 2);
  EXPECT_NE(problem.err.find("no problem 'VI-999'"), std::string::npos) << problem.err;
  const testing::Outcome scheme = vibro("testset run --scheme no-such --problems " + testing::quoted(problems_dir));
  EXPECT_EQ(scheme.status, 2);
  EXPECT_NE(scheme.err.find("unknown scheme 'no-such'"), std::string::npos) << scheme.err;
}

// A peer's stored scores (io/stored_peer_scores.hpp) are the document `vibro testset run --json`
// printed: read back, it gives the same document again, exactness included (VI-01's ball at
// rest is "exact to rounding"). Source of the expected document: the writer, on a real run.
TEST(StoredPeerScores, ARunsDocumentReadsBackToTheSameDocument) {
  std::vector<TestsetProblem> problems = load_testset(problems_dir, references_dir, {"VI-01", "VI-02"});
  problems[1].problem.convergence.resize(2);  // VI-01's whole ladder: its finer steps are exact to rounding
  TestsetRunRequest request;
  request.timing_repeats = 0;
  const TestsetRunResult result = run_testset(problems, request, RunOptions{});
  const nlohmann::json written = to_json(result);
  const TestsetRunResult read = testset_run_from_json(written, "run.json");
  ASSERT_EQ(read.pairs.size(), result.pairs.size());
  EXPECT_EQ(to_json(read)["pairs"], written["pairs"]);
  bool exact_to_rounding = false;
  for (const TestsetPair& p : read.pairs)
    for (const TestsetScore& s : p.scores) exact_to_rounding |= s.state && s.state->exactness == Exactness::to_rounding;
  EXPECT_TRUE(exact_to_rounding);
}

/// The scores of a peer that sees `seen` of VI-04's 3 impacts at its finest step, as its document.
nlohmann::json peer_document(std::int64_t seen) {
  TestsetRunResult peer;
  TestsetScore score;
  score.h = "T/100";
  score.h_value = NumberText{"0.01"};
  score.end_time = NumberText{"20"};
  score.state = CorrectDigits{1.4, false, Exactness::not_exact};
  score.impacts_seen = seen;
  score.impacts_reference = 3;
  peer.pairs.push_back({"VI-04", "near-grazing impacts", "scipy-dop853", "double", "", {score}, std::nullopt, ""});
  peer.pairs.push_back({"VI-99", "not run here", "scipy-dop853", "double", "", {score}, std::nullopt, ""});
  return to_json(peer);
}

TEST_F(TestsetCli, AStoredPeerFollowsItsProblemMarkedAndAMissedImpactIsSaidWrong) {
  TestsetRunResult result;
  result.problems = {{"VI-02", "", 20, {}, 0, "", 10}, {"VI-04", "", 20, {}, 0, "", 3}};
  TestsetScore built_in;
  built_in.h = "T/100";
  built_in.impacts_seen = built_in.impacts_reference.emplace(3);
  result.pairs.push_back({"VI-02", "forced", "paoli-schatzman", "double", "", {built_in}, std::nullopt, ""});
  result.pairs.push_back({"VI-04", "near-grazing impacts", "paoli-schatzman", "double", "", {built_in}, std::nullopt, ""});
  result.pairs.push_back({"VI-04", "near-grazing impacts", "corrected-crank-nicolson", "double", "", {}, "gave up", ""});
  const fs::path peers = dir() / "peers";
  fs::create_directories(peers);
  std::ofstream(peers / "scipy-dop853.json") << peer_document(2).dump(2);
  add_stored_peer_scores(result, peers);
  ASSERT_EQ(result.pairs.size(), 4u);  // VI-99 is not a problem of this run
  EXPECT_EQ(result.pairs[3].scheme, "scipy-dop853");  // after VI-04's last pair
  EXPECT_EQ(result.pairs[3].stored, "scipy-dop853.json, vibro " VIBRO_VERSION);
  const std::string md = testset_section(result, {}, dir() / "report");
  EXPECT_NE(md.find("| scipy-dop853 | 1.4 | – | 2 of 3 | *stored* (scipy-dop853.json, vibro " VIBRO_VERSION
                    "); **wrong**: misses 1 of the reference's impacts at the finest step |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| paoli-schatzman | – | – | 3 of 3 | – |"), std::string::npos) << md;
  EXPECT_NE(md.find("Rows marked *stored* are peers"), std::string::npos);
  EXPECT_EQ(md.find("The stored values proved"), std::string::npos) << "no table without the enclosure checks";
}

/// The report's test-set page ends with the table of proved values `vibro testset verify`
/// prints, from the problems' enclosure checks it is given.
TEST_F(TestsetCli, TheReportsPageShowsTheTableOfProvedValues) {
  TestsetRunResult result;
  result.problems = {{"VI-02", "", 20, {}, 0, "", 10}};
  TestsetEnclosureCheck check;
  check.values = 10;
  check.proved = 9;
  check.unreached = {"u(T)"};
  check.stopped_because = "the width bound";
  const std::vector<ProblemProof> proved = {{"VI-02", check}};
  const std::string md = testset_section(result, proved, dir() / "report");
  EXPECT_NE(md.find("The stored values proved"), std::string::npos) << md;
  EXPECT_NE(md.find("| VI-02 | 10 | 9 | 1 | 1 not reached: the width bound |\n| all | 10 | 9 | 1 |  |\n"), std::string::npos)
      << md;
}

TEST_F(TestsetCli, WhatIsNotARunsDocumentIsAOneLineErrorNamingTheFile) {
  const fs::path peers = dir() / "peers";
  fs::create_directories(peers);
  const auto message = [&](const std::string& text) {
    std::ofstream(peers / "bad.json") << text;
    TestsetRunResult result;
    try {
      add_stored_peer_scores(result, peers);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string file = (peers / "bad.json").string();
  EXPECT_EQ(message("{not json"), file + ": not a document of `vibro testset run --json`: not JSON");
  EXPECT_EQ(message(R"({"schema_version": 1, "kind": "testset-list", "problems": []})"),
            file + ": not a document of `vibro testset run --json`: its kind is not testset-run");
  nlohmann::json no_steps = peer_document(3);
  no_steps["pairs"][0]["scores"][0].erase("steps");
  EXPECT_EQ(message(no_steps.dump()), file + ": not a document of `vibro testset run --json`: no key 'steps'");
  no_steps["pairs"][0]["scores"][0]["steps"] = "many";
  EXPECT_EQ(message(no_steps.dump()),
            file + ": not a document of `vibro testset run --json`: key 'steps' has the wrong type");
}

}  // namespace
}  // namespace vibro
