"""The README's "A first session", typed as a newcomer would: its shell block, taken from the
README itself, runs in an empty directory with the built `vibro` on PATH, and prints what the
README says it prints (the first-order fit of position_linf, the check's summary). The order it
quotes is what the program prints — this checks the README against the program; the order's
correctness (first order, seed 000) is tested in tests/scheme_orders_test.cpp.
"""
import os
import pathlib
import re
import subprocess

SOURCE = pathlib.Path(os.environ["VIBRO_SOURCE_DIR"])
VIBRO = pathlib.Path(os.environ["VIBRO_EXECUTABLE"])


def session_block():
    readme = (SOURCE / "README.md").read_text(encoding="utf-8")
    section = readme.split("## A first session", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the session has one shell block"
    return blocks[0]


def test_the_first_session_runs_and_prints_what_the_readme_says(tmp_path):
    env = dict(os.environ, PATH=f"{VIBRO.parent}:{os.environ['PATH']}")
    run = subprocess.run(["bash", "-euo", "pipefail", "-c", session_block()], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    readme = (SOURCE / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"`position_linf (\d\.\d+)`", readme).group(1)
    assert f"| position_linf | {shown} |" in run.stdout
    assert "every outcome matches its record" in run.stdout
    assert (tmp_path / "vibro-out" / "my-oscillator-double.csv").exists()
