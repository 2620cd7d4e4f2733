#!/usr/bin/env python3
"""The Paoli–Schatzman scheme, seed 000 eq. (14), as an external program for vibro
(docs/own_scheme.md, protocol vibro-external-scheme/1). Standard library only, in double.

Model: the impact oscillator u'' = f(t, u, u') = a cos(omega t) - k u' - u (k = 2 alpha),
u >= u_min, restitution e. Scheme (seed 000 eq. (14)):

    U^{n+1} = -e U^{n-1} + P(h^2 F^n + 2 U^n - (1 - e) U^{n-1}),   P(x) = max(x, (1 + e) u_min),
    F^n = f(t_n, U^n, V),  V = (U^{n+1} - U^{n-1})/2h  (velocity = centered, the default),
                               (U^{n+1} - U^n)/h       (forward), (U^n - U^{n-1})/h (backward).

It is computed as vibro's built-in scheme computes it, in the increment form: carry U^n and
D = U^n - U^{n-1}; with Y = h^2 F^n + (1 - e) D and B = (1 + e)(u_min - U^n), eq. (14) is

    D' = U^{n+1} - U^n = max(Y, B) + e D,    the projection active when Y < B.

The same sequence in exact arithmetic; the rounding grows like eps N instead of eps N^2.
The centered and forward V are implicit, but f is affine in v: F^n = f0 - k V with
f0 = f(t_n, U^n, 0) and V = (D' + D)/2h resp. D'/h, so Y = R - g max(Y, B) with
g = k h/2 resp. k h and R = h^2 f0 + (1 - e - g m) D, m = 1 + e resp. e. Its solution is
max(Y, B) = max(R/(1 + g), B): the test Y < B is R/(1 + g) < B.

Start (seed 000 eq. (9)): D^0 = U^1 - U^0 = h v0 + h^2/2 f(t0, u0, v0) (start = taylor, the
default) or h v0 (linear). Row n of the answer is the built-in scheme's state at node n:
t0 + n h, U^n and V^n = (U^{n+1} - U^n)/h, so row 0's v is D^0/h (not v0), and row n's v comes from the step that makes U^{n+1};
contact = 1 when the projection made U^n, in the step before (the node a contact made)."""
import json
import math
import sys


def refuse(why):  # the protocol: one line on stderr, exit status 2
    print("paoli_schatzman.py: " + why, file=sys.stderr)
    sys.exit(2)


try:
    problem = json.load(sys.stdin)
    if problem["protocol"] != "vibro-external-scheme/1":
        refuse("not a vibro-external-scheme/1 problem")
    model = problem["model"]["type"]
    if model != "impact-oscillator":
        refuse("only the impact oscillator, not " + model)
    # alpha, a, omega are sent for a case in the physical form (m, c, k, F, Omega) too.
    p = problem["model"]["parameters"]
    alpha, a, omega, u_min, e = (float(p[key]["double"]) for key in ("alpha", "a", "omega", "u_min", "e"))
    t0, u0, v0 = (float(problem["initial"][key]["double"]) for key in ("t0", "u0", "v0"))
    h, steps = float(problem["step"]["h"]["double"]), problem["steps"]
    scheme = problem["scheme"]  # the case's own [scheme]: its options are ours if it is PS
    options = scheme["options"] if scheme["type"] == "paoli-schatzman" else {}
except (ValueError, KeyError, TypeError, AttributeError) as error:
    refuse("not a vibro-external-scheme/1 problem for the impact oscillator: " + repr(error))
velocity = options.get("velocity", "centered")
start = options.get("start", "taylor")
if velocity not in ("centered", "forward", "backward") or start not in ("taylor", "linear"):
    refuse(f"unknown option velocity = {velocity} or start = {start}")
if options.get("form", "increment") != "increment":
    refuse("only form = increment (the two-step form of eq. (14) is not implemented here)")
finite = all(map(math.isfinite, (alpha, a, omega, u_min, e, t0, u0, v0, h)))
if not (finite and type(steps) is int and steps >= 1 and h > 0 and 0 <= e <= 1 and u0 >= u_min):
    refuse("bad problem: needs finite numbers, steps >= 1, h > 0, 0 <= e <= 1, u0 >= u_min")
k = 2 * alpha


def force(t, u, v):  # f(t, u, v), its terms summed in the built-in's order
    return a * math.cos(omega * t) - k * v - u


d = h * v0  # D^0 = U^1 - U^0
if start == "taylor":
    d += h * h / 2 * force(t0, u0, v0)
g, m = {"centered": (k * h / 2, 1 + e), "forward": (k * h, e), "backward": (0.0, 0.0)}[velocity]
coefficient, scale = (1 - e) - g * m, 1 / (1 + g)  # R = h^2 f0 + coefficient D;  Y = R scale

out = open(sys.stdout.fileno(), "w", buffering=1 << 16, closefd=False)  # buffered, even under python3 -u
out.write("t,u,v,contact\n")
u = u0
out.write(f"{t0!r},{u!r},{d / h!r},0\n")
made = 0  # the projection made U^n (in the step before)
for n in range(1, steps + 1):
    u += d  # U^n; d is still D = U^n - U^{n-1}
    t = t0 + n * h
    bound = (1 + e) * u_min - (1 + e) * u  # B
    if velocity == "backward":  # explicit: V = D/h
        y = h * h * force(t, u, d / h) + (1 - e) * d
    else:  # implicit, in closed form: R/(1 + g)
        y = (h * h * force(t, u, 0.0) + coefficient * d) * scale
    active = y < bound
    d = (bound if active else y) + e * d  # D' = U^{n+1} - U^n = max(Y, B) + e D
    out.write(f"{t!r},{u!r},{d / h!r},{made}\n")
    made = int(active)
out.flush()
