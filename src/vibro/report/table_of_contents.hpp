#pragma once
// The table of contents of index.md: every "## " and "### " heading gets an HTML anchor on
// the line before it (`<a id="..."></a>`, which Markdown renderers keep and which does not
// depend on how a renderer turns heading text into ids), and the contents list links to
// them. A section may set its own anchor by writing the anchor line itself; the summary
// links to those (case-NAME, convergence-NAME, lyapunov, relations).

#include <string>
#include <string_view>

namespace vibro {

/// The line index.md's contents list replaces.
inline constexpr std::string_view contents_marker = "<!-- contents -->";

/// An id made of the ASCII letters (lower-cased), digits, '.', '_' and '-' of `text`, every
/// other run of characters one '-': "Convergence study of `free-fall`" →
/// "convergence-study-of-free-fall".
std::string anchor_id(std::string_view text);

/// `<a id="ID"></a>` and a line break: the anchor line before a heading.
std::string anchor_line(std::string_view id);

/// `markdown` with an anchor before every level-2 and level-3 heading that has none (ids from
/// anchor_id, made unique with "-2", "-3", …) and the line contents_marker replaced by a
/// "## Contents" list of links to them (level 3 indented).
std::string with_table_of_contents(const std::string& markdown);

}  // namespace vibro
