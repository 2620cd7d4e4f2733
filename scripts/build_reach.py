#!/usr/bin/python3
"""How far a header reaches in the build: the objects a change to it recompiles.

Usage: scripts/build_reach.py [--build DIR] [--target TARGET] HEADER...
       scripts/build_reach.py [--build DIR] [--target TARGET] --check-goals docs/architecture.md
       scripts/build_reach.py --self-test

For each HEADER (a path under the source tree, e.g. src/vibro/results/run_result.hpp), prints
how many of the compiled objects of TARGET (default vibro_tests: the README's test target, with
the libraries and the executable) include it, directly or not (through a precompiled header
too), and what share of all of them that is. It reads the dependencies ninja recorded at the
last build (`ninja -t deps`), so build first. docs/architecture.md "Build" quotes these figures.

--check-goals reads the reach table of docs/architecture.md (its rows of headers, the objects
measured and the goal: "at most N", "at most half" or none) and fails when a header's reach
passes its goal, or, for a goal the table says is not met yet, passes the figure the table
records: a goal met stays met, one not met cannot drift further unseen. --self-test runs the
table's reader and judge on rows written here, each with a known verdict.
"""
import argparse
import pathlib
import re
import subprocess
import sys


def objects_of(build, target):
    """The object files ninja would compile for target (`ninja -t inputs`, which builds nothing)."""
    done = subprocess.run(["ninja", "-C", str(build), "-t", "inputs", target], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{build}: not a ninja build with the target {target} ({done.stderr.strip() or done.stdout.strip()})")
    return {o for o in done.stdout.split() if o.endswith(".o")}


def deps(build):
    """object → the files it was compiled from, as ninja recorded them."""
    text = subprocess.run(["ninja", "-C", str(build), "-t", "deps"], capture_output=True, text=True, check=True).stdout
    result, current = {}, None
    for line in text.splitlines():
        if not line.strip():
            current = None
        elif not line.startswith(" "):
            current = line.split(":")[0]
            result[current] = []
        elif current:
            result[current].append(line.strip())
    return result


def precompiled_headers(build):
    """object → the precompiled headers (.gch) it is compiled with: build.ninja lists each as an
    implicit input of the object, and a header inside one reaches the object through it
    (ninja rebuilds the .gch, then every object that uses it), though the object's own recorded
    dependencies do not name it."""
    result = {}
    for line in (build / "build.ninja").read_text().splitlines():
        if not line.startswith("build ") or ".o: " not in line or " | " not in line:
            continue
        output = line[len("build "):line.index(": ")]
        implicit = line.split(" | ", 1)[1].split(" || ")[0].split()
        result[output] = [i for i in implicit if i.endswith(".gch")]
    return result


def reaches(build, target, headers):
    """header → (objects of target it reaches, objects of target); exits with a one-line error
    when target has objects with no recorded dependencies (not built)."""
    objects = objects_of(build, target)
    recorded = deps(build)
    # A Fortran object (the Moreau–Jean peer) records no header dependencies: no C++ header reaches it.
    if any(o not in recorded and not o.endswith(".f90.o") for o in objects):
        sys.exit(f"objects without recorded dependencies: build {target} first")
    pch = precompiled_headers(build)
    resolved = {}  # a dependency as ninja wrote it → its resolved path, each resolved once

    def resolve(dependency):
        if dependency not in resolved:
            resolved[dependency] = (build / dependency).resolve()
        return resolved[dependency]

    included = {}  # compiled file (object or .gch) → the resolved files it includes

    def includes(compiled):
        if compiled not in included:
            included[compiled] = {resolve(d) for d in recorded.get(compiled, [])}
        return included[compiled]

    result = {}
    for header in headers:
        name = pathlib.Path(header).resolve()
        result[header] = sum(1 for o in objects if name in includes(o) or any(name in includes(g) for g in pch.get(o, [])))
    return result, len(objects)


# --check-goals: the table of docs/architecture.md whose first column names headers in backticks
# (under src/vibro/ when written without src/), whose second holds one figure per header ("20,
# 20, 19", a percentage or a note in parentheses after), and whose third the goal.
TABLE_HEAD = re.compile(r"^\| header \| objects \| goal \|$")


def goal_rows(text):
    """(headers, figures, goal) per row of the reach table; goal "half", an int, or None."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if TABLE_HEAD.match(line)), None)
    if start is None:
        raise ValueError("no table with the columns | header | objects | goal |")
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3:
            raise ValueError(f"a row without three cells: {line}")
        headers = re.findall(r"`([^`]+\.hpp)`", cells[0])
        headers = [h if h.startswith("src/") else "src/vibro/" + h for h in headers]
        figures = [int(n) for n in re.findall(r"\d+", re.sub(r"\(.*?\)", "", cells[1]))]
        if not headers or len(figures) != len(headers):
            raise ValueError(f"a row whose headers and figures do not pair: {line}")
        goal = cells[2]
        if goal == "—":
            goal = None
        elif goal == "at most half":
            goal = "half"
        elif re.fullmatch(r"at most \d+", goal):
            goal = int(goal.split()[-1])
        else:
            raise ValueError(f"a goal the check does not read: {goal!r} in {line}")
        rows.append((headers, figures, goal))
    return rows


def judge(rows, reach, total):
    """The failures of the measured reach against the rows' goals; each is one line."""
    failures = []
    for headers, figures, goal in rows:
        if goal is None:
            continue
        limit = total // 2 if goal == "half" else goal
        for header, recorded in zip(headers, figures):
            now = reach[header]
            if recorded <= limit and now > limit:
                failures.append(f"{header} reaches {now} of {total} objects; its goal is at most {limit} "
                                f"(docs/architecture.md records {recorded})")
            elif recorded > limit and now > recorded:
                failures.append(f"{header} reaches {now} of {total} objects, more than the {recorded} "
                                f"docs/architecture.md records while its goal ({limit}) is not met")
    return failures


def check_goals(build, target, document):
    try:
        rows = goal_rows(pathlib.Path(document).read_text())
    except ValueError as error:
        print(f"{document}: {error}", file=sys.stderr)
        return 1
    missing = [h for headers, _, _ in rows for h in headers if not pathlib.Path(h).is_file()]
    if missing:
        print(f"{document} names headers that do not exist (run from the source tree): {', '.join(missing)}",
              file=sys.stderr)
        return 1
    reach, total = reaches(build, target, sorted({h for headers, _, _ in rows for h in headers}))
    for headers, figures, goal in rows:
        for header, recorded in zip(headers, figures):
            print(f"{header}: {reach[header]} of {total} (recorded {recorded}, goal {goal or '—'})")
    failures = judge(rows, reach, total)
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


def self_test():
    """The reader and the judge on a table written here: each verdict known in advance."""
    table = """text
| header | objects | goal |
|---|---|---|
| `a.hpp` (note) | 30 (12 %) | at most 40 |
| `b.hpp`, `src/c.hpp` | 50, 20 | at most 40 |
| `d.hpp`, `e.hpp` | 9, 10 | at most 10 |
| `f.hpp` | 90 (45 %) | at most half |
| `g.hpp` | 150 | — |

after"""
    rows = goal_rows(table)
    expected_rows = [(["src/vibro/a.hpp"], [30], 40), (["src/vibro/b.hpp", "src/c.hpp"], [50, 20], 40),
                     (["src/vibro/d.hpp", "src/vibro/e.hpp"], [9, 10], 10), (["src/vibro/f.hpp"], [90], "half"),
                     (["src/vibro/g.hpp"], [150], None)]
    failures = 0
    if rows != expected_rows:
        print(f"self-test: the table read as {rows}")
        failures += 1
    met = {"src/vibro/a.hpp": 40, "src/vibro/b.hpp": 50, "src/c.hpp": 40, "src/vibro/d.hpp": 10, "src/vibro/e.hpp": 9,
           "src/vibro/f.hpp": 100, "src/vibro/g.hpp": 999}
    cases = [("every goal held, the unmet one no worse", met, 0),
             ("a met goal passed by one", dict(met, **{"src/vibro/a.hpp": 41}), 1),
             ("an unmet goal drifting by one", dict(met, **{"src/vibro/b.hpp": 51}), 1),
             ("a row's second header past its goal", dict(met, **{"src/vibro/e.hpp": 11}), 1),
             ("more than half", dict(met, **{"src/vibro/f.hpp": 101}), 1)]
    for what, reach, count in cases:
        found = judge(expected_rows, reach, 200)
        if len(found) != count:
            print(f"self-test: {what}: expected {count} failures, found {found}")
            failures += 1
    print("self-test: " + ("every verdict as expected" if failures == 0 else f"{failures} verdicts wrong"))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build/release")
    parser.add_argument("--target", default="vibro_tests")
    parser.add_argument("--check-goals", metavar="DOCUMENT")
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("headers", nargs="*")
    options = parser.parse_args()
    if options.self_test:
        return self_test()
    build = pathlib.Path(options.build).resolve()
    if options.check_goals:
        return check_goals(build, options.target, options.check_goals)
    if not options.headers:
        parser.error("name a header, --check-goals or --self-test")
    reach, total = reaches(build, options.target, options.headers)
    for header in options.headers:
        print(f"{header}: {reach[header]} of {total} objects ({100 * reach[header] / total:.0f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
