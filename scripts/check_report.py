#!/usr/bin/python3
"""Checks a report written by `vibro report` as a reader meets it (issue 51 items 1, 3, 4).

    check_report.py REPORT_DIR [--parent DIR]

Reads every Markdown page under REPORT_DIR (index.md and the part pages, studies/, testset/,
sweeps/: all of them) and every SVG, and reports, one finding a line as `page:line: what`,
then their count:

- a link or image whose file does not exist, or whose anchor is not on the page it names,
  by the anchors a code host's renderer gives (GitHub's: a heading's text lower-cased, every
  character but letters, digits, '_', '-' and spaces removed, spaces made hyphens, a repeated
  id followed by -1, -2, ...; an explicit <a id="..."> or <a name="..."> counts too);
- an SVG in the report shown (as an image) on no page;
- a number with more than 10 significant digits, or a number token longer than 20
  characters (a fraction P/Q is one token), in a table cell or a sentence;
- a table with more than 7 columns on a main page (REPORT_DIR/*.md).

Links that leave REPORT_DIR (to the repository's docs, say) resolve in --parent, by default
REPORT_DIR's parent: the report is read where it is committed, reports/ in the repository.
Fenced code blocks are not read. index.json keeps every digit; it is not read here.
Exits 1 when there is a finding, 0 when there is none.
"""

import argparse
import os
import re
import sys
import urllib.parse
from dataclasses import dataclass

MAX_SIGNIFICANT_DIGITS = 10
MAX_NUMBER_CHARACTERS = 20
MAX_MAIN_PAGE_COLUMNS = 7


@dataclass
class Finding:
    page: str  # relative to the report directory
    line: int
    what: str

    def __str__(self):
        return f"{self.page}:{self.line}: {self.what}"


@dataclass
class Page:
    path: str  # absolute
    name: str  # relative to the report directory, '/'-separated
    lines: list  # (line number, text) of the lines outside fenced code blocks


def read_page(path, name):
    """The page's lines outside fenced code blocks (``` or ~~~), numbered from 1."""
    lines, fence = [], None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f.read().split("\n"), start=1):
            opening = re.match(r"^ {0,3}(`{3,}|~{3,})", line)
            if fence is None and opening:
                fence = opening.group(1)
            elif fence is not None:
                if re.match(r"^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$", line):
                    fence = None
            else:
                lines.append((number, line))
    return Page(path, name, lines)


def without_code_spans(text):
    """`text` with its inline code spans blanked: a link written in code is not a link."""
    return re.sub(r"(`+)(.+?)\1", lambda m: " " * len(m.group(0)), text)


# --- Anchors -------------------------------------------------------------------------------

def heading_text(markdown):
    """The text a renderer shows for a heading's Markdown: links and images as their text,
    code spans, emphasis and HTML tags unwrapped."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "")
    text = re.sub(r"(\*+|(?<!\w)_+|_+(?!\w))", "", text)
    text = re.sub(r"\\(.)", r"\1", text)
    return text.strip()


def github_slug(text):
    """GitHub's id of a heading with this text: lower-cased, every character but a letter,
    digit, '_', '-' or space removed, each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors_of(page):
    """Every id a link can name on `page`: its explicit anchors and its headings' ids."""
    ids, seen = set(), {}
    for _, line in page.lines:
        for m in re.finditer(r"<a\s[^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", line):
            ids.add(m.group(1))
        heading = re.match(r"^ {0,3}#{1,6}\s+(.*?)(\s+#+\s*)?$", line)
        if heading:
            slug = github_slug(heading_text(heading.group(1)))
            base = slug
            # A repeated id gets -1, -2, ... (and an id so made is itself taken).
            while slug in seen:
                seen[base] += 1
                slug = f"{base}-{seen[base]}"
            seen[slug] = 0
            ids.add(slug)
    return ids


# --- Links ---------------------------------------------------------------------------------

@dataclass
class Link:
    line: int
    target: str
    image: bool


def links_of(page):
    """The links and images of `page`: Markdown inline ones, reference definitions, and the
    href/src of HTML tags."""
    found = []
    for number, line in page.lines:
        text = without_code_spans(line)
        for m in re.finditer(r"(!?)\[(?:[^\[\]]|\\\[|\\\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)", text):
            found.append(Link(number, m.group(2), m.group(1) == "!"))
        definition = re.match(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)", text)
        if definition:
            found.append(Link(number, definition.group(1), False))
        for m in re.finditer(r"<(a|img)\s[^>]*?\b(href|src)\s*=\s*[\"']([^\"']*)[\"']", text):
            found.append(Link(number, m.group(3), m.group(1) == "img"))
    return found


def is_external(target):
    return re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) is not None


class Report:
    def __init__(self, root, parent):
        self.root = os.path.realpath(root)
        self.parent = os.path.realpath(parent) if parent else os.path.dirname(self.root)
        self.pages = {}
        self.svgs = []
        for directory, _, files in os.walk(self.root):
            for file in sorted(files):
                path = os.path.join(directory, file)
                name = os.path.relpath(path, self.root).replace(os.sep, "/")
                if file.endswith(".md"):
                    self.pages[name] = read_page(path, name)
                elif file.endswith(".svg"):
                    self.svgs.append(name)
        self._anchors = {}

    def resolve(self, page, target):
        """The absolute path `target` (no fragment) names from `page`; a path that leaves the
        report resolves in the parent directory given."""
        base = os.path.dirname(page.path)
        path = os.path.normpath(os.path.join(base, urllib.parse.unquote(target)))
        inside = os.path.relpath(path, self.root)
        if inside.startswith(".."):
            path = os.path.normpath(os.path.join(self.parent, os.path.relpath(path, os.path.dirname(self.root))))
        return path

    def anchors_at(self, path):
        if path not in self._anchors:
            self._anchors[path] = anchors_of(read_page(path, path))
        return self._anchors[path]


