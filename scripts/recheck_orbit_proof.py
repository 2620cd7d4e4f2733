#!/usr/bin/env python3
"""Re-checks the main claims of `vibro orbits CASE --prove --json` without vibro, in mpmath's
interval arithmetic (Debian python3-mpmath), from the case's exact parameters and the proof's
decimal bounds (docs/proofs.md "Re-checking a proof from its JSON"):

    vibro --json orbits CASE --prove > proof.json
    ./scripts/recheck_orbit_proof.py CASE proof.json

For every root the proof calls unique, the phase equation f(θ) = P cos θ + Q sin θ + g u_min
(docs/periodic_orbits.md §2) is evaluated at the exact bounds `phase.lower` and `phase.upper`:
opposite signs prove a root between them; f' enclosed over [lower, upper] clear of 0 proves it
the only one there. Where the proof says the impact is transverse, v− is enclosed over the
interval and must be < 0; where it says stable or unstable, the larger |μ| recomputed from the
monodromy's trace and determinant must be < 1 or > 1. The admissibility (the flight's gap) is
not re-checked here. Exit 0 when every claim re-checked holds, 1 when one does not (a line
each), 2 on bad input.
"""

import json
import sys
import tomllib
from fractions import Fraction

from mpmath import iv


def exact(text):
    """A case's number (decimal or P/Q) as a Fraction, exactly."""
    text = str(text).strip()
    if "/" in text:
        p, q = text.split("/", 1)
        return Fraction(p.strip()) / Fraction(q.strip())
    return Fraction(text)


def interval(x):
    """An interval that holds the Fraction x."""
    return iv.mpf(x.numerator) / iv.mpf(x.denominator)


def fundamental(alpha_exact, alpha, tau):
    """Φ(τ) of x'' + 2αx' + x = 0, in the damping regime of the exact α."""
    one = iv.mpf(1)
    if alpha_exact < 1:
        beta = iv.sqrt((one - alpha) * (one + alpha))
        y11, y12, y21 = iv.cos(beta * tau), iv.sin(beta * tau) / beta, -beta * iv.sin(beta * tau)
        y22 = y11
    elif alpha_exact == 1:
        y11, y12, y21, y22 = one, tau, iv.mpf(0), one
    else:
        beta = iv.sqrt((alpha - one) * (alpha + one))
        up, down = iv.exp(beta * tau), iv.exp(-beta * tau)
        y11, y12, y21 = (up + down) / 2, (up - down) / (2 * beta), beta * (up - down) / 2
        y22 = y11
    decay = iv.exp(-alpha * tau)
    first = y11 + alpha * y12
    return (decay * first, decay * y12, decay * (y21 + alpha * y22 - alpha * first), decay * (y22 - alpha * y12))


def certainly_negative(x):
    return x.b < 0


def certainly_positive(x):
    return x.a > 0


def recheck(case, proof):
    """The claims that do not hold, one line each."""
    model = case["model"]
    if model.get("type") != "impact-oscillator":
        raise ValueError("the case is not an impact oscillator")
    texts = {key: exact(model[key]) for key in ("alpha", "a", "omega", "u_min", "e")}
    alpha, a, omega, u_min, e = (interval(texts[key]) for key in ("alpha", "a", "omega", "u_min", "e"))
    one = iv.mpf(1)
    detuning, friction = (one - omega) * (one + omega), 2 * alpha * omega
    d = detuning * detuning + friction * friction
    big_a, big_b = a * detuning / d, a * friction / d
    failures = []
    for orbit in proof["orbits"]:
        n = orbit["n"]
        name = f"(1, {n}) root {orbit['index']}"
        if not orbit["unique"]:
            continue
        tau = 2 * iv.pi / omega * n
        p11, p12, p21, p22 = fundamental(texts["alpha"], alpha, tau)
        g = p21 * p12 + (p22 + one / e) * (one - p11)
        c = (one + one / e) * omega * p12
        big_p, big_q = c * big_b - g * big_a, -c * big_a - g * big_b

        def f(theta):
            return big_p * iv.cos(theta) + big_q * iv.sin(theta) + g * u_min

        lower, upper = iv.mpf(orbit["phase"]["lower"]), iv.mpf(orbit["phase"]["upper"])
        at_lower, at_upper = f(lower), f(upper)
        if not ((certainly_negative(at_lower) and certainly_positive(at_upper))
                or (certainly_positive(at_lower) and certainly_negative(at_upper))):
            failures.append(f"{name}: f does not change sign between the phase's bounds")
            continue
        box = iv.mpf([orbit["phase"]["lower"], orbit["phase"]["upper"]])
        slope = big_q * iv.cos(box) - big_p * iv.sin(box)
        if not (certainly_negative(slope) or certainly_positive(slope)):
            failures.append(f"{name}: f' is not clear of 0 on the phase's interval")
            continue
        dp = omega * (big_b * iv.cos(box) - big_a * iv.sin(box))
        y0 = -((one - p11) * (one + one / e) * dp / g)
        v_minus = -(y0 + dp) / e
        if orbit["transverse"] and not certainly_negative(v_minus):
            failures.append(f"{name}: v− < 0 does not re-check")
            continue
        multipliers = orbit["multipliers"]
        if not orbit["transverse"] or multipliers is None or multipliers["stability"] == "not proved":
            continue
        # M = S Φ with S = [[−e, 0], [(a+ + e a−)/v−, −e]]; det M = e² exp(−2αnT).
        forcing = a * iv.cos(box) - u_min
        a_plus, a_minus = forcing + 2 * alpha * e * v_minus, forcing - 2 * alpha * v_minus
        lower_left = (a_plus + e * a_minus) / v_minus
        trace = -e * p11 + lower_left * p12 - e * p22
        det = e * e * iv.exp(-2 * alpha * tau)
        discriminant = trace * trace - 4 * det
        if certainly_negative(discriminant):
            largest = iv.sqrt(det)
        elif certainly_positive(discriminant):
            largest = (abs(trace) + iv.sqrt(discriminant)) / 2
        else:
            failures.append(f"{name}: the multipliers' kind does not re-check")
            continue
        stable = largest.b < 1
        unstable = largest.a > 1
        if (multipliers["stability"] == "stable" and not stable) or (multipliers["stability"] == "unstable" and not unstable):
            failures.append(f"{name}: '{multipliers['stability']}' does not re-check (max |μ| in {largest})")
    return failures


def main(argv):
    if len(argv) != 3:
        print("usage: recheck_orbit_proof.py CASE.toml PROOF.json", file=sys.stderr)
        return 2
    try:
        with open(argv[1], "rb") as f:
            case = tomllib.load(f)
        with open(argv[2], encoding="utf-8") as f:
            proof = json.load(f)
        iv.dps = int(proof["digits"]) + 20
        failures = recheck(case, proof)
    except (OSError, ValueError, KeyError, tomllib.TOMLDecodeError) as error:
        print(f"recheck_orbit_proof: error: {error}", file=sys.stderr)
        return 2
    checked = sum(1 for orbit in proof["orbits"] if orbit["unique"])
    for line in failures:
        print("NOT RE-CHECKED " + line)
    print(f"{checked - len(failures)} of {checked} unique roots re-checked")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
