// One meaning of "projection active" in every output (docs/outputs.md): the node the
// projection made. Expected values from invariants of the schemes:
// - with e = 0 the projection puts what it constrains on its bound: the Paoli–Schatzman
//   scheme's U^{n+1} = P(W) − e U^{n−1} = max(W, u_min) (seed 000 eq. (14)), seed 003's
//   eq. (5.9) likewise, NSPS per coordinate (seed 002 eq. (26)); the velocity schemes of
//   seed 002 (eq. (28), (29)) set the clamped velocity to −e v = 0. So every flagged row's
//   position (velocity) is on its bound; a flag one node early (the step that computes
//   U^{n+1}, the convention before) sits on a node that is not.
// - the rows the CSV flags are the nodes `projection_active.first_steps` numbers, and as many
//   as `count`;
// - for N = 1, NSPS is seed 003's NS impact scheme operation for operation
//   (tests/ndof_schemes_test.cpp): the two runs flag the same rows;
// - the log a run keeps (drive/projection_log.hpp), on a sequence written by hand: every
//   active step counted, the first 64 listed, a run of consecutive ones one impact.

#include "support/case_text.hpp"

#include "vibro/case/run_options.hpp"
#include "vibro/drive/projection_log.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/results/run_result.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/scalar/precision.hpp"
#include "vibro/results/projection_activity.hpp"
#include "vibro/results/run_findings.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace vibro::testing {
namespace {

TEST(ProjectionLog, CountsEveryActiveStepListsTheFirstAndCountsARunOfThemAsOneImpact) {
  ProjectionLog log;
  // Steps 1 … 12: active at 3, 4 (a two-step reversal), 6, and 9, 10, 11.
  for (std::int64_t n = 1; n <= 12; ++n) log.observe(n == 3 || n == 4 || n == 6 || (n >= 9 && n <= 11), n);
  RunFindings findings;
  log.record(findings);
  ASSERT_TRUE(findings.projection_active.has_value());
  EXPECT_EQ(findings.projection_active->count, 6);
  EXPECT_EQ(findings.projection_active->first_steps, (std::vector<std::int64_t>{3, 4, 6, 9, 10, 11}));
  EXPECT_EQ(findings.projection_active->impacts, 3);

  // 100 active steps in a row: all counted, the first ProjectionLog::listed listed, one impact.
  ProjectionLog held;
  for (std::int64_t n = 1; n <= 100; ++n) held.observe(true, n);
  held.record(findings);  // replaces the section
  EXPECT_EQ(findings.projection_active->count, 100);
  ASSERT_EQ(findings.projection_active->first_steps.size(), ProjectionLog::listed);
  EXPECT_EQ(findings.projection_active->first_steps.back(), static_cast<std::int64_t>(ProjectionLog::listed));
  EXPECT_EQ(findings.projection_active->impacts, 1);
}

/// The rows of a run, kept as the CSV would write them.
class KeptRows final : public RowSink {
 public:
  void header(const std::vector<RowColumn>& columns, bool) override {
    for (const RowColumn& c : columns) names.push_back(c.name);
  }
  void row(const std::vector<std::string>& cells) override { rows.push_back(cells); }

  std::size_t column(const std::string& name) const {
    const auto at = std::find(names.begin(), names.end(), name);
    EXPECT_NE(at, names.end()) << "no column " << name;
    return static_cast<std::size_t>(at - names.begin());
  }
  /// The values of `name` in the rows flagged projection_active, in order.
  std::vector<std::int64_t> flagged_nodes() const {
    std::vector<std::int64_t> nodes;
    const std::size_t flag = column("projection_active"), n = column("n");
    for (const auto& r : rows)
      if (r[flag] == "1") nodes.push_back(std::stoll(r[n]));
    return nodes;
  }

