#!/usr/bin/env python3
"""An external scheme that answers in exact arithmetic (tests/external_scheme_test.cpp): free
flight u = u0 + v0 (t - t0), v = v0, computed in fractions from the problem's texts (h, t0,
u0, v0 at the run's precision) and written with 80 significant digits, so that vibro reads
values far beyond double when the run is in MPFR."""
import decimal
import json
import sys
from fractions import Fraction

problem = json.load(sys.stdin)
exact = lambda number: Fraction(number["text"])
t0, u0, v0 = (exact(problem["initial"][key]) for key in ("t0", "u0", "v0"))
h = exact(problem["step"]["h"])
decimal.getcontext().prec = 80
text = lambda x: str(decimal.Decimal(x.numerator) / decimal.Decimal(x.denominator))
out = sys.stdout
out.write("t,u,v\n")
for k in range(problem["steps"] + 1):
    t = t0 + k * h
    out.write(f"{text(t)},{text(u0 + v0 * (t - t0))},{text(v0)}\n")
