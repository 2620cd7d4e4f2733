#include "vibro/report/html_report.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/report/html_page.hpp"
#include "vibro/report/html_stylesheet.hpp"

#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace vibro {

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

void write_html_beside_markdown(const fs::path& report) {
  std::set<fs::path> pages;  // every Markdown page, relative to the report, in name order
  for (const auto& entry : fs::recursive_directory_iterator(report))
    if (entry.is_regular_file() && entry.path().extension() == ".md") pages.insert(fs::relative(entry.path(), report));
  for (const fs::path& page : pages) {
    const fs::path folder = page.parent_path();
    const HtmlPageExists has_html = [&](const std::string& link) {
      return pages.contains((folder / link).lexically_normal());
    };
    fs::path up;  // from the page's folder to the report's
    for (auto part = folder.begin(); part != folder.end(); ++part) up /= "..";
    const std::string stylesheet = (up / html_stylesheet_file).generic_string();
    fs::path html = report / page;
    html.replace_extension(".html");
    write_file_atomically(html, html_page(read_file(report / page), has_html, stylesheet));
  }
  write_file_atomically(report / html_stylesheet_file, std::string(html_stylesheet()));
}

}  // namespace vibro
