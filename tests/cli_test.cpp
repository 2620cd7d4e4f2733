// The `vibro` command line end to end (docs/architecture.md "Limits and faults", docs/outputs.md): bad input
// exits 2 with exactly one line "vibro: error: ..." on stderr naming the file or option
// and what is allowed; good runs exit 0 with JSON and CSV that say what the input implies.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"

#include "vibro/analysis/free_fall.hpp"
#include "vibro/analysis/nonstandard_experiments.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/case/scheme_catalog.hpp"
#include "vibro/case/scheme_not_built_in.hpp"
#include "vibro/scalar/parse.hpp"
#include "vibro/scheme/paoli_schatzman_class.hpp"
#include "vibro/scheme/trajectory.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <numbers>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::vector<std::string> fields_of(const std::string& row) {
  std::vector<std::string> fields;
  std::istringstream in(row);
  for (std::string field; std::getline(in, field, ',');) fields.push_back(field);
  return fields;
}

/// tests/data/free_fall.toml: 8 steps of h = 1/4 from t0 = 0 to t_end = 2 in exact
/// arithmetic, impact at t = 1.
const fs::path free_fall_case = fs::path(test_paths::test_data_dir) / "free_fall.toml";
constexpr int free_fall_steps = 8;

using namespace vibro::testing;

TEST_F(Cli, BadCaseFileExitsTwoNamingTheFileAndTheKey) {
  // The base case with a key its [horizon] table does not have.
  const fs::path bad = write("bad.toml", read_text(free_fall_case) + "stepz = 8\n");
  EXPECT_TRUE(bad_input(vibro("run " + quoted(bad)), {bad.string(), "key 'horizon.stepz'", "t_end, periods, steps, escape"}));
}

TEST_F(Cli, MalformedCaseFileExitsTwoNamingTheFile) {
  const fs::path bad = write("malformed.toml", read_text(free_fall_case) + "t_end = = 3\n");
  EXPECT_TRUE(bad_input(vibro("run " + quoted(bad)), {bad.string(), "TOML syntax error"}));
}

TEST_F(Cli, MpfrPrecisionBelowTheMinimumExitsTwo) {
  EXPECT_TRUE(bad_input(vibro("--precision mpfr:5 run " + quoted(free_fall_case)),
                        {"'--precision'", "mpfr:5", "[10, 100000]"}));
}

TEST_F(Cli, UnknownPrecisionExitsTwoNamingTheAllowedForms) {
  EXPECT_TRUE(bad_input(vibro("run " + quoted(free_fall_case) + " --precision quad"),
                        {"'--precision'", "quad", "double, long-double, float128, mpfr:DIGITS, rational"}));
}

TEST_F(Cli, MissingCaseFileExitsTwoNamingIt) {
  const fs::path missing = dir() / "no_such_case.toml";
  EXPECT_TRUE(bad_input(vibro("run " + quoted(missing)), {missing.string()}));
}

TEST_F(Cli, FreeFallRunPrintsJsonWithTheExactReversal) {
  const Outcome outcome = vibro("run " + quoted(fs::path(test_paths::cases_dir) / "free_fall.toml") + " --json");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  EXPECT_EQ(outcome.err, "");
  const nlohmann::json result = nlohmann::json::parse(outcome.out);
  // The case asks for precision = "rational", where the seed's prediction holds exactly.
  EXPECT_EQ(result.at("precision").at("name"), "rational");
  EXPECT_EQ(result.at("case").at("name"), "free-fall");
  EXPECT_EQ(result.at("free_fall").at("max_deviation_from_prediction"), 0.0);
  EXPECT_EQ(result.at("free_fall").at("max_deviation_from_prediction_text"), "0");
}

/// The run compares every node with seed 000 §2's prediction as it goes; the largest
/// deviation and the rows around the reversal must be those of the whole trajectory,
/// recorded and compared afterwards (an independent pass). In double they are nonzero.
TEST_F(Cli, FreeFallRunComparesEveryNodeWithThePrediction) {
  // cases/free_fall.toml (u_min = 0, u0 = 1, v0 = −1, e = 1/2, h = 2/21, linear start) to
  // t_end = 20: 210 steps, so that rounding after the reversal outgrows the rows shown.
  // The convergence study and its expectations are cut: they are stated for exact
  // arithmetic, and this run is in double.
  std::string text = read_text(fs::path(test_paths::cases_dir) / "free_fall.toml");
  text.replace(text.find("t_end = 2"), 9, "t_end = 20");
  text.erase(text.find("[convergence]"));
  const Outcome outcome = vibro("run " + quoted(write("long_fall.toml", text)) + " --precision double --json");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json found = nlohmann::json::parse(outcome.out).at("free_fall");
  const double h = vibro::parse_real<double>("2/21"), e = 0.5;
  const vibro::FreeFallReversal<double> prediction(0.0, 1.0, -1.0, h, e);
  const vibro::PaoliSchatzman<vibro::ConstantForce<double>> scheme(
      vibro::ConstantForce<double>(0.0, 0.0, e), h, 0.0,
      {vibro::VelocityApproximation::centered, vibro::StartingValue::linear});
  const auto trajectory = vibro::record_trajectory(scheme, scheme.start(1.0, -1.0), 210);
  double largest = 0;
  std::vector<std::int64_t> rows;
  for (std::size_t n = 0; n < trajectory.size(); ++n) {
    const auto k = static_cast<std::int64_t>(n);
    largest = std::max(largest, std::abs(trajectory.u[n] - prediction.position(k)));
    if (k >= prediction.m() - 2 && k <= prediction.line_start() + 2) rows.push_back(k);
  }
  EXPECT_GT(largest, 0.0);
  EXPECT_EQ(found.at("max_deviation_from_prediction").get<double>(), largest);
  ASSERT_EQ(found.at("table").size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = found.at("table")[i];
    EXPECT_EQ(row.at("n"), rows[i]);
    EXPECT_EQ(row.at("computed").get<double>(), trajectory.u[static_cast<std::size_t>(rows[i])]);
  }
}