  std::vector<std::string> names;
  std::vector<std::vector<std::string>> rows;
};

struct FlaggedRun {
  RunResult result;
  KeptRows rows;
};

FlaggedRun run_text(const std::string& text, const std::string& precision) {
  FlaggedRun r;
  RunOptions options;
  options.rows = &r.rows;
  options.precision = Precision::parse(precision);
  r.result = run_case(parse_case("[case]\nname = \"flag\"\n" + text, "flag.toml"), options);
  return r;
}

/// The CSV's flagged rows are the nodes of first_steps, as many as count (all are listed
/// while count ≤ ProjectionLog::listed), and the impacts are the runs of consecutive flagged
/// nodes (a two-step reversal, or a mass held on its bound for many steps, is one impact).
void expect_rows_are_first_steps(const FlaggedRun& r) {
  ASSERT_TRUE(r.result.run.projection_active.has_value());
  const ProjectionActivity& active = *r.result.run.projection_active;
  const std::vector<std::int64_t> flagged = r.rows.flagged_nodes();
  EXPECT_EQ(static_cast<std::int64_t>(flagged.size()), active.count);
  const std::size_t listed = std::min(flagged.size(), active.first_steps.size());
  EXPECT_EQ(std::vector<std::int64_t>(flagged.begin(), flagged.begin() + static_cast<std::ptrdiff_t>(listed)),
            active.first_steps);
  std::int64_t runs = 0;
  for (std::size_t i = 0; i < flagged.size(); ++i)
    if (i == 0 || flagged[i] != flagged[i - 1] + 1) ++runs;
  EXPECT_EQ(runs, active.impacts);
}

/// A 1-DOF case with e = 0 against an obstacle at `obstacle`, whose position column is
/// `position`. The seed-003 cases put the obstacle above the spring's rest point, so that the
/// mass stays pressed against it and the projection acts at many steps.
struct OneDofCase {
  std::string scheme;
  std::string text;
  std::string position;
  double obstacle;
};

std::vector<OneDofCase> one_dof_cases() {
  const std::string impact_oscillator = R"(
[model]
type = "impact-oscillator"
alpha = 0.1
a = 1
omega = 1.2
u_min = 0
e = 0
[initial]
u0 = 0.5
v0 = 0
[scheme]
type = "paoli-schatzman"
[step]
steps_per_period = 200
[horizon]
periods = 6
)";
  const std::string conservative = R"(
[model]
type = "conservative-oscillator"
omega = 10
e = 0
obstacle = 0.5
[initial]
u0 = 1
v0 = 3
[scheme]
type = "nonstandard-impact"
start = "exact"
[step]
h = 0.003
[horizon]
t_end = 3
)";
  return {
      {"paoli-schatzman centered", impact_oscillator, "u", 0},
      {"paoli-schatzman backward",
       with_line(impact_oscillator, "type = \"paoli-schatzman\"",
            "type = \"paoli-schatzman\"\nvelocity = \"backward\"\nstart = \"linear\""),
       "u", 0},
      {"nonstandard-impact", conservative, "y", 0.5},
      {"standard-impact", with_line(conservative, "type = \"nonstandard-impact\"\nstart = \"exact\"", "type = \"standard-impact\""),
       "y", 0.5},
  };
}

class FlagWithRestitutionZero : public ::testing::TestWithParam<const char*> {};

TEST_P(FlagWithRestitutionZero, EveryFlaggedNodeOfAOneDofSchemeLiesOnTheObstacle) {
  for (const OneDofCase& c : one_dof_cases()) {
    SCOPED_TRACE(c.scheme + " in " + GetParam());
    const FlaggedRun r = run_text(c.text, GetParam());
    expect_rows_are_first_steps(r);
    const std::size_t flag = r.rows.column("projection_active"), u = r.rows.column(c.position);
    std::int64_t flagged = 0;
    for (const auto& row : r.rows.rows) {
      if (row[flag] != "1") continue;
      ++flagged;
      // PS with u_min = 0: B = −(1+e)U is exact and U + B = 0 exactly (its increment form);
      // seed 003's y = bound − e·y^{n−1} = 0.5 − 0: the node is the obstacle to the last bit.
      EXPECT_EQ(std::stod(row[u]), c.obstacle) << "row " << row[0];
    }
    EXPECT_GE(flagged, 3) << "the run must exercise the projection";
  }
}

