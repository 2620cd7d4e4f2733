"""vibro.converge against `vibro converge --json` (the same document but for wall times), and a
Python step function measured as a built-in scheme is: Paoli–Schatzman written in Python
(examples/python/paoli_schatzman_step.py) gives the built-in scheme's errors to rounding."""
import math
import re

import numpy as np
import pytest

import vibro
from conftest import cli_error, cli_json, without_seconds
from paoli_schatzman_step import paoli_schatzman

STUDY = "cases/study_ps_harmonic_obstacle.toml"


def test_a_study_is_vibro_converge(tmp_path):
    document = cli_json("converge", STUDY, "--out", tmp_path / "cli")
    study = vibro.converge(STUDY, out=tmp_path / "py")
    assert without_seconds(study.to_dict()) == without_seconds(document)
    assert sorted(p.name for p in (tmp_path / "py").iterdir()) == sorted(p.name for p in (tmp_path / "cli").iterdir())
    orders = study.convergence.orders
    assert isinstance(orders.position_linf.successive, np.ndarray)
    assert orders.position_linf.successive.dtype == np.float64


def test_an_mpfr_study_is_vibro_converges_to_the_last_digit(tmp_path):
    case = "cases/study_ps_centered_periodic.toml"
    document = cli_json("converge", case, "--precision", "mpfr:30", "--no-measure-rounding", "--timing-repeats", "0",
                        "--out", tmp_path)
    study = vibro.converge(case, precision="mpfr:30", measure_rounding=False, timing_repeats=0)
    assert without_seconds(study.to_dict()) == without_seconds(document)
    assert study.convergence.rows[0].errors.position_linf_text == document["convergence"]["rows"][0]["errors"][
        "position_linf_text"]


@pytest.mark.parametrize("case", [STUDY, "cases/study_ps_centered_periodic.toml"])
def test_paoli_schatzman_in_python_gives_the_builtin_errors(case):
    builtin = vibro.converge(case, measure_rounding=False)
    mine = vibro.converge(case, step_fn=paoli_schatzman, measure_rounding=False)
    assert mine.scheme.external is True and mine.scheme.type == "paoli_schatzman"
    eps = np.finfo(float).eps
    for b, m in zip(builtin.convergence.rows, mine.convergence.rows):
        # Both sum the same increments in double: they differ by rounding, at most ~eps per step.
        bound = 64 * eps * b.steps
        for key in ("position_linf", "velocity_l1"):
            assert math.isclose(m.errors[key], b.errors[key], rel_tol=0, abs_tol=bound), (key, b.h)
        assert m.impacts.to_dict() == b.impacts.to_dict()
    for key in ("position_linf", "velocity_l1"):
        assert math.isclose(mine.convergence.orders[key].least_squares, builtin.convergence.orders[key].least_squares,
                            abs_tol=1e-6)


def test_a_study_needs_a_convergence_list():
    with pytest.raises(vibro.InputError) as raised:
        vibro.converge("cases/ps_forced_oscillator.toml")
    assert str(raised.value) == cli_error("converge", "cases/ps_forced_oscillator.toml")


def small_study():
    return {"case": {"name": "small", "precision": "double"},
            "model": {"type": "impact-oscillator", "alpha": 0, "a": 0, "omega": 1, "u_min": 0, "e": "0.5"},
            "initial": {"u0": 1, "v0": 0},
            "scheme": {"type": "paoli-schatzman"},
            "step": {"steps_per_period": 20},
            "horizon": {"periods": 1},
            "convergence": {"steps_per_period": [20, 40]}}


def answer_with(change):
    """A step function: the Paoli–Schatzman answer, then `change` applied to it."""
    def step_fn(problem, h):
        return change(*paoli_schatzman(problem, h))
    return step_fn