TEST_F(Cli, CsvHasOneRowPerStepAndTheStart) {
  const fs::path csv = dir() / "trajectory.csv";
  const Outcome outcome = vibro("run " + quoted(free_fall_case) + " --csv " + quoted(csv));
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const std::vector<std::string> rows = lines_of(read_text(csv));
  ASSERT_EQ(rows.size(), 1u + free_fall_steps + 1u);
  // A rational run: the numbers as decimals, their exact texts at the end of the row.
  EXPECT_EQ(rows[0], "n,t,u,v,projection_active,t_text,u_text,v_text");
  int active = 0;
  for (int n = 0; n <= free_fall_steps; ++n) {
    const std::vector<std::string> fields = fields_of(rows[static_cast<std::size_t>(n) + 1]);
    ASSERT_EQ(fields.size(), 8u) << rows[static_cast<std::size_t>(n) + 1];
    EXPECT_EQ(fields[0], std::to_string(n));
    EXPECT_EQ(vibro::parse_exact(fields[1]), vibro::rational(n, 4)) << fields[1];  // t = n h, a double
    EXPECT_EQ(vibro::parse_exact(fields[5]), vibro::rational(n, 4)) << fields[5];  // and exact
    EXPECT_TRUE(fields[4] == "0" || fields[4] == "1") << fields[4];
    active += fields[4] == "1";
  }
  EXPECT_GE(active, 1);  // the impact at t = 1
}

TEST_F(Cli, ListJsonListsTheShippedCases) {
  const Outcome outcome = vibro("list --json --cases " + quoted(test_paths::cases_dir));
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json listing = nlohmann::json::parse(outcome.out);
  const nlohmann::json& list = listing.at("cases");
  ASSERT_TRUE(list.is_array());
  // Expected: every *.toml file of the directory and of its subdirectories (lyapunov/,
  // nsfd/), listed once, each with a distinct name; not the sweep files (*.sweep.toml).
  std::set<std::string> expected_files;
  for (const auto& entry : fs::recursive_directory_iterator(test_paths::cases_dir))
    if (entry.path().extension() == ".toml" && !entry.path().filename().string().ends_with(".sweep.toml"))
      expected_files.insert(fs::relative(entry.path(), test_paths::cases_dir).generic_string());
  std::set<std::string> names, files;
  for (const auto& c : list) {
    names.insert(c.at("name").get<std::string>());
    files.insert(fs::relative(c.at("file").get<std::string>(), test_paths::cases_dir).generic_string());
  }
  EXPECT_GE(expected_files.size(), 3u);
  EXPECT_EQ(files, expected_files);
  EXPECT_EQ(names.size(), list.size());
  EXPECT_EQ(list.size(), expected_files.size());
  EXPECT_TRUE(names.count("free-fall"));
  EXPECT_TRUE(names.count("nsfd-example51-nonstandard"));
  EXPECT_TRUE(names.count("lyapunov-ided"));
}

/// `vibro list --schemes`: every registered scheme, each case-file name once, with the
/// models, precisions and declared orders its registry entry gives.
TEST_F(Cli, ListSchemesShowsEveryRegisteredScheme) {
  const Outcome outcome = vibro("list --schemes --json");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json listing = nlohmann::json::parse(outcome.out);
  const nlohmann::json& listed = listing.at("schemes");
  const auto& infos = vibro::scheme_infos();
  ASSERT_EQ(listed.size(), infos.size());
  for (std::size_t i = 0; i < infos.size(); ++i) {
    EXPECT_EQ(listed[i].at("names").get<std::vector<std::string>>(), infos[i].names);
    EXPECT_EQ(listed[i].at("precisions"), infos[i].scalars.text());
    EXPECT_EQ(listed[i].at("options").get<std::vector<std::string>>(), infos[i].option_keys);
    std::size_t declared = 0;
    for (const auto& o : infos[i].declared_orders) declared += o.has_value();
    EXPECT_EQ(listed[i].at("declared_orders").size(), declared) << infos[i].names.front();
  }
  const Outcome text = vibro("list --schemes");
  ASSERT_EQ(text.status, 0) << text.err;
  for (const auto& info : infos)
    for (const auto& name : info.names) EXPECT_NE(text.out.find(name), std::string::npos) << name;
  for (const auto& info : infos)
    for (const auto& key : info.option_keys) EXPECT_NE(text.out.find(key), std::string::npos) << key;
}

