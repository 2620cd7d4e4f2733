#pragma once
// The stored reference values of a test-set problem as a file, reference/testset/ID.toml
// (docs/testset.md, "Reference values"): written by `vibro testset reference`, read by
// `vibro testset verify` and `vibro testset run`. Read strictly, as any input: every key
// known, every number a decimal, every failure one line naming the file and the key.

#include "vibro/results/testset_result.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace vibro {

/// The file's text: a header that says what it is, [provenance], [horizon], one [[value]] per
/// number.
std::string testset_reference_toml(const TestsetReference& reference);

TestsetReference parse_testset_reference(std::string_view text, const std::string& file_label);
TestsetReference load_testset_reference(const std::filesystem::path& file);

/// reference/testset/ID.toml under `directory`.
std::filesystem::path testset_reference_path(const std::filesystem::path& directory, const std::string& id);

}  // namespace vibro
