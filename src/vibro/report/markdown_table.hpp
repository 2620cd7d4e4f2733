#pragma once
// Rows of the Markdown tables of `vibro report`. Cells are written as given: a cell that
// may hold a literal '|' goes through markdown_cell.

#include <string>
#include <vector>

namespace vibro {

/// A plot shown on the page (a Markdown image) with `label` as its alternative text: the
/// report shows its plots rather than linking them.
inline std::string markdown_plot(const std::string& label, const std::string& file) {
  return "![" + label + "](" + file + ")";
}

/// `text` as one cell: every '|' escaped and every line break a space, so that a text such as
/// "|Δλ1| = 3e-9", or a program's name with a newline, cannot split its row.
inline std::string markdown_cell(const std::string& text) {
  std::string cell;
  for (const char c : text) {
    if (c == '|') cell += '\\';
    cell += c == '\n' || c == '\r' ? ' ' : c;
  }
  return cell;
}

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