/// A reference case end to end: the shipped sticking oscillator chatters onto the obstacle,
/// rests and is released (its case file says so); the JSON carries every event, the
/// sticking intervals and an error estimate at 20 more digits than double's 15.
TEST_F(Cli, ReferenceRunReportsEventsStickingAndAnErrorEstimate) {
  const Outcome outcome =
      vibro("run " + quoted(fs::path(test_paths::cases_dir) / "reference_sticking_oscillator.toml") + " --json");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json run = nlohmann::json::parse(outcome.out).at("run");
  const auto& counts = run.at("event_counts");
  EXPECT_GE(counts.at("impact").get<int>(), 1);
  EXPECT_GE(counts.at("accumulation").get<int>(), 1);
  EXPECT_EQ(counts.at("stick"), counts.at("release"));
  EXPECT_EQ(run.at("sticking_intervals").size(), counts.at("stick").get<std::size_t>());
  EXPECT_EQ(run.at("stroboscopic").size(), 7u);  // horizon.periods = 6: X_0 … X_6
  EXPECT_EQ(run.at("error_estimate").at("compared_with"), "mpfr:35");
  // The final state is not sensitive here: at 20 more digits it moves by no more than the
  // double run's contact tolerance, 64 ε S with S = 1 + |u0| + |u_min| + |v0| τ + |a|/(1 + ω²)
  // = 1 + 2 + 0.5 + 0 + 0.8/2.69 ≈ 3.8 (reference_settings.hpp), so below 64 ε · 3.8.
  const double contact_tolerance = 64 * std::numeric_limits<double>::epsilon() * 3.8;
  EXPECT_LT(run.at("error_estimate").at("final_position_difference").get<double>(), contact_tolerance);
  // The text keeps twelve events and counts the intervals from the events: the same count.
  const Outcome text = vibro("run " + quoted(fs::path(test_paths::cases_dir) / "reference_sticking_oscillator.toml"));
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("sticking   " + std::to_string(run.at("sticking_intervals").size()) + " intervals\n"),
            std::string::npos)
      << text.out;
}

/// The shipped chaotic case (λ1 > 0 over 3000 periods, its case file says so) in double:
/// the run succeeds and warns on stderr that double cannot keep 10 correct digits that long.
TEST_F(Cli, ChaoticReferenceRunWarnsThatThePrecisionIsTooLow) {
  const Outcome outcome = vibro("run " + quoted(fs::path(test_paths::cases_dir) / "reference_chaotic.toml") +
                                " --precision double --no-error-estimate --json");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  EXPECT_NE(outcome.err.find("vibro: warning: precision too low for this horizon"), std::string::npos) << outcome.err;
  const nlohmann::json run = nlohmann::json::parse(outcome.out).at("run");
  ASSERT_TRUE(run.at("lyapunov_estimate").at("defined").get<bool>());
  EXPECT_GT(run.at("lyapunov_estimate").at("lambda1_per_unit_time").get<double>(), 0);
  EXPECT_GT(run.at("lyapunov_estimate").at("digits_needed").at("digits").get<long>(), 15);
  EXPECT_EQ(run.at("lyapunov_estimate").at("digits_needed").at("basis"), "lambda1");  // nothing to measure against
  EXPECT_FALSE(run.contains("error_estimate"));  // --no-error-estimate
}

/// `vibro converge`: the corrected scheme's free-fall study (7 step sizes in its case file)
/// writes NAME-PRECISION.csv with a header and one row per step size, and .md; a case
/// without a [convergence] list is bad input.
TEST_F(Cli, ConvergeWritesTheStudyTablesAndRefusesACaseWithoutAStudy) {
  const Outcome outcome = vibro("converge " + quoted(fs::path(test_paths::cases_dir) / "study_cn_free_fall.toml") +
                                " --out " + quoted(dir()));
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const std::vector<std::string> rows = lines_of(read_text(dir() / "study-cn-free-fall-rational.csv"));
  ASSERT_EQ(rows.size(), 1u + 7u);
  EXPECT_TRUE(rows[0].starts_with("h,h_value,steps,scheme_impacts,reference_impacts,position_linf")) << rows[0];
  EXPECT_TRUE(fs::exists(dir() / "study-cn-free-fall-rational.md"));
  EXPECT_TRUE(bad_input(vibro("converge " + quoted(fs::path(test_paths::cases_dir) / "ps_forced_oscillator.toml") + " --out " +
                              quoted(dir())),
                        {"key 'convergence'", "no [convergence] list"}));
}

