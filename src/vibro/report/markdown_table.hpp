#pragma once
// Rows of the Markdown tables of `vibro report`. Cells are written as given: a cell that
// holds a literal '|' must escape it as "\|".

#include <string>
#include <vector>

namespace vibro {

/// "| a | b |\n"
inline std::string markdown_row(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const auto& cell : cells) line += " " + cell + " |";
  return line + "\n";
}

/// The header row and the separator row of a table.
inline std::string markdown_header(const std::vector<std::string>& cells) {
  std::string line = markdown_row(cells) + "|";
  for (std::size_t i = 0; i < cells.size(); ++i) line += "---|";
  return line + "\n";
}

}  // namespace vibro
