"""docs/tutorial.md runs as written: its blocks in order, in one bash session started in the
repository's root as the tutorial says — each `sh` block run, each file block (a `toml` or
`python` block after `<!-- file: NAME -->`) written first, and each `text` block after a
command checked line by line against what that command printed (every line shown must appear
in its output). The tutorial cannot rot: a changed output, option or file fails here.

The outputs the tutorial shows are what vibro prints, so this test checks the page against the
program, not the numbers' correctness; those are tested where they come from: the orders of the
Paoli–Schatzman study (tests/scheme_orders_test.cpp), IDED on the stable orbit against the exact
finite-K exponent (tests/periodic_orbits_test.cpp), the proved ln|μ1|/n against MPFR at 500 digits
(tests/orbit_proofs_test.cpp), the test-set digits against the stored values
(tests/testset_test.cpp).
"""
import os
import pathlib
import re
import subprocess

SOURCE = pathlib.Path(os.environ["VIBRO_SOURCE_DIR"])
BLOCK = re.compile(r"(?:<!-- file: (?P<file>[^ ]+) -->\n)?```(?P<kind>\w+)\n(?P<body>.*?)```", re.S)


def blocks():
    text = (SOURCE / "docs" / "tutorial.md").read_text(encoding="utf-8")
    return [(m.group("kind"), m.group("file"), m.group("body")) for m in BLOCK.finditer(text)]


def test_the_tutorial_runs_and_prints_what_it_shows():
    script, expected, commands = ["set -euo pipefail"], [], 0
    for kind, file, body in blocks():
        if file:
            script.append(f"cat > {file} <<'TUTORIAL_FILE'\n{body}TUTORIAL_FILE")
        elif kind == "sh":
            script.append(f"echo '@@@ block {commands} @@@'\n{body}")
            expected.append([])
            commands += 1
        elif kind == "text":
            assert expected, "an output block before any command"
            expected[-1] += [line.rstrip() for line in body.splitlines() if line.strip()]
        else:
            raise AssertionError(f"a {kind} block that is neither a file nor a command")
    assert commands >= 8, "the tutorial has fewer commands than expected"
    # Debian's python3 first, as on the machine the quick start sets up (its NumPy and pybind11).
    env = dict(os.environ, PATH="/usr/bin:" + os.environ["PATH"])
    run = subprocess.run(["bash", "-c", "\n".join(script)], cwd=SOURCE, env=env, capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, f"a tutorial command failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    outputs = re.split(r"^@@@ block \d+ @@@$", run.stdout, flags=re.M)[1:]
    assert len(outputs) == commands
    for number, (shown, printed) in enumerate(zip(expected, outputs)):
        for line in shown:
            assert line in printed, f"block {number}: the tutorial shows\n  {line}\nwhich is not in its output:\n{printed[:3000]}"