/// The rounding floor of a double study is measured by default (the study again in long
/// double) and the rounding part of every error is written beside it; `--no-measure-rounding`
/// keeps the model's bound and the outputs say so; an MPFR study is measured (at 20 more
/// digits) only with `--measure-rounding`. The exact non-standard scheme on the free harmonic
/// oscillator: every point is rounding.
TEST_F(Cli, ConvergeMeasuresTheRoundingFloorByDefaultInDoubleAndSaysWhenNot) {
  const std::string study = quoted(fs::path(test_paths::cases_dir) / "nsfd" / "free_harmonic_nonstandard.toml");
  const Outcome measured = vibro("converge " + study + " --quiet --out " + quoted(dir()));
  ASSERT_EQ(measured.status, 0) << measured.err;
  EXPECT_NE(measured.out.find("Rounding floor: measured"), std::string::npos) << measured.out;
  EXPECT_NE(measured.out.find("|error − error at long-double|"), std::string::npos) << measured.out;
  EXPECT_NE(measured.out.find("0.00003125: rounding floor"), std::string::npos) << measured.out;
  const std::vector<std::string> rows = lines_of(read_text(dir() / "nsfd-free-harmonic-nonstandard-double.csv"));
  ASSERT_EQ(rows.size(), 1u + 8u);
  EXPECT_NE(rows[0].find(",impact_time,rounding_position_linf,"), std::string::npos) << rows[0];
  // position_linf is column 5, its rounding part column 5 + 7: all of it is rounding.
  const std::vector<std::string> first = fields_of(rows[1]);
  ASSERT_GT(first.size(), 12u) << rows[1];
  EXPECT_GE(std::stod(first[12]), 0.9 * std::stod(first[5])) << rows[1];

  const Outcome modelled = vibro("run " + study + " --no-measure-rounding --quiet --json");
  ASSERT_EQ(modelled.status, 0) << modelled.err;
  const auto json = nlohmann::json::parse(modelled.out).at("convergence");
  EXPECT_TRUE(json.at("rounding_floor").at("measured_at").is_null());
  EXPECT_NE(json.at("rounding_floor").at("rule").get<std::string>().find("the model's bound"), std::string::npos);
  EXPECT_FALSE(json.at("rows").at(0).contains("rounding_parts"));

  const Outcome in_mpfr = vibro("run " + study + " --precision mpfr:30 --quiet --json");
  ASSERT_EQ(in_mpfr.status, 0) << in_mpfr.err;
  EXPECT_TRUE(nlohmann::json::parse(in_mpfr.out).at("convergence").at("rounding_floor").at("measured_at").is_null());
  const Outcome asked = vibro("run " + study + " --precision mpfr:30 --measure-rounding --quiet --json");
  ASSERT_EQ(asked.status, 0) << asked.err;
  EXPECT_EQ(nlohmann::json::parse(asked.out).at("convergence").at("rounding_floor").at("measured_at"), "mpfr:50");

  EXPECT_TRUE(bad_input(vibro("converge " + study + " --measure-rounding --no-measure-rounding --out " + quoted(dir())),
                        {"--no-measure-rounding", "excludes"}));
}

/// The shipped sweep file given to `vibro run` (a user's first try): refused in one line that
/// names the command that reads it, not its keys as unknown case keys.
TEST_F(Cli, ASweepFileGivenToRunSaysToUseVibroSweep) {
  const fs::path file = fs::path(test_paths::cases_dir) / "sweeps" / "chaotic_family_alpha_r.sweep.toml";
  EXPECT_TRUE(bad_input(vibro("run " + quoted(file)), {"key 'parameter'", "this is a sweep file", "vibro sweep FILE"}));
  EXPECT_TRUE(bad_input(vibro("converge " + quoted(file)), {"this is a sweep file"}));
}

/// A floating precision a scheme does not run in is refused naming the types it runs in (not
/// "needs a floating-point type", which is the exact type's reason): the Siconos peer runs in
/// double only. Skipped in a build without Siconos.
TEST_F(Cli, APrecisionTheSchemeDoesNotRunInIsRefusedNamingTheTypesItRunsIn) {
  const fs::path peer = fs::path(test_paths::cases_dir) / "peer" / "siconos_moreau_jean_periodic.toml";
  try {
    vibro::load_case(peer);
  } catch (const vibro::SchemeNotBuiltIn& why) {
    GTEST_SKIP() << why.what();
  }
  EXPECT_TRUE(bad_input(vibro("run " + quoted(peer) + " --precision mpfr:30"),
                        {"key '--precision'", "runs only in double", "(allowed here: double)"}));
  const Outcome exact = vibro("run " + quoted(peer) + " --precision rational");
  EXPECT_TRUE(bad_input(exact, {"key '--precision'", "needs a floating-point type"}));
}

/// `vibro lyapunov`: the shipped IDED case shortened to 200 periods; the CLI prints what the
/// library computes (the numerics themselves, the sum rule to rounding among them, are
/// asserted in lyapunov_test), and the sum rule field is there for IDED.
TEST_F(Cli, LyapunovPrintsTheLibrarysExponents) {
  std::string text = read_text(fs::path(test_paths::cases_dir) / "lyapunov" / "ided.toml");
  text.replace(text.find("periods = 3000"), std::string("periods = 3000").size(), "periods = 200");
  const fs::path file = write("ided200.toml", text);
  const Outcome outcome = vibro("lyapunov " + quoted(file) + " --json");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json printed = nlohmann::json::parse(outcome.out).at("lyapunov");
  const vibro::LyapunovFindings computed = vibro::run_lyapunov_case(vibro::load_case(file), {}).lyapunov;
  EXPECT_EQ(printed.at("method"), "IDED");
  // A double run: its numbers are the doubles it computed (their shortest texts read back).
  EXPECT_EQ(printed.at("lambda1_per_period").get<double>(), std::stod(computed.lambda1_per_period.text));
  EXPECT_EQ(printed.at("lambda2_per_period").get<double>(), std::stod(computed.lambda2_per_period.text));
  EXPECT_TRUE(printed.contains("sum_rule_per_period"));
  EXPECT_EQ(printed.at("history").back().at("k"), 200);
  EXPECT_TRUE(bad_input(vibro("lyapunov " + quoted(fs::path(test_paths::cases_dir) / "free_fall.toml")),
                        {"key 'lyapunov'", "no [lyapunov] table"}));
  // The exponents need logarithms: the exact type is refused with every reason.
  EXPECT_TRUE(bad_input(vibro("--precision rational lyapunov " + quoted(file)),
                        {"key '--precision'", "Lyapunov exponents need a floating-point type",
                         "allowed here: double, long-double, float128, mpfr:DIGITS"}));
}

