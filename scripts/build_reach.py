#!/usr/bin/python3
"""How far a header reaches in the build: the objects a change to it recompiles.

Usage: scripts/build_reach.py [--build DIR] [--target TARGET] HEADER...

For each HEADER (a path under the source tree, e.g. src/vibro/results/run_result.hpp), prints
how many of the compiled objects of TARGET (default vibro_tests: the README's test target, with
the libraries and the executable) include it, directly or not, and what share of all of them
that is. It reads the dependencies ninja recorded at the last build (`ninja -t deps`), so build
first. docs/architecture.md "Build" quotes these figures.
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
    for header in options.headers:
        name = pathlib.Path(header).resolve()
        reach = [o for o in objects
                 if any(pathlib.Path(build / d).resolve() == name for d in recorded.get(o, []))]
        print(f"{header}: {len(reach)} of {len(objects)} objects ({100 * len(reach) / len(objects):.0f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
