#include "row_columns.hpp"

#include "vibro/scalar/parse.hpp"

#include <pybind11/numpy.h>

#include <charconv>
#include <cstdint>

namespace vibro::python {

namespace py = pybind11;

void RowColumns::header(const std::vector<RowColumn>& columns, bool twins) {
  columns_.clear();
  for (const RowColumn& c : columns) columns_.push_back({c, {}, {}});
  twins_ = twins;
}

void RowColumns::row(const std::vector<std::string>& cells) {
  for (std::size_t i = 0; i < columns_.size() && i < cells.size(); ++i) {
    Column& c = columns_[i];
    const std::string& cell = cells[i];
    if (!c.spec.scalar) {
      c.texts.push_back(cell);
      continue;
    }
    // A decimal is read correctly rounded (from_chars); a fraction of the exact type too.
    double value = 0;
    const auto [end, error] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
    if (error != std::errc{} || end != cell.data() + cell.size()) value = parse_real<double>(cell);
    c.values.push_back(value);
    if (twins_) c.texts.push_back(cell);
  }
}

namespace {

py::array strings(const std::vector<std::string>& texts) {
  py::list list;
  for (const std::string& t : texts) list.append(t);
  return py::module_::import("numpy").attr("array")(list, py::arg("dtype") = "str");
}

/// An integer column as int64, or nothing when a cell is not an integer.
std::optional<py::array_t<std::int64_t>> integers(const std::vector<std::string>& texts) {
  py::array_t<std::int64_t> out(static_cast<py::ssize_t>(texts.size()));
  auto view = out.mutable_unchecked<1>();
  for (std::size_t k = 0; k < texts.size(); ++k) {
    const std::string& t = texts[k];
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), value);
    if (error != std::errc{} || end != t.data() + t.size()) return std::nullopt;
    view(static_cast<py::ssize_t>(k)) = value;
  }
  return out;
}

}  // namespace

py::dict RowColumns::arrays() const {
  py::dict out;
  for (const Column& c : columns_) {
    if (c.spec.scalar) {
      py::array_t<double> values(static_cast<py::ssize_t>(c.values.size()));
      std::copy(c.values.begin(), c.values.end(), values.mutable_data());
      out[py::str(c.spec.name)] = values;
    } else if (const auto numbers = integers(c.texts)) {
      out[py::str(c.spec.name)] = *numbers;
    } else {
      out[py::str(c.spec.name)] = strings(c.texts);
    }
  }
  // The exact texts after every column, as the CSV has them.
  for (const Column& c : columns_)
    if (c.spec.scalar && twins_) out[py::str(c.spec.name + "_text")] = strings(c.texts);
  return out;
}

}  // namespace vibro::python
