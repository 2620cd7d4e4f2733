#pragma once
// Reports are written atomically (ARCHITECTURE.md "Errors"): a temporary file beside the
// target, then a rename, so an interrupted run leaves the previous report intact.

#include <filesystem>
#include <string_view>

namespace vibro {

/// Writes `content` to `target` (creating its directory); throws std::runtime_error.
void write_file_atomically(const std::filesystem::path& target, std::string_view content);

}  // namespace vibro
