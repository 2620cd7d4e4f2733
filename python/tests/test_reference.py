"""vibro.reference: its events are those `vibro run` of the same case with the reference scheme
lists; its values obey the closed form before the first impact and the obstacle at each impact."""
import tomllib
from fractions import Fraction

import numpy as np
import pytest

import vibro
from conftest import cli_json


def falling(precision):
    """u'' = -g from u0 = 1, v0 = 0 onto u_min = 0: u = 1 - g t²/2 until t = sqrt(2/g)."""
    return {"case": {"name": "falling", "precision": precision},
            "model": {"type": "constant-force", "g": 2, "u_min": 0, "e": "0.5"},
            "initial": {"u0": 1, "v0": 0},
            "scheme": {"type": "reference"},
            "horizon": {"t_end": 3}}


@pytest.mark.parametrize("precision", ["double", "mpfr:40"])
def test_values_before_the_first_impact_are_the_free_fall(precision):
    times = ["0", "0.25", "0.5", "0.75", "0.99"]  # the first impact is at t = 1 (g = 2)
    reference = vibro.reference(falling(precision), times=times)
    unit = 2.0 ** -52 if precision == "double" else Fraction(10) ** -38
    for t_text, q_text, v_text in zip(times, reference.q_text, reference.v_text):
        t = Fraction(t_text)
        assert abs(Fraction(q_text) - (1 - t * t)) <= 8 * unit   # closed form u = 1 - t²
        assert abs(Fraction(v_text) + 2 * t) <= 8 * unit         # v = -2t
    assert reference.q.dtype == np.float64 and reference.q.shape == (len(times),)
    assert reference.events[0].kind == "impact"
    assert abs(Fraction(reference.events[0].t_text) - 1) <= 8 * unit
    assert abs(Fraction(reference.events[0].v_plus_text) - 1) <= 8 * unit  # v+ = -e v- = 0.5 · 2


def test_at_every_impact_the_mass_is_on_the_obstacle():
    case = "cases/reference_periodic.toml"
    reference = vibro.reference(case, precision="mpfr:40")
    impacts = [e for e in reference.events if e.kind == "impact"]
    assert len(impacts) > 3
    at = vibro.reference(case, times=[e.t_text for e in impacts], precision="mpfr:40")
    with open(case, "rb") as f:
        u_min = Fraction(str(tomllib.load(f)["model"]["u_min"]))
    for q in at.q_text:
        assert abs(Fraction(q) - u_min) <= Fraction(10) ** -35


def test_events_are_the_reference_runs_within_their_error_estimates():
    """The study's reference (a dense reference, evaluated anywhere) and `vibro run` of the
    reference scheme are two computations of the same motion: the same events, and by the
    triangle inequality their numbers differ by at most the sum of their errors, each estimated
    as the run's own error estimate does (the same computation at 20 more digits)."""
    case = "cases/reference_periodic.toml"
    document = cli_json("run", case)
    run_events = document["run"]["events"]
    run_error = document["run"]["error_estimate"]["max_event_time_difference"]
    assert document["run"]["error_estimate"]["compared_with"] == "mpfr:35"
    reference = vibro.reference(case)
    wider = vibro.reference(case, precision="mpfr:35")
    assert [e.kind for e in reference.events] == [e["kind"] for e in run_events] == [e.kind for e in wider.events]
    own_error = max(abs(Fraction(a.t_text) - Fraction(b.t_text))
                    for a, b in zip(reference.events, wider.events))
    assert 0 < run_error < 1e-12 and own_error < 1e-12
    for mine, theirs in zip(reference.events, run_events):
        assert abs(Fraction(repr(mine.t)) - Fraction(repr(theirs["t"]))) <= Fraction(repr(run_error)) + own_error
    assert np.array_equal(reference.impact_times, [e.t for e in reference.events if e.kind == "impact"])


def test_times_outside_the_horizon_are_bad_input():
    with pytest.raises(vibro.InputError, match="outside the reference's horizon"):
        vibro.reference(falling("double"), times=[4.0])
    with pytest.raises(vibro.InputError, match="not a decimal number"):
        vibro.reference(falling("double"), times=["soon"])
    with pytest.raises(vibro.InputError, match="double or MPFR"):
        vibro.reference(falling("double"), times=[1.0], precision="rational")
    # round 4: a table of times is not flattened, nor a complex time cut to its real part
    with pytest.raises(ValueError, match=r"shape \(2, 2\)"):
        vibro.reference(falling("double"), times=np.array([[0.1, 0.2], [0.3, 0.4]]))
    with pytest.raises(TypeError, match="a time is a real number"):
        vibro.reference(falling("double"), times=[0.5 + 1e-3j])


def test_times_as_numbers_in_double_give_the_values_of_the_texts():
    """The array path (no text per time) and the text path compute the same doubles."""
    case = vibro.load_case("cases/ps_forced_oscillator.toml")
    times = np.linspace(0, 20 * 2 * np.pi / 1.2, 1001)
    fast = vibro.reference(case, times=times)
    texts = vibro.reference(case, times=[repr(float(t)) for t in times])
    assert fast.q.shape == fast.v.shape == (1001,)
    assert np.array_equal(fast.q, texts.q) and np.array_equal(fast.v, texts.v)
    assert np.array_equal(fast.t, texts.t)
    assert [float(x) for x in fast.q_text[:50]] == list(texts.q[:50])
    assert fast.events is not None and len(fast.events) == len(texts.events)
    times[0] = 1e9  # the result keeps its own times
    assert fast.t[0] == 0


MANY_TIMES = """
import resource, sys, time
import numpy as np
import vibro
case = vibro.load_case("cases/ps_forced_oscillator.toml")
n = int(sys.argv[1])
times = np.linspace(0, 20 * 2 * np.pi / 1.2, n)
vibro.reference(case, times=times[:10])          # the reference itself, computed once before
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
r = vibro.reference(case, times=times)
seconds = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(seconds, (after - before) * 1024 / n, r.q.nbytes + r.v.nbytes + r.t.nbytes)
"""


def test_a_million_times_in_double_take_about_a_second_and_no_memory_beyond_the_arrays():
    """docs/performance.md "The reference at many times": at least 10^6 times a second in double
    on a periodic case (measured alone; here under the test suite's load, within 3 s), and at
    most 100 bytes a time beyond the output arrays (t, q, v: 24 bytes a time)."""
    import subprocess
    import sys
    n = 1_000_000
    done = subprocess.run([sys.executable, "-c", MANY_TIMES, str(n)], capture_output=True, text=True, check=True)
    seconds, bytes_per_time, output_bytes = map(float, done.stdout.split())
    assert seconds < 3.0
    assert output_bytes == 24 * n
    assert bytes_per_time - output_bytes / n <= 100
