#pragma once
// The `--csv FILE` output of `vibro run`: opened once with its header line, or not at all.

#include "vibro/io/input_error.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace vibro {

/// An open stream with `header` written, when `file` is given; a closed one otherwise
/// (testing it as a bool tells which). Throws InputError when the file cannot be written.
inline std::ofstream open_csv(const std::optional<std::filesystem::path>& file, const std::string& header) {
  std::ofstream csv;
  if (!file) return csv;
  csv.open(*file);
  if (!csv) throw InputError(file->string(), "", "cannot write the CSV file");
  csv << header << '\n';
  return csv;
}

}  // namespace vibro
