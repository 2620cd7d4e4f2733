#!/usr/bin/env python3
"""SciPy's solve_ivp as an event-driven integrator of the one-coordinate impact models, run by
vibro as an external program (docs/own_scheme.md, protocol vibro-external-scheme/1): what a
Python user would write instead of a time-stepping scheme. Debian's python3-scipy.

    vibro testset run --scheme-command 'python3 examples/peers/scipy_event_driven.py'
    ... 'python3 examples/peers/scipy_event_driven.py --method Radau --rtol 1e-10'

Options: --method (DOP853, the default, Radau, RK45, LSODA, any solve_ivp method), --rtol and
--atol (both 1e-12 by default), --max-step (solve_ivp's max_step, unbounded by default). A
problem with a `tolerance` (a rung of a tolerance ladder: vibro converge --tolerances, or
--by-tolerance) sets rtol and atol to it instead.

Models: impact-oscillator (u'' + 2 alpha u' + u = a cos(omega t)), duffing-oscillator (the
same minus beta u^3), constant-force (u'' = -g), each above u >= u_min; conservative-oscillator
(y'' = -omega^2 y (1 + beta y^2)) above its obstacle, between its two stops, or free. Others are
refused with one line on stderr (exit status 2).

The method: solve_ivp from the last impact with a terminal event on each stop's gap (u - lower
decreasing, upper - u decreasing); at the event, v+ = -e v- and a new integration starts from
the stop. The rows are the dense output at t0 + k h. The impacts go to the impact table, at
the event's time, which solve_ivp finds by a root solver on the dense output (to about 4 eps
in t). Its work, the right-hand-side evaluations of every integration (solve_ivp's nfev), goes
to the line `evaluations,N` after the rows. Like any event locator that looks at sign changes between its steps, it misses an
impact whose gap dips below zero and back within one step (a grazing approach) unless
--max-step is small enough.

Chattering: an impact whose next flight would rise less than the tolerance (v+^2 <= 2 |f| atol
(1 + |stop|), f the force at rest on the stop), or an event closer than 1e-13 to the last (an
accumulation of impacts: not listed again), ends in rest on the stop when the force pushes the mass into
it; it leaves when the force at rest turns away from the stop (a root found by brentq), and
stays to the end otherwise (constant force)."""
import argparse
import json
import math
import sys

try:
    import numpy as np
    from scipy.integrate import solve_ivp
    from scipy.optimize import brentq
except ImportError as missing:  # the protocol: one line on stderr, a non-zero exit
    print(f"scipy_event_driven.py: needs NumPy and SciPy (Debian: python3-scipy): {missing}", file=sys.stderr)
    sys.exit(3)


def refuse(why):
    print("scipy_event_driven.py: " + why, file=sys.stderr)
    sys.exit(2)


parser = argparse.ArgumentParser()
parser.add_argument("--method", default="DOP853")
parser.add_argument("--rtol", type=float, default=1e-12)
parser.add_argument("--atol", type=float, default=1e-12)
parser.add_argument("--max-step", type=float, default=math.inf)
options = parser.parse_args()

try:
    problem = json.load(sys.stdin)
    if problem["protocol"] != "vibro-external-scheme/1":
        refuse("not a vibro-external-scheme/1 problem")
    if problem.get("dimension", 1) != 1:
        refuse(f"only the one-coordinate models, not {problem['model']['type']} ({problem['dimension']} coordinates)")
    model, p = problem["model"]["type"], problem["model"]["parameters"]
    number = lambda key: float(p[key]["double"])
    t0, u0, v0 = (float(problem["initial"][key]["double"]) for key in ("t0", "u0", "v0"))
    h, steps = float(problem["step"]["h"]["double"]), problem["steps"]
    if "tolerance" in problem:  # a rung of a tolerance ladder: the tolerance asked for
        options.rtol = options.atol = float(problem["tolerance"]["double"])
except (ValueError, KeyError, TypeError, AttributeError) as error:
    refuse("not a vibro-external-scheme/1 problem for a one-coordinate model: " + repr(error))

lower, upper = None, None
if model in ("impact-oscillator", "duffing-oscillator"):
    alpha, a, omega, lower, e = (number(k) for k in ("alpha", "a", "omega", "u_min", "e"))
    beta = number("beta") if model == "duffing-oscillator" else 0.0
    acceleration = lambda t, u, v: a * math.cos(omega * t) - 2 * alpha * v - u - beta * u ** 3
elif model == "constant-force":
    g, lower, e = number("g"), number("u_min"), number("e")
    acceleration = lambda t, u, v: -g
