#!/usr/bin/env python3
"""An event-driven integrator of the impact oscillator as an external program for vibro
(docs/own_scheme.md, protocol vibro-external-scheme/1), reporting its impacts in an impact
table. Standard library only, in double.

Model: u'' + 2 alpha u' + u = a cos(omega t), u >= u_min, u'(t+0) = -e u'(t-0) at an impact,
with 0 <= alpha < 1 (underdamped) and no resonance ((1 - omega^2)^2 + (2 alpha omega)^2 > 0).

Between impacts the flight is the closed form u(t) = u_p(t) + exp(-alpha s)(C1 cos(beta s) +
C2 sin(beta s)), s = t - t_s, beta = sqrt(1 - alpha^2), u_p = A cos(omega t) + B sin(omega t)
the forced response. An impact is the first time the gap g(t) = u(t) - u_min reaches 0: the
flight is scanned in pieces of at most a twentieth of the shorter of the two periods (free and
forced); a piece where g changes sign holds a root, and one where u' goes from negative to
non-negative holds a minimum of g, found by bisection on u', which holds a root before it when
g is negative there (an approach that grazes closer than the rounding is not seen). The root is
bisected to the last bit of a double. The rows are the closed form at t0 + k h, after the
impacts at or before that time; the impact table lists each impact's time and velocities.

Sticking: an impact with v+ = 0 (e = 0), or a flight off the stop whose top is not above it
in double (the end of a chattering sequence), with the force pushing the mass into the stop
keeps it there, u = u_min and v = 0, until the force a cos(omega t) - u_min turns positive,
found by bisection. This is cruder than vibro's reference, which sums a chattering sequence's
geometric tail: it is an example of the protocol, not a second reference."""
import json
import math
import sys


def refuse(why):  # the protocol: one line on stderr, exit status 2
    print("event_driven_oscillator.py: " + why, file=sys.stderr)
    sys.exit(2)


try:
    problem = json.load(sys.stdin)
    if problem["protocol"] != "vibro-external-scheme/1":
        refuse("not a vibro-external-scheme/1 problem")
    if problem["model"]["type"] != "impact-oscillator":
        refuse("only the impact oscillator, not " + problem["model"]["type"])
    p = problem["model"]["parameters"]
    alpha, a, omega, u_min, e = (float(p[key]["double"]) for key in ("alpha", "a", "omega", "u_min", "e"))
    t0, u0, v0 = (float(problem["initial"][key]["double"]) for key in ("t0", "u0", "v0"))
    h, steps = float(problem["step"]["h"]["double"]), problem["steps"]
except (ValueError, KeyError, TypeError, AttributeError) as error:
    refuse("not a vibro-external-scheme/1 problem for the impact oscillator: " + repr(error))
if not (0 <= alpha < 1 and omega > 0 and 0 <= e <= 1 and h > 0 and type(steps) is int and steps >= 1 and u0 >= u_min):
    refuse("needs 0 <= alpha < 1, omega > 0, 0 <= e <= 1, h > 0, steps >= 1, u0 >= u_min")
denominator = (1 - omega * omega) ** 2 + (2 * alpha * omega) ** 2
if denominator == 0:
    refuse("resonance (alpha = 0, omega = 1): no bounded forced response")
A, B = a * (1 - omega * omega) / denominator, a * 2 * alpha * omega / denominator
beta = math.sqrt(1 - alpha * alpha)
piece = min(2 * math.pi / beta, 2 * math.pi / omega) / 20


class Flight:
    """The closed-form flight from (ts, us, vs)."""

    def __init__(self, ts, us, vs):
        self.ts = ts
        self.c1 = us - self.up(ts)
        self.c2 = (vs - self.vp(ts) + alpha * self.c1) / beta

    @staticmethod
    def up(t):
        return A * math.cos(omega * t) + B * math.sin(omega * t)

    @staticmethod
    def vp(t):
        return omega * (B * math.cos(omega * t) - A * math.sin(omega * t))

    def state(self, t):
        s = t - self.ts
        decay, c, sn = math.exp(-alpha * s), math.cos(beta * s), math.sin(beta * s)
        u = self.up(t) + decay * (self.c1 * c + self.c2 * sn)
        v = self.vp(t) + decay * ((beta * self.c2 - alpha * self.c1) * c - (beta * self.c1 + alpha * self.c2) * sn)
        return u, v


