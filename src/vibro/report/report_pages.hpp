#pragma once
// The report's Markdown pages (docs/reports.md): index.md, the front page, and a page per
// part (the cases of each folder, the Lyapunov exponents, each seed's claims, the test set),
// all in the report's directory. Written together, so that each page gets its table of contents
// (report/table_of_contents.hpp) and every link to an anchor that lives on another page — the
// summary's links to the cases, a case's to a study — becomes a link to that page.

#include <deque>
#include <filesystem>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace vibro {

class ReportPages {
 public:
  /// The page `file` (created on first use: a title, a link back to index.md and its
  /// contents, unless it is index.md, whose caller writes its own head).
  std::ostringstream& page(const std::string& file, const std::string& title = "");
  /// Whether the page `file` was made.
  bool has(const std::string& file) const;
  /// Every page's final text, by file name, in the order they were made.
  std::vector<std::pair<std::string, std::string>> texts() const;
  /// Writes every page atomically into `out`.
  void write(const std::filesystem::path& out) const;

 private:
  // A deque: a page's stream stays where it is while pages are added (callers hold it).
  std::deque<std::pair<std::string, std::ostringstream>> pages_;
};

}  // namespace vibro
