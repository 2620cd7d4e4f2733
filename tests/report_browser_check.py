#!/usr/bin/python3
"""The report's HTML pages checked in a real browser (docs/reports.md, "The HTML pages").

Loads every .html page of each report directory in headless Chromium at 1280 px wide, in the
light and in the dark colour scheme, and fails on
  wide-table       a table wider than the page's content column (the <main> element's content box);
  missing-image    an image that does not load (naturalWidth 0);
  dead-anchor      a link to an anchor that no element of the page it names has as its id;
  dead-link        a link to a file of the report that does not exist;
  plot-contrast    text of an SVG plot whose contrast against what is behind it is below 3:1
                   (WCAG 2's contrast ratio): the plot's own opaque shapes behind the text, else
                   the page's background around the image in that colour scheme;
  colour-scheme    a page on which the dark scheme did not apply (the check itself is broken).

Chromium is driven through its DevTools protocol on a pipe (--remote-debugging-pipe): no Python
package beyond the standard library. The colour scheme is the emulated media feature
prefers-color-scheme, and each page reports back whether it matched.

  report_browser_check.py REPORT_DIR...            check; exit 1 on any failure
  report_browser_check.py REPORT_DIR --screenshot index.html front.png ...
  report_browser_check.py --generate VIBRO CASES PUBLISHED OUT
                                                   make a report from CASES first, then check it
  report_browser_check.py --self-test FIXTURES     each FIXTURES/KIND/ must fail on KIND alone,
                                                   FIXTURES/clean/ must pass
Exit 77 (CTest's skip code here) when chromium is not installed.
"""

import argparse
import base64
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import Counter
from pathlib import Path

SKIP = 77
WIDTH, HEIGHT = 1280, 1400
MIN_CONTRAST = 3.0
THEMES = ("light", "dark")


