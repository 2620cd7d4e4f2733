"""A Python step function as a scheme (docs/python.md "Your own scheme in Python").

The user's step_fn(problem, h) gets the problem as a dict (the problem of the external-program
protocol, docs/own_scheme.md "The problem") and h as a float, and returns (t, q, v),
(t, q, v, contact) or (t, q, v, None, impacts): arrays of steps + 1 rows, q and v of shape
(rows,) for one coordinate or (rows, N) for N; impacts an (n, 4) array of the impacts the scheme
located itself, a row (t, coordinate, v_minus, v_plus) each (the protocol's impact table,
docs/own_scheme.md). Or a dict of the same: t, q, v and, when it has them, contact, impacts
and evaluations (the right-hand-side evaluations of the run, its work: a program's line
`evaluations,N`). Their shapes are checked here, their values (finite, on the grid t0 + k h,
increasing; the impacts as a program's table) by vibro, as a program's rows are."""
import json
import numbers

import numpy as np

#: The keys of an answer given as a dict: the first three required.
ANSWER_KEYS = ("t", "q", "v", "contact", "impacts", "evaluations")


class StepFunctionCall:
    """What the compiled part calls once per step size: the problem's JSON text in; out
    (t, q, v, contact or None, dimension, impacts or None, evaluations or None), the arrays
    contiguous float64 and uint8, or a str
    saying what is wrong with the answer. An exception of step_fn is kept in `raised` and
    raised again (the compiled part reports it as a RunError, whose cause it becomes)."""

    def __init__(self, step_fn):
        self.step_fn = step_fn
        self.raised = None

    def __call__(self, problem_text):
        problem = json.loads(problem_text)
        try:
            out = self.step_fn(problem, problem["step"]["h"]["double"])
        except Exception as error:
            self.raised = error
            raise
        return checked_answer(out, problem["steps"] + 1, problem["dimension"])


def checked_answer(out, rows, dimension):
    evaluations = None
    if isinstance(out, dict):
        unknown = sorted(str(key) for key in out if key not in ANSWER_KEYS)
        if unknown:
            return (f"returned a dict with {', '.join(unknown)} where t, q, v and optionally contact, impacts and "
                    "evaluations were expected")
        missing = [key for key in ANSWER_KEYS[:3] if key not in out]
        if missing:
            return f"returned a dict without {', '.join(missing)}"
        evaluations = out.get("evaluations")
        if evaluations is not None and (isinstance(evaluations, bool) or not isinstance(evaluations, numbers.Integral)
                                        or not 0 <= evaluations < 10 ** 18):
            return (f"returned evaluations {evaluations!r} where a whole number of right-hand-side evaluations "
                    "(0 … 10^18 − 1) was asked for")
        out = (out["t"], out["q"], out["v"], out.get("contact"), out.get("impacts"))
    if not isinstance(out, (tuple, list)) or len(out) not in (3, 4, 5):
        return (f"returned {type(out).__name__ if not isinstance(out, (tuple, list)) else f'{len(out)} values'} "
                "where (t, q, v), (t, q, v, contact) or (t, q, v, None, impacts) was expected")
    arrays = []
    for name, x in zip(("t", "q", "v"), out):
        # NumPy would drop an imaginary part with no more than a warning. An array of a real
        # dtype holds none: only other sequences are looked at element by element (a float64
        # array made into Python objects cost some 200 ns a row).
        if np.iscomplexobj(x) or (not (isinstance(x, np.ndarray) and x.dtype.kind in "biuf") and
                                  any(isinstance(y, complex) for y in np.asarray(x, dtype=object).reshape(-1))):
            return f"returned a {name} of complex numbers where real numbers were asked for"
        try:
            arrays.append(np.ascontiguousarray(x, dtype=np.float64))
        except (TypeError, ValueError) as error:
            return f"returned a {name} that is not an array of numbers ({error})"
    t, q, v = arrays
    wanted = (rows,) if dimension == 1 else (rows, dimension)
    if t.shape != (rows,):
        return f"returned t of shape {t.shape} where ({rows},) was asked for: one time per node t0 + k h, k = 0 … {rows - 1}"
    checked = []
    for name, a in (("q", q), ("v", v)):
        if dimension == 1 and a.shape == (rows, 1):
            a = a.reshape(rows)
        if a.shape != wanted:
            per_row = "" if dimension == 1 else f", {dimension} columns: one per coordinate"
            return f"returned {name} of shape {a.shape} where {wanted} was asked for (one row per node{per_row})"
        checked.append(np.ascontiguousarray(a.reshape(-1)))
    contact = None
    if len(out) >= 4 and out[3] is not None:
        c = np.asarray(out[3])
        if c.shape != (rows,):
            return f"returned contact of shape {c.shape} where ({rows},) was asked for"
        if c.dtype == bool:
            c = c.astype(np.uint8)
        if not np.isin(c, (0, 1)).all():
            return "returned contact flags other than 0 and 1 (or True and False)"
        contact = np.ascontiguousarray(c, dtype=np.uint8)
    impacts = None
    if len(out) == 5 and out[4] is not None:
        if contact is not None:
            return "returned contact flags and an impact table: a scheme reports its impacts one way (contact None)"
        try:
            impacts = np.array(out[4], dtype=np.float64)
        except (TypeError, ValueError) as error:
            return f"returned impacts that are not an array of numbers ({error})"
        if impacts.size == 0:
            impacts = impacts.reshape(0, 4)
        if impacts.ndim != 2 or impacts.shape[1] != 4:
            return f"returned impacts of shape {impacts.shape} where (n, 4) was asked for: t, coordinate, v_minus, v_plus per impact"
        impacts = np.ascontiguousarray(impacts.reshape(-1))
    return t, checked[0], checked[1], contact, dimension, impacts, None if evaluations is None else int(evaluations)