elif model == "conservative-oscillator":
    omega, beta, e = number("omega"), number("beta"), number("e")
    if "obstacle" in p:
        lower = number("obstacle")
    elif "stops" in p:
        lower, upper = (float(x) for x in p["stops"]["double"])
    acceleration = lambda t, u, v: -omega * omega * u * (1 + beta * u * u)
else:
    refuse("only the one-coordinate models (impact, Duffing, constant-force and conservative oscillators), not " + model)
if not (h > 0 and type(steps) is int and steps >= 1 and 0 <= e <= 1):
    refuse("needs h > 0, steps >= 1, 0 <= e <= 1")


def rhs(t, y):
    return [y[1], acceleration(t, y[0], y[1])]


stops = []  # (value, sign): the gap is sign (u - value), positive off the stop
if lower is not None:
    stops.append((lower, 1.0))
if upper is not None:
    stops.append((upper, -1.0))


def gap_event(value, sign):
    event = lambda t, y: sign * (y[0] - value)
    event.terminal, event.direction = True, -1
    return event


events = [gap_event(value, sign) for value, sign in stops]
t_end = t0 + steps * h
nodes = t0 + h * np.arange(steps + 1)
nodes[-1] = t_end
u_rows, v_rows = np.empty(steps + 1), np.empty(steps + 1)
impacts = []
filled = 0  # rows computed so far


def fill(until, state_at, closed):
    """The rows at nodes up to `until` (included when closed) from state_at(times) -> (u, v)."""
    global filled
    last = np.searchsorted(nodes, until, side="right" if closed else "left")
    if last > filled:
        u, v = state_at(nodes[filled:last])
        u_rows[filled:last], v_rows[filled:last] = u, v
        filled = last


def rest_until(t, value, sign):
    """At rest on the stop from t: the time the force turns away from it, or t_end."""
    pushes = lambda s: sign * acceleration(s, value, 0.0) <= 0
    if not pushes(t):
        return t
    probe, step = t, max(h, 1e-3)
    while probe < t_end:
        nxt = min(probe + step, t_end)
        if not pushes(nxt):
            return brentq(lambda s: sign * acceleration(s, value, 0.0), probe, nxt, xtol=4e-16 * (1 + abs(nxt)))
        probe = nxt
    return t_end


t, y, last_impact = t0, np.array([u0, v0]), -math.inf
evaluations = 0  # of the right-hand side, over every integration: the run's work, reported to vibro
while t < t_end:
    solution = solve_ivp(rhs, (t, t_end), y, method=options.method, rtol=options.rtol, atol=options.atol,
                         max_step=options.max_step, events=events, dense_output=True)
    evaluations += solution.nfev
    if solution.status == -1:
        refuse(f"solve_ivp failed at t = {t!r}: {solution.message}")
    # a terminal event ends the integration there (status 1), possibly at once (a flight too
    # short to resolve: the accumulation below)
    hit = next((i for i, times in enumerate(solution.t_events) if len(times)), None) if solution.status == 1 else None
    end = solution.t_events[hit][0] if hit is not None else t_end
    fill(end, lambda times: solution.sol(times), closed=hit is None)
    if hit is None:
        break
    value, sign = stops[hit]
    if end - last_impact <= 1e-13 * (1 + abs(end)):  # no flight since the last impact: accumulated
        accumulating, v_plus = True, 0.0
    else:
        v_minus = solution.sol(end)[1]
        v_plus = -e * v_minus
        impacts.append((end, v_minus, v_plus))
        # a flight rising less than the tolerance is below what the integrator resolves
        pull = abs(acceleration(end, value, 0.0))
        accumulating, last_impact = v_plus * v_plus <= 2 * pull * options.atol * (1 + abs(value)), end
    t, y = end, np.array([value, v_plus])
    if accumulating:  # at rest on the stop while the force holds it there
        leave = rest_until(t, value, sign)
        fill(leave, lambda times: (np.full(len(times), value), np.zeros(len(times))), closed=leave >= t_end)
        t, y = leave, np.array([value, 0.0])
        if leave >= t_end:
            break
if filled < steps + 1:  # the last node, reached by the integration's end
    fill(t_end, lambda times: (np.full(len(times), y[0]), np.full(len(times), y[1])), closed=True)

out = sys.stdout
out.write("t,u,v\n")
out.write("".join(f"{t!r},{u!r},{v!r}\n" for t, u, v in zip(nodes.tolist(), u_rows.tolist(), v_rows.tolist())))
out.write(f"evaluations,{evaluations}\n")
out.write("t,coordinate,v_minus,v_plus\n")
out.write("".join(f"{t!r},1,{vm!r},{vp!r}\n" for t, vm, vp in impacts))
out.flush()