@pytest.mark.parametrize("change, message", [
    (lambda t, q, v, c: (t, q),
     re.escape("returned 2 values where (t, q, v), (t, q, v, contact) or (t, q, v, None, impacts) was expected")),
    (lambda t, q, v, c: (t, q, v, c, [[0.5, 1, -1, 0.5]]), "returned contact flags and an impact table"),
    (lambda t, q, v, c: (t, q, v, None, [0.5, 1, -1, 0.5]), re.escape("returned impacts of shape (4,) where (n, 4)")),
    (lambda t, q, v, c: (t, q, v, None, [[100.0, 1, -1, 0.5]]), "the step function's impact 1 t = 100 is outside the run's horizon"),
    (lambda t, q, v, c: (t, q, v, None, [[1.0, 1, -1, 0.5], [0.5, 1, -1, 0.5]]),
     "the step function's impact 2 t = 0.5 is earlier than the previous impact's 1"),
    (lambda t, q, v, c: (t, q, v, None, [[0.5, 2, -1, 0.5]]), re.escape("'coordinate': 2 is not a coordinate of the model (1 … 1)")),
    (lambda t, q, v, c: 3.0, re.escape("returned float where (t, q, v)")),
    (lambda t, q, v, c: (t[:-1], q, v), r"returned t of shape \(20,\) where \(21,\) was asked for"),
    (lambda t, q, v, c: (t, np.stack([q, q], axis=1), v), r"returned q of shape \(21, 2\) where \(21,\) was asked for"),
    (lambda t, q, v, c: (t, q, ["x"] * len(v)), "returned a v that is not an array of numbers"),
    # round 4: NumPy would keep the real part of a complex answer with only a warning
    (lambda t, q, v, c: (t, q + 1e-9j, v), "returned a q of complex numbers where real numbers were asked for"),
    (lambda t, q, v, c: (t, q, [complex(x) for x in v]), "returned a v of complex numbers"),
    (lambda t, q, v, c: (t, q, v, np.full(len(t), 2)), "contact flags other than 0 and 1"),
    (lambda t, q, v, c: (t + 0.01, q, v), "the step function's row 0 t = 0.01 is off the grid"),
    (lambda t, q, v, c: (t, np.where(t > 1, np.nan, q), v), "column 'u': nan is not finite"),
    (lambda t, q, v, c: (t[::-1], q, v), "row 0 t = .* is off the grid"),
])
def test_a_wrong_answer_is_a_clear_run_error(change, message):
    with pytest.raises(vibro.RunError, match=message) as raised:
        vibro.converge(small_study(), step_fn=answer_with(change), name="changed")
    assert "external scheme 'changed' at step size" in str(raised.value)


def test_a_step_function_that_raises_is_a_run_error_caused_by_it():
    def broken(problem, h):
        return 1 / 0
    with pytest.raises(vibro.RunError, match="the step function raised ZeroDivisionError: division by zero") as raised:
        vibro.converge(small_study(), step_fn=broken)
    assert isinstance(raised.value.__cause__, ZeroDivisionError)
    assert "'broken'" in str(raised.value)


def stateful(calls):
    """A step function that keeps state between its lines, as users write them: it fails if a
    second call starts before the first has ended (docs/python.md: vibro calls it from one
    thread at a time), and records each call's steps."""
    busy = []

    def step_fn(problem, h):
        if busy:
            raise RuntimeError("called while another call was running")
        busy.append(problem["steps"])
        try:
            return paoli_schatzman(problem, h)
        finally:
            calls.append(busy.pop())
    return step_fn


def test_a_step_function_is_called_once_per_step_size_one_call_at_a_time():
    # The study's step sizes run on every core (threads=0), and the step function is still
    # called once for the case's own run (at its [step], the document's `run`) and once per step
    # size of the study, never twice at once; each timing repeat calls it once more per step size.
    calls = []
    study = vibro.converge("cases/study_ps_centered_periodic.toml", step_fn=stateful(calls), threads=0)
    steps = [row.steps for row in study.convergence.rows]
    assert len(steps) == 8
    assert sorted(calls) == sorted([study.run.steps] + steps)
    calls.clear()
    vibro.converge(small_study(), step_fn=stateful(calls), threads=0, timing_repeats=2)
    assert sorted(calls) == sorted([20] + [20] * 3 + [40] * 3)


