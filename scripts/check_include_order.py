#!/usr/bin/python3
"""The include order of vibro's sources, checked against the table of docs/architecture.md.

Usage: scripts/check_include_order.py [SOURCE_DIR]      check the tree (default: this checkout)
       scripts/check_include_order.py --self-test       plant each kind of fault in a copy, expect a failure

docs/architecture.md's section "Layers" holds a table with one row per folder, lowest first:
| `folder/` | what it holds | `a/`, `b/` (the folders it may include) |. Every `#include "vibro/..."`
of a file in src/vibro/FOLDER/ (and of reference/vibro/reference/, peer/vibro/peer/, src/cli/,
python/src/, src/vibro/harness.hpp, which have rows of their own) must name its own folder or one
its row lists. The table itself must be a true layering: a folder may include only folders on rows
above it (so no cycle, reference <-> analysis and run <-> io included), every folder on disk has a
row, and every row's folder exists. Exit 1 with one line per fault.
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

# Where each row's files live, when not src/vibro/FOLDER/.
PLACES = {
    "reference": "reference/vibro/reference",
    "peer": "peer/vibro/peer",
    "cli": "src/cli",
    "python": "python/src",
    "harness.hpp": "src/vibro/harness.hpp",
}
ROW = re.compile(r"^\|\s*`([a-z_.]+)/?`\s*\|[^|]*\|\s*(.*?)\s*\|\s*$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"vibro/([a-z_]+(?:\.hpp)?)(/[^"]*)?"')


def read_table(root):
    text = (root / "docs" / "architecture.md").read_text()
    start = text.find("## Layers")
    if start < 0:
        raise SystemExit("docs/architecture.md: no section \"## Layers\"")
    end = text.find("\n## ", start + 1)
    rows = []
    for line in text[start:end if end > 0 else None].splitlines():
        m = ROW.match(line)
        if not m:
            continue
        allowed = re.findall(r"`([a-z_.]+)/?`", m.group(2))
        if m.group(2).strip() in ("everything", "every folder"):
            allowed = ["*"]
        rows.append((m.group(1), allowed))
    if not rows:
        raise SystemExit("docs/architecture.md: the \"Layers\" section has no table rows")
    return rows


def files_of(root, folder):
    place = root / PLACES.get(folder, f"src/vibro/{folder}")
    if place.is_file():
        return [place]
    return sorted(p for p in place.rglob("*") if p.suffix in (".hpp", ".cpp", ".h"))


def check(root):
    faults = []
    rows = read_table(root)
    order = [name for name, _ in rows]
    position = {name: i for i, name in enumerate(order)}
    # The table is a layering: each row names only rows above it.
    for i, (name, allowed) in enumerate(rows):
        for a in allowed:
            if a == "*":
                continue
            if a not in position:
                faults.append(f"docs/architecture.md: `{name}/` may include `{a}/`, which has no row")
            elif position[a] >= i:
                faults.append(f"docs/architecture.md: `{name}/` may include `{a}/`, which is not above it")
    # Every folder on disk has a row, and every row exists.
    on_disk = {p.name for p in (root / "src" / "vibro").iterdir() if p.is_dir()}
    for folder in sorted(on_disk - set(order)):
        faults.append(f"src/vibro/{folder}/: no row in docs/architecture.md's layer table")
    for name in order:
        if not (root / PLACES.get(name, f"src/vibro/{name}")).exists():
            faults.append(f"docs/architecture.md: the row `{name}/` names nothing that exists")
    # Every include line.
    for name, allowed in rows:
        for path in files_of(root, name):
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = m.group(1)
                if target == name or "*" in allowed or target in allowed:
                    continue
                where = path.relative_to(root)
                if name != "harness.hpp" and target == "harness.hpp":
                    faults.append(f"{where}:{number}: includes the public API header vibro/harness.hpp")
                    continue
                faults.append(f"{where}:{number}: `{name}/` includes vibro/{target}{m.group(2) or ''}, "
                              f"but may include only {', '.join(a + '/' for a in allowed) or 'itself'}")
    return faults


def self_test(root):
    """Each fault the check exists for, planted in a copy: each must be reported."""
    plants = [
        ("an arrow back up (analysis -> run)", "src/vibro/analysis/observed_order.hpp",
         lambda t: t.replace("#pragma once", '#pragma once\n#include "vibro/run/run_case.hpp"', 1),
         "`analysis/` includes vibro/run/run_case.hpp"),
        ("io including computing code", "src/vibro/io/json_number.hpp",
         lambda t: t.replace("#pragma once", '#pragma once\n#include "vibro/sweep/sweep_point.hpp"', 1),
         "`io/` includes vibro/sweep/sweep_point.hpp"),
        ("a table row naming a folder below it", "docs/architecture.md",
         lambda t: re.sub(r"(\| `scalar/` \|[^|]*\|)[^|]*\|", r"\1 `io/` |", t, count=1),
         "`scalar/` may include `io/`, which is not above it"),
    ]
    failures = 0
    for what, file, change, expected in plants:
        with tempfile.TemporaryDirectory() as tmp:
            copy = pathlib.Path(tmp) / "tree"
            for part in ("src", "reference/vibro", "peer/vibro", "python/src", "docs"):
                shutil.copytree(root / part, copy / part, dirs_exist_ok=True)
            target = copy / file
            before = target.read_text()
            target.write_text(change(before))
            if target.read_text() == before:
                print(f"self-test: could not plant {what} in {file}")
                failures += 1
                continue
            found = check(copy)
            if not any(expected in f for f in found):
                print(f"self-test: {what} was not reported (expected \"{expected}\"); found {found[:3]}")
                failures += 1
    # A folder without a row.
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp) / "tree"
        for part in ("src", "reference/vibro", "peer/vibro", "python/src", "docs"):
            shutil.copytree(root / part, copy / part, dirs_exist_ok=True)
        (copy / "src" / "vibro" / "newfolder").mkdir()
        if not any("newfolder/: no row" in f for f in check(copy)):
            print("self-test: a folder without a row was not reported")
            failures += 1
    print("self-test: " + ("every planted fault reported" if failures == 0 else f"{failures} planted faults missed"))
    return 1 if failures else 0


def main():
    args = sys.argv[1:]
    here = pathlib.Path(__file__).resolve().parent.parent
    if args and args[0] == "--self-test":
        return self_test(pathlib.Path(args[1]).resolve() if len(args) > 1 else here)
    root = pathlib.Path(args[0]).resolve() if args else here
    faults = check(root)
    for f in faults:
        print(f)
    rows = read_table(root)
    if not faults:
        print(f"include order: {len(rows)} layers, every #include of src/ points down")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
