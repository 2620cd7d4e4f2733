// Every machine output of `vibro` against its JSON Schema in docs/schema/ (docs/outputs.md
// "Schemas"), validated by Debian's python3-jsonschema through tests/support/validate_json.py:
// the real executable on small cases, in double, MPFR and rational where the verb takes
// them; a report's index.json and its event files over a small cases directory. The
// validator is part of the declared set-up (scripts/quickstart.sh): without it these tests
// fail. Also: the text twins of a rational run are the exact values, their numbers the
// nearest doubles, and the CSV columns are numeric with the same twins.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"

#include <sys/wait.h>

#include "vibro/io/json_number.hpp"
#include "vibro/scalar/parse_exact.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace {

using vibro::testing::Cli;
using vibro::testing::Outcome;
using vibro::testing::lines_of;
using vibro::testing::quoted;
using vibro::testing::read_text;
namespace fs = std::filesystem;

const fs::path source_dir = test_paths::source_dir;
const fs::path cases_dir = test_paths::cases_dir;
const fs::path report_cases = fs::path(test_paths::test_data_dir) / "report_cases";

/// tests/data/small_study.toml: a study cheap enough for MPFR and --measure-rounding.
const fs::path small_study = fs::path(test_paths::test_data_dir) / "small_study.toml";

class JsonSchema : public Cli {
 protected:
  /// Runs the validator on `files` against docs/schema/`kind`.schema.json.
  Outcome validate(const std::string& kind, const std::vector<fs::path>& files) const {
    std::string command = "/usr/bin/python3 " + quoted(source_dir / "tests/support/validate_json.py") + " " +
                          quoted(source_dir / "docs/schema" / (kind + ".schema.json"));
    for (const fs::path& f : files) command += " " + quoted(f);
    const fs::path out = dir() / "validator.txt";
    const int raw = std::system((command + " >" + quoted(out) + " 2>&1").c_str());
    Outcome outcome;
    if (raw != -1 && WIFEXITED(raw)) outcome.status = WEXITSTATUS(raw);
    outcome.out = read_text(out);
    return outcome;
  }

  /// `vibro arguments`, which must succeed (or exit 1 for a finding); its stdout saved as
  /// `name` and validated against `kind`'s schema.
  nlohmann::json valid_output(const std::string& kind, const std::string& arguments, const std::string& name) {
    const Outcome run = vibro(arguments);
    EXPECT_TRUE(run.status == 0 || run.status == 1) << "vibro " << arguments << ": " << run.err;
    const fs::path file = write(name, run.out);
    const Outcome check = validate(kind, {file});
    EXPECT_EQ(check.status, 0) << "vibro " << arguments << " against docs/schema/" << kind << ".schema.json:\n"
                               << check.out;
    nlohmann::json j;
    EXPECT_NO_THROW(j = nlohmann::json::parse(run.out)) << run.out;
    return j;
  }
};

// --- every output against its schema ----------------------------------------------------

TEST_F(JsonSchema, RunOutputsMatchTheRunSchemaInEveryPrecision) {
  for (const char* precision : {"double", "mpfr:30", "rational"})
    for (const char* file : {"free_fall.toml", "study_cn_free_fall.toml"}) {
      const nlohmann::json j = valid_output(
          "run", std::string("--json --quiet --precision ") + precision + " run " + quoted(cases_dir / file),
          std::string("run-") + file + ".json");
      EXPECT_EQ(j.value("schema_version", 0), 1);
    }
  // The reference (events, settings, error estimate) and a seed-003 case with its sweep;
  // the reference has no rational type.
  for (const char* precision : {"double", "mpfr:30"}) {
    valid_output("run", std::string("--json --quiet --precision ") + precision + " run " +
                            quoted(cases_dir / "reference_sticking_oscillator.toml"),
                 "reference.json");
    valid_output("run", std::string("--json --quiet --precision ") + precision + " run " +
                            quoted(cases_dir / "nsfd/example51_nonstandard.toml"),
                 "nsfd.json");
  }
}

