#!/usr/bin/env python3
"""Velocity Verlet (Störmer–Verlet, kick–drift–kick) with the impact as a reflection, as an
external program for vibro (docs/own_scheme.md, protocol vibro-external-scheme/1). A user's
scheme: it is in none of the seeds and not in vibro's catalog, so vibro declares no order for
it and only measures. Standard library only, in double.

Model: the impact oscillator u'' = f(t, u, u') = a cos(omega t) - k u' - u (k = 2 alpha),
u >= u_min, restitution e. One step from (t, u, v):

    v+ = v + h/2 f(t, u, v+)                     half kick, implicit in v+ (closed form below)
    u' = u + h v+                                drift
    if u' < u_min:  u' = u_min + e (u_min - u'),  v+ = -e v+       reflection (contact = 1)
    v' = v+ + h/2 f(t + h, u', v+)               half kick

The damping: both half kicks take the force at the mid-step velocity v+. This is the
Störmer–Verlet scheme of a general partitioned system (the Lobatto IIIA–IIIB pair; Hairer,
Lubich & Wanner, Geometric Numerical Integration), symmetric and second order on a flight.
As f is affine in v the implicit kick has a closed form: v+ = (v + h/2 (a cos(omega t) - u)) /
(1 + k h/2). (The explicit v+ = v + h/2 f(t, u, v) leaves a local velocity error k h^2/4 f
each step: first order as soon as alpha > 0.)

What to expect: second order in u and v on a flight. The reflection mirrors the part of the
drift below the obstacle, scaled by e, without locating the impact in the step: exact when
the impact falls on a node, otherwise the reflected velocity is the mid-step one, an O(h)
error per impact, so first order on an impacting orbit whose impacts fall inside steps.
Row n: t0 + n h, u_n, v_n, and contact = 1 when the step that made row n reflected."""
import json
import math
import sys


def refuse(why):  # the protocol: one line on stderr, exit status 2
    print("stormer_verlet_reflection.py: " + why, file=sys.stderr)
    sys.exit(2)


try:
    problem = json.load(sys.stdin)
    if problem["protocol"] != "vibro-external-scheme/1":
        refuse("not a vibro-external-scheme/1 problem")
    model = problem["model"]["type"]
    if model != "impact-oscillator":
        refuse("only the impact oscillator, not " + model)
    p = problem["model"]["parameters"]  # alpha, a, omega: also sent for the physical form
    alpha, a, omega, u_min, e = (float(p[key]["double"]) for key in ("alpha", "a", "omega", "u_min", "e"))
    t0, u, v = (float(problem["initial"][key]["double"]) for key in ("t0", "u0", "v0"))
    h, steps = float(problem["step"]["h"]["double"]), problem["steps"]
except (ValueError, KeyError, TypeError, AttributeError) as error:
    refuse("not a vibro-external-scheme/1 problem for the impact oscillator: " + repr(error))
finite = all(map(math.isfinite, (alpha, a, omega, u_min, e, t0, u, v, h)))
if not (finite and type(steps) is int and steps >= 1 and h > 0 and 0 <= e <= 1 and u >= u_min):
    refuse("bad problem: needs finite numbers, steps >= 1, h > 0, 0 <= e <= 1, u0 >= u_min")
k = 2 * alpha


def force(t, u, v):
    return a * math.cos(omega * t) - k * v - u


out = open(sys.stdout.fileno(), "w", buffering=1 << 16, closefd=False)  # buffered, even under python3 -u
out.write("t,u,v,contact\n")
out.write(f"{t0!r},{u!r},{v!r},0\n")
for n in range(1, steps + 1):
    t, t_next = t0 + (n - 1) * h, t0 + n * h
    v_half = (v + h / 2 * force(t, u, 0.0)) / (1 + k * h / 2)  # v+ = v + h/2 f(t, u, v+)
    u = u + h * v_half
    contact = u < u_min
    if contact:
        u = u_min + e * (u_min - u)
        v_half = -e * v_half
    v = v_half + h / 2 * force(t_next, u, v_half)
    out.write(f"{t_next!r},{u!r},{v!r},{int(contact)}\n")
out.flush()