def check_links(report):
    """Every link and image of every page lands on a file that exists, and on an anchor of it."""
    findings = []
    for page in report.pages.values():
        for link in links_of(page):
            if is_external(link.target):
                continue
            file, _, fragment = link.target.partition("#")
            if not file and not fragment:
                findings.append(Finding(page.name, link.line, "a link with no target"))
                continue
            path = report.resolve(page, file) if file else page.path
            if not os.path.exists(path):
                findings.append(Finding(page.name, link.line, f"link to {link.target}: no file {file}"))
                continue
            if fragment and path.endswith(".md"):
                if urllib.parse.unquote(fragment) not in report.anchors_at(path):
                    findings.append(Finding(page.name, link.line, f"link to {link.target}: no anchor #{fragment}"))
    return findings


def check_svgs_shown(report):
    """Every SVG of the report is shown as an image on some page."""
    shown = set()
    for page in report.pages.values():
        for link in links_of(page):
            if link.image and not is_external(link.target):
                shown.add(report.resolve(page, link.target.partition("#")[0]))
    return [Finding(svg, 1, "an SVG shown on no page") for svg in report.svgs
            if os.path.join(report.root, svg) not in shown]


# --- Numbers -------------------------------------------------------------------------------

# A number as a reader sees one: digits, a decimal part, an exponent, or a fraction P/Q
# (one token); not a part of a word (u0, VI-01's 01 is a number of its own, a hash's digits
# are not).
NUMBER = re.compile(r"(?<![\w.])[-−+]?[0-9]+(?:\.[0-9]+)?(?:[eE][-−+]?[0-9]+)?(?:/[0-9]+(?:\.[0-9]+)?)?(?![\w]|\.[0-9])")


def significant_digits(token):
    """The significant digits of a decimal or of the larger part of a fraction: leading zeros
    are not, and an integer's trailing zeros are not (a decimal's are: it claims them)."""
    most = 0
    for part in token.split("/"):
        mantissa = re.split(r"[eE]", part.lstrip("-−+"))[0]
        digits = mantissa.replace(".", "").lstrip("0")
        if "." not in mantissa:
            digits = digits.rstrip("0")
        most = max(most, len(digits))
    return most


def shown_text(line):
    """What a reader sees of a line: link targets, HTML tags and comments removed."""
    text = re.sub(r"<!--.*?-->", "", line)
    text = re.sub(r"(!?\[(?:[^\[\]]|\\\[|\\\])*\])\([^)]*\)", r"\1", text)
    text = re.sub(r"^ {0,3}\[[^\]]+\]:.*$", "", text)
    return re.sub(r"<[^>]+>", "", text)


def check_numbers(report):
    """No cell or sentence shows a number with more than 10 significant digits, or a number
    token longer than 20 characters."""
    findings = []
    for page in report.pages.values():
        for number, line in page.lines:
            for m in NUMBER.finditer(shown_text(line)):
                token = m.group(0)
                if len(token) > MAX_NUMBER_CHARACTERS:
                    findings.append(Finding(page.name, number,
                                            f"a number of {len(token)} characters (at most {MAX_NUMBER_CHARACTERS}): {token}"))
                elif significant_digits(token) > MAX_SIGNIFICANT_DIGITS:
                    findings.append(Finding(page.name, number, f"a number of {significant_digits(token)} significant "
                                                               f"digits (at most {MAX_SIGNIFICANT_DIGITS}): {token}"))
    return findings


# --- Tables --------------------------------------------------------------------------------

def cells_of(row):
    """The cells of a table row: split at every '|' not escaped, less the outer ones."""
    cells = re.split(r"(?<!\\)\|", row.strip())
    if cells and cells[0].strip() == "":
        cells = cells[1:]
    if cells and cells[-1].strip() == "":
        cells = cells[:-1]
    return cells


def tables_of(page):
    """(line, columns) of each table's header row: a row followed by a delimiter row."""
    tables = []
    for (number, header), (_, delimiter) in zip(page.lines, page.lines[1:]):
        if "|" in header and re.match(r"^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$", delimiter):
            tables.append((number, len(cells_of(header))))
    return tables


def check_main_page_columns(report):
    """A table on a main page (the report directory's own pages) has at most 7 columns."""
    findings = []
    for page in report.pages.values():
        if "/" in page.name:
            continue
        for number, columns in tables_of(page):
            if columns > MAX_MAIN_PAGE_COLUMNS:
                findings.append(Finding(page.name, number, f"a table of {columns} columns on a main page "
                                                           f"(at most {MAX_MAIN_PAGE_COLUMNS})"))
    return findings


RULES = [check_links, check_svgs_shown, check_numbers, check_main_page_columns]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", help="the report's directory (what `vibro report --out` wrote)")
    parser.add_argument("--parent", help="where links that leave the report resolve (default: its parent directory)")
    args = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(args.report, "index.md")):
        print(f"{args.report}: no index.md: not a report", file=sys.stderr)
        return 2
    report = Report(args.report, args.parent)
    findings = [f for rule in RULES for f in rule(report)]
    order = {name: i for i, name in enumerate(sorted(report.pages) + sorted(report.svgs))}
    findings.sort(key=lambda f: (order.get(f.page, len(order)), f.line))
    for f in findings:
        print(f)
    print(f"{len(findings)} finding{'' if len(findings) == 1 else 's'} in {len(report.pages)} pages "
          f"and {len(report.svgs)} SVGs of {args.report}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
