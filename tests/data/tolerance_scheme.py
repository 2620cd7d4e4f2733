#!/usr/bin/env python3
"""A program with a tolerance, for tests/external_scheme_test.cpp (docs/own_scheme.md "Tolerance
ladders"): it answers the exact trajectory of the tests' small study (u'' + u = 0 above u = 0,
e = 1/2, from u = 1, v = 0, over one period 2 pi: u = cos t until pi/2, then 0.5 sin(t - pi/2)
until 3 pi/2, then 0.25 sin(t - 3 pi/2)) with every position moved up by the problem's
`tolerance`, or by FLOOR when that is larger (`--floor FLOOR`): its position error is the
tolerance, by construction, down to the floor. It reports 1000 right-hand-side evaluations per
decade of tolerance (`evaluations,N`). A problem without `tolerance` is refused."""
import json
import math
import sys

floor = float(sys.argv[sys.argv.index("--floor") + 1]) if "--floor" in sys.argv else 0.0
problem = json.load(sys.stdin)
if "tolerance" not in problem:
    print("tolerance_scheme.py: the problem has no tolerance", file=sys.stderr)
    sys.exit(2)
offset = max(float(problem["tolerance"]["double"]), floor)
t0, h, steps = problem["initial"]["t0"]["double"], problem["step"]["h"]["double"], problem["steps"]


def exact(t):
    if t <= math.pi / 2:
        return math.cos(t), -math.sin(t)
    if t <= 3 * math.pi / 2:
        return 0.5 * math.sin(t - math.pi / 2), 0.5 * math.cos(t - math.pi / 2)
    return 0.25 * math.sin(t - 3 * math.pi / 2), 0.25 * math.cos(t - 3 * math.pi / 2)


rows = ["t,u,v"]
for k in range(steps + 1):
    t = t0 + k * h
    u, v = exact(t)
    rows.append(f"{t!r},{u + offset!r},{v!r}")
# Its work, by construction: 1000 evaluations per decade of tolerance below 1.
rows.append(f"evaluations,{1000 * round(-math.log10(float(problem['tolerance']['double'])))}")
sys.stdout.write("\n".join(rows) + "\n")
