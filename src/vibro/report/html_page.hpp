#pragma once
// One Markdown page of the report as an HTML document, rendered by GitHub's own Markdown
// renderer, cmark-gfm, through its C library, with the extensions GitHub uses (tables,
// autolinks, strikethrough, the tag filter) and raw HTML kept (the anchor lines of
// table_of_contents.hpp). What the HTML adds to what cmark-gfm writes: the heading ids GitHub
// gives (html_heading_ids.hpp), links to the report's Markdown pages made links to their HTML
// ("x.md#a" → "x.html#a"; a link anywhere else is left as it is), and a head naming the page's
// title and the report's stylesheet (html_stylesheet.hpp). The same Markdown gives the same bytes.

#include <functional>
#include <string>
#include <string_view>

namespace vibro {

/// Whether a link's path (relative to the page, without its "#fragment") names a Markdown page
/// that has its HTML beside it.
using HtmlPageExists = std::function<bool(const std::string& relative_path)>;

/// The HTML document of `markdown`; `stylesheet` is the stylesheet's path relative to the page.
std::string html_page(std::string_view markdown, const HtmlPageExists& has_html, const std::string& stylesheet);

}  // namespace vibro
