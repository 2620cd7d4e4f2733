"""Cases, listings and the version: the module against the command line (same documents) and
against an independent reader of the case file (Python's tomllib)."""
import tomllib
from decimal import Decimal
from fractions import Fraction

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
    # the module's default is the shipped problems (whatever the working directory holds)
    shipped = vibro.data_dir() / "cases" / "testset"
    assert [p.to_dict() for p in vibro.testset_problems()] == cli_json("testset", "list", "--problems", shipped)["problems"]
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


def test_fractions_and_decimals_stay_exact():
    # Round 4 of the module: Fraction(1, 3) became 0.3333333333333333 (a float) in an MPFR run.
    from vibro._case_toml import case_toml
    assert case_toml({"model": {"alpha": Fraction(1, 3), "e": Decimal("0.8"), "a": Fraction(4, 2)}}) == (
        '[model]\nalpha = "1/3"\ne = "0.8"\na = "2/1"\n')
    written = {"case": {"name": "exact", "precision": "mpfr:40"},
               "model": {"type": "impact-oscillator", "alpha": Fraction(1, 3), "a": 1, "omega": 2, "u_min": 0,
                         "e": Decimal("0.8")},
               "initial": {"u0": Fraction(1, 2), "v0": 0}, "scheme": {"type": "paoli-schatzman"},
               "step": {"steps_per_period": 100}, "horizon": {"periods": 1}}
    as_text = dict(written, model=dict(written["model"], alpha="1/3", e="0.8"), initial={"u0": "1/2", "v0": 0})
    exact = vibro.run(vibro.case_from_dict(written), trajectory=False).to_dict()
    assert exact["run"] == vibro.run(vibro.case_from_dict(as_text), trajectory=False).to_dict()["run"]
    rounded = dict(written, model=dict(written["model"], alpha=1 / 3))  # what a Fraction became
    assert exact["run"] != vibro.run(vibro.case_from_dict(rounded), trajectory=False).to_dict()["run"]
    with pytest.raises(vibro.InputError, match="not a finite number"):
        vibro.case_from_dict({"model": {"e": Decimal("NaN")}})


def test_a_string_where_a_list_of_names_is_wanted_is_refused_by_its_name():
    # Round 4 of the module: testset(ids="VI-02") said "key '--problem': no problem 'V'".
    with pytest.raises(TypeError, match=r"ids: a list of names such as \['VI-02'\], not the string 'VI-02'"):
        vibro.testset(ids="VI-02")
    with pytest.raises(TypeError, match="schemes: a list of names"):
        vibro.testset(ids=["VI-02"], schemes="paoli-schatzman")
    with pytest.raises(TypeError, match="ids: a list of names"):
        vibro.testset_problems(ids="VI-02")


def test_the_shipped_data_is_found_whatever_the_working_directory_holds(tmp_path, monkeypatch):
    # A user's own cases/ in the working directory broke testset() ("cases/testset: cannot read
    # the directory of cases"): the defaults are the shipped data, data_dir().
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "mine.toml").write_text("not a case")
    monkeypatch.chdir(tmp_path)
    shipped = vibro.data_dir() / "cases"
    assert [c.file for c in vibro.list_cases()] == [c.file for c in vibro.list_cases(shipped)]
    assert [p.id for p in vibro.testset_problems(ids=["VI-02"])] == ["VI-02"]
    assert vibro.testset(ids=["VI-02"], timing_repeats=0).pairs[0].problem == "VI-02"


def test_a_case_gives_its_tables_back():
    # Case had no to_dict(): a case read from a file or made from a dict gives its tables, and
    # a case made from them runs the same.
    case = vibro.load_case("cases/ps_forced_oscillator.toml")
    tables = case.to_dict()
    assert tables["case"]["name"] == case.name and tables["model"]["type"] == case.model
    again = vibro.case_from_dict(tables)
    assert again.to_dict() == tables
    assert vibro.run(again, trajectory=False).run.final == vibro.run(case, trajectory=False).run.final
    tables["case"]["name"] = "changed"
    assert case.to_dict()["case"]["name"] == case.name  # a copy
