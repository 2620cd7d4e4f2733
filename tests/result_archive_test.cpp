// The bytes `vibro report`'s workers send (report_runs/result_archive.hpp): a result read back from
// them is the result written, field for field. Expected values are the results themselves,
// computed by the runs in this process: the archive must return exactly what it was given
// (compared through the full JSON, samples included, and by writing the read result again).
// The runs are chosen so that every optional section of a result is present in one of them.

#include "vibro/io/case_file.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/report_runs/result_archive.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/results/conservative_findings.hpp"
#include "vibro/results/reference_findings.hpp"
#include "vibro/results/system_findings.hpp"
#include "vibro/results/inertia_findings.hpp"
#include "vibro/results/plot_samples.hpp"
#include "vibro/results/lyapunov_ensemble.hpp"
#include "vibro/results/second_precision.hpp"
#include "support/build_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace {

namespace fs = std::filesystem;

vibro::RunResult run_of(const fs::path& file) {
  vibro::RunOptions options;
  options.precision = vibro::Precision{vibro::ScalarKind::double_, 0};
  options.timing_repeats = 1;  // StudyRow::seconds set
  return vibro::run_case(vibro::load_case(file), options);
}

void expect_round_trip(const vibro::RunResult& written) {
  vibro::ResultArchiveWriter out;
  out << written << 0.1;
  vibro::RunResult read;
  double number = 0;
  vibro::ResultArchiveReader in(out.bytes());
  in >> read >> number;
  in.finish();
  EXPECT_EQ(vibro::to_json(read).dump(), vibro::to_json(written).dump()) << written.case_info.name;
  EXPECT_EQ(number, 0.1);
  vibro::ResultArchiveWriter again;
  again << read << number;
  EXPECT_EQ(again.bytes(), out.bytes()) << written.case_info.name;
}

const fs::path data = test_paths::test_data_dir, cases = test_paths::cases_dir;

/// Each run once: the sections it is chosen for are there (if a case changed so that one
/// went missing, the round trip would no longer cover it), and it comes back whole.
TEST(ResultArchive, RunResultsOfEveryKindComeBackWhole) {
  // A study with timed rows.
  const vibro::RunResult study = run_of(data / "small_study.toml");
  ASSERT_TRUE(study.convergence);
  ASSERT_FALSE(study.convergence->rows.empty());
  EXPECT_TRUE(study.convergence->rows.front().seconds);
  expect_round_trip(study);
  // The free fall's reversal table.
  const vibro::RunResult free_fall = run_of(data / "free_fall.toml");
  EXPECT_TRUE(free_fall.free_fall);
  expect_round_trip(free_fall);
  // An N-DOF study.
  const vibro::RunResult system = run_of(data / "ndof_coupled_study_mmm.toml");
  EXPECT_TRUE(system.run.system);
  expect_round_trip(system);
  // The reference with sticking and its error estimate.
  const vibro::RunResult reference = run_of(data / "report_cases/reference_sticking_oscillator.toml");
  ASSERT_TRUE(reference.run.reference);
  EXPECT_FALSE(reference.run.reference->sticking_intervals.empty());
  EXPECT_TRUE(reference.run.reference->error_estimate);
  expect_round_trip(reference);
  // A seed-003 run with Example 5.1 and plot samples.
  const vibro::RunResult example = run_of(data / "report_cases/nsfd/example51_nonstandard.toml");
  ASSERT_TRUE(example.run.conservative);
  EXPECT_TRUE(example.run.conservative->example51);
  ASSERT_TRUE(example.run.samples);
  EXPECT_FALSE(example.run.samples->rows.empty());
  expect_round_trip(example);
  // A general-inertia run.
  const vibro::RunResult inertia = run_of(cases / "seed004/study_explicit_e1.toml");
  EXPECT_TRUE(inertia.run.inertia);
  expect_round_trip(inertia);
}

TEST(ResultArchive, LyapunovResultWithEnsembleAndSecondPrecisionComesBackWhole) {
  vibro::RunOptions options;
  options.lyapunov_ensemble = 2;
  options.lyapunov_second_precision = vibro::Precision{vibro::ScalarKind::long_double, 0};
  const vibro::LyapunovResult written =
      vibro::run_lyapunov_case(vibro::load_case(data / "report_cases/lyapunov/idnd_short.toml"), options);
  ASSERT_TRUE(written.lyapunov.ensemble);
  ASSERT_EQ(written.lyapunov.ensemble->members.size(), 2u);
  ASSERT_TRUE(written.lyapunov.second_precision);
  ASSERT_TRUE(written.lyapunov.uncertainty);
  vibro::ResultArchiveWriter out;
  out << written;
  vibro::LyapunovResult read;
  vibro::ResultArchiveReader in(out.bytes());
  in >> read;
  in.finish();
  EXPECT_EQ(vibro::to_json(read).dump(), vibro::to_json(written).dump());
  vibro::ResultArchiveWriter again;
  again << read;
  EXPECT_EQ(again.bytes(), out.bytes());
}

TEST(ResultArchive, ShortOrLongBytesAreRefused) {
  vibro::ResultArchiveWriter out;
  out << run_of(data / "free_fall.toml");
  const std::string& bytes = out.bytes();
  for (const std::size_t cut : {std::size_t{0}, std::size_t{1}, bytes.size() / 2, bytes.size() - 1}) {
    vibro::RunResult read;
    vibro::ResultArchiveReader in(std::string_view(bytes).substr(0, cut));
    EXPECT_THROW(in >> read, std::runtime_error) << cut;
  }
  const std::string longer = bytes + "x";
  vibro::RunResult read;
  vibro::ResultArchiveReader in(longer);
  in >> read;
  EXPECT_THROW(in.finish(), std::runtime_error);
}

}  // namespace