TEST_F(JsonSchema, NdofRunsAndStudiesMatchTheRunSchema) {
  // Lists of coordinates in the model, the initial data and every state; the system findings;
  // a constrained run with sticking, a free one with its closed-form errors, and a study.
  for (const char* precision : {"double", "mpfr:30"}) {
    for (const char* file : {"seed002/exp2_nsps_m1.toml", "seed002/exp1_nsmmm.toml"}) {
      const nlohmann::json j = valid_output(
          "run", std::string("--json --quiet --precision ") + precision + " run " + quoted(cases_dir / file), "ndof.json");
      EXPECT_EQ(j["run"]["final"]["q"].size(), 2u) << file;
      EXPECT_EQ(j["initial"]["q0"].size(), 2u) << file;
      EXPECT_EQ(j["run"]["system"]["coordinates"].size(), 2u) << file;
    }
  }
  valid_output("run", "--json --quiet converge --out " + quoted(dir()) + " " + quoted(cases_dir / "seed002/study_nsps_impacts.toml"),
               "ndof-study.json");
}

TEST_F(JsonSchema, TheProblemAnExternalProgramReadsMatchesItsSchema) {
  // The program saves its stdin and writes nothing (vibro then stops with exit 1): the problem
  // of a one-coordinate case in double and MPFR, in the physical form, of an N-DOF system and
  // of the double pendulum; then of every other model type (the Duffing, constant-force,
  // conservative oscillators with one stop and two, the two-mass-spring system).
  const std::vector<std::pair<fs::path, std::string>> runs = {
      {small_study, "double"}, {small_study, "mpfr:30"}, {cases_dir / "ps_forced_oscillator_physical.toml", "double"},
      {cases_dir / "seed002/exp2_nsps_m1.toml", "double"}, {cases_dir / "seed004/e05_explicit.toml", "double"},
      {cases_dir / "testset/VI-08.toml", "double"}, {cases_dir / "free_fall.toml", "double"},
      {cases_dir / "nsfd/duffing_obstacle_nonstandard.toml", "double"},
      {cases_dir / "nsfd/two_stops_nonstandard.toml", "double"}, {cases_dir / "seed002/exp1_nsmmm.toml", "double"}};
  std::vector<fs::path> problems;
  for (const auto& [file, precision] : runs) {
    const fs::path problem = dir() / ("problem-" + std::to_string(problems.size()) + ".json");
    const Outcome run = vibro("--quiet --precision " + precision + " run " + quoted(file) +
                              " --scheme-command \"sh -c 'cat > " + problem.string() + "'\"");
    EXPECT_EQ(run.status, 1) << run.err;
    EXPECT_NE(run.err.find("wrote nothing to stdout"), std::string::npos) << run.err;
    problems.push_back(problem);
  }
  const Outcome check = validate("external_problem", problems);
  EXPECT_EQ(check.status, 0) << check.out;
  const nlohmann::json mpfr = nlohmann::json::parse(read_text(problems[1]));
  EXPECT_EQ(mpfr["precision"]["name"], "mpfr:30");
  EXPECT_EQ(nlohmann::json::parse(read_text(problems[3]))["dimension"], 2);
  // A study by an external program: the scheme marked external, with its command.
  const nlohmann::json j = valid_output(
      "run", "--json --quiet converge --timing-repeats 0 --out " + quoted(dir()) + " " + quoted(small_study) +
                 " --scheme-command \"python3 " + (source_dir / "tests/data/faulty_scheme.py").string() + " none\"",
      "external-study.json");
  EXPECT_EQ(j["scheme"]["external"], true);
  // A tolerance ladder: the problem carries its rung's tolerance (the case's own run, at the
  // tightest), and the study over it, with its response, matches the run schema.
  const fs::path tolerance_problem = dir() / "problem-tolerance.json";
  const Outcome asked = vibro("--quiet converge --out " + quoted(dir()) + " " + quoted(small_study) +
                              " --tolerances 1e-4,1e-6 --scheme-command \"sh -c 'cat > " + tolerance_problem.string() + "'\"");
  EXPECT_EQ(asked.status, 1) << asked.err;
  const Outcome checked = validate("external_problem", {tolerance_problem});
  EXPECT_EQ(checked.status, 0) << checked.out;
  EXPECT_EQ(nlohmann::json::parse(read_text(tolerance_problem))["tolerance"]["text"], "1e-6");
  const nlohmann::json ladder = valid_output(
      "run", "--json --quiet converge --timing-repeats 1 --out " + quoted(dir()) + " " + quoted(small_study) +
                 " --tolerances 1e-4,1e-6,1e-8 --scheme-command \"python3 " +
                 (source_dir / "tests/data/tolerance_scheme.py").string() + "\"",
      "tolerance-study.json");
  EXPECT_EQ(ladder["convergence"]["rows"][2]["tolerance"], "1e-8");
}

