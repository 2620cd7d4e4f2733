"""scripts/recheck_orbit_proof.py (docs/proofs.md "Re-checking a proof from its JSON"): the proofs
of `vibro orbits --prove --json` re-checked in mpmath's interval arithmetic, another library and
code path, for every shipped orbit case; and the re-check must fail where the JSON claims what
does not hold: phase bounds moved off the root by 1e−40, a stability flipped, and refuse bad input.
"""
import copy
import json
import os
import pathlib
import subprocess
import sys
from decimal import Decimal, getcontext

SOURCE = pathlib.Path(os.environ["VIBRO_SOURCE_DIR"])
VIBRO = os.environ["VIBRO_EXECUTABLE"]
SCRIPT = SOURCE / "scripts" / "recheck_orbit_proof.py"
CASES = [SOURCE / "cases" / "reference_periodic.toml", *sorted((SOURCE / "cases" / "orbits").glob("*.toml"))]


def proof_of(case):
    run = subprocess.run([VIBRO, "--json", "orbits", str(case), "--prove"], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def recheck(case, proof, tmp_path):
    file = tmp_path / "proof.json"
    file.write_text(json.dumps(proof))
    return subprocess.run([sys.executable, str(SCRIPT), str(case), str(file)], capture_output=True, text=True)


def test_every_shipped_orbit_proof_rechecks(tmp_path):
    for case in CASES:
        proof = proof_of(case)
        unique = sum(1 for orbit in proof["orbits"] if orbit["unique"])
        assert unique >= 2, case
        result = recheck(case, proof, tmp_path)
        assert result.returncode == 0, f"{case}: {result.stdout}{result.stderr}"
        assert f"{unique} of {unique} unique roots re-checked" in result.stdout


def test_phase_bounds_moved_off_the_root_fail(tmp_path):
    getcontext().prec = 80
    case = SOURCE / "cases" / "orbits" / "unstable_ided.toml"
    proof = proof_of(case)
    moved = copy.deepcopy(proof)
    phase = moved["orbits"][1]["phase"]
    for bound in ("lower", "upper"):
        phase[bound] = str(Decimal(phase[bound]) + Decimal("1e-40"))
    result = recheck(case, moved, tmp_path)
    assert result.returncode == 1, result.stdout
    assert "root 2: f does not change sign" in result.stdout


def test_a_flipped_stability_fails(tmp_path):
    case = SOURCE / "cases" / "orbits" / "unstable_ided.toml"
    proof = proof_of(case)
    flipped = copy.deepcopy(proof)
    admissible = [orbit for orbit in flipped["orbits"] if orbit["admissibility"] == "admissible"]
    assert admissible and admissible[0]["multipliers"]["stability"] == "unstable"
    admissible[0]["multipliers"]["stability"] = "stable"
    result = recheck(case, flipped, tmp_path)
    assert result.returncode == 1, result.stdout
    assert "'stable' does not re-check" in result.stdout


def test_bad_input_is_refused(tmp_path):
    result = subprocess.run([sys.executable, str(SCRIPT), str(SOURCE / "cases" / "free_fall.toml"), str(SCRIPT)],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.startswith("recheck_orbit_proof: error: ")
