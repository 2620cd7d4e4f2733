"""Cases, listings and the version: the module against the command line (same documents) and
against an independent reader of the case file (Python's tomllib)."""
import tomllib

import pytest

import vibro
from conftest import cli, cli_error, cli_json


def test_version_is_the_executables():
    assert cli("--version").stdout.split()[1] == vibro.__version__


def test_a_loaded_case_says_what_its_file_says():
    file = "cases/study_ps_harmonic_obstacle.toml"
    with open(file, "rb") as f:
        written = tomllib.load(f)
    case = vibro.load_case(file)
    assert case.name == written["case"]["name"]
    assert case.description == written["case"]["description"]
    assert case.precision == written["case"]["precision"]
    assert case.model == written["model"]["type"]
    assert case.scheme == written["scheme"]["type"]
    assert case.file == file
    assert case.steps == [f"T/{n}" for n in written["convergence"]["steps_per_period"]]
    assert case.testset_id is None


def test_a_case_from_a_dict_runs_as_its_file():
    file = "cases/study_ps_harmonic_obstacle.toml"
    with open(file, "rb") as f:
        written = tomllib.load(f)
    from_dict = vibro.run(vibro.case_from_dict(written, name="dict"), trajectory=False).to_dict()
    from_file = vibro.run(file, trajectory=False).to_dict()
    assert from_dict["run"] == from_file["run"]
    assert without_seconds_and_case(from_dict) == without_seconds_and_case(from_file)


def without_seconds_and_case(d):
    from conftest import without_seconds
    return {k: v for k, v in without_seconds(d).items() if k != "case"}


def test_case_listing_is_vibro_list():
    assert [c.to_dict() for c in vibro.list_cases("cases")] == cli_json("list", "--cases", "cases")["cases"]


def test_scheme_listing_is_vibro_list_schemes():
    assert [s.to_dict() for s in vibro.schemes()] == cli_json("list", "--schemes")["schemes"]


def test_testset_problems_are_vibro_testset_list():
    assert [p.to_dict() for p in vibro.testset_problems()] == cli_json("testset", "list")["problems"]
    assert [p.id for p in vibro.testset_problems(ids=["VI-02"])] == ["VI-02"]


def test_a_bad_case_raises_input_error_with_the_command_lines_message(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[case]\nname = "bad"\n[model]\ntype = "impact-oscillator"\nalpha = "x"\n')
    with pytest.raises(vibro.InputError) as raised:
        vibro.load_case(bad)
    assert isinstance(raised.value, ValueError)
    assert str(raised.value) == cli_error("run", bad)


def test_a_missing_file_is_bad_input_as_on_the_command_line(tmp_path):
    with pytest.raises(vibro.InputError) as raised:
        vibro.load_case(tmp_path / "none.toml")
    assert str(raised.value) == cli_error("run", tmp_path / "none.toml")


def test_a_case_dict_that_is_no_case_says_why():
    with pytest.raises(vibro.InputError, match="not a table"):
        vibro.case_from_dict({"case": 3})
    with pytest.raises(vibro.InputError, match="not a finite number"):
        vibro.case_from_dict({"model": {"e": float("nan")}})
    with pytest.raises(TypeError, match="a case is"):
        vibro.run(42)
    # round 4: a key is checked, not pasted into the TOML text, where this one would set e
    with pytest.raises(vibro.InputError, match="is not a key"):
        vibro.case_from_dict({"model": {'e = "0.3"\n#': 1}})
    with pytest.raises(vibro.InputError, match="table .* is not a key"):
        vibro.case_from_dict({"model]\n[case": {}})