TEST_F(JsonSchema, PhysicalAndDuffingModelsMatchTheRunSchema) {
  const fs::path data = test_paths::test_data_dir;
  for (const char* precision : {"double", "mpfr:30"})
    valid_output("run", std::string("--json --quiet --precision ") + precision + " run " +
                            quoted(data / "physical_oscillator.toml"),
                 "physical.json");
  // The nonlinear reference of the Duffing study is practical in double only.
  valid_output("run", "--json --quiet run " + quoted(data / "duffing_obstacle_study.toml"), "duffing.json");
}

TEST_F(JsonSchema, TheShippedGoldensMatchTheGoldenSchema) {
  std::vector<fs::path> goldens;
  for (const auto& entry : fs::directory_iterator(source_dir / "tests/golden/lyapunov"))
    if (entry.path().extension() == ".json") goldens.push_back(entry.path());
  ASSERT_FALSE(goldens.empty());
  const Outcome check = validate("lyapunov_golden", goldens);
  EXPECT_EQ(check.status, 0) << check.out;
}

TEST_F(JsonSchema, AnIrrationalRootOfThePhysicalFormIsTheNearestDoubleWithItsExactText) {
  // m = 1, k = 2: ω0 = √2 (docs/mathematics.md §1), irrational. IEEE 754 square root is
  // correctly rounded, so std::sqrt(2.0) is the double nearest to √2.
  const fs::path file = write("root_two.toml", R"(
[case]
name = "root-two"
[model]
type = "impact-oscillator"
m = 1
c = 0
k = 2
F = 0
Omega = 1
u_min = 0
e = 1
[initial]
u0 = 1
v0 = 0
[scheme]
type = "paoli-schatzman"
[step]
steps_per_period = 20
[horizon]
periods = 1
)");
  const nlohmann::json j = valid_output("run", "--json --quiet run " + quoted(file), "root-two.json");
  EXPECT_EQ(j["model"]["omega0"].get<double>(), std::sqrt(2.0));
  EXPECT_EQ(j["model"]["omega0_text"], "sqrt(2)");
  EXPECT_EQ(j["model"]["time"], "tau = omega0 t");
}

TEST_F(JsonSchema, ARunAtSeveralPrecisionsMatchesTheComparisonSchema) {
  const nlohmann::json j =
      valid_output("run_comparison", "--json --quiet --precision double,mpfr:30 run " + quoted(cases_dir / "free_fall.toml"),
                   "comparison.json");
  EXPECT_EQ(j["runs"].size(), 2u);
}

TEST_F(JsonSchema, ConvergeOutputsMatchTheRunSchema) {
  for (const char* precision : {"double", "mpfr:30"})
    valid_output("run",
                 std::string("--json --quiet --precision ") + precision + " converge --measure-rounding --out " +
                     quoted(dir()) + " " + quoted(small_study),
                 "converge.json");
  // The oscillator has no rational type (cos ωt); free fall has.
  valid_output("run", "--json --quiet converge --out " + quoted(dir()) + " " + quoted(cases_dir / "free_fall.toml"),
               "converge-rational.json");
}

TEST_F(JsonSchema, OrbitsOutputMatchesItsSchema) {
  const fs::path periodic = cases_dir / "reference_periodic.toml";
  valid_output("orbits", "--json orbits --n 1 3 " + quoted(periodic), "orbits.json");
  valid_output("orbits", "--json orbits --precision mpfr:30 --n 1 2 " + quoted(periodic), "orbits-mpfr.json");
}

#if VIBRO_WITH_ARB
/// The proofs: roots proved orbits, virtual and penetrating ones, at two working precisions.
TEST_F(JsonSchema, OrbitProofsOutputMatchesItsSchema) {
  const fs::path periodic = cases_dir / "reference_periodic.toml";
  valid_output("orbit_proofs", "--json orbits --prove --n 1 3 " + quoted(periodic), "orbit-proofs.json");
  valid_output("orbit_proofs", "--json orbits --prove --digits 25 " + quoted(cases_dir / "orbits/unstable_ided.toml"),
               "orbit-proofs-unstable.json");
}

