#pragma once
// `vibro run --csv FILE`: the rows of a run (case/run_options.hpp RowSink), written as
// comma-separated lines with a header, atomically (io/atomic_file.hpp): a failed write or a
// failed run leaves the previous file as it was. Every number is a decimal (gnuplot and
// pandas read it): a scalar column holds the double nearest to the run's value and, in a
// run wider than double or exact, a column "<name>_text" at the end of the row holds the
// value's round-trip text (docs/outputs.md "Numbers").

#include "vibro/io/atomic_file.hpp"
#include "vibro/case/run_options.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace vibro {

/// A number's CSV cell: the shortest decimal of its nearest double; the text itself when it
/// is not a finite double ("inf", "nan", which gnuplot and pandas read).
std::string csv_number(const std::string& text);

/// A text's CSV cell (RFC 4180): quoted, with its quotes doubled, when it holds a comma, a
/// quote or a line break; and with a leading "'" when it starts with =, +, -, @ or a tab, which
/// a spreadsheet would otherwise run as a formula (a program's name is any text).
std::string csv_text(const std::string& text);

class CsvFile final : public RowSink {
 public:
  /// Throws RunFailure when the file cannot be written (or is not a regular file).
  explicit CsvFile(const std::filesystem::path& file) : file_(file) {}
  void header(const std::vector<RowColumn>& columns, bool twins) override;
  void row(const std::vector<std::string>& cells) override;
  /// Puts the file in place; throws RunFailure when a write failed.
  void close() { file_.commit(); }

 private:
  void write_line(const std::vector<std::string>& cells);

  AtomicFile file_;
  std::vector<bool> scalar_;
  bool twins_ = false;
  std::vector<std::string> cells_;
  std::string line_;
};

}  // namespace vibro
