#pragma once
// Where a command writes its files: the one rule of the command line and the Python module
// (docs/outputs.md "Where outputs go"), so that neither writes where the other refuses to.

#include <filesystem>
#include <string>
#include <vector>

namespace vibro {

/// Refuses (InputError naming `option`) a directory to write into that is empty; that is a
/// symbolic link (the files would land in its target, which the path does not show); that
/// exists and is not a directory; or that is one of `inputs`, the directories the same command
/// reads (writing there would replace or mix with their files), by any name. Creates nothing:
/// a command checks before its work and makes the directory after it (make_output_directory).
void require_output_directory(const std::filesystem::path& dir, const std::string& option,
                              const std::vector<std::filesystem::path>& inputs);

/// require_output_directory, then makes the directory and its parents when missing
/// (InputError naming `option` when that fails).
void make_output_directory(const std::filesystem::path& dir, const std::string& option,
                           const std::vector<std::filesystem::path>& inputs);

}  // namespace vibro
