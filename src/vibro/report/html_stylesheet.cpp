#include "vibro/report/html_stylesheet.hpp"

namespace vibro {

std::string_view html_stylesheet() {
  return R"css(/* The report's pages: light by default, dark when the reader's colour scheme is dark. */
:root {
  color-scheme: light dark;
  --text: #1f2328;
  --muted: #59636e;
  --background: #ffffff;
  --link: #0969da;
  --border: #d1d9e0;
  --code-background: #eff1f3;
  --header-background: #f6f8fa;
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e6edf3;
    --muted: #9198a1;
    --background: #0d1117;
    --link: #4493f8;
    --border: #3d444d;
    --code-background: #262c36;
    --header-background: #151b23;
  }
}
html { background: var(--background); }
body {
  margin: 0;
  color: var(--text);
  background: var(--background);
  font: 16px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
}
/* The content column: 980 px at most, as a code host shows a Markdown file. */
main.markdown-body {
  box-sizing: border-box;
  max-width: 980px;
  margin: 0 auto;
  padding: 32px;
}
h1, h2, h3, h4 { line-height: 1.25; margin: 24px 0 16px; font-weight: 600; }
h1, h2 { padding-bottom: 0.3em; border-bottom: 1px solid var(--border); }
h1 { font-size: 2em; }
h2 { font-size: 1.5em; }
h3 { font-size: 1.25em; }
p, ul, ol, table, pre, blockquote { margin: 0 0 16px; }
a { color: var(--link); text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre {
  font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font-size: 85%;
  background: var(--code-background);
  border-radius: 6px;
}
code { padding: 0.2em 0.4em; }
pre { padding: 16px; overflow: auto; }
pre code { padding: 0; background: none; font-size: 100%; }
blockquote { margin-left: 0; padding: 0 1em; color: var(--muted); border-left: 0.25em solid var(--border); }
/* Tables at their natural width, cells wrapped at spaces: too many columns or too long a
   number shows as a table wider than the column. */
table { border-collapse: collapse; border-spacing: 0; }
th, td { padding: 6px 13px; border: 1px solid var(--border); vertical-align: top; }
th { font-weight: 600; background: var(--header-background); }
tr:nth-child(2n) td { background: var(--header-background); }
img { max-width: 100%; height: auto; box-sizing: content-box; }
hr { height: 0.25em; padding: 0; margin: 24px 0; background: var(--border); border: 0; }
)css";
}

}  // namespace vibro