def test_the_test_set_calls_a_step_function_once_per_step_of_each_ladder():
    # and once for the problem's own run at its [step] (VI-02's: the ladder's first rung)
    calls = []
    result = vibro.testset(ids=["VI-02"], step_fn=stateful(calls), threads=0)
    rungs = [score.steps for score in result.pairs[0].scores]
    assert sorted(calls) == sorted([rungs[0]] + rungs)


def test_a_step_function_reports_its_impacts_in_an_impact_table():
    # The example event-driven integrator's table (examples/external/event_driven_oscillator.py
    # as a program) given by a step function instead: the study measures its impact times at the
    # rounding level, as the program's (tests/external_scheme_test.cpp).
    import json
    import subprocess
    import sys

    def event_driven(problem, h):
        answer = subprocess.run([sys.executable, "examples/external/event_driven_oscillator.py"], input=json.dumps(problem),
                                capture_output=True, text=True, check=True).stdout.splitlines()
        split = answer.index("t,coordinate,v_minus,v_plus")
        rows = np.array([[float(x) for x in line.split(",")] for line in answer[1:split]])
        impacts = np.array([[float(x) for x in line.split(",")] for line in answer[split + 1:]])
        return rows[:, 0], rows[:, 1], rows[:, 2], None, impacts
    study = vibro.converge("cases/study_ps_centered_periodic.toml", step_fn=event_driven)
    for row in study.convergence.rows:
        assert row.impacts.scheme == row.impacts.reference == 10
        assert row.errors.impact_time < 1e-11


@pytest.mark.parametrize("precision, repeats", [("double", 1), ("mpfr:30", 0)])
def test_a_studys_table_is_its_csv_as_a_dataframe(tmp_path, precision, repeats):
    # pd.DataFrame(study.convergence.rows) was an (8, 1) column of objects: table() has the
    # CSV's columns and values (double with its measured floor and times; MPFR with its texts).
    pandas = pytest.importorskip("pandas", reason="pandas is not installed for this Python (python3-pandas)")
    study = vibro.converge(STUDY, precision=precision, timing_repeats=repeats, out=tmp_path)
    table = study.table()
    csv = pandas.read_csv(next(tmp_path.glob("*.csv")), float_precision="round_trip",  # the decimals read exactly
                          dtype={c: str for c in table.columns if c.endswith("_text")})
    assert list(table.columns) == list(csv.columns)
    for column in table.columns:
        if column == "seconds":  # the CSV writes six significant digits
            assert np.allclose(table[column], csv[column], rtol=1e-5)
        elif table[column].dtype == np.float64:
            assert np.array_equal(table[column].to_numpy(), csv[column].to_numpy(), equal_nan=True), column
        else:
            assert table[column].tolist() == csv[column].tolist(), column


def test_the_fast_step_function_gives_the_plain_ones_errors():
    # examples/python/paoli_schatzman_fast.py is the same recurrence with its terms in another
    # order and NumPy's cos: its study's errors are the plain example's within the rounding the
    # study's floor allows (64 ε per step times the scale: |u| ≤ 1, |v| ≤ 4, t ≤ 32), impacts alike.
    from paoli_schatzman_fast import paoli_schatzman_fast
    case = "cases/study_ps_centered_periodic.toml"
    plain = vibro.converge(case, step_fn=paoli_schatzman, measure_rounding=False)
    fast = vibro.converge(case, step_fn=paoli_schatzman_fast, measure_rounding=False)
    for a, b in zip(fast.convergence.rows, plain.convergence.rows):
        assert a.impacts.to_dict() == b.impacts.to_dict()
        floor = 64 * 2.220446049250313e-16 * b.steps * 4 * 32
        for metric in b.errors.keys():
            assert abs(a.errors[metric] - b.errors[metric]) <= floor, metric


