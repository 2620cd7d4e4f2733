#include "vibro/report/html_page.hpp"

#include "vibro/report/html_heading_ids.hpp"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <vector>

namespace vibro {

namespace {

struct ParserFree {
  void operator()(cmark_parser* parser) const { cmark_parser_free(parser); }
};
struct NodeFree {
  void operator()(cmark_node* node) const { cmark_node_free(node); }
};
struct IterFree {
  void operator()(cmark_iter* iter) const { cmark_iter_free(iter); }
};

/// Raw HTML is kept: the report writes its anchors as `<a id="…"></a>` lines.
constexpr int render_options = CMARK_OPT_UNSAFE;

/// The text a reader sees in `node`: text and code spans, not an image's description.
std::string visible_text(cmark_node* node) {
  std::string text;
  for (cmark_node* child = cmark_node_first_child(node); child != nullptr; child = cmark_node_next(child)) {
    switch (cmark_node_get_type(child)) {
      case CMARK_NODE_TEXT:
      case CMARK_NODE_CODE:
        text += cmark_node_get_literal(child);
        break;
      case CMARK_NODE_IMAGE:
        break;
      default:
        text += visible_text(child);
    }
  }
  return text;
}

/// `url` with its path made the page's HTML when it names a Markdown page that has one.
std::string html_link(const std::string& url, const HtmlPageExists& has_html) {
  const std::size_t hash = url.find('#');
  const std::string path = url.substr(0, hash);
  const bool has_scheme = path.find(':') != std::string::npos;
  if (has_scheme || path.empty() || path.front() == '/' || !path.ends_with(".md") || !has_html(path)) return url;
  return path.substr(0, path.size() - 3) + ".html" + (hash == std::string::npos ? "" : url.substr(hash));
}

std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string html_page(std::string_view markdown, const HtmlPageExists& has_html, const std::string& stylesheet) {
  cmark_gfm_core_extensions_ensure_registered();
  const std::unique_ptr<cmark_parser, ParserFree> parser(cmark_parser_new(render_options));
  for (const char* name : {"table", "autolink", "strikethrough", "tagfilter"}) {
    cmark_syntax_extension* extension = cmark_find_syntax_extension(name);
    if (extension == nullptr || cmark_parser_attach_syntax_extension(parser.get(), extension) == 0)
      throw std::runtime_error(std::string("cmark-gfm has no extension ") + name);
  }
  cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
  const std::unique_ptr<cmark_node, NodeFree> document(cmark_parser_finish(parser.get()));

  // The nodes to change, collected first: the tree is changed after the walk.
  std::vector<cmark_node*> headings;
  {
    const std::unique_ptr<cmark_iter, IterFree> iter(cmark_iter_new(document.get()));
    for (cmark_event_type event; (event = cmark_iter_next(iter.get())) != CMARK_EVENT_DONE;) {
      cmark_node* node = cmark_iter_get_node(iter.get());
      if (event != CMARK_EVENT_ENTER) continue;
      if (cmark_node_get_type(node) == CMARK_NODE_HEADING) headings.push_back(node);
      if (cmark_node_get_type(node) == CMARK_NODE_LINK)
        cmark_node_set_url(node, html_link(cmark_node_get_url(node), has_html).c_str());
    }
  }
  // cmark-gfm writes a heading without attributes: each becomes a block of its own open and
  // close tags, the id among them, holding the heading's inlines.
  std::string title;
  GithubHeadingIds ids;
  for (cmark_node* heading : headings) {
    const std::string text = visible_text(heading);
    if (title.empty() && cmark_node_get_heading_level(heading) == 1) title = text;
    const std::string tag = "h" + std::to_string(cmark_node_get_heading_level(heading));
    cmark_node* block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
    cmark_node_set_on_enter(block, ("<" + tag + " id=\"" + escaped(ids.next(text)) + "\">").c_str());
    cmark_node_set_on_exit(block, ("</" + tag + ">").c_str());
    while (cmark_node* child = cmark_node_first_child(heading)) {
      cmark_node_unlink(child);
      if (cmark_node_append_child(block, child) == 0) throw std::logic_error("cmark-gfm refused a heading's inline");
    }
    cmark_node_replace(heading, block);
    cmark_node_free(heading);
  }
  char* body = cmark_render_html(document.get(), render_options, cmark_parser_get_syntax_extensions(parser.get()));
  const std::unique_ptr<char, decltype(&std::free)> body_owner(body, &std::free);
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"color-scheme\" content=\"light dark\">\n<title>" +
         escaped(title) + "</title>\n<link rel=\"stylesheet\" href=\"" + escaped(stylesheet) +
         "\">\n</head>\n<body>\n<main class=\"markdown-body\">\n" + body + "</main>\n</body>\n</html>\n";
}

}  // namespace vibro
