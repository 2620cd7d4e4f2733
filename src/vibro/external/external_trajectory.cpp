#include "vibro/external/external_trajectory.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace vibro {

std::vector<std::string> trajectory_columns(std::size_t dimension) {
  if (dimension == 1) return {"t", "u", "v"};
  std::vector<std::string> columns{"t"};
  for (std::size_t i = 1; i <= dimension; ++i) columns.push_back(fmt::format("q{}", i));
  for (std::size_t i = 1; i <= dimension; ++i) columns.push_back(fmt::format("v{}", i));
  return columns;
}

std::vector<std::string> impact_table_columns() { return {"t", "coordinate", "v_minus", "v_plus"}; }

std::int64_t max_reported_impacts(std::int64_t steps) { return std::max<std::int64_t>(steps + 1, 10'000); }

std::optional<std::string> coordinate_cell_problem(std::string_view cell, std::size_t dimension) {
  const std::string range = "(1 … " + std::to_string(dimension) + ")";
  if (cell.empty()) return "is empty: a coordinate is a whole number " + range;
  if (cell.size() > 9 || !std::all_of(cell.begin(), cell.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return "is not a coordinate: a whole number " + range;
  const unsigned long i = std::stoul(std::string(cell));
  if (i < 1 || i > dimension) return "is not a coordinate of the model " + range;
  return std::nullopt;
}

std::optional<std::string> decimal_cell_problem(std::string_view cell) {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < cell.size() && std::isdigit(static_cast<unsigned char>(cell[i]))) ++i;
    return i - from;
  };
  if (i < cell.size() && (cell[i] == '+' || cell[i] == '-')) ++i;
  if (i < cell.size() && std::isalpha(static_cast<unsigned char>(cell[i]))) {  // only then a word: no copy per cell
    std::string word(cell.substr(i));
    std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return std::tolower(c); });
    return word == "nan" || word == "inf" || word == "infinity" ? "is not finite" : "is not a decimal number";
  }
  std::size_t mantissa = digits();
  if (i < cell.size() && cell[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return cell.empty() ? "is empty" : "is not a decimal number";
  if (i < cell.size() && (cell[i] == 'e' || cell[i] == 'E')) {
    ++i;
    if (i < cell.size() && (cell[i] == '+' || cell[i] == '-')) ++i;
    if (digits() == 0) return "is not a decimal number (an exponent without digits)";
  }
  if (i != cell.size()) return "is not a decimal number";
  return std::nullopt;
}

void split_cells(std::string_view line, std::vector<std::string_view>& cells) {
  cells.clear();
  const auto trimmed = [](std::string_view cell) {
    while (!cell.empty() && (cell.front() == ' ' || cell.front() == '\t')) cell.remove_prefix(1);
    while (!cell.empty() && (cell.back() == ' ' || cell.back() == '\t')) cell.remove_suffix(1);
    return cell;
  };
  for (;;) {
    const std::size_t comma = line.find(',');
    cells.push_back(trimmed(line.substr(0, comma)));
    if (comma == std::string_view::npos) return;
    line.remove_prefix(comma + 1);
  }
}

WrittenLines::WrittenLines(std::string text, const ProgramLimits& limits) : text_(std::move(text)), limits_(limits) {
  if (text_.size() > limits_.max_output_bytes)
    throw ProgramFailure("wrote more than " + std::to_string(limits_.max_output_bytes) +
                         " bytes to stdout, more than the trajectory asked for can take");
}

std::optional<std::string_view> WrittenLines::next_line() {
  if (next_ == text_.size()) return std::nullopt;
  const std::size_t newline = text_.find('\n', next_);
  const std::size_t end = newline == std::string::npos ? text_.size() : newline;
  if (end - next_ > limits_.max_line_bytes)
    throw ProgramFailure("wrote a line longer than " + std::to_string(limits_.max_line_bytes) + " bytes");
  const std::string_view line(text_.data() + next_, end - next_);
  next_ = newline == std::string::npos ? text_.size() : newline + 1;
  return line;
}

std::string_view WrittenLines::next_bytes(std::size_t n) {
  const std::string_view bytes(text_.data() + next_, std::min(n, text_.size() - next_));
  next_ += bytes.size();
  return bytes;
}

ProgramLimits trajectory_limits(const ExternalScheme& program, std::size_t columns, long digits, std::int64_t steps) {
  ProgramLimits limits;
  limits.timeout = program.timeout;
  const std::size_t per_column = 2 * static_cast<std::size_t>(std::max(digits, 17L)) + 64;
  limits.max_line_bytes = 256 + columns * per_column;
  // The header, the rows, and an impact table with its header.
  const auto lines = static_cast<std::size_t>(steps) + 2 + static_cast<std::size_t>(max_reported_impacts(steps)) + 1;
  limits.max_output_bytes = lines * (limits.max_line_bytes + 1);
  if (program.stderr_whole) limits.kept_stderr_bytes = 1 << 20;
  return limits;
}

}  // namespace vibro
