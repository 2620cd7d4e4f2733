"""vibro: convergence orders, Lyapunov exponents and published tables of time-stepping schemes
for vibro-impact systems, measured with evidence (docs/python.md).

    import vibro
    case = vibro.load_case("cases/ps_forced_oscillator.toml")
    run = vibro.run(case)                      # the case at its precision
    run.trajectory.t, run.trajectory.u         # NumPy arrays
    study = vibro.converge(case)               # errors, observed orders, verdicts
    study.convergence.orders.position_linf.least_squares

Every result is the document `vibro VERB --json` prints for the same run, with its fields as
attributes (to_dict() gives the document). Numbers are floats (the double nearest to the run's
value; in a double run, the value itself); a run wider than double or exact also gives each
number's exact text in the field KEY_text. Bad input raises InputError (a ValueError) with the
message `vibro` prints; a run that cannot go on raises RunError. Ctrl-C stops a long call
(KeyboardInterrupt)."""
import copy
import json
import numbers
import os
import pathlib
import tomllib
import warnings

import numpy as np

from . import _arguments as _arg
from . import _core
from ._case_toml import case_toml
from ._core import Case, InputError, RunError
from ._result import Result
from ._step_function import StepFunctionCall

__version__ = _core.version
__all__ = ["Case", "InputError", "RunError", "Result", "RunResult", "Study", "Trajectory", "Reference", "load_case", "case_from_dict",
           "list_cases", "schemes", "testset_problems", "run", "reference", "converge", "lyapunov", "orbits",
           "testset", "data_dir"]

InputError.__doc__ = "Bad input (a case, an argument): the one-line message `vibro` prints. A ValueError."
RunError.__doc__ = "A run that cannot go on (a state no longer finite, a step function's failure). A RuntimeError."


def data_dir():
    """The shipped data (cases/, reference/, the published tables): share/vibro of the build
    tree or of the installation this module belongs to."""
    here = pathlib.Path(__file__).resolve().parent
    candidates = [here.parents[1] / "share" / "vibro"]  # build/<preset>/python/vibro
    if len(here.parents) > 3:
        candidates.append(here.parents[3] / "share" / "vibro")  # PREFIX/lib/pythonX.Y/dist-packages/vibro
    for candidate in candidates:
        if (candidate / "cases").is_dir():
            return candidate
    raise RunError(f"the shipped cases are not in {' or '.join(map(str, candidates))}: give a directory")


def _cases_dir(directory):
    """`directory`, else the shipped cases: never a `cases/` of the working directory, which may
    be a user's own (it broke testset(): "cases/testset: cannot read the directory of cases")."""
    if directory is not None:
        return _arg.path(directory, "directory")
    return os.fspath(data_dir() / "cases")


def load_case(path):
    """The case file at `path` (TOML, docs/case_files.md), read and checked. InputError when it
    is not a valid case."""
    case = _core.load_case(_arg.path(path, "path", optional=False))
    with open(path, "rb") as file:  # read and checked above: a valid TOML file
        case._tables = tomllib.load(file)
    return case


def _case_to_dict(case):
    """The case's tables as its file (or the dict it was made from) gives them, exact values as
    their strings: case_from_dict(case.to_dict()) is the same case."""
    return copy.deepcopy(case._tables)


Case.to_dict = _case_to_dict


def case_from_dict(case, name="<dict>"):
    """A case from a dict of tables, as a case file writes them (docs/case_files.md):

    >>> import vibro
    >>> case = vibro.case_from_dict({
    ...     "case": {"name": "mine", "precision": "double"},
    ...     "model": {"type": "impact-oscillator", "alpha": 0, "a": 0, "omega": 1, "u_min": 0, "e": "1/2"},
    ...     "initial": {"u0": 1, "v0": 0},
    ...     "scheme": {"type": "paoli-schatzman"},
    ...     "step": {"steps_per_period": 100},
    ...     "horizon": {"periods": 1},
    ...     "convergence": {"steps_per_period": [100, 200]}})
    >>> case
    <vibro.Case 'mine' from <dict>>
    >>> vibro.run(case, trajectory=False).run.projection_active.impacts
    2

    Exact values as strings ("1/2"), fractions.Fraction or decimal.Decimal; floats are written
    with repr (the same double). `name` is what error messages call it."""
    try:
        text = case_toml(case)
    except ValueError as error:
        raise InputError(f"{name}: {error}") from None
    parsed = _core.parse_case(text, name)
    parsed._tables = tomllib.loads(text)
    return parsed