TEST_P(FlagWithRestitutionZero, EveryFlaggedNodeOfAnNdofSchemeIsOnItsBound) {
  // A forced 2-DOF system whose first coordinate hits q1 = 0 (cases/seed002/study_nsps_impacts
  // with e = 0): NSPS puts q1 on the bound; MMM and NSMMM (velocity schemes) set v1 = −e v1 = 0.
  const std::string text = R"(
[model]
type = "linear-system"
mass = [1, 1]
stiffness = [[1, 0], [0, 4]]
lower = [0, "-inf"]
e = 0
force = [0, 1]
Omega = 1
[initial]
q0 = [0.9, 0.5]
v0 = [0.2, 0]
[scheme]
type = "SCHEME"
[step]
steps_per_period = 100
[horizon]
periods = 3
)";
  for (const auto& [scheme, column] : {std::pair{"nonstandard-paoli-schatzman", "q1"},
                                       std::pair{"moreau-monteiro-marques", "v1"}, std::pair{"nonstandard-mmm", "v1"}}) {
    SCOPED_TRACE(std::string(scheme) + " in " + GetParam());
    const FlaggedRun r = run_text(with_line(text, "type = \"SCHEME\"", "type = \"" + std::string(scheme) + "\""), GetParam());
    expect_rows_are_first_steps(r);
    const std::size_t flag = r.rows.column("projection_active"), value = r.rows.column(column);
    std::int64_t flagged = 0;
    for (const auto& row : r.rows.rows) {
      if (row[flag] != "1") continue;
      ++flagged;
      EXPECT_EQ(std::stod(row[value]), 0.0) << column << " of row " << row[0];
    }
    EXPECT_GE(flagged, 1) << "the run must exercise the projection";
  }
}

INSTANTIATE_TEST_SUITE_P(Precisions, FlagWithRestitutionZero, ::testing::Values("double", "mpfr:40"),
                         [](const auto& info) { return std::string(info.param[0] == 'd' ? "Double" : "Mpfr40"); });

TEST(ProjectionFlag, NspsInOneDimensionAndTheNsImpactSchemeFlagTheSameRows) {
  // The data of tests/ndof_schemes_test.cpp's bit-for-bit comparison: ω = 10 (ω² = 100 has
  // the exact root 10), z0 = −0.3, e = 0.7, Δt = 0.01.
  const FlaggedRun nsps = run_text(R"(
[model]
type = "linear-system"
mass = [1]
stiffness = [[100]]
lower = [-0.3]
e = 0.7
[initial]
q0 = [0.4]
v0 = [-3]
[scheme]
type = "nonstandard-paoli-schatzman"
[step]
h = 0.01
[horizon]
t_end = 30
)",
                            "double");
  const FlaggedRun ns = run_text(R"(
[model]
type = "conservative-oscillator"
omega = 10
e = 0.7
obstacle = -0.3
[initial]
u0 = 0.4
v0 = -3
[scheme]
type = "nonstandard-impact"
start = "exact"
[step]
h = 0.01
[horizon]
t_end = 30
)",
                          "double");
  ASSERT_EQ(nsps.rows.rows.size(), ns.rows.rows.size());
  const std::size_t a = nsps.rows.column("projection_active"), b = ns.rows.column("projection_active");
  const std::size_t qa = nsps.rows.column("q1"), qb = ns.rows.column("y");
  std::int64_t flagged = 0;
  for (std::size_t k = 0; k < ns.rows.rows.size(); ++k) {
    ASSERT_EQ(nsps.rows.rows[k][qa], ns.rows.rows[k][qb]) << "row " << k;
    ASSERT_EQ(nsps.rows.rows[k][a], ns.rows.rows[k][b]) << "row " << k;
    flagged += ns.rows.rows[k][b] == "1";
  }
  EXPECT_GT(flagged, 10) << "the run must exercise the projection";
  EXPECT_EQ(nsps.result.run.projection_active->first_steps, ns.result.run.projection_active->first_steps);
  EXPECT_EQ(nsps.result.run.projection_active->count, ns.result.run.projection_active->count);
}

}  // namespace
}  // namespace vibro::testing
