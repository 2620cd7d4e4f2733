#pragma once
// Case files: reading one (strictly: every failure names the file, the dotted key and
// what is allowed) and finding every case of a directory. The format is documented in
// cases/README.md; the scheme's own keys are its registry entry's (case/scheme_catalog.hpp).

#include "vibro/case/case_spec.hpp"
#include "vibro/case/sweep_spec.hpp"  // CaseOverride

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// Quantities a case may state an expectation for: "order." and an error metric (the
/// observed orders of its convergence list, docs/mathematics.md §8).
const std::vector<std::string>& known_quantities();

/// The keys one table of a case file may hold. `table` is "" for the top level (its keys
/// are the table names); `variant` names the model.type a [model] list belongs to, and is
/// empty elsewhere.
struct CaseFileKeys {
  std::string table;
  std::string variant;
  std::vector<std::string> keys;
};

/// Every fixed key of a case file, by table: the lists the reader refuses unknown keys
/// against, so that the case-file reference (docs/case_files.md) can be checked against
/// them. The [scheme] options are not here but in each registry entry (option_keys).
const std::vector<CaseFileKeys>& case_file_keys();

/// Reads and validates a case file; throws InputError naming the file and the key.
CaseSpec load_case(const std::filesystem::path& file);

/// The same from text; `file_label` is used in messages and as the case's file.
CaseSpec parse_case(std::string_view toml_text, const std::string& file_label);

/// parse_case of `toml_text` with `overrides` set in its parsed table first, so that the
/// case is read and checked as the same file saying so would be. An integer value of a key
/// the case writes as an integer (or lacks, when the value was written as one) is set as an
/// integer; any other value as a string holding its text, which the reader takes for a
/// number where it wants one (never through a double) and refuses where it wants an
/// integer. Lists, tables and keys of a table the case does not have cannot be overridden.
/// The case's hash covers the text and the overrides ("\n# overrides\nKEY = TEXT" per
/// override, appended to the text).
CaseSpec parse_case_with_overrides(std::string_view toml_text, const std::string& file_label,
                                   const std::vector<CaseOverride>& overrides);

/// A name a case (or a sweep) may have: 1 to 64 characters of A-Z a-z 0-9 . _ -, the first a
/// letter or a digit, so that it can name files and plots as it is.
bool is_safe_name(std::string_view name);

/// Every `*.toml` of `directory` by name, then those of each subdirectory (by name, and so
/// on down): the one list of cases that `vibro list`, `vibro report` and `vibro check` read.
/// Sweep files (`*.sweep.toml`, docs/sweeps.md) are not cases and are left out.
std::vector<std::filesystem::path> case_files(const std::filesystem::path& directory);

/// Every sweep file (`*.sweep.toml`) of `directory` and its subdirectories, in the same
/// order: the sweeps `vibro report` draws.
std::vector<std::filesystem::path> sweep_files(const std::filesystem::path& directory);

/// How load_cases names a case's file.
enum class CaseFileNames {
  from_parent,  ///< relative to the parent of the directory ("cases/nsfd/x.toml"), whatever
                ///< the working directory: a report's labels do not depend on where it ran
  as_given,     ///< the directory as given, then the path inside it: a file the user can open
};

/// Every case of case_files(directory), loaded, each with its file named as `names` says.
/// Throws InputError when the directory cannot be read or holds no case. A case whose
/// scheme this build leaves out (case/scheme_not_built_in.hpp) is skipped and its message
/// appended to `left_out` when that is given, and refused otherwise.
std::vector<CaseSpec> load_cases(const std::filesystem::path& directory, std::vector<std::string>* left_out = nullptr,
                                 CaseFileNames names = CaseFileNames::from_parent);

}  // namespace vibro