def _case(case):
    """A Case from a Case, a path or a dict."""
    if isinstance(case, Case):
        return case
    if isinstance(case, dict):
        return case_from_dict(case)
    if isinstance(case, (str, os.PathLike)):
        return load_case(case)
    raise TypeError(f"a case is a vibro.Case, a path to a case file or a dict, not a {type(case).__name__}")


def _warned(data):
    """The document, its run's warnings (what `vibro` prints on stderr) given as Python warnings."""
    run = data.get("run")
    for warning in run.get("warnings", []) if isinstance(run, dict) else []:
        warnings.warn(warning, RuntimeWarning, stacklevel=3)
    return data


def _document(text, kind):
    return Result(_warned(json.loads(text)), kind)


def list_cases(directory=None):
    """The case files of `directory` and its subdirectories (default: the shipped cases, whatever
    the working directory holds): a list of Results with name, file, model, scheme, precision,
    description (`vibro list --json`)."""
    return [Result(c, "listed case") for c in json.loads(_core.list_cases(_cases_dir(directory)))["cases"]]


def schemes():
    """The registered schemes: case-file names, models, precisions, options, declared orders
    (`vibro list --schemes --json`), a list of Results."""
    return [Result(s, "scheme") for s in json.loads(_core.schemes())["schemes"]]


def _names(names, argument):
    """A list of names given as `argument` (None: none), refused when it is one string, which
    would be read as its characters."""
    if isinstance(names, (str, bytes)):
        raise TypeError(f"{argument}: a list of names such as [{names!r}], not the string {names!r}")
    return list(names or [])


def testset_problems(ids=None, precision=None, problems=None):
    """The test-set problems (docs/testset.md): id, title, model, origin, stresses, file and the
    schemes that run each at `precision` (default: the problem's own), as `vibro testset list
    --json`; `ids` selects some ("VI-03")."""
    directory = problems if problems is not None else pathlib.Path(_cases_dir(None)) / "testset"
    return [Result(p, "test-set problem")
            for p in json.loads(_core.testset_problems(_arg.path(directory, "problems", optional=False),
                                                       _names(ids, "ids"), _arg.precision(precision)))["problems"]]


class Trajectory:
    """A run's rows as NumPy arrays, one attribute per column: t, u, v (one coordinate) or
    q1 … qN, v1 … vN, and the scheme's contact column (projection_active or contact); for the
    reference, its events (kind, t, v_minus, v_plus). In a run wider than double or exact each
    number column has its exact texts beside it (t_text: an array of str). `q` and `v` are the
    positions and velocities as one array, (rows,) or (rows, N); `columns` names every column."""

    def __init__(self, arrays):
        self._arrays = dict(arrays)

    @property
    def columns(self):
        return list(self._arrays)

    def __getattr__(self, name):
        arrays = self.__dict__.get("_arrays", {})
        if name in arrays:
            return arrays[name]
        if name in ("q", "v"):
            return self._stacked(name)
        raise AttributeError(f"the trajectory has no column '{name}' (its columns: {', '.join(arrays)})")

    def _stacked(self, letter):
        one = "u" if letter == "q" else "v"
        if one in self._arrays:
            return self._arrays[one]
        names = [f"{letter}{i}" for i in range(1, len(self._arrays) + 1) if f"{letter}{i}" in self._arrays]
        if not names:
            raise AttributeError(f"the trajectory has no {letter} columns (its columns: {', '.join(self._arrays)})")
        return np.column_stack([self._arrays[n] for n in names])

    def __dir__(self):
        return sorted(set(self._arrays) | {"columns", "q", "v", "to_dict"})

    def to_dict(self):
        """{column: array}."""
        return dict(self._arrays)

    def __len__(self):
        return len(next(iter(self._arrays.values()))) if self._arrays else 0

    def __eq__(self, other):
        if not isinstance(other, Trajectory):
            return NotImplemented
        return list(self._arrays) == list(other._arrays) and all(
            np.array_equal(a, other._arrays[name]) for name, a in self._arrays.items())

    __hash__ = None

    def __repr__(self):
        return f"<vibro trajectory: {len(self)} rows of {', '.join(self._arrays)}>"


