"""The Paoli–Schatzman step function of paoli_schatzman_step.py written for speed
(docs/python.md "A fast step function"): what can be computed for every node at once is
computed by NumPy before the loop (the times, h² a cos(omega t)), and the loop, which a
recurrence cannot leave, works on Python floats and lists only (indexing a NumPy array from
Python costs more than the arithmetic); the lists become arrays once, at the end. The same
scheme, its terms summed in another order: its numbers differ from the plain example's by
rounding."""
import math

import numpy as np


def paoli_schatzman_fast(problem, h):
    """(t, u, v, contact) of the impact oscillator's problem at step h, in double."""
    if problem["model"]["type"] != "impact-oscillator":
        raise ValueError("this example runs the impact oscillator only, not " + problem["model"]["type"])
    p = problem["model"]["parameters"]
    alpha, a, omega, u_min, e = (p[key]["double"] for key in ("alpha", "a", "omega", "u_min", "e"))
    t0, u0, v0 = (problem["initial"][key]["double"] for key in ("t0", "u0", "v0"))
    steps, k = problem["steps"], 2 * alpha
    g = k * h / 2
    coefficient, scale, h2 = (1 - e) - g * (1 + e), 1 / (1 + g), h * h
    t = t0 + h * np.arange(steps + 1)
    h2_forcing = (h2 * (a * np.cos(omega * t))).tolist()  # every node's forcing at once
    lower = (1 + e) * u_min
    u, d_rows, contact = [u0] * (steps + 1), [0.0] * (steps + 1), [False] * (steps + 2)
    d = h * v0 + h2 / 2 * (a * math.cos(omega * t0) - k * v0 - u0)  # D^0 = U^1 - U^0
    d_rows[0], un = d, u0
    for n in range(1, steps + 1):
        un += d  # U^n
        bound = lower - (1 + e) * un
        y = (h2_forcing[n] - h2 * un + coefficient * d) * scale  # R/(1 + g)
        if y < bound:  # the projection makes U^{n+1}: row n + 1's contact
            d = bound + e * d
            contact[n + 1] = True
        else:
            d = y + e * d
        u[n], d_rows[n] = un, d
    return t, np.array(u), np.array(d_rows) / h, np.array(contact[:steps + 1])
