"""Type hints (docs/python.md "Types"): the package and the stubs of its compiled part pass mypy
(Debian's mypy), a user's script written to them passes, and a wrong argument type in one is
found by mypy before it runs."""
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import SOURCE

PACKAGE_PARENT = pathlib.Path(os.environ.get("PYTHONPATH", SOURCE / "build" / "release" / "python").split(os.pathsep)[0])

pytest.importorskip("mypy", reason="mypy is not installed (Debian: mypy)")


def mypy(*arguments, cwd):
    """mypy's exit status and report on `arguments`, the build's package on its path."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", os.devnull,
                           "--python-executable", sys.executable, *map(str, arguments)],
                          capture_output=True, text=True, cwd=cwd, env={**os.environ, "MYPYPATH": str(PACKAGE_PARENT)})
    return done.returncode, done.stdout + done.stderr


def test_the_package_and_its_stubs_type_check(tmp_path):
    status, report = mypy("-p", "vibro", cwd=tmp_path)
    assert status == 0, report


USER_SCRIPT = """
import numpy as np
import vibro

case = vibro.load_case(vibro.data_dir() / "cases" / "study_ps_harmonic_obstacle.toml")
run: vibro.RunResult = vibro.run(case, precision="double", study=False)
t: np.ndarray = run.trajectory.t
study: vibro.Study = vibro.converge(case, threads=2)
reference: vibro.Reference = vibro.reference(case, times=[0.5, "0.75"])
orders = study.convergence.orders.position_linf.least_squares
"""


def test_a_users_script_type_checks_and_a_wrong_argument_type_is_found(tmp_path):
    good = tmp_path / "good.py"
    good.write_text(USER_SCRIPT)
    status, report = mypy("--strict-optional", good, cwd=tmp_path)
    assert status == 0, report

    bad = tmp_path / "bad.py"
    bad.write_text(USER_SCRIPT.replace("threads=2", 'threads="2"'))
    status, report = mypy(bad, cwd=tmp_path)
    assert status == 1, report
    assert 'bad.py:8: error: Argument "threads" to "converge" has incompatible type "str"; expected "int"' in report
