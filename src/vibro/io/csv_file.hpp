#pragma once
// `vibro run --csv FILE`: the rows of a run (run/run_options.hpp RowSink), written as
// comma-separated lines with a header.

#include "vibro/run/input_error.hpp"
#include "vibro/run/run_options.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace vibro {

class CsvFile final : public RowSink {
 public:
  /// Throws InputError when the file cannot be opened for writing.
  explicit CsvFile(const std::filesystem::path& file) : file_(file), out_(file) {
    if (!out_) throw InputError(file.string(), "", "cannot write the CSV file");
  }
  void header(const std::vector<std::string>& columns) override { row(columns); }
  void row(const std::vector<std::string>& cells) override {
    for (std::size_t i = 0; i < cells.size(); ++i) out_ << (i ? "," : "") << cells[i];
    out_ << '\n';
  }
  /// Throws InputError when a write failed.
  void close() {
    out_.close();
    if (!out_) throw InputError(file_.string(), "", "writing the CSV file failed");
  }

 private:
  std::filesystem::path file_;
  std::ofstream out_;
};

}  // namespace vibro