/// The enclosures: to the horizon, to an impact count, of an N-DOF system (VI-10), and stopped at
/// the width bound.
TEST_F(JsonSchema, EnclosureOutputMatchesItsSchema) {
  const fs::path periodic = cases_dir / "reference_periodic.toml";
  valid_output("enclosure", "--json run --enclose " + quoted(periodic), "enclosure.json");
  valid_output("enclosure", "--json run --enclose --impacts 3 " + quoted(periodic), "enclosure-impacts.json");
  valid_output("enclosure", "--json run --enclose " + quoted(cases_dir / "testset" / "VI-10.toml"), "enclosure-system.json");
  valid_output("enclosure", "--json run --enclose " + quoted(cases_dir / "reference_chaotic.toml"),
               "enclosure-stopped.json");
}
#endif

TEST_F(JsonSchema, LyapunovOutputMatchesItsSchema) {
  const fs::path lyapunov = report_cases / "lyapunov/idnd_short.toml";
  valid_output("lyapunov", "--json --quiet lyapunov --ensemble 2 " + quoted(lyapunov), "lyapunov.json");
  valid_output("lyapunov", "--json --quiet --precision mpfr:20 lyapunov --ensemble 0 " + quoted(lyapunov),
               "lyapunov-mpfr.json");
}

TEST_F(JsonSchema, CheckOutputMatchesItsSchema) {
  valid_output("check",
               "--json --quiet check --cases " + quoted(cases_dir) + " " +
                   quoted(source_dir / "reference/published/seed_002.toml"),
               "check.json");
}

TEST_F(JsonSchema, ListOutputsMatchTheirSchemas) {
  valid_output("list", "--json list --cases " + quoted(cases_dir), "list.json");
  valid_output("schemes", "--json list --schemes", "schemes.json");
}

TEST_F(JsonSchema, TestsetOutputsMatchTheirSchemas) {
  const std::string dirs = " --problems " + quoted(cases_dir / "testset");
  valid_output("testset_list", "--json testset list" + dirs, "testset-list.json");
  const nlohmann::json run =
      valid_output("testset", "--json --quiet testset run --problem VI-02 --problem VI-09 --all --timing-repeats 1 --out " +
                                  quoted(dir() / "testset") + dirs + " --references " +
                                  quoted(source_dir / "reference" / "testset"),
                   "testset.json");
  EXPECT_GE(run["pairs"].size(), 2u);
  const Outcome file = validate("testset", {dir() / "testset" / "testset.json"});
  EXPECT_EQ(file.status, 0) << file.out;
  // A program scored over a tolerance ladder: each score with its tolerance.
  const nlohmann::json ladder = valid_output(
      "testset", "--json --quiet testset run --problem VI-02 --tolerances 1e-6,1e-9 --timing-repeats 0 --out " +
                     quoted(dir() / "testset-ladder") + dirs + " --references " + quoted(source_dir / "reference" / "testset") +
                     " --scheme-command " + quoted(test_paths::peer_odeint_program),
      "testset-ladder.json");
  EXPECT_EQ(ladder["pairs"][0]["scores"][1]["tolerance"], "1e-9");
}

/// `vibro sweep --json`: its summary, and every line of its result file (the header, then
/// points with their wall times).
TEST_F(JsonSchema, SweepSummaryAndResultLinesMatchTheirSchemas) {
  const fs::path out = dir() / "idnd-map.jsonl";
  const nlohmann::json summary =
      valid_output("sweep_summary",
                   "--json --quiet sweep --out " + quoted(out) + " " + quoted(report_cases / "sweeps/idnd_map.sweep.toml"),
                   "sweep-summary.json");
  EXPECT_EQ(summary.at("computed"), 6);
  std::vector<fs::path> lines;
  for (const std::string& line : lines_of(read_text(out)))
    lines.push_back(write("sweep-line" + std::to_string(lines.size()) + ".json", line));
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_TRUE(nlohmann::json::parse(read_text(lines.back())).contains("seconds"));
  const Outcome checked = validate("sweep", lines);
  EXPECT_EQ(checked.status, 0) << checked.out;
}