def exact_plus_tolerance(problem, h):
    """The exact trajectory of small_study (u'' + u = 0 above 0, e = 1/2, from u = 1, v = 0) with
    every position moved up by the rung's tolerance: its position error is the tolerance."""
    tolerance = float(problem["tolerance"]["double"])
    t = problem["initial"]["t0"]["double"] + h * np.arange(problem["steps"] + 1)
    u = np.where(t <= math.pi / 2, np.cos(t),
                 np.where(t <= 3 * math.pi / 2, 0.5 * np.sin(t - math.pi / 2), 0.25 * np.sin(t - 3 * math.pi / 2)))
    v = np.where(t <= math.pi / 2, -np.sin(t),
                 np.where(t <= 3 * math.pi / 2, 0.5 * np.cos(t - math.pi / 2), 0.25 * np.cos(t - 3 * math.pi / 2)))
    return t, u + tolerance, v


def test_a_step_function_is_studied_over_a_tolerance_ladder():
    # docs/own_scheme.md "Tolerance ladders": one call per tolerance at the case's step, the
    # rung's tolerance in the problem, and a response to the tolerance instead of an order.
    study = vibro.converge(small_study(), step_fn=exact_plus_tolerance, tolerances=[1e-3, "1e-5", 1e-7])
    rows = study.convergence.rows
    assert [row.tolerance for row in rows] == ["0.001", "1e-5", "1e-07"]
    assert all(row.h == "T/20" for row in rows)
    for row, tolerance in zip(rows, (1e-3, 1e-5, 1e-7)):
        assert math.isclose(row.errors.position_linf, tolerance, rel_tol=1e-6)
    response = study.convergence.tolerance_response.position_linf
    assert response["class"] == "proportional" and math.isclose(response.fit.slope, 1, abs_tol=1e-6)
    assert study.convergence.orders.position_linf.order_class == "over_tolerances"
    # The case's own ladder with by_tolerance, and no [convergence] list of step sizes needed.
    case = small_study()
    case["convergence"] = {"tolerances": ["1e-2", "1e-4"]}
    assert [r.tolerance for r in vibro.converge(case, step_fn=exact_plus_tolerance, by_tolerance=True)
            .convergence.rows] == ["1e-2", "1e-4"]


def test_a_tolerance_ladder_needs_a_step_function_and_a_ladder():
    with pytest.raises(vibro.InputError, match="a tolerance ladder is for a step function"):
        vibro.converge(small_study(), tolerances=[1e-3, 1e-5])
    with pytest.raises(vibro.InputError, match=re.escape("key 'tolerances[1]'")):
        vibro.converge(small_study(), step_fn=exact_plus_tolerance, tolerances=[1e-5, 1e-3])
    with pytest.raises(TypeError, match="not the string"):
        vibro.converge(small_study(), step_fn=exact_plus_tolerance, tolerances="1e-3")


def test_a_step_function_reports_its_evaluations_in_a_dict_answer():
    # A dict answer (docs/python.md): t, q, v and the run's right-hand-side evaluations, kept in
    # each row of the study as a program's line `evaluations,N` is.
    def counted(problem, h):
        t, q, v, contact = paoli_schatzman(problem, h)
        return {"t": t, "q": q, "v": v, "contact": contact, "evaluations": 2 * problem["steps"]}
    study = vibro.converge(small_study(), step_fn=counted)
    assert [row.evaluations for row in study.convergence.rows] == [40, 80]
    plain = vibro.converge(small_study(), step_fn=paoli_schatzman)
    assert "evaluations" not in plain.convergence.rows[0].to_dict()
    for change, message in [({"evaluations": -1}, "returned evaluations -1 where a whole number"),
                            ({"evaluations": 1.5}, "returned evaluations 1.5 where a whole number"),
                            ({"work": 3}, "returned a dict with work where t, q, v")]:
        def answer(problem, h, change=change):
            t, q, v, contact = paoli_schatzman(problem, h)
            return {"t": t, "q": q, "v": v, **change}
        with pytest.raises(vibro.RunError, match=message):
            vibro.converge(small_study(), step_fn=answer)
    with pytest.raises(vibro.RunError, match="returned a dict without v"):
        vibro.converge(small_study(), step_fn=lambda problem, h: {"t": [], "q": []})
