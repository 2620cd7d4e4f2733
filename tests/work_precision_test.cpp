// The work–precision page of `vibro report` (report/work_precision.hpp): which point a
// "time to X" is, what an unreached target says, which studies are one problem, and the
// page a report over a small set of cases writes (docs/convergence.md "Work–precision").
// Expected values are written by hand from the curves each test builds; the report's times
// are machine dependent, so the end-to-end test checks the page's structure and that each
// time cell is either a time or a reason.

#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"
#include "vibro/io/stored_peer_scores.hpp"
#include "vibro/report/work_precision.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using vibro::WorkCurve;
using vibro::WorkPoint;
using vibro::testing::Cli;
using vibro::testing::Outcome;
using vibro::testing::quoted;

/// A curve of three step sizes: errors 1e−2, 1e−4, 1e−7 at 1, 2 and 8 ms.
WorkCurve three_points(bool finest_at_floor) {
  return {"case", "scheme",
          {WorkPoint{"T/10", 0.001, 1e-2, false}, WorkPoint{"T/100", 0.002, 1e-4, false},
           WorkPoint{"T/1000", 0.008, 1e-7, finest_at_floor}}};
}

/// "Time to X" is the time of the cheapest measured point whose error is ≤ X, never an
/// interpolation; a target no point reaches has no time.
TEST(WorkPrecision, TimeToReachIsTheCheapestPointAtOrBelowTheTarget) {
  const WorkCurve curve = three_points(false);
  EXPECT_EQ(vibro::time_to_reach(curve, 1e-3), 0.002);
  EXPECT_EQ(vibro::time_to_reach(curve, 1e-2), 0.001);  // ≤, not <
  EXPECT_EQ(vibro::time_to_reach(curve, 1e-6), 0.008);
  EXPECT_FALSE(vibro::time_to_reach(curve, 1e-9));
  // A finer point that happens to be cheaper (a noisy timing) is the one taken.
  WorkCurve noisy = curve;
  noisy.points[2].seconds = 0.0015;
  EXPECT_EQ(vibro::time_to_reach(noisy, 1e-3), 0.0015);
}

/// How close a curve came, for the targets it does not reach: its smallest error and the step
/// size of it, with the rounding floor named when the study labels a point as at it.
TEST(WorkPrecision, SmallestErrorSaysWhereAndWhetherTheStudyHitItsFloor) {
  EXPECT_EQ(vibro::smallest_error(three_points(true)), "1.0e-07 at T/1000, rounding floor");
  EXPECT_EQ(vibro::smallest_error(three_points(false)), "1.0e-07 at T/1000");
}

/// Issue 51 item 3: step sizes as T/N or a short decimal, never a long fraction.
TEST(WorkPrecision, StepSizesAreShownAsTOverNOrAShortDecimal) {
  EXPECT_EQ(vibro::shown_step(WorkPoint{"T/12800", 0, 0, false, 0.000490873852123405}), "T/12800");
  // 2/1281 = 0.00156128…: four significant digits.
  EXPECT_EQ(vibro::shown_step(WorkPoint{"2/1281", 0, 0, false, 2.0 / 1281}), "0.001561");
  EXPECT_EQ(vibro::shown_step(WorkPoint{"0.00003125", 0, 0, false, 0.00003125}), "3.125e-05");
  // A point of a tolerance ladder is named by its tolerance: its h is the same at every point.
  EXPECT_EQ(vibro::shown_step(WorkPoint{"T/100", 0, 0, false, 0.0314, std::string("1e-8")}), "tol 1e-8");
}

/// The oscillator of tests/data/small_study.toml (one period, above an obstacle, e = 1/2)
/// with scheme `scheme` over `periods` periods.
std::string small_case(const std::string& name, const std::string& scheme, int periods) {
  return "[case]\nname = \"" + name +
         "\"\n[model]\ntype = \"impact-oscillator\"\nalpha = 0\na = 0\nomega = 1\nu_min = 0\ne = \"1/2\"\n"
         "[initial]\nu0 = 1\nv0 = 0\n[scheme]\ntype = \"" +
         scheme + "\"\n[step]\nsteps_per_period = 50\n[horizon]\nperiods = " + std::to_string(periods) +
         "\n[convergence]\nsteps_per_period = [50, 100, 200, 400]\nscalars = [\"double\"]\norders = \"measured\"\n";
}