/// A report over tests/data/report_cases: index.json and every run data file it names.
TEST_F(JsonSchema, ReportIndexAndRunDataFilesMatchTheirSchemas) {
  const fs::path out = dir() / "report";
  const Outcome report = vibro("--quiet report --no-measure-rounding --cases " + quoted(report_cases) +
                               " --published " + quoted(source_dir / "reference/published") + " --goldens " +
                               quoted(source_dir / "tests/golden/lyapunov") + " --out " + quoted(out));
  ASSERT_EQ(report.status, 0) << report.err;
  const Outcome index = validate("index", {out / "index.json"});
  EXPECT_EQ(index.status, 0) << index.out;

  const nlohmann::json j = nlohmann::json::parse(read_text(out / "index.json"));
  std::vector<fs::path> data;
  int with_events = 0;
  for (const auto& [name, runs] : j.at("cases").items())
    for (const auto& r : runs) {
      EXPECT_FALSE(r.at("run").contains("events")) << name;
      EXPECT_FALSE(r.at("run").contains("stroboscopic")) << name;
      if (!r.at("run").contains("data_file")) continue;
      data.push_back(out / r.at("run").at("data_file").get<std::string>());
      with_events += nlohmann::json::parse(read_text(data.back())).contains("events");
    }
  // The reference case, in each of its precisions, moved its events out of index.json.
  EXPECT_GE(with_events, 2);
  const Outcome checked = validate("run_data", data);
  EXPECT_EQ(checked.status, 0) << checked.out;
  // The sweeps' data files (report_cases/sweeps: 6 and 5 points), line by line: the report's
  // copies of `vibro sweep` result lines, without wall times.
  std::vector<fs::path> sweep_lines;
  for (const char* name : {"idnd-map", "sticking-bifurcation"})
    for (const std::string& line : lines_of(read_text(out / "sweeps" / (std::string(name) + ".jsonl"))))
      sweep_lines.push_back(write("sweep_line" + std::to_string(sweep_lines.size()) + ".json", line));
  EXPECT_EQ(sweep_lines.size(), 13u);
  const Outcome sweeps = validate("sweep", sweep_lines);
  EXPECT_EQ(sweeps.status, 0) << sweeps.out;
  // The tables index.md shows beside the runs: the Lyapunov table and seed 003's claims.
  EXPECT_EQ(j.at("lyapunov").at("exponents").size(), 1u);
  EXPECT_FALSE(j.at("seed003_claims").at("piecewise_exactness").empty());
}

/// The schemas are tight: a renamed field, a number written as text and a missing version
/// each fail validation (a schema that accepted anything would pass every test above).
TEST_F(JsonSchema, AChangedOutputFailsValidation) {
  const Outcome run = vibro("--json --quiet run " + quoted(cases_dir / "free_fall.toml"));
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json good = nlohmann::json::parse(run.out);
  ASSERT_EQ(validate("run", {write("good.json", good.dump())}).status, 0);

  nlohmann::json renamed = good;
  renamed["run"]["step_size"] = renamed["run"]["h"];
  renamed["run"].erase("h");
  nlohmann::json as_text = good;
  as_text["run"]["h"] = as_text["run"]["h_text"];
  nlohmann::json unversioned = good;
  unversioned.erase("schema_version");
  for (const auto& [name, bad] : {std::pair{"renamed.json", renamed}, {"as_text.json", as_text},
                                  {"unversioned.json", unversioned}}) {
    const Outcome outcome = validate("run", {write(name, bad.dump())});
    EXPECT_EQ(outcome.status, 1) << name << " passed validation:\n" << outcome.out;
  }
}

// --- numbers and their exact twins -------------------------------------------------------

