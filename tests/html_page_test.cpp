// The report's HTML pages (src/vibro/report/html_report.hpp): heading ids by GitHub's rule, links
// to the report's Markdown pages made links to their HTML and no other link touched, the page's
// head, and the same bytes for the same Markdown. The heading ids expected are GitHub's: the two
// examples of GitHub's documentation ("Basic writing and formatting syntax", section links) and
// headings of the report worked out by that rule by hand (lower case; letters, marks, numbers,
// '-' and '_' kept; each space '-'; the n-th repeat suffixed "-n").

#include "vibro/report/html_heading_ids.hpp"
#include "vibro/report/html_page.hpp"
#include "vibro/report/html_report.hpp"
#include "vibro/report/html_stylesheet.hpp"

#include "support/read_text.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;
using vibro::testing::read_text;

TEST(HtmlHeadingIds, GithubsRule) {
  // GitHub's documentation's own examples.
  EXPECT_EQ(vibro::github_heading_id("Sample Section"), "sample-section");
  EXPECT_EQ(vibro::github_heading_id("This'll be a Helpful Section About the Greek Letter Θ!"),
            "thisll-be-a-helpful-section-about-the-greek-letter-θ");
  // Headings of the report: punctuation and symbols dropped, every space a '-' (two in a row
  // where a symbol stood between spaces), Greek lower-cased, superscript digits kept.
  EXPECT_EQ(vibro::github_heading_id("Δt = π/(4ω): y² at the impact time"), "δt--π4ω-y²-at-the-impact-time");
  EXPECT_EQ(vibro::github_heading_id("Stability: Störmer–Verlet against the exact scheme"),
            "stability-störmerverlet-against-the-exact-scheme");
  EXPECT_EQ(vibro::github_heading_id("Two stops at ±(1 + 10⁻⁶): spurious impacts"), "two-stops-at-1--10⁶-spurious-impacts");
  EXPECT_EQ(vibro::github_heading_id("Convergence study of alpha0.9_a-2500"), "convergence-study-of-alpha09_a-2500");
  vibro::GithubHeadingIds ids;
  EXPECT_EQ(ids.next("Sub"), "sub");
  EXPECT_EQ(ids.next("Other"), "other");
  EXPECT_EQ(ids.next("Sub"), "sub-1");
  EXPECT_EQ(ids.next("sub"), "sub-2");
}

TEST(HtmlPage, HeadingsLinksAndHead) {
  const std::string markdown =
      "# The report: `a` [b]\n\n[← back](../index.md), [a case](cases.md#case-x), [docs](../docs/testset.md#x), "
      "[web](https://example.org/cases.md), [here](#first), <https://example.org>\n\n"
      "<a id=\"first\"></a>\n## First: `code` & *more*\n\n![plot](studies/x.svg)\n\n"
      "| a | b |\n|---|---|\n| 1 | ~~2~~ |\n\n## First: `code` & *more*\n";
  const auto has_html = [](const std::string& link) { return link == "../index.md" || link == "cases.md"; };
  const std::string html = vibro::html_page(markdown, has_html, "../report.css");
  const auto has = [&](const std::string& part) { return html.find(part) != std::string::npos; };
  EXPECT_TRUE(has("<title>The report: a [b]</title>")) << html;
  EXPECT_TRUE(has("<link rel=\"stylesheet\" href=\"../report.css\">")) << html;
  EXPECT_TRUE(has("<h1 id=\"the-report-a-b\">\nThe report: <code>a</code> [b]\n</h1>")) << html;
  EXPECT_TRUE(has("<h2 id=\"first-code--more\">\nFirst: <code>code</code> &amp; <em>more</em>\n</h2>")) << html;
  EXPECT_TRUE(has("<h2 id=\"first-code--more-1\">")) << html;
  EXPECT_TRUE(has("<a id=\"first\"></a>")) << html;  // the Markdown's own anchor, kept
  EXPECT_TRUE(has("href=\"../index.html\"")) << html;
  EXPECT_TRUE(has("href=\"cases.html#case-x\"")) << html;
  EXPECT_TRUE(has("href=\"../docs/testset.md#x\"")) << html;  // not a page of the report
  EXPECT_TRUE(has("href=\"https://example.org/cases.md\"")) << html;
  EXPECT_TRUE(has("href=\"#first\"")) << html;
  EXPECT_TRUE(has("<a href=\"https://example.org\">https://example.org</a>")) << html;  // autolink
  EXPECT_TRUE(has("<img src=\"studies/x.svg\" alt=\"plot\" />")) << html;
  EXPECT_TRUE(has("<table>")) << html;
  EXPECT_TRUE(has("<del>2</del>")) << html;  // strikethrough
  EXPECT_EQ(html, vibro::html_page(markdown, has_html, "../report.css"));
}

TEST(HtmlReport, AnHtmlPageBesideEveryMarkdownPage) {
  const fs::path dir = fs::path(::testing::TempDir()) / "vibro_html_report_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "studies");
  std::ofstream(dir / "index.md") << "# Index\n\n[study](studies/s.md#s), [data](studies/s.csv)\n";
  std::ofstream(dir / "studies" / "s.md") << "# s\n\n[back](../index.md#index)\n";
  std::ofstream(dir / "studies" / "s.csv") << "h,error\n";
  vibro::write_html_beside_markdown(dir);
  const std::string index = read_text(dir / "index.html"), study = read_text(dir / "studies" / "s.html");
  EXPECT_NE(index.find("href=\"studies/s.html#s\""), std::string::npos) << index;
  EXPECT_NE(index.find("href=\"studies/s.csv\""), std::string::npos) << index;
  EXPECT_NE(index.find("href=\"report.css\""), std::string::npos) << index;
  EXPECT_NE(study.find("href=\"../index.html#index\""), std::string::npos) << study;
  EXPECT_NE(study.find("href=\"../report.css\""), std::string::npos) << study;
  EXPECT_EQ(read_text(dir / vibro::html_stylesheet_file), vibro::html_stylesheet());
  EXPECT_NE(vibro::html_stylesheet().find("@media (prefers-color-scheme: dark)"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
