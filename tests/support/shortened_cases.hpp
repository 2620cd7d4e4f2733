#pragma once
// The shipped Lyapunov cases with a short horizon, so that a report over them runs in a
// unit test.

#include "vibro/io/case_file.hpp"
#include "support/build_paths.hpp"

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace vibro::testing {

/// A copy of cases/`folder`/ (for cases/lyapunov/, every family member) under
/// `root`/cases/`folder` with every horizon cut to `periods`; returns `root`/cases.
inline std::filesystem::path shortened_lyapunov_cases(const std::filesystem::path& root, int periods,
                                                      const std::string& folder = "lyapunov") {
  namespace fs = std::filesystem;
  const fs::path from = fs::path(test_paths::cases_dir) / folder, dir = root / "cases" / folder;
  for (const auto& file : case_files(from)) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    const fs::path to = dir / fs::relative(file, from);
    fs::create_directories(to.parent_path());
    std::ofstream(to) << std::regex_replace(text.str(), std::regex("periods = [0-9]+"),
                                            "periods = " + std::to_string(periods));
  }
  return root / "cases";
}

}  // namespace vibro::testing
