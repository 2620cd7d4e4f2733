#pragma once
// A case as `vibro list` lists it, and the list (docs/outputs.md "`vibro list --json`").

#include <filesystem>
#include <string>
#include <vector>

namespace vibro {

/// A case file found: its name, file, model and scheme types, precision and description.
struct ListedCase {
  std::string name, file, model, scheme, precision, description;
};

/// The cases `vibro list` found, in the order found.
struct CaseListing {
  std::vector<ListedCase> cases;
};

/// The case files of `directory` and its subdirectories (io/case_file.hpp, case_files), each
/// read and checked (InputError for a bad one). A case whose scheme is not built in (the
/// Siconos peer's without Siconos) is left out, and why is added to `skipped`.
CaseListing list_cases(const std::filesystem::path& directory, std::vector<std::string>& skipped);

}  // namespace vibro
