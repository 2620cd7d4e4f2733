#!/usr/bin/python3
"""How far a header reaches in the build: the objects a change to it recompiles.

Usage: scripts/build_reach.py [--build DIR] [--target TARGET] HEADER...

For each HEADER (a path under the source tree, e.g. src/vibro/results/run_result.hpp), prints
how many of the compiled objects of TARGET (default vibro_tests: the README's test target, with
the libraries and the executable) include it, directly or not (through a precompiled header
too), and what share of all of them that is. It reads the dependencies ninja recorded at the
last build (`ninja -t deps`), so build first. docs/architecture.md "Build" quotes these figures.
"""
import argparse
import pathlib
import subprocess
import sys


def objects_of(build, target):
    """The object files ninja would compile for target (from a dry run after `-t clean`-free query)."""
    out = subprocess.run(["ninja", "-C", str(build), "-t", "inputs", target], capture_output=True, text=True,
                         check=True).stdout.split()
    return {o for o in out if o.endswith(".o")}


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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build/release")
    parser.add_argument("--target", default="vibro_tests")
    parser.add_argument("headers", nargs="+")
    options = parser.parse_args()
    build = pathlib.Path(options.build).resolve()
    objects = objects_of(build, options.target)
    recorded = deps(build)
    # A Fortran object (the Moreau–Jean peer) records no header dependencies: no C++ header reaches it.
    missing = [o for o in objects if o not in recorded and not o.endswith(".f90.o")]
    if missing:
        print(f"{len(missing)} objects have no recorded dependencies: build {options.target} first", file=sys.stderr)
        return 1
    pch = precompiled_headers(build)
    for header in options.headers:
        name = pathlib.Path(header).resolve()

        def includes(compiled):
            return any(pathlib.Path(build / d).resolve() == name for d in recorded.get(compiled, []))

        reach = [o for o in objects if includes(o) or any(includes(g) for g in pch.get(o, []))]
        print(f"{header}: {len(reach)} of {len(objects)} objects ({100 * len(reach) / len(objects):.0f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
