#pragma once
// A shipped study of the Siconos peer (cases/peer/), run as `vibro converge` runs it, for the
// peer tests on the oscillator and on the N-DOF system.

#include "vibro/io/case_file.hpp"
#include "vibro/run/run_case.hpp"
#include "support/build_paths.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace vibro::testing {

/// The study of cases/peer/`file` on 2 threads; each run must have the reference's impacts
/// at every h (checked here, as a failure of the calling test).
inline StudyResult shipped_peer_study(const std::string& file) {
  const CaseSpec c = load_case(std::filesystem::path(test_paths::cases_dir) / "peer" / file);
  RunOptions options;
  options.threads = 2;
  StudyResult study = *run_case(c, options).convergence;
  for (const auto& row : study.rows) EXPECT_EQ(row.impacts.scheme, row.impacts.reference) << file << " at h = " << row.h;
  return study;
}

}  // namespace vibro::testing
