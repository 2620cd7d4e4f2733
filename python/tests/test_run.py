"""vibro.run against `vibro run --json --csv` for the same case: the same document, and the
trajectory's arrays equal to the CSV's columns (bit for bit in double; the exact texts equal in
MPFR and in rational arithmetic)."""
import csv
import threading
import time
from fractions import Fraction

import numpy as np
import pytest

import vibro
from conftest import cli_error, cli_json


def csv_columns(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return {name: [row[i] for row in rows[1:]] for i, name in enumerate(rows[0])}


def same_trajectory(trajectory, columns):
    """Every column of the CSV equals the array of that name: numbers as the doubles the CSV's
    decimals read as (float() is correctly rounded), exact texts and event kinds as text."""
    assert trajectory.columns == list(columns)
    for name, cells in columns.items():
        array = getattr(trajectory, name)
        assert array.shape == (len(cells),)
        if name.endswith("_text") or array.dtype.kind == "U":
            assert array.tolist() == cells, name
        elif array.dtype == np.int64:
            assert array.tolist() == [int(c) for c in cells], name
        else:
            assert array.dtype == np.float64
            expected = np.array([float(Fraction(c)) if "/" in c else float(c) for c in cells])
            assert np.array_equal(array.view(np.uint64), expected.view(np.uint64)), name


@pytest.mark.parametrize("precision", [None, "mpfr:40"], ids=["double", "mpfr40"])
def test_run_is_vibro_run(tmp_path, precision):
    case = "cases/ps_forced_oscillator.toml"
    given = ["--precision", precision] if precision else []
    document = cli_json("run", case, "--csv", tmp_path / "rows.csv", *given)
    result = vibro.run(case, precision=precision)
    assert result.to_dict() == document
    same_trajectory(result.trajectory, csv_columns(tmp_path / "rows.csv"))
    assert result.trajectory.q is result.trajectory.u
    assert result.run.final.u == document["run"]["final"]["u"]
    if precision:  # the exact texts of every number: the field KEY_text
        assert result.run.final.u_text == document["run"]["final"]["u_text"]
        assert len(result.run.final.u_text) > 30


def test_an_exact_run_gives_fractions_and_their_nearest_doubles(tmp_path):
    case = "cases/free_fall.toml"  # precision = "rational"
    document = cli_json("run", case, "--csv", tmp_path / "rows.csv")
    result = vibro.run(case)
    assert result.to_dict() == document
    same_trajectory(result.trajectory, csv_columns(tmp_path / "rows.csv"))
    # t = n h with h = 2/21 exactly: the text is the fraction, the number its nearest double.
    assert result.trajectory.t_text[1] == "2/21"
    assert result.trajectory.t[1] == 2 / 21


def test_a_reference_run_gives_its_events(tmp_path):
    case = "cases/reference_periodic.toml"
    document = cli_json("run", case, "--csv", tmp_path / "events.csv", "--no-error-estimate")
    result = vibro.run(case, error_estimate=False)
    assert result.to_dict() == document
    same_trajectory(result.trajectory, csv_columns(tmp_path / "events.csv"))
    assert set(result.trajectory.kind) <= {"impact", "grazing", "accumulation", "stick", "release"}
    assert len(result.run.events) == len(document["run"]["events"])


def test_an_nodof_run_stacks_its_coordinates():
    listed = [c for c in vibro.list_cases("cases") if c.model == "linear-system" and c.precision == "double"]
    assert listed, "a shipped N-DOF case"
    result = vibro.run(listed[0].file)
    q = result.trajectory.q
    assert q.ndim == 2 and q.shape[0] == len(result.trajectory.t) and q.shape[1] >= 2
    assert np.array_equal(q[:, 0], result.trajectory.q1)


def test_bad_precision_is_bad_input_with_the_command_lines_reason():
    with pytest.raises(vibro.InputError) as raised:
        vibro.run("cases/ps_forced_oscillator.toml", precision="mpfr:x")
    from_cli = cli_error("run", "cases/ps_forced_oscillator.toml", "--precision", "mpfr:x")
    # The same message, the option named as each door names it.
    assert str(raised.value) == from_cli.replace("key '--precision'", "key 'precision'")


def test_a_long_run_releases_the_gil():
    """While a run goes on in a thread, Python code goes on in this one."""
    counted = []
    case = long_case(periods=30000)  # 3e7 steps, about 0.4 s (3e6 took 0.049 s: too short to tell)
    worker = threading.Thread(target=lambda: vibro.run(case, trajectory=False))
    start = time.monotonic()
    worker.start()
    while worker.is_alive():
        counted.append(time.monotonic())
    elapsed = time.monotonic() - start
    assert elapsed > 0.05, "the run was too short to tell"
    # Held, the GIL would let this loop run only at the interpreter's switch interval (5 ms).
    assert len(counted) > 100 * elapsed / 0.005


def long_case(periods, steps_per_period=1000):
    return {"case": {"name": "long", "precision": "double"},
            "model": {"type": "impact-oscillator", "alpha": "0.1", "a": 1, "omega": 2, "u_min": -1, "e": "0.8"},
            "initial": {"u0": 0, "v0": 0},
            "scheme": {"type": "paoli-schatzman"},
            "step": {"steps_per_period": steps_per_period},
            "horizon": {"periods": periods}}


def test_a_run_can_skip_its_study_and_run_a_step_function():
    # vibro.run on a case with [convergence] ran the whole study with no way to skip it.
    from paoli_schatzman_step import paoli_schatzman
    case = "cases/study_ps_centered_periodic.toml"
    alone = vibro.run(case, study=False, trajectory=False)
    assert "convergence" not in alone and alone.run.steps == 1000
    calls = []

    def counted(problem, h):
        calls.append(problem["steps"])
        return paoli_schatzman(problem, h)
    mine = vibro.run(case, study=False, step_fn=counted, name="ps-in-python")
    assert calls == [1000] and mine.scheme.type == "ps-in-python" and mine.scheme.external
    # the Python Paoli–Schatzman gives the built-in final state to rounding (64 eps per step)
    assert abs(mine.run.final.u - alone.run.final.u) <= 64 * 2.2e-16 * 1000
    assert len(mine.trajectory) == 1001