def run(case, precision=None, trajectory=True, error_estimate=True, measure_rounding=None, threads=0, study=True,
        step_fn=None, name=None):
    """Runs `case` (a Case, a path or a dict) at `precision` ("double", "mpfr:50", "rational";
    default: the case's): the document of `vibro run --json` (run.final, events, findings, the
    study when the case has one and study=True), with `.trajectory` the rows (`vibro run
    --csv`) as NumPy arrays, unless trajectory=False. study=False runs the case at its step only,
    without its [convergence] ladder. error_estimate=False skips the reference's second run at
    20 more digits; measure_rounding True/False measures the study's rounding floor or uses the
    model's bound (default: as `vibro run`); threads for the study's step sizes (0: one per core).
    step_fn: your scheme in Python instead of the case's (see converge), called once for the run
    and once per step size of the study; `name` what the outputs call it."""
    checked = (_case(case), _arg.precision(precision), _arg.flag(trajectory, "trajectory"),
               _arg.flag(error_estimate, "error_estimate"),
               _arg.flag(measure_rounding, "measure_rounding", optional=True), _arg.count(threads, "threads"),
               _arg.flag(study, "study"))
    text, arrays = _with_step_function(_arg.function(step_fn), _arg.text(name, "name"),
                                       lambda call, label: _core.run(*checked, call, label))
    return RunResult(_warned(json.loads(text)), None if arrays is None else Trajectory(arrays))


class RunResult(Result):
    """The document of `vibro run --json`, and `.trajectory`: its rows as NumPy arrays (None when
    not asked for)."""

    __slots__ = ("trajectory",)

    def __init__(self, data, trajectory):
        super().__init__(data, "run")
        object.__setattr__(self, "trajectory", trajectory)

    def __dir__(self):
        return super().__dir__() + ["trajectory"]


def converge(case, step_fn=None, name=None, precision=None, threads=0, timing_repeats=None, measure_rounding=None,
             out=None):
    """The convergence study of `case` over its [convergence] list: the document of `vibro
    converge --json` (convergence.rows: errors per step size; convergence.orders: observed orders
    with bands and verdicts; impacts matched; expected: the [[expected]] verdicts).

    With `step_fn`, your scheme in Python is studied in place of the case's: step_fn(problem, h)
    returns (t, q, v) or (t, q, v, contact) arrays of steps + 1 rows for the problem (a dict,
    docs/own_scheme.md "The problem"); `name` is what the outputs call it (default: the
    function's name). out: a directory to write NAME-PRECISION.{csv,md,svg} into, as `vibro
    converge --out`. timing_repeats: runs more per step size, the least wall time kept (default:
    1 as `vibro converge`, 0 with a step_fn, which is then called once per step size)."""
    repeats = _timing_repeats(timing_repeats, _arg.function(step_fn), 1)
    checked = (_case(case), _arg.precision(precision), _arg.count(threads, "threads"), repeats,
               _arg.flag(measure_rounding, "measure_rounding", optional=True))
    text = _with_step_function(step_fn, _arg.text(name, "name"), lambda call, label: _core.converge(
        *checked, call, label, _arg.path(out, "out")))
    return Study(_warned(json.loads(text)), "study")


# The error metrics in the order of the study's CSV columns (docs/outputs.md "Error metrics");
# the JSON keeps them in an object, whose keys carry no order.
_METRICS = ("position_linf", "position_l1", "velocity_linf", "velocity_l1", "final_position", "final_velocity",
            "impact_time")


