#!/usr/bin/env python3
"""The Paoli–Schatzman scheme (seed 000 eq. (14)) for vibro's external-program protocol
(docs/own_scheme.md), as a user would write it: standard library only, in double.

The impact oscillator u'' + 2 alpha u' + u = a cos(omega t), u >= u_min, restitution e:
    U^{n+1} = -e U^{n-1} + P(h^2 F^n + 2 U^n - (1 - e) U^{n-1}),  P(x) = max(x, (1 + e) u_min),
carried as U^n and the increment D = U^{n+1} - U^n (the increment form: rounding grows like
eps N, not eps N^2). With Y = h^2 F^n + (1 - e) D and B = (1 + e)(u_min - U^n) the step is
D' = max(Y, B) + e D; the projection is active when Y < B. F^n uses the velocity the case's
[scheme] options name: centered (U^{n+1} - U^{n-1})/2h or forward (U^{n+1} - U^n)/h, both
implicit and solved in closed form because the force is affine in the velocity, or backward.

Reads the problem (JSON) on stdin, writes t,u,v,contact on stdout: row n is t0 + n h, U^n
and V^n = D/h, contact 1 when the step that produced the row projected."""
import json
import math
import sys

problem = json.load(sys.stdin)
if problem["model"]["type"] != "impact-oscillator":
    sys.exit("paoli_schatzman.py: only the impact oscillator, not " + problem["model"]["type"])
p = {key: value["double"] for key, value in problem["model"]["parameters"].items()}
if "omega0" in p:
    sys.exit("paoli_schatzman.py: give the case in the normalised form (alpha, a, omega), not m, c, k, F, Omega")
alpha, a, omega, u_min, e = p["alpha"], p["a"], p["omega"], p["u_min"], p["e"]
options = problem["scheme"]["options"]
velocity = options.get("velocity", "centered")
if options.get("form", "increment") != "increment" or velocity not in ("centered", "forward", "backward"):
    sys.exit("paoli_schatzman.py: only form = increment, velocity = centered, forward or backward")
t0, h = problem["initial"]["t0"]["double"], problem["step"]["h"]["double"]
u, v0 = problem["initial"]["u0"]["double"], problem["initial"]["v0"]["double"]
k = 2 * alpha  # f(t, u, v) = a cos(omega t) - u - k v


def force(t, u, v):
    return a * math.cos(omega * t) - u - k * v


# The starting value D^0 = U^1 - U^0 (seed 001 section 3.2): Taylor to second order, or linear.
d = h * v0
if options.get("start", "taylor") == "taylor":
    d += h * h / 2 * force(t0, u, v0)
# The implicit velocity in closed form: F^n = f0 - k v with v in terms of D and D' = Y+ + e D.
gamma = {"centered": k * h / 2, "forward": k * h, "backward": 0.0}[velocity]
coefficient = (1 - e) - gamma * {"centered": 1 + e, "forward": e, "backward": 0.0}[velocity]
scale = 1 / (1 + gamma)

out = open(sys.stdout.fileno(), "w", buffering=1 << 16, closefd=False)  # buffered, even under python3 -u
out.write("t,u,v,contact\n")
out.write(f"{t0!r},{u!r},{d / h!r},0\n")
for n in range(1, problem["steps"] + 1):
    u += d  # U^n, the node this step starts from in eq. (14)'s numbering
    t = t0 + h * n
    bound = (1 + e) * u_min - (1 + e) * u
    if velocity == "backward":
        y = h * h * force(t, u, d / h) + (1 - e) * d
    else:
        y = (h * h * force(t, u, 0.0) + coefficient * d) * scale
    active = y < bound
    d = (bound if active else y) + e * d
    out.write(f"{t0 + h * n!r},{u!r},{d / h!r},{int(active)}\n")
out.flush()
