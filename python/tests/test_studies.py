"""Lyapunov exponents, closed-form orbits and the test set through the module: each the document
of the command line's verb for the same case, and a Python step function scored on the test set
as the built-in scheme it implements."""
import pytest

import vibro
from conftest import SOURCE, cli, cli_json, without_seconds
from paoli_schatzman_step import paoli_schatzman


def test_lyapunov_is_vibro_lyapunov():
    case = "cases/lyapunov/idp.toml"
    document = cli_json("lyapunov", case, "--ensemble", "2")
    result = vibro.lyapunov(case, ensemble=2)
    assert without_seconds(result.to_dict()) == without_seconds(document)


def test_orbits_are_vibro_orbits():
    case = "cases/orbits/period2_ided.toml"
    assert vibro.orbits(case).to_dict() == cli_json("orbits", case)
    assert vibro.orbits(case, n=1).to_dict() == cli_json("orbits", case, "--n", "1")
    with pytest.raises(vibro.InputError, match="not a range of n"):
        vibro.orbits(case, n=(3, 1))


def test_testset_is_vibro_testset_run(tmp_path):
    document = cli_json("testset", "run", "--problem", "VI-02", "--timing-repeats", "0", "--out", tmp_path / "cli")
    result = vibro.testset(ids=["VI-02"], timing_repeats=0, out=tmp_path / "py")
    assert without_seconds(result.to_dict()) == without_seconds(document)
    assert (tmp_path / "py" / "testset.json").is_file()


def test_paoli_schatzman_in_python_scores_as_the_builtin_scheme():
    builtin = vibro.testset(ids=["VI-02"], schemes=["paoli-schatzman"], timing_repeats=0)
    mine = vibro.testset(ids=["VI-02"], step_fn=paoli_schatzman, timing_repeats=0)
    assert len(mine.pairs) == 1 and mine.pairs[0].scheme == "paoli_schatzman"
    ours, theirs = mine.pairs[0].scores, builtin.pairs[0].scores
    assert len(ours) == len(theirs) > 2
    for a, b in zip(ours, theirs):
        assert without_seconds(a.to_dict()) == without_seconds(b.to_dict())


def test_unknown_scheme_is_bad_input():
    with pytest.raises(vibro.InputError, match="unknown scheme 'nope'"):
        vibro.testset(ids=["VI-02"], schemes=["nope"])


def test_outputs_follow_the_command_lines_rule(tmp_path):
    # docs/outputs.md "Where outputs go": the module writes nowhere the command line refuses
    # to. Round 4: out="cases/testset" wrote into the problems directory, a link its target.
    problems = tmp_path / "problems"
    problems.mkdir()
    (problems / "VI-02.toml").write_bytes((SOURCE / "cases" / "testset" / "VI-02.toml").read_bytes())
    before = (problems / "VI-02.toml").read_bytes()
    with pytest.raises(vibro.InputError, match="a directory this command reads"):
        vibro.testset(ids=["VI-02"], problems=problems, timing_repeats=0, out=problems)
    target = tmp_path / "target"
    target.mkdir()
    (tmp_path / "link").symlink_to(target, target_is_directory=True)
    with pytest.raises(vibro.InputError, match="symbolic link"):
        vibro.testset(ids=["VI-02"], problems=problems, timing_repeats=0, out=tmp_path / "link")
    with pytest.raises(vibro.InputError, match="symbolic link"):
        vibro.converge("cases/study_ps_centered_periodic.toml", out=tmp_path / "link")
    assert (problems / "VI-02.toml").read_bytes() == before
    assert not any(target.iterdir())


def test_the_ensemble_has_the_command_lines_limit():
    # Round 4: ensemble=10**12 was accepted where `vibro lyapunov --ensemble` allows 0–1000.
    with pytest.raises(vibro.InputError, match="above the limit of 1000"):
        vibro.lyapunov("cases/lyapunov/idp.toml", ensemble=10**12)
    assert "not in range" in cli("lyapunov", "cases/lyapunov/idp.toml", "--ensemble", "1001", check=False).stderr
