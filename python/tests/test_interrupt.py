"""Ctrl-C: a long call stops within a second with KeyboardInterrupt, whether vibro is stepping
(the GIL released) or a Python step function is running. Each in its own interpreter, which
this test interrupts as a terminal would (SIGINT)."""
import os
import signal
import subprocess
import sys
import time

import pytest

LONG_RUN = """
import vibro
case = {"case": {"name": "long", "precision": "%s"},
        "model": {"type": "impact-oscillator", "alpha": "0.1", "a": 1, "omega": 2, "u_min": -1, "e": "0.8"},
        "initial": {"u0": 0, "v0": 0}, "scheme": {"type": "paoli-schatzman"},
        "step": {"steps_per_period": 1000}, "horizon": {"periods": %d}}
print("started", flush=True)
vibro.run(case, trajectory=False)
print("finished", flush=True)
"""

LONG_LYAPUNOV = """
import tomllib, vibro
with open("cases/lyapunov/%s.toml", "rb") as f:
    case = tomllib.load(f)
case["horizon"]["periods"] = %d
case["lyapunov"].pop("published", None)
case["lyapunov"].pop("family", None)
print("started", flush=True)
vibro.lyapunov(case, ensemble=0)
print("finished", flush=True)
"""

LONG_REFERENCE = """
import vibro
case = {"case": {"name": "long", "precision": "mpfr:60"},
        "model": {"type": "impact-oscillator", "alpha": "0.9", "a": 2500, "omega": 50, "u_min": 0, "e": "0.5"},
        "initial": {"u0": 0, "v0": "0.1"}, "scheme": {"type": "reference"}, "horizon": {"periods": 1_000_000}}
print("started", flush=True)
vibro.reference(case)
print("finished", flush=True)
"""

# At high precision a step costs up to a millisecond (mpfr:5000) and a flight's contact search
# seconds: the request is tested at every step and every window of the search, whatever the
# precision. Each script is long at any precision (the work limit allows it: a few minutes).
OSCILLATOR = """{"case": {"name": "long", "precision": "%s"},
        "model": {"type": "impact-oscillator", "alpha": "0.1", "a": 1, "omega": 2, "u_min": -1, "e": "0.8"},
        "initial": {"u0": 0, "v0": 0}, "scheme": {"type": "%s"}, "horizon": {"periods": %d}"""
AT_PRECISION = {
    "run": "import vibro\ncase = " + OSCILLATOR + ', "step": {"steps_per_period": 1000}}\nprint("started", flush=True)\n'
           "vibro.run(case, trajectory=False)\n",
    "converge": "import vibro\ncase = " + OSCILLATOR + ', "step": {"steps_per_period": 1000}, '
                '"convergence": {"steps_per_period": [1000, 2000]}}\nprint("started", flush=True)\nvibro.converge(case)\n',
    # No contact in this horizon: one flight whose contact search spans it all.
    "reference": "import vibro\ncase = " + OSCILLATOR + '}\nprint("started", flush=True)\nvibro.reference(case)\n',
    "lyapunov": """
import tomllib, vibro
with open("cases/lyapunov/nsnd_3h.toml", "rb") as f:
    case = tomllib.load(f)
case["case"]["precision"] = "%s"
case["horizon"]["periods"] = 5
case["lyapunov"].pop("published", None)
case["lyapunov"].pop("family", None)
print("started", flush=True)
vibro.lyapunov(case, ensemble=0)
""",
}


def script_at(kind, precision):
    if kind == "lyapunov":
        return AT_PRECISION[kind] % precision
    periods = {"run": 1000, "converge": 300, "reference": 100_000}[kind]  # within the work limit at mpfr:5000
    return AT_PRECISION[kind] % (precision, "reference" if kind == "reference" else "paoli-schatzman", periods)


