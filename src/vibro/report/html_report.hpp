#pragma once
// The report as HTML beside its Markdown (docs/reports.md, "The HTML pages"): every .md file of
// a report's directory, at any depth, gets an .html file of the same name rendered by html_page,
// and the directory gets the stylesheet; a reader opens index.html in a browser, no code host
// needed. Written atomically, like every report file; the same Markdown gives the same bytes.

#include <filesystem>

namespace vibro {

/// Writes `NAME.html` beside every `NAME.md` under `report`, and the stylesheet into `report`.
void write_html_beside_markdown(const std::filesystem::path& report);

}  // namespace vibro
