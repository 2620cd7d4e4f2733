#pragma once
// A run's rows (vibro/case/run_options.hpp, RowSink), kept by column while the run goes on
// without the GIL, then handed to Python as NumPy arrays: a column of the run's numbers as
// float64 (each the double nearest to the number; bit for bit the run's own in a double run)
// and, in a run wider than double or exact, its exact texts as an array of str beside it
// (`t_text`); a column of counts or flags (n, projection_active, contact) as int64; any other
// (the reference's event kinds) as str.

#include "vibro/case/run_options.hpp"

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace vibro::python {

class RowColumns : public RowSink {
 public:
  void header(const std::vector<RowColumn>& columns, bool twins) override;
  void row(const std::vector<std::string>& cells) override;

  /// {name: array} in the order of the header, then the exact texts (as `vibro run --csv`
  /// orders its columns); needs the GIL.
  pybind11::dict arrays() const;

 private:
  struct Column {
    RowColumn spec;
    std::vector<double> values;      ///< a column of numbers
    std::vector<std::string> texts;  ///< its exact texts (twins), or the cells of another column
  };
  std::vector<Column> columns_;
  bool twins_ = false;
};

}  // namespace vibro::python