/// A report over two schemes on one problem and a third case over another horizon: the page
/// has one problem, its plot shown under it, with both schemes' rows (each time cell a time
/// with its ratio, or "—"; each case linked to its section on the cases page), leaves the
/// third case out (no other study solves its problem), and index.md links the page.
TEST_F(Cli, ReportWritesOneWorkPrecisionProblemPerProblemSolvedTwice) {
  const fs::path cases = dir() / "cases";
  fs::create_directories(cases);
  write("cases/ps.toml", small_case("wp-ps", "paoli-schatzman", 1));
  write("cases/cn.toml", small_case("wp-cn", "corrected-crank-nicolson", 1));
  write("cases/ps2.toml", small_case("wp-ps-two-periods", "paoli-schatzman", 2));
  const fs::path source = fs::path(test_paths::cases_dir).parent_path();
  const fs::path out = dir() / "report";
  const Outcome report = vibro("--quiet report --cases " + quoted(cases) + " --published " +
                               quoted(source / "reference/published") + " --goldens " +
                               quoted(source / "tests/golden/lyapunov") + " --out " + quoted(out));
  ASSERT_EQ(report.status, 0) << report.err;
  const std::string page = vibro::testing::read_text(out / "work_precision.md");
  EXPECT_NE(page.find("## Problem 1\n"), std::string::npos) << page;
  EXPECT_EQ(page.find("## Problem 2"), std::string::npos) << page;
  EXPECT_EQ(page.find("wp-ps-two-periods"), std::string::npos) << page;
  int rows = 0;
  for (const std::string& line : vibro::testing::lines_of(page)) {
    if (!line.starts_with("| [`wp-")) continue;
    ++rows;
    // case, scheme, three targets, smallest error, step sizes: every target cell a time or "—".
    std::vector<std::string> cells;
    std::size_t from = 1;
    for (std::size_t bar = line.find('|', from); bar != std::string::npos; bar = line.find('|', from)) {
      cells.push_back(line.substr(from, bar - from));
      from = bar + 1;
    }
    ASSERT_EQ(cells.size(), 7u) << line;
    EXPECT_NE(cells[0].find("](cases.md#case-wp-"), std::string::npos) << cells[0];
    for (std::size_t t = 2; t < 5; ++t)
      EXPECT_TRUE(cells[t].find("s (") != std::string::npos || cells[t] == " — ") << cells[t];
    EXPECT_NE(cells[5].find(" at T/"), std::string::npos) << line;
    EXPECT_NE(cells[6].find("T/50 … T/400"), std::string::npos) << line;
  }
  EXPECT_EQ(rows, 2) << page;
  EXPECT_NE(page.find("(fastest)"), std::string::npos) << page;
  EXPECT_NE(page.find("](work_precision_1.svg)"), std::string::npos) << "the plot is shown, not linked: " << page;
  EXPECT_TRUE(fs::exists(out / "work_precision_1.svg")) << "is gnuplot installed?";
  EXPECT_NE(vibro::testing::read_text(out / "index.md").find("(work_precision.md)"), std::string::npos);
}

/// A peer's stored study of a case (reference/peers/work_precision/, io/stored_peer_scores.hpp)
/// is drawn with that case's problem, marked stored, its points never at a rounding floor (the
/// study's rule labels an event-driven program's flat error so: not the program's floor), its
/// untimed step sizes left out; the page says what stored means. A document that is not a
/// study is a one-line error naming the file.
/// A study document `vibro converge --json` wrote for a peer on case wp-ps: T/50 and T/200 timed,
/// T/100 not; the study's rule labels every point at the rounding floor.
std::string stored_study_document() {
  const auto row = [](const std::string& h, const char* seconds, const char* error) {
    return R"({"h": ")" + h + R"(", "h_value": 0.1, "seconds": )" + seconds + R"(, "evaluations": 1000, "errors": {"position_linf": )" +
           error + "}}";
  };
  return R"({"vibro_version": "9.9", "case": {"name": "wp-ps"}, "scheme": {"type": "my-peer"}, "convergence": {"rows": [)" +
         row("T/50", "0.004", "3.4e-12") + ", " + row("T/100", "null", "3.4e-12") + ", " + row("T/200", "0.005", "3.5e-12") +
         R"(], "orders": {"position_linf": {"status": ["rounding floor", "rounding floor", "rounding floor"]}}}})";
}