class Browser:
    """One headless Chromium, one tab, spoken to over the DevTools pipe (fds 3 and 4)."""

    def __init__(self, executable):
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        # Kept above the standard streams and 3, 4 while the child moves them into place.
        child_in = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
        child_out = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.profile = tempfile.mkdtemp(prefix="report-browser-check-")

        def place_pipes():
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
             "--hide-scrollbars", "--font-render-hinting=none", f"--window-size={WIDTH},{HEIGHT}",
             f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=place_pipes, pass_fds=(3, 4))
        os.close(child_in)
        os.close(child_out)
        self.write_fd, self.read_fd = to_browser_w, from_browser_r
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=self.session)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False}, session=self.session)

    def _message(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.read_fd, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(text)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.write_fd, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, method, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            for i, event in enumerate(self.events):
                if event["method"] == method and event.get("sessionId") == self.session:
                    del self.events[i]
                    return event
            if time.monotonic() > deadline:
                raise RuntimeError(f"no {method} within {timeout} s")
            message = self._message()
            if "method" in message:
                self.events.append(message)

    def open(self, url):
        self.events.clear()
        self.call("Page.navigate", {"url": url}, session=self.session)
        self.wait_event("Page.loadEventFired")

    def theme(self, name):
        self.call("Emulation.setEmulatedMedia",
                  {"features": [{"name": "prefers-color-scheme", "value": name}]}, session=self.session)

    def evaluate(self, script):
        result = self.call("Runtime.evaluate", {"expression": script, "awaitPromise": True, "returnByValue": True},
                           session=self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"]["value"]

    def screenshot(self, file):
        data = self.call("Page.captureScreenshot",
                         {"format": "png", "clip": {"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT, "scale": 1}},
                         session=self.session)["data"]
        Path(file).write_bytes(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close")
        except RuntimeError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.write_fd)
        os.close(self.read_fd)
        shutil.rmtree(self.profile, ignore_errors=True)


# What a page shows: its content column, tables, images (with the backgrounds around each, from
# the image outwards), ids and links.
PAGE_SCRIPT = r"""
(async () => {
  await Promise.all([...document.images].map(img => img.decode().catch(() => null)));
  const backgrounds = element => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) layers.push(getComputedStyle(e).backgroundColor);
    return layers;
  };
  const main = document.querySelector('main') || document.body;
  const style = getComputedStyle(main), box = main.getBoundingClientRect();
  const column = {
    left: box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
    right: box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight)};
  const tables = [...document.querySelectorAll('table')].map((table, index) => {
    const r = table.getBoundingClientRect();
    const first = table.querySelector('th, td');
    return {index, left: r.left, right: r.right, width: r.width, columns: table.rows.length ? table.rows[0].cells.length : 0,
            first: first ? first.textContent.trim().slice(0, 40) : ''};
  });
  const images = [...document.images].map(img => ({
    src: img.getAttribute('src'), url: img.src, loaded: img.complete && img.naturalWidth > 0,
    backgrounds: backgrounds(img.parentElement)}));
  const ids = [...document.querySelectorAll('[id]')].map(e => e.id)
      .concat([...document.querySelectorAll('a[name]')].map(e => e.getAttribute('name')));
  const links = [...document.querySelectorAll('a[href]')].map(a => ({href: a.getAttribute('href'), url: a.href}));
  return {dark: matchMedia('(prefers-color-scheme: dark)').matches, column, tables, images, ids, links};
})()
"""

# An SVG file's text parsed as XML and put into a blank page (in an element that resets every
# inherited property, as an <img> shows it): each text's fill and opacity, and the shapes
# painted before it (in document order) whose box holds the text's centre. One page for every
# plot: opening each file as a page of its own costs a navigation per plot.
SVG_SCRIPT = r"""
(source => {
  let host = document.getElementById('svg-host');
  if (!host) {
    host = document.createElement('div');
    host.id = 'svg-host';
    host.style.cssText = 'all: initial; position: absolute; left: 0; top: 0;';
    document.body.appendChild(host);
  }
  const parsed = new DOMParser().parseFromString(source, 'image/svg+xml');
  if (parsed.querySelector('parsererror')) return {error: parsed.querySelector('parsererror').textContent.slice(0, 200)};
  const svg = document.importNode(parsed.documentElement, true);
  host.replaceChildren(svg);
  const all = [svg, ...svg.querySelectorAll('*')];
  const order = new Map(all.map((e, i) => [e, i]));
  const opacity = element => {
    let product = 1;
    for (let e = element; e && e !== host; e = e.parentElement) product *= parseFloat(getComputedStyle(e).opacity);
    return product;
  };
  const shapes = [...svg.querySelectorAll('rect, path, polygon, circle, ellipse')].map(shape => {
    const s = getComputedStyle(shape);
    return {at: order.get(shape), fill: s.fill, shown: s.display !== 'none' && s.visibility !== 'hidden',
            opacity: parseFloat(s.fillOpacity) * opacity(shape), box: shape.getBoundingClientRect()};
  }).filter(s => s.shown && s.fill.startsWith('rgb'));
  const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() !== '').map(text => {
    const s = getComputedStyle(text), r = text.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2, at = order.get(text);
    const behind = shapes.filter(b => b.at < at && x >= b.box.left && x <= b.box.right && y >= b.box.top && y <= b.box.bottom)
                         .map(b => ({fill: b.fill, opacity: b.opacity}));
    return {text: text.textContent.trim().slice(0, 40), fill: s.fill, opacity: parseFloat(s.fillOpacity) * opacity(text), behind};
  });
  return {background: getComputedStyle(svg).backgroundColor, texts};
})
"""


def parse_colour(text):
    """(r, g, b, a) in 0..1 from a computed CSS colour ("rgb(…)", "rgba(…)"), or None."""
    match = re.fullmatch(r"rgba?\(([^)]*)\)", text.strip())
    if not match:
        return None
    parts = [float(p) for p in re.split(r"[,\s/]+", match.group(1).strip()) if p]
    alpha = parts[3] if len(parts) > 3 else 1.0
    return (parts[0] / 255, parts[1] / 255, parts[2] / 255, alpha)


def over(top, bottom):
    """`top` (r, g, b, a) painted over the opaque `bottom` (r, g, b)."""
    r, g, b, a = top
    return tuple(a * c + (1 - a) * d for c, d in zip((r, g, b), bottom))


def luminance(rgb):
    """WCAG 2's relative luminance of an sRGB colour."""
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one, two):
    """WCAG 2's contrast ratio of two opaque colours, 1 to 21."""
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def page_background(layers):
    """The opaque colour behind an element, from the backgrounds of it and its ancestors (inner
    first) painted over the canvas's white."""
    colour = (1.0, 1.0, 1.0)
    for layer in reversed(layers):
        parsed = parse_colour(layer)
        if parsed:
            colour = over(parsed, colour)
    return colour


def local_path(url):
    parsed = urllib.parse.urlsplit(url)
    return Path(urllib.parse.unquote(parsed.path)) if parsed.scheme == "file" else None


class Check:
    def __init__(self, browser):
        self.browser = browser
        self.failures = []  # (kind, page, detail)
        self.svgs = {}      # (file, theme) → what SVG_SCRIPT returned
        self.svg_host_open = False  # whether the tab shows the blank page SVG_SCRIPT uses

    def fail(self, kind, page, detail):
        self.failures.append((kind, page, detail))

    def svg(self, file, theme):
        key = (file, theme)
        if key not in self.svgs:
            if not self.svg_host_open:
                self.browser.open("about:blank")
                self.svg_host_open = True
            source = json.dumps(file.read_text(encoding="utf-8"))
            for name in THEMES:
                self.browser.theme(name)
                self.svgs[(file, name)] = self.browser.evaluate(f"({SVG_SCRIPT})({source})")
        return self.svgs[key]

    def report(self, root, screenshots=()):
        root = root.resolve()
        pages = sorted(root.rglob("*.html"))
        if not pages:
            self.fail("no-pages", str(root), "no .html page: was the report written by a vibro that writes HTML?")
            return
        seen = {}  # page → theme → what PAGE_SCRIPT returned
        self.svg_host_open = False
        for page in pages:
            name = str(page.relative_to(root))
            self.browser.theme("light")
            self.browser.open(page.as_uri())
            for wanted, file in screenshots:
                if (root / wanted).resolve() == page:
                    self.browser.screenshot(file)
            seen[page] = {}
            for theme in THEMES:
                self.browser.theme(theme)
                shown = seen[page][theme] = self.browser.evaluate(PAGE_SCRIPT)
                if shown["dark"] != (theme == "dark"):
                    self.fail("colour-scheme", name, f"prefers-color-scheme: {theme} did not apply")
            self.tables(name, seen[page])
            for image in seen[page]["light"]["images"]:
                if not image["loaded"]:
                    self.fail("missing-image", name, image["src"])
        ids = {page: set(by_theme["light"]["ids"]) for page, by_theme in seen.items()}
        # The plots after the pages: each SVG file is opened once, as a document of its own.
        for page, by_theme in seen.items():
            name = str(page.relative_to(root))
            self.links(root, name, by_theme["light"], ids)
            for theme in THEMES:
                for image in by_theme[theme]["images"]:
                    file = local_path(image["url"])
                    if image["loaded"] and file and file.suffix == ".svg":
                        self.plot_text(name, theme, image, file)

    def tables(self, name, by_theme):
        """Each table wider than the column in either scheme, once, naming the schemes."""
        wide = {}  # table index → (the table in the first scheme it overflows, its column, schemes)
        for theme in THEMES:
            column = by_theme[theme]["column"]
            for table in by_theme[theme]["tables"]:
                if table["right"] > column["right"] + 0.5 or table["left"] < column["left"] - 0.5:
                    wide.setdefault(table["index"], (table, column, []))[2].append(theme)
        for table, column, themes in wide.values():
            self.fail("wide-table", name,
                      f"table {table['index'] + 1} ({table['columns']} columns, first cell {table['first']!r}) "
                      f"is {table['width']:.0f} px, the column {column['right'] - column['left']:.0f} px "
                      f"({', '.join(themes)})")

    def links(self, root, name, shown, ids):
        for link in shown["links"]:
            target = local_path(link["url"])
            if target is None:
                continue  # the web, mail
            if not target.is_relative_to(root):
                continue  # outside the report (the repository's docs): not the report's to check
            fragment = urllib.parse.unquote(urllib.parse.urlsplit(link["url"]).fragment)
            if not target.exists():
                self.fail("dead-link", name, link["href"])
            elif fragment and target.suffix == ".html" and fragment not in ids.get(target, set()):
                self.fail("dead-anchor", name, link["href"])

    def plot_text(self, name, theme, image, file):
        svg = self.svg(file, theme)
        if "error" in svg:
            self.fail("plot-contrast", name, f"{image['src']}: not readable as SVG: {svg['error']}")
            return
        behind_plot = page_background(image["backgrounds"])
        own = parse_colour(svg["background"])
        if own:
            behind_plot = over(own, behind_plot)
        worst, judged = None, 0
        for text in svg["texts"]:
            fill = parse_colour(text["fill"])
            if fill is None:
                continue  # no fill (an outline only): not judged
            judged += 1
            background = behind_plot
            for shape in text["behind"]:
                colour = parse_colour(shape["fill"])
                if colour:
                    background = over(colour[:3] + (colour[3] * shape["opacity"],), background)
            ink = over(fill[:3] + (fill[3] * text["opacity"],), background)
            ratio = contrast(ink, background)
            if ratio < MIN_CONTRAST and (worst is None or ratio < worst[0]):
                worst = (ratio, text["text"])
        if worst:
            self.fail("plot-contrast", name,
                      f"{image['src']} ({theme}): text {worst[1]!r} at {worst[0]:.2f}:1 (the worst of {judged})")


def summary(failures):
    lines = [f"{kind:14} {page}: {detail}" for kind, page, detail in failures]
    by_kind = Counter(kind for kind, _, _ in failures)
    pages = Counter((kind, page) for kind, page, _ in failures)
    lines.append(f"{len(failures)} failure(s)" + "".join(f"; {kind}: {n} on {sum(1 for k, _ in pages if k == kind)} page(s)"
                                                          for kind, n in sorted(by_kind.items())))
    return "\n".join(lines)


def self_test(browser, fixtures):
    """Each fixtures/KIND/ must fail on KIND and nothing else; fixtures/clean/ must pass."""
    wrong = []
    for folder in sorted(p for p in fixtures.iterdir() if p.is_dir()):
        check = Check(browser)
        check.report(folder)
        kinds = {kind for kind, _, _ in check.failures}
        expected = set() if folder.name == "clean" else {folder.name}
        status = "ok" if kinds == expected else "WRONG"
        print(f"{status}: {folder.name}: expected {sorted(expected) or 'no failure'}, found {sorted(kinds) or 'none'}")
        if check.failures:
            print("  " + summary(check.failures).replace("\n", "\n  "))
        if kinds != expected:
            wrong.append(folder.name)
    return 1 if wrong else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reports", nargs="*", type=Path, help="report directories (every .html under each)")
    parser.add_argument("--screenshot", nargs=2, action="append", default=[], metavar=("PAGE", "PNG"),
                        help="write a 1280x1400 PNG of PAGE (relative to the report), light scheme")
    parser.add_argument("--generate", nargs=4, metavar=("VIBRO", "CASES", "PUBLISHED", "OUT"),
                        help="first run `VIBRO report` on CASES into OUT (replaced), then check OUT")
    parser.add_argument("--self-test", type=Path, metavar="FIXTURES")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"))
    args = parser.parse_args()
    if not args.chromium:
        print("SKIP: chromium is not installed (Debian package chromium; the quick start installs it)")
        return SKIP
    reports = list(args.reports)
    if args.generate:
        vibro, cases, published, out = args.generate
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([vibro, "--quiet", "report", "--no-measure-rounding", "--cases", cases,
                        "--published", published, "--out", out], check=True)
        reports.append(Path(out))
    started = time.monotonic()
    browser = Browser(args.chromium)
    try:
        if args.self_test:
            return self_test(browser, args.self_test)
        check = Check(browser)
        for report in reports:
            check.report(report, [(page, Path(png)) for page, png in args.screenshot])
    finally:
        browser.close()
    for page, png in args.screenshot:
        if not Path(png).is_file():
            check.fail("screenshot", page, f"no such page in {', '.join(map(str, reports))}: {png} not written")
    pages = sum(len(list(r.resolve().rglob("*.html"))) for r in reports)
    print(summary(check.failures) if check.failures else
          f"{pages} page(s) in {len(reports)} report(s), light and dark: no failure")
    print(f"({time.monotonic() - started:.1f} s)")
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
