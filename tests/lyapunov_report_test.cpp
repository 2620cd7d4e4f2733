// The Lyapunov section of `vibro report` (issue 5, item 6), on the shipped Lyapunov cases cut
// to 20 periods so that it runs in a unit test. Expected content comes from the published
// tables themselves (every method's published pair and status, read here from
// reference/published/) and from the relations' list (every relation gets a verdict line).

#include "vibro/io/case_file.hpp"
#include "vibro/io/golden_file.hpp"
#include "vibro/io/published_table.hpp"
#include "vibro/report/lyapunov_report.hpp"
#include "vibro/report_runs/report_runs.hpp"

#include "support/build_paths.hpp"
#include "support/shortened_cases.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

TEST(LyapunovReport, PublishedNextToComputedWithStatusAndEveryRelation) {
  const fs::path root = fs::temp_directory_path() / ("vibro_lyapunov_report_" + std::to_string(::getpid()));
  const fs::path cases = vibro::testing::shortened_lyapunov_cases(root, 20);
  const vibro::ReportRuns runs = vibro::run_for_report(vibro::load_cases(cases), vibro::RunOptions{}, cases.parent_path(), {},
                                                       vibro::load_published_tables(test_paths::published_dir));
  const std::string md =
      vibro::lyapunov_section(runs, root);

  // One row per case, with its method and ε.
  for (const auto& run : runs.lyapunov)
    EXPECT_NE(md.find("| " + run.spec.name + " | " + run.result.lyapunov.method + ", ε "), std::string::npos)
        << run.spec.name;
  EXPECT_EQ(runs.lyapunov.size(), vibro::case_files(fs::path(test_paths::cases_dir) / "lyapunov").size());
  // Every published Lyapunov pair that a case names appears with its status and id, as the
  // table prints it.
  for (const auto& table : vibro::load_published_tables(test_paths::published_dir)) {
    for (const char* method : {"001.IDED", "001.IDND", "001.NSND", "000.CNSP", "000.INSP", "000.IDP"}) {
      const vibro::PublishedValue* l1 = nullptr;
      const vibro::PublishedValue* l2 = nullptr;
      for (const auto& v : table.values) {
        if (v.id == std::string(method) + ".lambda1") l1 = &v;
        if (v.id == std::string(method) + ".lambda2") l2 = &v;
      }
      if (!l1 || !l2) continue;
      const std::string cell = l1->value.text + ", " + l2->value.text + " (" +
                               std::string(vibro::status_name(l1->status)) + ", " + method + ")";
      EXPECT_NE(md.find(cell), std::string::npos) << cell;
    }
  }
  // Goldens belong to the shipped case files: these shortened copies have none, and show the
  // batch means of their own run instead.
  EXPECT_NE(md.find(" (batch means) |"), std::string::npos);
  EXPECT_EQ(md.find(" (golden) |"), std::string::npos);
  // Against the shipped goldens, the top-level copies are their cases with another horizon
  // (stale), and a family member in a subdirectory whose file has the same stem is not the
  // golden's case (no golden), whatever its stem.
  vibro::ReportRuns runs_with_goldens = runs;
  vibro::attach_goldens(runs_with_goldens, fs::path(test_paths::test_data_dir).parent_path() / "golden" / "lyapunov");
  const std::string with_goldens =
      vibro::lyapunov_section(runs_with_goldens, root);
  EXPECT_NE(with_goldens.find("| lyapunov-ided | IDED, ε exact |"), std::string::npos);
  for (const auto& run : runs.lyapunov) {
    const std::size_t row = with_goldens.find("| " + run.spec.name + " | ");
    ASSERT_NE(row, std::string::npos) << run.spec.name;
    const std::string line = with_goldens.substr(row, with_goldens.find('\n', row) - row);
    const bool top_level = fs::path(run.spec.file).parent_path().filename() == "lyapunov";
    EXPECT_NE(line.find(top_level ? "| golden stale |" : " (batch means) |"), std::string::npos) << line;
  }
  // Every relation once, with its statement; a row per family member of each relation
  // evaluated (at 20 periods the outcomes need not be the recorded ones: any is rendered);
  // and the gate's summary.
  for (const auto& relation : vibro::published_relations()) {
    const std::string header = "**" + relation + "**: " + std::string(vibro::relation_statement(relation));
    const std::size_t first = md.find(header);
    EXPECT_NE(first, std::string::npos) << relation;
    if (first != std::string::npos) {
      EXPECT_EQ(md.find(header, first + header.size()), std::string::npos) << relation << " is listed twice";
    }
  }
  for (const auto& run : runs.lyapunov)
    EXPECT_NE(md.find("| " + *run.spec.lyapunov->family + " | "), std::string::npos) << *run.spec.lyapunov->family;
  EXPECT_NE(md.find(" contradicted as recorded, "), std::string::npos);
  fs::remove_all(root);
}

}  // namespace
