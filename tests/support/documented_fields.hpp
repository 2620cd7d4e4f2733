#pragma once
// docs/outputs.md against the JSON a run wrote: every object key, at any depth, must have an
// entry there (written `key`). Shared by the run of every shipped case
// (tests/shipped_cases_test.cpp) and the other verbs' outputs (tests/docs_reference_test.cpp).

#include "support/build_paths.hpp"
#include "support/read_text.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <string>

namespace vibro::testing {

/// docs/outputs.md of the source tree.
inline std::string outputs_reference() {
  return read_text(std::filesystem::path(test_paths::source_dir) / "docs" / "outputs.md");
}

/// `name` written as code, the form every entry of the references takes. A row of a matrix,
/// `stiffness[7]`, is documented by the entry `stiffness[i]` (an N-DOF system has N of them).
inline bool documented(const std::string& text, const std::string& name) {
  if (text.find("`" + name + "`") != std::string::npos) return true;
  const std::size_t open = name.find('[');
  return open != std::string::npos && name.back() == ']' &&
         name.find_first_not_of("0123456789", open + 1) == name.size() - 1 &&
         text.find("`" + name.substr(0, open) + "[i]`") != std::string::npos;
}

/// Every object key of `j`, at any depth.
inline void collect_keys(const nlohmann::json& j, std::set<std::string>& keys) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      keys.insert(key);
      collect_keys(value, keys);
    }
  } else if (j.is_array()) {
    for (const auto& value : j) collect_keys(value, keys);
  }
}

/// The keys of `keys` without an entry in `reference` (docs/outputs.md). A twin
/// "<key>_text" is documented by the convention's entry and its number's own.
inline std::set<std::string> undocumented(const std::set<std::string>& keys, const std::string& reference) {
  const std::string suffix = "_text";
  std::set<std::string> missing;
  for (const std::string& key : keys) {
    const bool twin = key.ends_with(suffix) && documented(reference, "<key>" + suffix) &&
                      documented(reference, key.substr(0, key.size() - suffix.size()));
    if (!documented(reference, key) && !twin) missing.insert(key);
  }
  return missing;
}

}  // namespace vibro::testing
