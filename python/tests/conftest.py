"""What the module's tests share: the executable they compare the module with, run as a user
runs it, and its JSON.

CTest runs these from the source tree with PYTHONPATH at the build's python/ directory and
VIBRO_EXECUTABLE the build's `vibro` (python/CMakeLists.txt)."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

SOURCE = pathlib.Path(os.environ.get("VIBRO_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
EXECUTABLE = os.environ.get("VIBRO_EXECUTABLE", str(SOURCE / "build" / "release" / "src" / "vibro"))

sys.path.insert(0, str(SOURCE / "examples" / "python"))


@pytest.fixture(autouse=True)
def in_source_tree(monkeypatch):
    """Every test runs where the shipped cases are ./cases, as the command line's do."""
    monkeypatch.chdir(SOURCE)


def cli(*args, check=True):
    """`vibro ARGS --quiet`: the completed process (stdout and stderr as text)."""
    done = subprocess.run([EXECUTABLE, *map(str, args), "--quiet"], capture_output=True, text=True, timeout=600)
    if check and done.returncode != 0:
        raise AssertionError(f"vibro {' '.join(map(str, args))} exited {done.returncode}: {done.stderr}")
    return done


def cli_json(*args):
    """What `vibro ARGS --json` prints, parsed."""
    return json.loads(cli(*args, "--json").stdout)


def cli_error(*args):
    """The one-line message of a failing `vibro ARGS`, without its "vibro: error: "."""
    done = cli(*args, check=False)
    assert done.returncode != 0, f"vibro {' '.join(map(str, args))} succeeded"
    line = done.stderr.strip().splitlines()[-1]
    assert line.startswith("vibro: error: "), done.stderr
    return line[len("vibro: error: "):]


def without_seconds(document):
    """The document without its wall times (`seconds`), the one part two runs do not share."""
    if isinstance(document, dict):
        return {k: without_seconds(v) for k, v in document.items() if k != "seconds"}
    if isinstance(document, list):
        return [without_seconds(v) for v in document]
    return document
