#!/usr/bin/env python3
"""Velocity Verlet (Störmer–Verlet, kick-drift-kick) with the impact as a reflection, for
vibro's external-program protocol (docs/own_scheme.md). A user's scheme, not one of the
seeds, and not in vibro's catalog: vibro measures its orders, it declares none.

The impact oscillator u'' = f(t, u, u') = a cos(omega t) - 2 alpha u' - u, u >= u_min:
    v+ = v + h/2 f(t, u, v)                      kick
    u' = u + h v+                                drift
    if u' < u_min:  u' = u_min + e (u_min - u'),  v+ = -e v+     reflection (contact)
    v' = v+ + h/2 f(t + h, u', v+)               kick, the damping taken at v+
The reflection mirrors the part of the drift below the obstacle, scaled by e: if the drift
crossed u_min at a fraction theta of the step with velocity v+, the mirrored position is
where the exact flight would be after bouncing at theta, up to O(h^2) per impact, without
locating the impact time. Standard library only, in double."""
import json
import math
import sys

problem = json.load(sys.stdin)
if problem["model"]["type"] != "impact-oscillator" or "omega0" in problem["model"]["parameters"]:
    sys.exit("stormer_verlet_reflection.py: only the impact oscillator in the normalised form")
p = {key: value["double"] for key, value in problem["model"]["parameters"].items()}
alpha, a, omega, u_min, e = p["alpha"], p["a"], p["omega"], p["u_min"], p["e"]
t0, h = problem["initial"]["t0"]["double"], problem["step"]["h"]["double"]
u, v = problem["initial"]["u0"]["double"], problem["initial"]["v0"]["double"]


def force(t, u, v):
    return a * math.cos(omega * t) - 2 * alpha * v - u


out = open(sys.stdout.fileno(), "w", buffering=1 << 16, closefd=False)  # buffered, even under python3 -u
out.write("t,u,v,contact\n")
out.write(f"{t0!r},{u!r},{v!r},0\n")
for n in range(1, problem["steps"] + 1):
    t = t0 + h * (n - 1)
    v_half = v + h / 2 * force(t, u, v)
    u = u + h * v_half
    contact = u < u_min
    if contact:
        u = u_min + e * (u_min - u)
        v_half = -e * v_half
    v = v_half + h / 2 * force(t0 + h * n, u, v_half)
    out.write(f"{t0 + h * n!r},{u!r},{v!r},{int(contact)}\n")
out.flush()
