#pragma once
// The ids GitHub gives a Markdown page's headings, for the report's HTML (report/html_page.hpp):
// a link "page.md#id" that resolves on GitHub must resolve in the HTML, and one that does not
// must not, so that the browser check (tests/report_browser_check.py) judges the links as the
// code host does. The report's own links point to the anchor lines of table_of_contents.hpp,
// whose ids (anchor_id) are a different rule kept in the Markdown; both end up in the HTML.
//
// GitHub's rule (its html-pipeline's table-of-contents filter): the heading's text, lower-cased;
// every character that is not a letter, a mark, a number, '_', '-' or a space dropped; each
// space made '-'; the second heading with the same id gets "-1", the third "-2", and so on.

#include <map>
#include <string>
#include <string_view>

namespace vibro {

/// GitHub's id of a heading whose text (as a reader sees it: code spans' text included, no
/// markup) is `text`: "Δt = π/(4ω): y² at the impact time" → "δt--π4ω-y²-at-the-impact-time".
std::string github_heading_id(std::string_view text);

/// The ids of one page's headings in page order, duplicates suffixed as GitHub does.
class GithubHeadingIds {
 public:
  std::string next(std::string_view text);

 private:
  std::map<std::string, int> seen_;  // id → how many headings had it
};

}  // namespace vibro