/// Whether `x` is the double nearest to `exact`: no neighbour of x is nearer (checked in
/// exact rational arithmetic, independently of nearest_double).
::testing::AssertionResult is_nearest_double(double x, const vibro::rational& exact) {
  const auto distance = [&](double y) { return vibro::rational(vibro::bmp::abs(vibro::rational(y) - exact)); };
  const double below = std::nextafter(x, -std::numeric_limits<double>::infinity());
  const double above = std::nextafter(x, std::numeric_limits<double>::infinity());
  if (distance(x) <= distance(below) && distance(x) <= distance(above)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << x << " is not the double nearest to " << exact.str();
}

/// Checks every twin of `j`, at any depth: its text is a number and the JSON number beside
/// it the nearest double to that number. Returns how many it checked.
int checked_twins(const nlohmann::json& j) {
  int twins = 0;
  const std::function<void(const nlohmann::json&)> visit = [&](const nlohmann::json& node) {
    if (node.is_array()) {
      for (const auto& x : node) visit(x);
      return;
    }
    if (!node.is_object()) return;
    for (const auto& [key, value] : node.items()) {
      visit(value);
      if (!key.ends_with("_text") || !value.is_string()) continue;
      const nlohmann::json& number = node.at(key.substr(0, key.size() - std::string("_text").size()));
      const auto exact = vibro::parse_exact(value.get<std::string>());
      EXPECT_TRUE(exact) << key << " = " << value;
      EXPECT_TRUE(number.is_number()) << key;
      if (exact && number.is_number()) {
        EXPECT_TRUE(is_nearest_double(number.get<double>(), *exact)) << key;
      }
      ++twins;
    }
  };
  visit(j);
  return twins;
}

/// Free fall in rational arithmetic (cases/free_fall.toml: h = 2/21, e = 1/2, v0 = −1): the
/// twins hold the case's exact values and seed 000 §2's slope of the post-impact line,
/// −h e v0 = 1/21; every number beside a twin is the nearest double to it.
TEST_F(JsonSchema, RationalTwinsAreExactAndTheirNumbersTheNearestDoubles) {
  const Outcome run = vibro("--json --quiet run " + quoted(cases_dir / "free_fall.toml"));
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json j = nlohmann::json::parse(run.out);
  ASSERT_EQ(j.at("precision").at("name"), "rational");
  EXPECT_EQ(vibro::parse_exact(j.at("run").at("h_text").get<std::string>()), vibro::rational(2, 21));
  EXPECT_EQ(vibro::parse_exact(j.at("model").at("e_text").get<std::string>()), vibro::rational(1, 2));
  EXPECT_EQ(vibro::parse_exact(j.at("free_fall").at("slope_per_step_text").get<std::string>()),
            -(vibro::rational(2, 21) * vibro::rational(1, 2) * vibro::rational(-1)));
  EXPECT_EQ(vibro::parse_exact(j.at("convergence").at("rows").at(1).at("h_value_text").get<std::string>()),
            vibro::rational(2, 41));
  EXPECT_GT(checked_twins(j), 20);
}

/// The same case in MPFR at 30 digits: h's twin carries the 30-digit value of 2/21 (its
/// relative distance from 2/21 at most the unit roundoff 10^(1−30)/2 of 30 digits, far
/// below double's), and every number beside a twin is the nearest double to it.
TEST_F(JsonSchema, MpfrTwinsCarryEveryDigit) {
  const Outcome run = vibro("--json --quiet --precision mpfr:30 run " + quoted(cases_dir / "free_fall.toml"));
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json j = nlohmann::json::parse(run.out);
  const auto h = vibro::parse_exact(j.at("run").at("h_text").get<std::string>());
  ASSERT_TRUE(h);
  const vibro::rational exact(2, 21);
  EXPECT_LE(vibro::bmp::abs(*h - exact) / exact, vibro::rational(1, 2) / vibro::rational(vibro::bmp::pow(vibro::bmp::mpz_int(10), 29)));
  EXPECT_NE(*h, vibro::rational(j.at("run").at("h").get<double>()));  // more than a double holds
  EXPECT_GT(checked_twins(j), 20);
}

/// A double run writes no twins: its numbers are the run's own doubles.
TEST_F(JsonSchema, DoubleRunsHaveNoTwins) {
  const Outcome run = vibro("--json --quiet --precision double run " + quoted(cases_dir / "free_fall.toml"));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out.find("_text\""), std::string::npos);
  const nlohmann::json j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j.at("run").at("h").get<double>(), 2.0 / 21);  // the double the run used: 2 ÷ 21 rounded once
}

TEST(NearestDouble, RoundsFractionsAndDecimalsToNearest) {
  // Named values: 1/3 and 2/21 against the correctly rounded quotients of IEEE division;
  // 0.1 against the literal; a tie 1 + 2⁻⁵³ goes to even (1); non-finite texts have none.
  EXPECT_EQ(vibro::nearest_double("1/3"), 1.0 / 3);
  EXPECT_EQ(vibro::nearest_double("2/21"), 2.0 / 21);
  EXPECT_EQ(vibro::nearest_double("0.1"), 0.1);
  EXPECT_EQ(vibro::nearest_double("1/10"), 0.1);  // the nearest double is above 1/10: not a truncation
  EXPECT_EQ(vibro::nearest_double("9007199254740993/9007199254740992"), 1.0);
  EXPECT_EQ(vibro::nearest_double("1.00000000000000011102230246251565404236316680908203125"), 1.0);
  EXPECT_EQ(vibro::nearest_double("-3/4"), -0.75);
  EXPECT_FALSE(vibro::nearest_double("inf"));
  EXPECT_FALSE(vibro::nearest_double("nan"));
  EXPECT_FALSE(vibro::nearest_double("1e400"));
}

