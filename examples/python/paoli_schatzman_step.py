"""The Paoli–Schatzman scheme, seed 000 eq. (14), as a Python step function for vibro
(docs/python.md): vibro.converge(case, step_fn=paoli_schatzman) studies it as it studies
its built-in scheme.

Model: the impact oscillator u'' = f(t, u, u') = a cos(omega t) - k u' - u (k = 2 alpha),
u >= u_min, restitution e. In the increment form of vibro's built-in scheme: carry U^n and
D = U^n - U^{n-1}; with Y = h^2 F^n + (1 - e) D and B = (1 + e)(u_min - U^n),

    D' = U^{n+1} - U^n = max(Y, B) + e D,    the projection active when Y < B,

where the centered velocity V = (D' + D)/2h makes F^n = f(t_n, U^n, 0) - k V implicit but
affine, so that max(Y, B) = max(R/(1 + g), B) with g = k h/2 and R = h^2 f(t_n, U^n, 0) +
(1 - e - g (1 + e)) D. Start (seed 000 eq. (9)): D^0 = h v0 + h^2/2 f(t0, u0, v0). Row n is
the state at node n: t0 + n h, U^n, V^n = (U^{n+1} - U^n)/h, and whether the projection made
U^n (in the step before: the node a contact made)."""
import math

import numpy as np


def paoli_schatzman(problem, h):
    """(t, u, v, contact) of the impact oscillator's problem at step h, in double."""
    if problem["model"]["type"] != "impact-oscillator":
        raise ValueError("this example runs the impact oscillator only, not " + problem["model"]["type"])
    p = problem["model"]["parameters"]
    alpha, a, omega, u_min, e = (p[key]["double"] for key in ("alpha", "a", "omega", "u_min", "e"))
    t0, u0, v0 = (problem["initial"][key]["double"] for key in ("t0", "u0", "v0"))
    steps, k = problem["steps"], 2 * alpha

    def force(t, u, v):  # f(t, u, v), its terms summed in the built-in's order
        return a * math.cos(omega * t) - k * v - u

    g = k * h / 2
    coefficient, scale = (1 - e) - g * (1 + e), 1 / (1 + g)
    t, u, v = np.empty(steps + 1), np.empty(steps + 1), np.empty(steps + 1)
    contact = np.zeros(steps + 1, dtype=bool)
    d = h * v0 + h * h / 2 * force(t0, u0, v0)  # D^0 = U^1 - U^0
    t[0], u[0], v[0] = t0, u0, d / h
    un = u0
    for n in range(1, steps + 1):
        un += d  # U^n; d is still D = U^n - U^{n-1}
        tn = t0 + n * h
        bound = (1 + e) * u_min - (1 + e) * un
        y = (h * h * force(tn, un, 0.0) + coefficient * d) * scale
        active = y < bound
        if n < steps:
            contact[n + 1] = active
        d = (bound if active else y) + e * d
        t[n], u[n], v[n] = tn, un, d / h
    return t, u, v, contact
