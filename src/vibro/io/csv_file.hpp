#pragma once
// `vibro run --csv FILE`: the rows of a run (run/run_options.hpp RowSink), written as
// comma-separated lines with a header, atomically (io/atomic_file.hpp): a failed write or a
// failed run leaves the previous file as it was.

#include "vibro/io/atomic_file.hpp"
#include "vibro/run/run_options.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace vibro {

class CsvFile final : public RowSink {
 public:
  /// Throws RunFailure when the file cannot be written (or is not a regular file).
  explicit CsvFile(const std::filesystem::path& file) : file_(file) {}
  void header(const std::vector<std::string>& columns) override { row(columns); }
  void row(const std::vector<std::string>& cells) override {
    line_.clear();
    for (std::size_t i = 0; i < cells.size(); ++i) (line_ += i ? "," : "") += cells[i];
    line_ += '\n';
    file_.write(line_);
  }
  /// Puts the file in place; throws RunFailure when a write failed.
  void close() { file_.commit(); }

 private:
  AtomicFile file_;
  std::string line_;
};

}  // namespace vibro