/// A number of a JSON output (a JSON number), or of a computed golden (decimal text).
double number(const nlohmann::json& x) { return x.is_string() ? std::stod(x.get<std::string>()) : x.get<double>(); }

/// `--write-golden` (issue 5, item 5) on the IDED case cut to 50 periods: the file holds the
/// short-horizon values at MPFR 50 + 20 digits with the 25-digit tolerance, the long-horizon
/// run with its spread as tolerance (the largest distance to the other runs, recomputed here
/// from the runs the file lists), the command and the case hash; and the command refuses a
/// short horizon its two precisions cannot resolve to 25 digits (mpfr:10 against mpfr:30).
/// `vibro --version` names what a reproduced number depends on: the version, the commit,
/// the compiler and the multiprecision libraries.
TEST_F(Cli, VersionNamesCommitCompilerAndLibraries) {
  const Outcome outcome = vibro("--version");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  for (const char* part : {"vibro 0.1.0 (git ", "compiler ", "Boost 1.", "MPFR 4.", "GMP 6."})
    EXPECT_NE(outcome.out.find(part), std::string::npos) << part << "\n" << outcome.out;
}

/// Every verb's --help lists the options every verb takes, with their descriptions.
TEST_F(Cli, EveryVerbsHelpListsTheSharedOptions) {
  for (const char* verb : {"list", "run", "converge", "lyapunov", "check", "report"}) {
    const Outcome outcome = vibro(std::string(verb) + " --help");
    ASSERT_EQ(outcome.status, 0) << verb << ": " << outcome.err;
    for (const char* option : {"--precision", "--json", "--threads", "--max-steps", "--quiet"})
      EXPECT_NE(outcome.out.find(std::string("  ") + option), std::string::npos) << verb << " --help lacks " << option
                                                                                 << "\n" << outcome.out;
    EXPECT_NE(outcome.out.find("Scalar type: double"), std::string::npos) << verb;
  }
}

/// `vibro converge` without --out writes into vibro-out/ (made), not the working directory.
TEST_F(Cli, ConvergeWritesIntoVibroOutByDefault) {
  const Outcome outcome = vibro_limited("cd " + quoted(dir()),
                                        "converge " + quoted(fs::path(test_paths::cases_dir) / "study_cn_free_fall.toml") + " --quiet");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  EXPECT_TRUE(fs::is_regular_file(dir() / "vibro-out" / "study-cn-free-fall-rational.csv")) << outcome.out;
  EXPECT_FALSE(fs::exists(dir() / "study-cn-free-fall-rational.csv"));
}

TEST_F(Cli, WriteGoldenRecordsMeasuredTolerancesAndRefusesTooFewDigits) {
  std::string text = read_text(fs::path(test_paths::cases_dir) / "lyapunov" / "ided.toml");
  text.replace(text.find("periods = 3000"), std::string("periods = 3000").size(), "periods = 50");
  const fs::path file = write("ided50.toml", text), golden = dir() / "golden.json";
  const Outcome outcome = vibro("lyapunov " + quoted(file) + " --write-golden " + quoted(golden) +
                                " --golden-periods 20 --ensemble 3");
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json g = nlohmann::json::parse(read_text(golden));
  EXPECT_EQ(g["case"]["hash_fnv1a64"], vibro::load_case(file).hash);
  EXPECT_NE(g["written_by"].get<std::string>().find("--write-golden"), std::string::npos);
  EXPECT_EQ(g["short"]["periods"], 20);
  EXPECT_EQ(g["short"]["precision"], "mpfr:50");
  EXPECT_EQ(g["short"]["compared_with"], "mpfr:70");
  EXPECT_GE(g["short"]["agreement_digits"].get<double>(), 25);
  EXPECT_EQ(g["short"]["relative_tolerance"], "1e-25");
  const nlohmann::json& l = g["long"];
  ASSERT_EQ(l["ensemble"].size(), 3u);
  // The tolerance is the run's 95 % uncertainty: at least Student's t(0.975, 3) = 3.182446
  // times the sd of the run and its three recorded nearby starts (recomputed here from the
  // golden's own numbers), and the same as `vibro lyapunov --ensemble 3` states.
  const Outcome run = vibro("lyapunov " + quoted(file) + " --ensemble 3 --json");
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json stated = nlohmann::json::parse(run.out).at("lyapunov").at("uncertainty");
  for (const char* lambda : {"lambda1", "lambda2"}) {
    const std::string key = std::string(lambda) + "_per_period";
    std::vector<double> values = {number(l[key])};
    for (const auto& member : l["ensemble"]) values.push_back(number(member[key]));
    double mean = 0, squares = 0;
    for (const double x : values) mean += x / 4;
    for (const double x : values) squares += (x - mean) * (x - mean);
    const double tolerance = number(l[std::string("tolerance_") + lambda]);
    EXPECT_GE(tolerance, 3.182446 * std::sqrt(squares / 3) * (1 - 1e-6)) << lambda;
    const double half_width = stated.at(lambda).at("half_width_95").get<double>();
    EXPECT_GE(tolerance, half_width) << lambda;
    EXPECT_LE(tolerance, half_width * (1 + 1e-2)) << lambda;  // 4 printed digits, rounded up
  }
  EXPECT_TRUE(bad_input(vibro("lyapunov " + quoted(file) + " --write-golden " + quoted(dir() / "no.json") +
                              " --golden-digits 10 --golden-periods 20 --ensemble 2"),
                        {"key '--golden-periods'", "need 25"}));
  EXPECT_TRUE(bad_input(vibro("lyapunov " + quoted(file) + " --write-golden " + quoted(dir() / "no.json") +
                              " --golden-periods 20 --ensemble 1"),
                        {"key '--ensemble'", "at least 2"}));
  EXPECT_FALSE(fs::exists(dir() / "no.json"));
}

