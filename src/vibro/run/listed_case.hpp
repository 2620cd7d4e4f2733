#pragma once
#include "vibro/results/listing_result.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace vibro {

/// The case files of `directory` and its subdirectories (io/case_file.hpp, case_files), each
/// read and checked (InputError for a bad one). A case whose scheme is not built in (the
/// Siconos peer's without Siconos) is left out, and why is added to `skipped`.
CaseListing list_cases(const std::filesystem::path& directory, std::vector<std::string>& skipped);

}  // namespace vibro
