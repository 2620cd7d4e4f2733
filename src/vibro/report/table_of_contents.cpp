#include "vibro/report/table_of_contents.hpp"

#include <cctype>
#include <set>
#include <sstream>
#include <vector>

namespace vibro {
namespace {

/// The id of an anchor line, or empty when `line` is not one.
std::string anchor_of(const std::string& line) {
  const std::string open = "<a id=\"", close = "\"></a>";
  if (line.rfind(open, 0) != 0 || line.size() < open.size() + close.size() ||
      line.compare(line.size() - close.size(), close.size(), close) != 0)
    return "";
  return line.substr(open.size(), line.size() - open.size() - close.size());
}

/// The heading's level (2 or 3) and text, or level 0.
std::pair<int, std::string> heading_of(const std::string& line) {
  if (line.rfind("## ", 0) == 0) return {2, line.substr(3)};
  if (line.rfind("### ", 0) == 0) return {3, line.substr(4)};
  return {0, ""};
}

/// Link text: brackets escaped so that a heading cannot end the link early.
std::string link_text(const std::string& heading) {
  std::string text;
  for (const char c : heading) {
    if (c == '[' || c == ']') text += '\\';
    text += c;
  }
  return text;
}

}  // namespace

std::string anchor_id(std::string_view text) {
  std::string id;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x80 && (std::isalnum(u) || c == '.' || c == '_' || c == '-')) id += static_cast<char>(std::tolower(u));
    else if (!id.empty() && id.back() != '-') id += '-';
  }
  while (!id.empty() && id.back() == '-') id.pop_back();
  return id.empty() ? "section" : id;
}

std::string anchor_line(std::string_view id) { return "<a id=\"" + std::string(id) + "\"></a>\n"; }

std::string with_table_of_contents(const std::string& markdown) {
  std::vector<std::string> lines;
  std::istringstream in(markdown);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::set<std::string> used;
  for (const std::string& line : lines)
    if (const std::string id = anchor_of(line); !id.empty()) used.insert(id);
  std::string body, contents = "## Contents\n\n";
  std::string previous;  // the last non-empty line
  bool in_code = false;
  for (const std::string& line : lines) {
    if (line.rfind("```", 0) == 0) in_code = !in_code;
    const auto [level, text] = in_code ? std::pair<int, std::string>{0, ""} : heading_of(line);
    if (level != 0) {
      std::string id = anchor_of(previous);
      if (id.empty()) {
        const std::string base = anchor_id(text);
        id = base;
        for (int n = 2; used.count(id) != 0; ++n) id = base + "-" + std::to_string(n);
        used.insert(id);
        body += anchor_line(id);
      }
      contents += std::string(level == 3 ? "  " : "") + "- [" + link_text(text) + "](#" + id + ")\n";
    }
    if (!line.empty()) previous = line;
    body += line + "\n";
  }
  // Appended, not std::string(…) + "\n": GCC 12 reports a false -Warray-bounds in the latter
  // with the library's precompiled header (docs/architecture.md "Build").
  std::string marker_line(contents_marker);
  marker_line += '\n';
  const std::size_t marker = body.find(marker_line);
  if (marker == std::string::npos) return body;
  return body.replace(marker, contents_marker.size() + 1, contents);
}

}  // namespace vibro