// --- the seed-003 cases (docs/mathematics.md §5) --------------------------------------------------


/// A case file's text without its [convergence] study (the last table of the shipped ones).
std::string without_study(const std::string& text) { return text.substr(0, text.find("\n[convergence]")) + "\n"; }

/// The CSV rows of `vibro run FILE --csv`, split into fields, after checking the header.
std::vector<std::vector<std::string>> nsfd_csv_rows(const std::string& text) {
  const std::vector<std::string> lines = lines_of(text);
  std::vector<std::vector<std::string>> rows;
  if (lines.empty() || lines[0] != "n,t,y,v,projection_active,energy") {
    ADD_FAILURE() << "header '" << (lines.empty() ? "" : lines[0]) << "'";
    return rows;
  }
  for (std::size_t i = 1; i < lines.size(); ++i) {
    rows.push_back(fields_of(lines[i]));
    EXPECT_EQ(rows.back().size(), 6u) << lines[i];
    EXPECT_EQ(rows.back()[0], std::to_string(i - 1)) << lines[i];
  }
  return rows;
}

/// Seed 003 example 5.1 (ω = 10, e = 1/2, z0 = 0, y0 = 1, v0 = 0, Δt = 0.001, t ≤ 2) by the
/// nonstandard scheme. Closed form (docs/mathematics.md §5): impacts at s_n = π/20 + nπ/10, six of them
/// (n = 0…5) before t = 2; the discrete ones lag by 2(n+1)Δt ≤ 12Δt, which keeps s_5 before
/// and s_6 = 2.04 after t = 2. Invariants: z0 = 0 is the equilibrium, so each impact
/// multiplies the discrete energy E (docs/mathematics.md §5) by exactly e² (nonstandard_claims_test's
/// header), and E is constant in a flight; both to energy_rounding_bound (its header), as
/// relative errors: 2 B(steps)ε for a ratio of two energies, 2 B(k)ε for max − min over a
/// flight of at most k = ⌈π/(ωΔt)⌉ + 1 free steps (the flight lasts π/ω). E^0 = ½ω²cos²(θ/2)
/// (the exact start's pair (1, cos θ)).
TEST_F(Cli, NonstandardExample51HasSixImpactsEachMultiplyingTheEnergyByESquared) {
  const fs::path file = write("example51.toml", without_study(read_text(fs::path(test_paths::cases_dir) / "nsfd" /
                                                                         "example51_nonstandard.toml")));
  const fs::path csv = dir() / "example51.csv";
  const Outcome outcome = vibro("run " + quoted(file) + " --json --csv " + quoted(csv));
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const nlohmann::json run = nlohmann::json::parse(outcome.out).at("run");
  const double omega = 10, e = 0.5, h = 0.001, theta = omega * h, eps = std::numeric_limits<double>::epsilon();
  const std::int64_t steps = 2000;  // t_end / h
  EXPECT_EQ(run.at("steps"), steps);
  EXPECT_EQ(run.at("denominator"), "nonstandard");
  EXPECT_EQ(run.at("projection_active").at("impacts"), 6);
  const nlohmann::json& energy = run.at("energy");
  EXPECT_EQ(energy.at("flights"), 7);  // six impacts cut the run into seven flights
  ASSERT_EQ(energy.at("impact_ratios").size(), 6u);
  const double ratio_bound = 2 * vibro::energy_rounding_bound(steps, theta) * eps;
  for (const auto& ratio : energy.at("impact_ratios"))
    EXPECT_NEAR(number(ratio), e * e, ratio_bound * e * e) << ratio;
  EXPECT_LE(number(energy.at("largest_ratio_deviation_from_e_squared")), ratio_bound * e * e);
  const auto flight_steps = static_cast<std::int64_t>(std::ceil(std::numbers::pi / theta)) + 1;
  EXPECT_LE(number(energy.at("largest_relative_variation_in_a_flight")),
            2 * vibro::energy_rounding_bound(flight_steps, theta) * eps);
  const double initial = 0.5 * omega * omega * std::pow(std::cos(theta / 2), 2);
  EXPECT_NEAR(number(run.at("initial_energy")), initial, vibro::energy_rounding_bound(0, theta) * eps * initial);
  EXPECT_NEAR(number(run.at("final_energy")), std::pow(e, 12) * initial, ratio_bound * std::pow(e, 12) * initial);
  EXPECT_EQ(nsfd_csv_rows(read_text(csv)).size(), static_cast<std::size_t>(steps) + 1);
}