class Study(Result):
    """The document of `vibro converge --json`, and `table()`: its rows as a pandas DataFrame."""

    __slots__ = ()

    def table(self):
        """The study's rows as a pandas DataFrame whose columns are those of the CSV `vibro
        converge --out` writes: h (as written), h_value, steps, scheme_impacts,
        reference_impacts, the error metrics, their rounding parts (rounding_…) when the floor
        was measured, seconds when timed, and in a run wider than double the exact texts
        (h_value_text, …_text). Needs pandas (Debian's python3-pandas)."""
        try:
            import pandas
        except ImportError as missing:
            raise ImportError("Study.table() needs pandas (Debian: python3-pandas)") from missing
        study = self._data["convergence"]
        rows = study["rows"]
        measured = study["rounding_floor"]["measured_at"] is not None
        timed = any(row.get("seconds") is not None for row in rows)
        twins = any("h_value_text" in row for row in rows)
        metrics = list(_METRICS) + ([f"rounding_{m}" for m in _METRICS] if measured else [])

        def value(row, metric):
            part = metric.startswith("rounding_")
            values = row["rounding_parts"] if part else row["errors"]
            return values.get(metric[len("rounding_"):] if part else metric)

        columns = {"h": [r["h"] for r in rows], "h_value": [r["h_value"] for r in rows],
                   "steps": [r["steps"] for r in rows],
                   "scheme_impacts": [r["impacts"]["scheme"] for r in rows],
                   "reference_impacts": [r["impacts"]["reference"] for r in rows]}
        for metric in metrics:
            columns[metric] = [value(r, metric) for r in rows]
        if timed:
            columns["seconds"] = [r.get("seconds") for r in rows]
        if twins:
            columns["h_value_text"] = [r["h_value_text"] for r in rows]
            for metric in metrics:
                columns[f"{metric}_text"] = [value(r, f"{metric}_text") for r in rows]
        frame = pandas.DataFrame(columns)
        for metric in metrics:  # an absent error is NaN, as an empty CSV cell reads
            frame[metric] = frame[metric].astype("float64")
        return frame


def _timing_repeats(timing_repeats, step_fn, command_default):
    """The timing repeats asked for, else the command line's default, or 0 with a step function
    (each repeat would call it again)."""
    if timing_repeats is None:
        return 0 if step_fn is not None else command_default
    return _arg.count(timing_repeats, "timing_repeats")


def _with_step_function(step_fn, name, run):
    """run(call, label): `call` the compiled part's view of step_fn (None without one), `label`
    what the outputs call it. An exception of step_fn becomes the cause of the RunError."""
    if step_fn is None:
        return run(None, "")
    call = StepFunctionCall(step_fn)
    try:
        return run(call, name or getattr(step_fn, "__name__", "step_fn"))
    except RunError as error:
        if call.raised is None:
            raise
        raise RunError(str(error)) from call.raised


class Reference:
    """The reference a study of the case measures against (the exact-detection reference, or
    the closed form or integrated flow of the case's model), over the case's horizon:
    `events` (a list of Results: kind, t, v_minus, v_plus, coordinate, each number with its
    exact text, t_text …), `impact_times` (the impacts' times, an array), and at the times
    asked for `t`, `q` and `v` ((len(t),) for one coordinate, (len(t), N) for N) with their
    exact texts `q_text`, `v_text`. `t0`, `t_end`: the horizon; `method`: what the reference is."""

    def __init__(self, data, times):
        rows = len(times)
        self.method = data["reference"]
        self.precision = data["precision"]
        self.t0, self.t0_text = _number(data["t0"]), data["t0"]
        self.t_end, self.t_end_text = _number(data["t_end"]), data["t_end"]
        dimension = data["dimension"]
        self.events = None
        if data["events"] is not None:
            self.events = [Result({**{k: (_number(x) if k in ("t", "v_minus", "v_plus") else x) for k, x in e.items()},
                                   **{k + "_text": e[k] for k in ("t", "v_minus", "v_plus")}}, "reference event")
                           for e in data["events"]]
        self.t = np.array([_number(x) for x in times], dtype=np.float64)
        self.t_text = np.array(times, dtype=str)
        for key, name in (("positions", "q"), ("velocities", "v")):
            texts = np.array(data[key], dtype=str).reshape(rows, dimension)
            values = np.vectorize(_number, otypes=[np.float64])(texts) if rows else np.zeros((0, dimension))
            if dimension == 1:
                texts, values = texts.reshape(rows), values.reshape(rows)
            setattr(self, name, values)
            setattr(self, name + "_text", texts)

    @property
    def impact_times(self):
        return np.array([e.t for e in self.events or [] if e.kind == "impact"], dtype=np.float64)

    def to_dict(self):
        return {key: value for key, value in self.__dict__.items()}

    def __repr__(self):
        count = "no event list" if self.events is None else f"{len(self.events)} events"
        return f"<vibro reference on [{self.t0_text}, {self.t_end_text}] at {self.precision}: {count}, {len(self.t)} times>"