// --- CSV -------------------------------------------------------------------------------------

/// The cells of a CSV line.
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  for (const char c : line + ",") {
    if (c == ',') out.push_back(cell), cell.clear();
    else cell += c;
  }
  return out;
}

/// Whether `text` is a plain decimal number (what gnuplot and pandas read), or empty.
bool numeric(const std::string& text) {
  return text.empty() || (text.find('/') == std::string::npos && vibro::parse_exact(text).has_value());
}

/// A rational study's CSV: every number column numeric, and `_text` twins holding the
/// exact values (free fall's h = 2/21, the case's first step).
TEST_F(JsonSchema, RationalStudyCsvIsNumericWithExactTwins) {
  const Outcome outcome =
      vibro("--quiet converge --out " + quoted(dir()) + " " + quoted(cases_dir / "free_fall.toml"));
  ASSERT_TRUE(outcome.status == 0 || outcome.status == 1) << outcome.err;
  const auto lines = lines_of(read_text(dir() / "free-fall-rational.csv"));
  ASSERT_GE(lines.size(), 2u);
  const std::vector<std::string> header = cells(lines[0]);
  const auto column = [&](const std::string& name) {
    const auto it = std::find(header.begin(), header.end(), name);
    return static_cast<std::size_t>(it - header.begin());
  };
  ASSERT_LT(column("h_value_text"), header.size()) << lines[0];
  ASSERT_LT(column("position_linf_text"), header.size()) << lines[0];
  const std::vector<std::string> first = cells(lines[1]);
  ASSERT_EQ(first.size(), header.size());
  EXPECT_EQ(vibro::parse_exact(first[column("h_value_text")]), vibro::rational(2, 21));
  EXPECT_TRUE(is_nearest_double(std::stod(first[column("h_value")]), vibro::rational(2, 21)));
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] != "h" && !header[i].ends_with("_text")) {
      EXPECT_TRUE(numeric(first[i])) << header[i] << " = " << first[i];
    }
}

/// A rational trajectory: t, u, v numeric, with exact twins at the end of the row.
TEST_F(JsonSchema, RationalTrajectoryCsvIsNumericWithExactTwins) {
  const fs::path csv = dir() / "trajectory.csv";
  const Outcome outcome = vibro("--quiet run --csv " + quoted(csv) + " " + quoted(cases_dir / "free_fall.toml"));
  ASSERT_EQ(outcome.status, 0) << outcome.err;
  const auto lines = lines_of(read_text(csv));
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[0], "n,t,u,v,projection_active,t_text,u_text,v_text");
  // Row n = 1: t = h = 2/21, U^1 = u0 + h v0 = 1 − 2/21 = 19/21 (the linear start).
  const std::vector<std::string> row = cells(lines[2]);
  ASSERT_EQ(row.size(), 8u) << lines[2];
  EXPECT_EQ(vibro::parse_exact(row[5]), vibro::rational(2, 21));
  EXPECT_EQ(vibro::parse_exact(row[6]), vibro::rational(19, 21));
  EXPECT_TRUE(is_nearest_double(std::stod(row[1]), vibro::rational(2, 21)));
  EXPECT_TRUE(is_nearest_double(std::stod(row[2]), vibro::rational(19, 21)));
  for (std::size_t i = 0; i < 5; ++i) EXPECT_TRUE(numeric(row[i])) << i << ": " << row[i];
  // A double run of the same case has no twin columns.
  const Outcome in_double =
      vibro("--quiet --precision double run --csv " + quoted(csv) + " " + quoted(cases_dir / "free_fall.toml"));
  ASSERT_EQ(in_double.status, 0) << in_double.err;
  EXPECT_EQ(lines_of(read_text(csv))[0], "n,t,u,v,projection_active");
}

}  // namespace