/// Δt = π/(4ω) (steps_per_period = 8): t2 = π/(2ω) is the first impact time. Closed forms
/// (nonstandard_claims_test C): the nonstandard scheme gives y² = 2cos²(π/4) − 1 = 0; the
/// standard one, centered start, y¹ = 1 − θ²/2 and y² = 2(1 − π²/32)² − 1 ≈ −0.0434 with
/// the projection inactive (W = y² + e y⁰ > 0 for e = 1/2). Rounding: each side is a few
/// operations (≤ 8) on numbers of size ≤ 2 from π, whose rounding reaches y² with the
/// factor |dy²/dθ| θ < 2: 16 ε absolute. CSV row n marks the step that computed y^{n+1}.
TEST_F(Cli, QuarterPeriodStepPutsTheImpactOnANodeOnlyForTheNonstandardScheme) {
  const double pi = std::numbers::pi, tolerance = 16 * std::numeric_limits<double>::epsilon();
  for (const auto& [name, y2] : {std::pair{"quarter_step_nonstandard", 0.0},
                                 std::pair{"quarter_step_standard", 2 * std::pow(1 - pi * pi / 32, 2) - 1}}) {
    const fs::path csv = dir() / (std::string(name) + ".csv");
    const Outcome outcome =
        vibro("run " + quoted(fs::path(test_paths::cases_dir) / "nsfd" / (std::string(name) + ".toml")) +
              " --json --csv " + quoted(csv));
    ASSERT_EQ(outcome.status, 0) << outcome.err;
    const auto rows = nsfd_csv_rows(read_text(csv));
    ASSERT_EQ(rows.size(), 9u) << name;  // one period of 8 steps
    EXPECT_EQ(rows[1][4], "0") << name;  // y² from a free step
    EXPECT_NEAR(std::stod(rows[2][2]), y2, tolerance) << name;
    const nlohmann::json sample = nlohmann::json::parse(outcome.out).at("run").at("samples").at("rows").at(2);
    EXPECT_NEAR(sample.at(1).get<double>(), y2, tolerance) << name;  // columns t, y, v, energy
  }
}

}  // namespace