def bisect(f, lo, hi):
    """The point where the sign of f changes in [lo, hi] (f(lo) and f(hi) of opposite signs or f(hi) = 0),
    to the last bit: the upper end of the final interval."""
    f_lo = f(lo)
    while True:
        mid = lo + (hi - lo) / 2
        if mid <= lo or mid >= hi:
            return hi
        if (f(mid) > 0) == (f_lo > 0):
            lo = mid
        else:
            hi = mid


def next_impact(flight, start, end):
    """The first time in (start, end] the flight reaches u_min moving down; None without one. A
    flight that starts on the stop (after an impact) and comes back to it within a piece is
    caught at its top; "stuck" when that top is not above the stop in double (the end of a
    chattering sequence)."""
    gap = lambda t: flight.state(t)[0] - u_min
    velocity = lambda t: flight.state(t)[1]
    lo = start
    while lo < end:
        hi = min(lo + piece, end)
        g_lo, g_hi, v_lo, v_hi = gap(lo), gap(hi), velocity(lo), velocity(hi)
        if g_lo <= 0 and v_lo > 0 and v_hi < 0:  # off the stop and down again in this piece
            top = bisect(velocity, lo, hi)
            if gap(top) <= 0:
                return "stuck"
            if g_hi <= 0:
                return bisect(gap, top, hi)
        elif g_lo <= 0 < v_lo:
            pass  # leaving the stop: no impact in this piece
        elif g_hi <= 0:
            return bisect(gap, lo, hi)
        elif v_lo < 0 <= v_hi:  # a minimum of the gap inside: a root before it when the gap is negative there
            lowest = bisect(velocity, lo, hi)
            if gap(lowest) <= 0:
                return bisect(gap, lo, lowest)
        lo = hi
    return None


def pushes_down(t):  # the force at rest on the stop
    return a * math.cos(omega * t) - u_min <= 0


out = open(sys.stdout.fileno(), "w", buffering=1 << 16, closefd=False)  # buffered, even under python3 -u
out.write("t,u,v\n")
impacts = []
t_end = t0 + steps * h
flight, stuck, t = Flight(t0, u0, v0), False, t0  # the motion from t on
for k in range(steps + 1):
    node = t0 + k * h
    while t < node:  # the events up to this node
        if stuck:
            release = t
            while release < node and pushes_down(release):
                release = min(release + piece, node)
            if pushes_down(release):
                t = node
                break
            release = bisect(lambda s: -1.0 if pushes_down(s) else 1.0, t, release) if release > t else t
            flight, stuck, t = Flight(release, u_min, 0.0), False, release
            continue
        hit = next_impact(flight, t, node)
        if hit is None:
            t = node
            break
        if hit == "stuck" or hit <= t:  # a flight too short to resolve: at rest on the stop from t
            stuck = pushes_down(t)
            flight = Flight(t, u_min, 0.0)
            if not stuck:  # the force lifts it: a flight from rest, or nothing more before this node
                t = node if hit != "stuck" else t
            continue
        v_minus = flight.state(hit)[1]
        v_plus = -e * v_minus
        impacts.append((hit, v_minus, v_plus))
        stuck = v_plus == 0 and pushes_down(hit)
        flight, t = Flight(hit, u_min, v_plus), hit
    u, v = (u_min, 0.0) if stuck else flight.state(node)
    out.write(f"{node!r},{u!r},{v!r}\n")
out.write("t,coordinate,v_minus,v_plus\n")
for hit, v_minus, v_plus in impacts:
    out.write(f"{hit!r},1,{v_minus!r},{v_plus!r}\n")
out.flush()
