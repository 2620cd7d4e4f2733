#!/usr/bin/env python3
"""Breaks the core numerical kernels on purpose, one at a time, and reports which break no
test catches (docs/kernel_tests.md). Run by hand or in a scheduled job, not in the README's
test command:

    ./scripts/mutation_check.py [--build build/release] [--only ID ...] [--list]

Needs a configured and built tree (`cmake --build --preset release --target vibro_tests`).
Each mutation in scripts/mutations.json replaces one exact piece of a kernel's source (the
text must occur exactly once). A mutated header is written to a scratch include directory
that comes first on the include path; a mutated source file of the library (a .cpp) is
compiled with its own command from compile_commands.json into a scratch object that is
linked before the library, so that its symbols replace the library's. The test program
that should catch the break is compiled and linked exactly as the build does (its command
in compile_commands.json, its libraries from build.ninja) — the checkout and the build tree
are never modified, and a mutation costs a compile or two instead of a rebuild. The
unmutated program is compiled and run first the same way: it must pass, or the check stops.

Exit status: 0 when every mutation is caught, 1 when one survives, 2 on a setup error.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fail(message):
    print(f"mutation_check: error: {message}", file=sys.stderr)
    sys.exit(2)


def compile_command(build, source):
    """The compiler invocation of `source` from compile_commands.json, as a list."""
    commands = json.loads((build / "compile_commands.json").read_text())
    for entry in commands:
        if Path(entry["file"]).resolve() == source.resolve():
            return entry["directory"], shlex.split(entry["command"])
    fail(f"{source} is not in {build}/compile_commands.json (configure the build first)")


def link_libraries(build, target):
    """The LINK_LIBRARIES of the test program `target` in build.ninja, paths made absolute."""
    text = (build / "build.ninja").read_text()
    match = re.search(rf"^build tests/{re.escape(target)}[ :].*?\n(?:  .*\n)*?  LINK_LIBRARIES = (.*)$", text, re.M)
    if not match:
        fail(f"no link line for tests/{target} in {build}/build.ninja")
    return [str((build / part).resolve()) if not part.startswith(("/", "-")) else part for part in match.group(1).split()]


def compile_object(build, source, obj, include_first=None, compiled_source=None):
    """Compiles `source` with its command from compile_commands.json into `obj`: from the
    file `compiled_source` instead when given (a mutated copy), with `include_first` first
    on the include path when given. Returns (compiler, the failure's message or None)."""
    directory, command = compile_command(build, source)
    command[command.index("-o") + 1] = str(obj)
    if compiled_source:
        command[command.index("-c") + 1] = str(compiled_source)
    if include_first:
        command.insert(1, f"-I{include_first}")
    compiled = subprocess.run(command, cwd=directory, capture_output=True, text=True)
    return command[0], (compiled.stderr[-2000:] if compiled.returncode != 0 else None)


def units_compiled_once_including(build, header):
    """The generated units of vibro_numerics that compile class templates once per type
    (reference/vibro/reference/compiled_in_type.cpp.in) and include `header`, from the
    dependencies ninja recorded: a test links their code, not its own, for the classes they
    compile, so a mutation of such a header must recompile them too."""
    commands = json.loads((build / "compile_commands.json").read_text())
    found = []
    for entry in commands:
        if "/numerics_units/" not in entry["file"]:
            continue
        command = shlex.split(entry["command"])
        target = command[command.index("-o") + 1]
        deps = subprocess.run(["ninja", "-C", str(build), "-t", "deps", target], capture_output=True, text=True,
                              check=True).stdout.splitlines()[1:]
        if any((build / line.strip()).resolve() == header.resolve() for line in deps if line.strip()):
            found.append(Path(entry["file"]))
    return found


def build_and_run(build, mutation, include_first, library_objects, work, tag):
    """Compiles the mutation's test with `include_first` (or nothing) first on the include
    path, links it (with `library_objects` before the library), runs its filter; returns
    (built, passed, output)."""
    obj, exe = work / f"{tag}.o", work / f"{tag}"
    compiler, failure = compile_object(build, ROOT / mutation["test_source"], obj, include_first)
    if failure:
        return False, False, failure
    objects = [str(obj)] + [str(o) for o in library_objects]
    link = [compiler, "-O3", "-DNDEBUG", *objects, "-o", str(exe)] + link_libraries(build, mutation["test_target"])
    linked = subprocess.run(link, cwd=build, capture_output=True, text=True)
    if linked.returncode != 0:
        return False, False, linked.stderr[-2000:]
    ran = subprocess.run([str(exe), f"--gtest_filter={mutation['filter']}"], cwd=build, capture_output=True,
                         text=True, timeout=1800)
    return True, ran.returncode == 0, ran.stdout[-3000:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=str(ROOT / "build" / "release"), help="the configured, built tree")
    parser.add_argument("--only", nargs="*", help="the ids of the mutations to try (default: all)")
    parser.add_argument("--list", action="store_true", help="list the mutations and exit")
    parser.add_argument("--check-texts", action="store_true",
                        help="check that each mutation's text occurs exactly once in its file, and exit "
                             "(CTest Structure.MutationsNameCodeThatExists: a kernel rewritten leaves no mutation stale)")
    args = parser.parse_args()
    build = Path(args.build).resolve()
    mutations = json.loads((ROOT / "scripts" / "mutations.json").read_text())
    if args.list:
        for m in mutations:
            print(f"{m['id']:<28} {m['file']}: {m['what']}  [caught by {m['test_target']} {m['filter']}]")
        return 0
    if args.only:
        unknown = set(args.only) - {m["id"] for m in mutations}
        if unknown:
            fail("no mutation named " + ", ".join(sorted(unknown)))
        mutations = [m for m in mutations if m["id"] in args.only]
    # Every text first, so that a stale one stops the run before an hour of builds, not in it.
    for m in mutations:
        count = (ROOT / m["file"]).read_text().count(m["from"]) if (ROOT / m["file"]).exists() else 0
        if count != 1:
            fail(f"{m['id']}: the text to replace occurs {count} times in {m['file']} (needs 1)")
    if args.check_texts:
        print(f"{len(mutations)} mutations, each text found once in its file")
        return 0
    if not (build / "compile_commands.json").exists():
        fail(f"{build} has no compile_commands.json: configure with the release preset first")

    survived = []
    with tempfile.TemporaryDirectory(prefix="vibro-mutation-") as scratch:
        work = Path(scratch)
        for m in mutations:
            header = ROOT / m["file"]
            text = header.read_text()
            built, passed, output = build_and_run(build, m, None, [], work, m["id"] + "-baseline")
            if not built or not passed:
                fail(f"{m['id']}: the unmutated {m['test_target']} does not pass its filter:\n{output}")
            mutated = text.replace(m["from"], m["to"])
            if header.suffix == ".cpp":
                # The library's source, mutated, compiled to an object linked before the library.
                copy = work / m["id"] / header.name
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_text(mutated)
                library_object = work / m["id"] / (header.stem + ".o")
                _, failure = compile_object(build, header, library_object, compiled_source=copy)
                built, passed, output = (False, False, failure) if failure else build_and_run(
                    build, m, None, [library_object], work, m["id"] + "-mutated")
            else:
                # The mutated header at its include path (src/ or reference/ stripped) in the scratch tree.
                relative = Path(m["file"]).relative_to(Path(m["file"]).parts[0])
                include = work / m["id"] / "include"
                (include / relative).parent.mkdir(parents=True, exist_ok=True)
                (include / relative).write_text(mutated)
                # The classes compiled once per type that the header holds or uses, compiled
                # again from the mutated header and linked before the library.
                library_objects, failure = [], None
                for unit in units_compiled_once_including(build, header):
                    library_objects.append(work / m["id"] / (unit.stem + ".o"))
                    _, failure = compile_object(build, unit, library_objects[-1], include_first=include)
                    if failure:
                        break
                built, passed, output = (False, False, failure) if failure else build_and_run(
                    build, m, include, library_objects, work, m["id"] + "-mutated")
            if not built:
                verdict = "caught by the compiler"
            elif passed:
                verdict = "SURVIVED"
                survived.append(m["id"])
            else:
                verdict = "caught"
            print(f"{m['id']:<28} {verdict:<22} {m['what']}", flush=True)
    print(f"\n{len(mutations) - len(survived)} of {len(mutations)} mutations caught" +
          (f"; survived: {', '.join(survived)}" if survived else ""))
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
