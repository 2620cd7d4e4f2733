"""What a Python user expects of the module's objects: documented functions (help() shows
their text), read-only results whose attributes are the document's fields, NumPy arrays of the
right dtype for lists of numbers, and the trajectory's stacked coordinates."""
import pydoc

import numpy as np
import pytest

import vibro


@pytest.mark.parametrize("name", vibro.__all__)
def test_every_public_name_is_documented(name):
    obj = getattr(vibro, name)
    assert obj.__doc__ and len(obj.__doc__.split()) >= 8, name
    assert obj.__doc__.split()[0] in pydoc.render_doc(obj, renderer=pydoc.plaintext)


def test_a_result_is_its_document_with_attributes():
    data = {"a": {"b": [1, 2, 3], "c": [0.5, None], "d": ["x", "y"], "e": [{"f": 1}]}, "g": "text"}
    result = vibro.Result(data)
    assert result.g == "text" and result["g"] == "text"
    assert result.a.b.dtype == np.int64 and result.a.b.tolist() == [1, 2, 3]
    assert result.a.c.dtype == np.float64 and result.a.c[0] == 0.5 and np.isnan(result.a.c[1])
    assert result.a.d == ["x", "y"]
    assert result.a.e[0].f == 1
    assert result.to_dict() == data and result.to_dict() is not data
    assert "a" in dir(result) and "to_dict" in dir(result)
    with pytest.raises(AttributeError, match="no field 'h'.*its fields: a, g"):
        result.h
    with pytest.raises(AttributeError, match="read-only"):
        result.g = 1


def test_a_trajectory_names_its_columns():
    run = vibro.run("cases/ps_forced_oscillator.toml")
    trajectory = run.trajectory
    assert trajectory.columns == ["n", "t", "u", "v", "projection_active"]
    assert len(trajectory) == len(trajectory.t) == run.run.steps + 1
    assert trajectory.n.dtype == np.int64 and trajectory.projection_active.dtype == np.int64
    assert set(trajectory.to_dict()) == set(trajectory.columns)
    with pytest.raises(AttributeError, match="no column 'w'"):
        trajectory.w
    assert vibro.run("cases/ps_forced_oscillator.toml", trajectory=False).trajectory is None


def test_results_behave_like_data():
    # They pickle (they raised "a result is read-only"), copy and compare by content (a run with
    # its trajectory); they iterate over their field names (list(study) raised KeyError: 0); the
    # repr shows values, a notebook gets a table.
    import copy
    import pickle
    run = vibro.run("cases/ps_forced_oscillator.toml")
    again = pickle.loads(pickle.dumps(run))
    assert again == run and again is not run
    assert again.trajectory == run.trajectory and again.run.final.u == run.run.final.u
    assert copy.deepcopy(run) == run
    other = vibro.run("cases/ps_forced_oscillator.toml", trajectory=False)
    assert other != run  # no trajectory
    assert list(run) == list(run.to_dict()) and len(run) == len(run.to_dict())
    final = run.run.final
    assert repr(final) == "<vibro final: " + ", ".join(f"{k}={v!r}" for k, v in final.to_dict().items()) + ">"
    assert "case={" in repr(run) and "fields}" in repr(run)
    table = run.run._repr_html_()
    assert table.startswith("<table><caption>vibro run</caption>") and "<th style=\"text-align:left\">final</th>" in table
    study = vibro.converge("cases/study_ps_harmonic_obstacle.toml", timing_repeats=0)
    assert pickle.loads(pickle.dumps(study)) == study
    assert "convergence" in list(study)


CASE = "cases/ps_forced_oscillator.toml"
STUDY = "cases/study_ps_harmonic_obstacle.toml"


@pytest.mark.parametrize("call, error, message", [
    (lambda: vibro.run(CASE, precision=5), TypeError, "precision: a precision's name such as 'double' or 'mpfr:100' (or None), not int 5"),
    (lambda: vibro.run(CASE, measure_rounding="yes"), TypeError, "measure_rounding: True or False (or None), not str 'yes'"),
    (lambda: vibro.run(CASE, threads=-1), ValueError, "threads: at least 0, not -1"),
    (lambda: vibro.run(CASE, trajectory=1), TypeError, "trajectory: True or False, not int 1"),
    (lambda: vibro.converge(STUDY, threads="x"), TypeError, "threads: a whole number, not str 'x'"),
    (lambda: vibro.converge(STUDY, step_fn=5), TypeError, "step_fn: a function step_fn(problem, h) (or None), not int 5"),
    (lambda: vibro.converge(STUDY, timing_repeats=1.5), TypeError, "timing_repeats: a whole number, not float 1.5"),
    (lambda: vibro.converge(STUDY, out=3), TypeError, "out: a path (str or pathlib.Path) or None, not int 3"),
    (lambda: vibro.lyapunov("cases/reference_chaotic.toml", ensemble="a"), TypeError, "ensemble: a whole number, not str 'a'"),
    (lambda: vibro.orbits("cases/reference_periodic.toml", precision=["a"]), TypeError, "precision: a precision's name"),
    (lambda: vibro.orbits("cases/reference_periodic.toml", n=0), ValueError, "n: at least 1, not 0"),
    (lambda: vibro.testset(ids=["VI-02"], precision=3), TypeError, "precision: a precision's name"),
    (lambda: vibro.testset(ids=["VI-02"], all="yes"), TypeError, "all: True or False, not str 'yes'"),
    (lambda: vibro.load_case(5), TypeError, "path: a path (str or pathlib.Path), not int 5"),
    (lambda: vibro.list_cases(3), TypeError, "directory: a path (str or pathlib.Path) or None, not int 3"),
])
def test_a_wrong_argument_is_named_in_pythons_words(call, error, message):
    # They showed pybind11's signatures ("arg0: vibro._core.Case, arg1: Optional[str], …") or
    # int()'s "invalid literal for int() with base 10: 'x'".
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == message or str(raised.value).startswith(message), str(raised.value)
    assert "arg0" not in str(raised.value) and "_core" not in str(raised.value)


def test_an_optional_field_the_document_leaves_out_is_none():
    """The output's schema (docs/schema/run.schema.json) names `escaped` and `reported_impacts`
    among a run's fields; a bounded run of a built-in scheme has neither in its document."""
    result = vibro.run("cases/ps_forced_oscillator.toml", study=False, trajectory=False)
    assert "escaped" not in result.run.to_dict() and result.run.escaped is None
    assert result.run["reported_impacts"] is None
    assert "escaped" in dir(result.run)
    with pytest.raises(AttributeError, match="has no field 'no_such_field'"):
        result.run.no_such_field
    study = vibro.converge("cases/study_ps_harmonic_obstacle.toml", timing_repeats=0)
    assert all(row.seconds is None for row in study.convergence.rows)  # untimed
    assert study.convergence.rows[0].steps > 0
    listed = vibro.list_cases()[0]
    assert listed.name and (listed.description is None or isinstance(listed.description, str))