SLOW_STEP_FUNCTION = """
import time, vibro
case = {"case": {"name": "small", "precision": "double"},
        "model": {"type": "impact-oscillator", "alpha": 0, "a": 0, "omega": 1, "u_min": 0, "e": "0.5"},
        "initial": {"u0": 1, "v0": 0}, "scheme": {"type": "paoli-schatzman"},
        "step": {"steps_per_period": 20}, "horizon": {"periods": 1},
        "convergence": {"steps_per_period": [20, 40]}}
def slow(problem, h):
    print("started", flush=True)
    while True:
        time.sleep(0.01)
vibro.converge(case, step_fn=slow)
print("finished", flush=True)
"""


def interrupted(script):
    """Runs `script`, sends SIGINT one second after it prints "started": the seconds it took to
    stop after the signal, its exit status and its stderr."""
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=os.environ)
    try:
        assert process.stdout.readline().strip() == "started", process.stderr.read()
        time.sleep(1.0)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        return time.monotonic() - sent, process.returncode, process.stderr.read(), process.stdout.read()
    finally:
        process.kill()
        process.wait()


@pytest.mark.parametrize("precision, periods", [("double", 10_000_000), ("mpfr:30", 100_000)])
def test_ctrl_c_stops_a_long_run(precision, periods):
    seconds, status, stderr, stdout = interrupted(LONG_RUN % (precision, periods))
    assert "finished" not in stdout
    assert stderr.strip().splitlines()[-1] == "KeyboardInterrupt", stderr
    assert status != 0
    assert seconds < 1.0


@pytest.mark.parametrize("script", [LONG_LYAPUNOV % ("ided", 20_000_000), LONG_LYAPUNOV % ("nsnd_3h", 30_000),
                                    LONG_REFERENCE],
                         ids=["lyapunov-reference", "lyapunov-scheme", "reference"])
def test_ctrl_c_stops_a_lyapunov_computation_and_a_reference(script):
    seconds, status, stderr, stdout = interrupted(script)
    assert "finished" not in stdout
    assert stderr.strip().splitlines()[-1] == "KeyboardInterrupt", stderr
    assert seconds < 1.0


@pytest.mark.parametrize("precision", ["mpfr:1000", "mpfr:5000"])
@pytest.mark.parametrize("kind", ["run", "converge", "reference", "lyapunov"])
def test_ctrl_c_stops_within_a_second_at_any_precision(kind, precision):
    seconds, status, stderr, stdout = interrupted(script_at(kind, precision))
    assert "finished" not in stdout
    assert stderr.strip().splitlines()[-1] == "KeyboardInterrupt", stderr
    assert seconds < 1.0


def test_ctrl_c_stops_a_step_function():
    seconds, status, stderr, stdout = interrupted(SLOW_STEP_FUNCTION)
    assert "finished" not in stdout
    assert stderr.strip().splitlines()[-1] == "KeyboardInterrupt", stderr
    assert seconds < 1.0


CLI_CASE = """[case]
name = "long"
precision = "double"
[model]
type = "impact-oscillator"
alpha = "0.1"
a = 1
omega = 2
u_min = -1
e = "0.8"
[initial]
u0 = 0
v0 = 0
[scheme]
type = "%s"
%s
"""


@pytest.mark.parametrize("verb, scheme", [("run", "paoli-schatzman"), ("run", "reference"), ("lyapunov", None)])
def test_the_command_line_stops_on_sigint_within_a_second_at_mpfr_5000(tmp_path, verb, scheme):
    from conftest import EXECUTABLE, SOURCE
    if scheme is None:
        case = SOURCE / "cases" / "lyapunov" / "nsnd_3h.toml"
    else:
        case = tmp_path / "long.toml"
        # The reference has no step: one flight whose contact search spans the horizon.
        rest = "[horizon]\nperiods = 100000" if scheme == "reference" else "[step]\nsteps_per_period = 1000\n[horizon]\nperiods = 1000"
        case.write_text(CLI_CASE % (scheme, rest))
    process = subprocess.Popen([EXECUTABLE, "--precision", "mpfr:5000", "--max-steps", "1000000000000", verb, str(case)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(2.0)
        assert process.poll() is None, process.stderr.read()
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        assert time.monotonic() - sent < 1.0
        assert process.returncode == -signal.SIGINT
    finally:
        process.kill()
        process.wait()
