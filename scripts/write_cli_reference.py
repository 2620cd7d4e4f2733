#!/usr/bin/env python3
"""Writes docs/cli.md, the command-line reference, from the help of `vibro` and of every verb
(and of every `vibro testset` subcommand), so that the reference says what the executable says:

    ./scripts/write_cli_reference.py build/release/src/vibro > docs/cli.md
    ./scripts/write_cli_reference.py --check docs/cli.md build/release/src/vibro

With --check it compares instead, and exits 1 with the first differing lines when the file is
not what the executable's help gives now (a verb or an option added, renamed or described
anew), 0 when it is. The test suite runs the check (Docs.CliReferenceIsEveryVerbsHelp).
"""

import argparse
import difflib
import os
import pathlib
import re
import subprocess
import sys

# The help is taken in the repository's root, where the defaults of the data directories are
# the shipped ones (`cases`, `reference/published`, …), as a user of the checkout sees them.
ROOT = pathlib.Path(__file__).resolve().parent.parent

INTRO = """# Command-line reference

Every verb of `vibro` with its options, as `vibro VERB --help` prints them. This page is
written from the executable's help by `scripts/write_cli_reference.py` and checked against it by
the test suite (`ctest -R CliReference`), so it says what `vibro` does; the defaults of the data
directories are those of a run in the repository's root (elsewhere: the installed data, `share/vibro/`). The options
under "Options of every verb" go before or after the verb. Exit status: 0 success; 1 a finding
(an expectation, a published outcome or a stored value not reproduced, an enclosure stopped
before its horizon); 2 bad input, with one line `vibro: error: …` on stderr. What each command
computes is in the page its help names; the outputs' fields are in [`outputs.md`](outputs.md).
"""


def help_text(vibro, words):
    """`vibro WORDS --help`, the program's path shown as `vibro`."""
    run = subprocess.run([vibro, *words, "--help"], capture_output=True, text=True, check=True, cwd=ROOT)
    return run.stdout.replace(vibro, "vibro").rstrip() + "\n"


def subcommands(text):
    """The subcommand names a help text lists."""
    names, listing = [], False
    for line in text.splitlines():
        if line.startswith("Subcommands:"):
            listing = True
            continue
        if listing:
            match = re.match(r"^  (\S+)\s", line)
            if match:
                names.append(match.group(1))
            elif line and not line.startswith(" "):
                listing = False
    return names


def reference(vibro):
    top = help_text(vibro, [])
    parts = [INTRO, "## `vibro`\n\n```text\n" + top + "```\n"]
    for verb in subcommands(top):
        text = help_text(vibro, [verb])
        parts.append(f"## `vibro {verb}`\n\n```text\n" + text + "```\n")
        for sub in subcommands(text):
            parts.append(f"### `vibro {verb} {sub}`\n\n```text\n" + help_text(vibro, [verb, sub]) + "```\n")
    return "\n".join(parts)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", metavar="FILE", help="compare FILE with the reference instead of writing it")
    parser.add_argument("vibro", help="the vibro executable")
    args = parser.parse_args(argv[1:])
    args.vibro = os.path.abspath(args.vibro)
    try:
        text = reference(args.vibro)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"write_cli_reference: error: {error}", file=sys.stderr)
        return 2
    if not args.check:
        sys.stdout.write(text)
        return 0
    with open(args.check, encoding="utf-8") as f:
        stored = f.read()
    if stored == text:
        return 0
    diff = difflib.unified_diff(stored.splitlines(), text.splitlines(), args.check, "vibro --help", lineterm="", n=1)
    print("\n".join(list(diff)[:40]))
    print(f"{args.check} is not the help of the executable: ./scripts/write_cli_reference.py {args.vibro} > {args.check}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
