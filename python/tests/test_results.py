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
