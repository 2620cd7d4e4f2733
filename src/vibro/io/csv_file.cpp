#include "vibro/io/csv_file.hpp"

#include "vibro/io/json_number.hpp"

#include <fmt/format.h>

#include <string_view>

namespace vibro {

std::string csv_number(const std::string& text) {
  const std::optional<double> value = nearest_double(text);
  return value ? fmt::format("{}", *value) : text;
}

void CsvFile::header(const std::vector<RowColumn>& columns, bool twins) {
  twins_ = twins;
  scalar_.clear();
  std::vector<std::string> names;
  for (const RowColumn& c : columns) {
    names.push_back(c.name);
    scalar_.push_back(c.scalar);
  }
  if (twins_)
    for (const RowColumn& c : columns)
      if (c.scalar) names.push_back(c.name + "_text");
  write_line(names);
}

std::string csv_text(const std::string& text) {
  std::string cell = text;
  if (!cell.empty() && std::string_view("=+-@\t").find(cell.front()) != std::string_view::npos) cell.insert(0, 1, '\'');
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (const char c : cell) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

void CsvFile::row(const std::vector<std::string>& cells) {
  cells_.clear();
  for (std::size_t i = 0; i < cells.size(); ++i)
    cells_.push_back(i < scalar_.size() && scalar_[i] ? csv_number(cells[i]) : cells[i]);
  if (twins_)
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (i < scalar_.size() && scalar_[i]) cells_.push_back(cells[i]);
  write_line(cells_);
}

void CsvFile::write_line(const std::vector<std::string>& cells) {
  line_.clear();
  for (std::size_t i = 0; i < cells.size(); ++i) (line_ += i ? "," : "") += cells[i];
  line_ += '\n';
  file_.write(line_);
}

}  // namespace vibro
