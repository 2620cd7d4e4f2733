#include "vibro/report/report_pages.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/report/table_of_contents.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace vibro {

namespace {

/// The ids of the anchor lines of `text`.
std::set<std::string> anchors_of(const std::string& text) {
  std::set<std::string> ids;
  const std::string open = "<a id=\"", close = "\"></a>";
  for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at + 1)) {
    const std::size_t end = text.find(close, at);
    if (end != std::string::npos) ids.insert(text.substr(at + open.size(), end - at - open.size()));
  }
  return ids;
}

/// `text` with every link "](#id)" whose id is not on this page but on another made "](PAGE#id)".
std::string linked_across(const std::string& text, const std::set<std::string>& own,
                          const std::map<std::string, std::string>& page_of) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t at = text.find("](#"); at != std::string::npos; at = text.find("](#", at + 3)) {
    const std::size_t end = text.find(')', at);
    if (end == std::string::npos) break;
    const std::string id = text.substr(at + 3, end - at - 3);
    const auto other = page_of.find(id);
    if (own.count(id) != 0 || other == page_of.end()) continue;
    out += text.substr(from, at + 2 - from) + other->second;
    from = at + 2;
  }
  return out + text.substr(from);
}

}  // namespace

std::ostringstream& ReportPages::page(const std::string& file, const std::string& title) {
  const auto found = std::find_if(pages_.begin(), pages_.end(), [&](const auto& p) { return p.first == file; });
  if (found != pages_.end()) return found->second;
  std::ostringstream& md = pages_.emplace_back(file, std::ostringstream{}).second;
  if (file != "index.md") md << "# " << title << "\n\n[← the report](index.md)\n\n" << contents_marker << "\n\n";
  return md;
}

bool ReportPages::has(const std::string& file) const {
  return std::any_of(pages_.begin(), pages_.end(), [&](const auto& p) { return p.first == file; });
}

std::vector<std::pair<std::string, std::string>> ReportPages::texts() const {
  std::vector<std::pair<std::string, std::string>> texts;
  std::map<std::string, std::string> page_of;  // anchor id → the first page that has it
  for (const auto& [file, md] : pages_) {
    texts.emplace_back(file, with_table_of_contents(md.str()));
    for (const std::string& id : anchors_of(texts.back().second)) page_of.emplace(id, file);
  }
  for (auto& [file, text] : texts) text = linked_across(text, anchors_of(text), page_of);
  return texts;
}

void ReportPages::write(const std::filesystem::path& out) const {
  for (const auto& [file, text] : texts()) write_file_atomically(out / file, text);
}

}  // namespace vibro