def _number(text):
    """The double nearest to a number's exact text (a decimal or P/Q)."""
    if "/" in text:
        from fractions import Fraction
        return float(Fraction(text))
    return float(text)


def _time_texts(times):
    if times is None:
        return []
    if isinstance(times, (str, bytes)):
        raise TypeError("times is an array or a list of numbers (or of decimal strings), not one string")
    array = np.asarray(times, dtype=object)
    if array.ndim > 1:
        raise ValueError(f"times is an array of shape {array.shape}: a list of times (one dimension) was expected")
    out = []
    for t in array.reshape(-1):
        if isinstance(t, (complex, np.complexfloating)):
            raise TypeError(f"times holds {t!r}: a time is a real number (or a decimal string)")
        out.append(t if isinstance(t, str) else repr(float(t)))
    return out


def reference(case, times=None, precision=None):
    """The case's reference over its horizon at `precision` ("double" or "mpfr:N"; default: the
    case's): its events and, at each of `times` (numbers, or decimal strings for times beyond a
    double's digits), its position and velocity. A Reference."""
    texts = _time_texts(times)
    return Reference(json.loads(_core.reference(_case(case), _arg.precision(precision), texts)), texts)


def lyapunov(case, precision=None, ensemble=8, perturbation="1e-6", second_precision=None, threads=0):
    """The Lyapunov exponents of the case's Poincaré map ([lyapunov] table) with their 95 %
    error bars: the document of `vibro lyapunov --json`. ensemble: runs from nearby starts whose
    spread enters the bars (0: batch means only); second_precision: the case again at that
    precision, for the digits both share."""
    if not isinstance(perturbation, (str, numbers.Real)) or isinstance(perturbation, bool):
        raise TypeError(f"perturbation: a number or a decimal string such as '1e-6', not {type(perturbation).__name__}")
    text, said = _core.lyapunov(_case(case), _arg.precision(precision), _arg.count(ensemble, "ensemble"),
                                str(perturbation), _arg.precision(second_precision, "second_precision"),
                                _arg.count(threads, "threads"))
    for warning in said:
        warnings.warn(warning, RuntimeWarning, stacklevel=2)
    return _document(text, "Lyapunov result")


def orbits(case, n=None, precision=None):
    """The closed-form (1, n) periodic orbits of the case's impact oscillator
    (docs/periodic_orbits.md): phase, velocity, Floquet multipliers, stability, admissibility,
    exact Lyapunov exponents; the document of `vibro orbits --json`. n: N or (N1, N2) (default:
    the case's [orbits] n, else 1 and 2)."""
    if n is not None and not isinstance(n, (tuple, list)):
        n = (n, n)
    if n is not None and len(n) not in (1, 2):
        raise ValueError(f"n: N or (N1, N2), not a sequence of {len(n)}")
    bounds = None if n is None else (_arg.count(n[0], "n", minimum=1), _arg.count(n[-1], "n", minimum=1))
    return _document(_core.orbits(_case(case), bounds, _arg.precision(precision)), "orbit listing")


def testset(ids=None, schemes=None, all=False, step_fn=None, name=None, precision=None, timing_repeats=None, out=None,
            problems=None, references=None, threads=0):
    """Scores schemes on the test set (docs/testset.md): per step of each problem's ladder the
    correct digits of the end state and of the impact times, the impacts seen, the wall time;
    the document of `vibro testset run --json`. schemes: case-file names (default: each
    problem's own; all=True: every scheme that runs it); step_fn: your Python scheme instead
    (see converge); out: a directory for testset.{md,csv,json} and the plots; timing_repeats:
    runs more per step, the least wall time kept (default: 3 as `vibro testset run`, 0 with a
    step_fn)."""
    base = pathlib.Path(_cases_dir(None))
    problems = problems if problems is not None else base / "testset"
    references = references if references is not None else base.parent / "reference" / "testset"
    checked = (_arg.path(problems, "problems", optional=False), _arg.path(references, "references", optional=False),
               _names(ids, "ids"), _names(schemes, "schemes"), _arg.flag(all, "all"), _arg.precision(precision),
               _timing_repeats(timing_repeats, _arg.function(step_fn), 3))
    text = _with_step_function(step_fn, _arg.text(name, "name"), lambda call, label: _core.testset(
        *checked, call, label, _arg.path(out, "out"), _arg.count(threads, "threads")))
    return _document(text, "test-set result")