TEST_F(Cli, AStoredPeerStudyReadsAsItsCurveWithoutTheFloorLabel) {
  fs::create_directories(dir() / "studies");
  write("studies/peer--ps.json", stored_study_document());
  const std::vector<WorkCurve> curves = vibro::stored_peer_studies(dir() / "studies");
  ASSERT_EQ(curves.size(), 1u);
  EXPECT_EQ(curves[0].case_name, "wp-ps");
  EXPECT_EQ(curves[0].scheme, "my-peer");
  EXPECT_EQ(curves[0].stored, "peer--ps.json, vibro 9.9");
  ASSERT_EQ(curves[0].points.size(), 2u);  // T/100 was not timed
  EXPECT_EQ(curves[0].points[1].h, "T/200");
  EXPECT_EQ(curves[0].points[1].seconds, 0.005);
  EXPECT_EQ(curves[0].points[1].error, 3.5e-12);
  EXPECT_EQ(curves[0].points[1].evaluations, 1000);  // the work the program reported
  for (const WorkPoint& p : curves[0].points) EXPECT_FALSE(p.at_floor) << p.h;
}

TEST_F(Cli, AStoredPeerStudyJoinsItsCasesProblem) {
  const fs::path cases = dir() / "cases";
  fs::create_directories(cases);
  write("cases/ps.toml", small_case("wp-ps", "paoli-schatzman", 1));
  fs::create_directories(dir() / "reference/peers/work_precision");
  write("reference/peers/work_precision/peer--ps.json", stored_study_document());
  write("cases/cn.toml", small_case("wp-cn", "corrected-crank-nicolson", 2));  // another problem: no other study
  const fs::path source = fs::path(test_paths::cases_dir).parent_path();
  const auto report = [&] {
    return vibro("--quiet report --cases " + quoted(cases) + " --published " + quoted(source / "reference/published") +
                 " --goldens " + quoted(source / "tests/golden/lyapunov") + " --out " + quoted(dir() / "report"));
  };
  const Outcome done = report();
  ASSERT_EQ(done.status, 0) << done.err;
  const std::string page = vibro::testing::read_text(dir() / "report/work_precision.md");
  EXPECT_NE(page.find("## Problem 1\n"), std::string::npos) << page;  // wp-ps and the peer: two curves
  EXPECT_NE(page.find("| my-peer (stored) |"), std::string::npos) << page;
  EXPECT_NE(page.find("3.4e-12 at T/50 |"), std::string::npos) << "no \"rounding floor\" for a peer: " << page;
  EXPECT_NE(page.find("| T/50 … T/200 |"), std::string::npos) << "the untimed T/100 left out: " << page;
  EXPECT_NE(page.find("A scheme marked *(stored)* is a peer"), std::string::npos);
  // The peer reported its evaluations: its errors are drawn against them too, and only its.
  EXPECT_NE(page.find("work_precision_1_evaluations.svg"), std::string::npos) << page;
  EXPECT_TRUE(fs::exists(dir() / "report/work_precision_1_evaluations.svg"));
  write("reference/peers/work_precision/peer--ps.json", R"({"case": {"name": "wp-ps"}})");
  const Outcome refused = report();
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.err.find("peer--ps.json: not a document of `vibro converge --json`: a key is missing"),
            std::string::npos)
      << refused.err;
}

/// The TOML tables [model], [initial], [scheme] and [horizon] of a case file, comments and
/// blank lines left out.
std::string problem_tables(const fs::path& file) {
  std::istringstream text(vibro::testing::read_text(file));
  std::string line, table, kept;
  while (std::getline(text, line)) {
    if (line.empty() || line.front() == '#') continue;
    if (line.front() == '[') table = line;
    if (table == "[model]" || table == "[initial]" || table == "[scheme]" || table == "[horizon]") kept += line + "\n";
  }
  return kept;
}

/// bench/cases/ps_increment_periodic_deep.toml measures PS below 1e−6 on the work–precision
/// periodic problem (docs/performance.md): it must be that problem and that scheme, deeper.
TEST(WorkPrecision, DeepPsCaseIsThePeriodicWorkPrecisionProblem) {
  const fs::path cases(test_paths::cases_dir);
  const std::string shipped = problem_tables(cases / "work_precision" / "periodic_ps_centered.toml");
  EXPECT_NE(shipped.find("[horizon]"), std::string::npos) << shipped;
  EXPECT_EQ(problem_tables(cases.parent_path() / "bench" / "cases" / "ps_increment_periodic_deep.toml"), shipped);
}

}  // namespace