namespace {

/// The impact oscillator with the stable (1, 1) orbit of tests/periodic_orbits_test.cpp.
const std::string orbit_case_text =
    "[case]\nname = \"orbit-example\"\nprecision = \"double\"\n[model]\ntype = \"impact-oscillator\"\nalpha = 0.05\n"
    "a = 1\nomega = 2.8\nu_min = 0.065\ne = 0.8\n[initial]\nu0 = 0.1\nv0 = 0\n[scheme]\ntype = \"reference\"\n"
    "[horizon]\nperiods = 10\n";

/// `vibro orbits` lists every root (admissible or rejected, with the reason), as text and
/// JSON, and writes each admissible orbit as a case that starts on it: at 30 digits, the
/// written start is the listing's to every digit, and IDED runs from it with the sum rule
/// of one impact per period.
TEST_F(Cli, OrbitsListsTheRootsAndWritesCasesStartingOnTheAdmissibleOnes) {
  const fs::path file = write("orbit.toml", orbit_case_text);
  const Outcome text = vibro("orbits " + quoted(file) + " --n 1 2");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("admissible, stable"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("(penetrating)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("(a virtual orbit)"), std::string::npos) << text.out;

  const Outcome json_out = vibro("--json orbits " + quoted(file) + " --n 1 --precision mpfr:30");
  ASSERT_EQ(json_out.status, 0) << json_out.err;
  const nlohmann::json listing = nlohmann::json::parse(json_out.out);
  ASSERT_EQ(listing.at("orbits").size(), 2u);
  const nlohmann::json* stable = nullptr;
  for (const auto& o : listing.at("orbits"))
    if (o.at("admissible").get<bool>()) stable = &o;
  ASSERT_TRUE(stable);
  EXPECT_NEAR(stable->at("multiplier1").get<double>(), -0.98606, 5e-6);  // the independent computation

  const fs::path dir = this->dir() / "orbits";
  const Outcome written = vibro("orbits " + quoted(file) + " --n 1 --precision mpfr:30 --periods 40 --write-case " + quoted(dir));
  ASSERT_EQ(written.status, 0) << written.err;
  const fs::path orbit_file = dir / "orbit-example-orbit-1-1-2.toml";
  const vibro::CaseSpec c = vibro::load_case(orbit_file);
  EXPECT_EQ(c.u0.text, stable->at("start_u_text").get<std::string>());
  EXPECT_EQ(c.v0.text, stable->at("start_v_text").get<std::string>());
  const Outcome ided = vibro("--json --quiet lyapunov " + quoted(orbit_file) + " --ensemble 0");
  ASSERT_EQ(ided.status, 0) << ided.err;
  const nlohmann::json l = nlohmann::json::parse(ided.out).at("lyapunov");
  EXPECT_TRUE(l.at("defined").get<bool>());
  EXPECT_EQ(l.at("impacts"), 40);  // one impact per period: the run stays on the (1, 1) orbit
  // A second write does not replace the file.
  EXPECT_TRUE(bad_input(vibro("orbits " + quoted(file) + " --n 1 --write-case " + quoted(dir)), {"exists"}));
  // --periods says how long the written cases run: without --write-case it would be ignored.
  EXPECT_TRUE(bad_input(vibro("orbits " + quoted(file) + " --n 1 --periods 40"), {"--periods", "--write-case"}));
}

TEST_F(Cli, OrbitsRefuseTheExactTypeAndOtherModels) {
  const fs::path file = write("orbit.toml", orbit_case_text);
  EXPECT_TRUE(bad_input(vibro("orbits " + quoted(file) + " --precision rational"), {"floating-point"}));
  EXPECT_TRUE(bad_input(vibro("orbits " + quoted(fs::path(test_paths::cases_dir) / "free_fall.toml")), {"impact oscillator"}));
  EXPECT_TRUE(bad_input(vibro("orbits " + quoted(file) + " --n 3 2"), {"--n"}));
}

TEST_F(Cli, JsonOutWritesWhatJsonPrintsBesideTheText) {
  // --json-out FILE holds exactly what --json prints, while stdout keeps the text.
  const fs::path lyapunov_case = fs::path(test_paths::test_data_dir) / "report_cases/lyapunov/idnd_short.toml";
  for (const std::string& verb : {"run " + quoted(free_fall_case), "lyapunov " + quoted(lyapunov_case) + " --ensemble 2"}) {
    const fs::path file = dir() / "out.json";
    const Outcome both = vibro("--quiet " + verb + " --json-out " + quoted(file));
    ASSERT_EQ(both.status, 0) << both.err;
    EXPECT_NE(both.out.find("case       "), std::string::npos) << both.out;  // the text, not JSON
    const Outcome json = vibro("--quiet --json " + verb);
    ASSERT_EQ(json.status, 0) << json.err;
    EXPECT_EQ(read_text(file), json.out) << verb;
    fs::remove(file);
  }
  // A target that cannot be written is refused before the run; so is a golden with it.
  fs::create_directories(dir() / "folder");
  EXPECT_TRUE(bad_input(vibro("run " + quoted(free_fall_case) + " --json-out " + quoted(dir() / "folder")),
                        {"key '--json-out'", "not a regular file"}));
  EXPECT_TRUE(bad_input(vibro("lyapunov " + quoted(lyapunov_case) + " --write-golden " + quoted(dir() / "g.json") +
                              " --json-out " + quoted(dir() / "x.json")),
                        {"key '--json-out'", "--write-golden"}));
  EXPECT_FALSE(fs::exists(dir() / "g.json"));
}

TEST_F(Cli, ReportInWorkerProcessesWritesTheSameBytesAsOneProcess) {
  // The report's runs made two at a time in worker processes, and one after another in
  // this process: every deterministic file the same, byte for byte (the wall times and the
  // work–precision page, which shows them, are the machine's). A case that fails in a
  // worker fails the report with its own message.
  const fs::path cases = fs::path(test_paths::test_data_dir) / "report_cases";
  const fs::path published = fs::path(test_paths::test_data_dir).parent_path().parent_path() / "reference/published";
  const auto report = [&](const std::string& options, const fs::path& from, const fs::path& out) {
    return vibro("--quiet " + options + " report --no-measure-rounding --published " + quoted(published) + " --cases " +
                 quoted(from) + " --out " + quoted(out));
  };
  const fs::path one = dir() / "one", two = dir() / "two";
  const Outcome sequential = report("--threads 1", cases, one);
  ASSERT_EQ(sequential.status, 0) << sequential.err;
  const Outcome workers = report("--threads 2", cases, two);
  ASSERT_EQ(workers.status, 0) << workers.err;
  EXPECT_NE(read_text(one / "timings.md").find("made one after another"), std::string::npos);
  EXPECT_NE(read_text(two / "timings.md").find("made 2 at a time, each in a worker process"), std::string::npos);
  std::set<fs::path> files_one, files_two;
  for (const auto& [root, files] : {std::pair{one, &files_one}, std::pair{two, &files_two}})
    for (const auto& entry : fs::recursive_directory_iterator(root))
      if (entry.is_regular_file()) files->insert(fs::relative(entry.path(), root));
  EXPECT_EQ(files_one, files_two);
  // What a report over these cases holds (the pages, the machine-readable index, the sweeps'
  // data): compared below with everything else.
  for (const char* page : {"index.md", "index.html", "report.css", "index.json", "sweeps.md", "sweeps/idnd-map.jsonl"})
    EXPECT_TRUE(files_one.contains(page)) << page;
  for (const fs::path& file : files_one) {
    const std::string name = file.filename().string();
    if (name.starts_with("timings.") || name.starts_with("work_precision")) continue;
    EXPECT_EQ(read_text(one / file), read_text(two / file)) << file;
  }

  const fs::path failing = dir() / "failing";
  fs::create_directories(failing);
  fs::copy(cases / "free_fall.toml", failing / "free_fall.toml");
  // Two cases, each accepted when read and refused by its run (more steps than --max-steps
  // allows): the report fails with the run's own message and writes nothing.
  std::ofstream(failing / "long.toml") << std::regex_replace(read_text(cases / "free_fall.toml"),
                                                            std::regex("name = \"[^\"]*\""), "name = \"long\"");
  const Outcome failed = report("--threads 2 --max-steps 4", failing, dir() / "failed");
  EXPECT_TRUE(bad_input(failed, {"--max-steps"})) << failed.err;
  EXPECT_FALSE(fs::exists(dir() / "failed" / "index.md"));
}

}  // namespace
