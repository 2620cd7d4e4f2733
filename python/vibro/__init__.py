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
import sys
import tomllib
import warnings
from typing import Any, Callable, Optional, Sequence, Union

try:
    import numpy as np
    from . import _core
except ImportError as error:  # NumPy missing, or another interpreter than the module's (a venv, pyenv, conda)
    from . import _built_for
    if os.path.realpath(sys.executable) == os.path.realpath(_built_for.interpreter):
        raise ImportError(f"{error}: vibro needs NumPy and its compiled part for {sys.executable}") from error
    raise ImportError(f"vibro's compiled part is built for {_built_for.interpreter} (Python {_built_for.version}), "
                      f"this is {sys.executable} (Python {sys.version.split()[0]}): {error}; run that interpreter, "
                      f"or install vibro into this one with `pip install --no-build-isolation .` "
                      f"(docs/python.md \"Installing with pip\")") from error

from . import _arguments as _arg
from . import _schema
from ._case_toml import case_toml
from ._core import Case, InputError, RunError
from ._result import Result
from ._step_function import StepFunctionCall

__version__ = _core.version
__all__ = ["Case", "InputError", "RunError", "Result", "RunResult", "Study", "Trajectory", "Reference", "load_case", "case_from_dict",
           "list_cases", "schemes", "testset_problems", "run", "reference", "converge", "lyapunov", "orbits",
           "testset", "data_dir"]

# The types the functions take (type aliases, for hints: docs/python.md "Types").
PathLike = Union[str, "os.PathLike[str]"]  # a path: a str or a pathlib.Path
CaseLike = Union[Case, PathLike, dict[str, Any]]  # a case: a Case, a path to its file or a dict of its tables
# (problem, h) -> (t, q, v[, contact[, impacts]]), or a dict of t, q, v[, contact, impacts, evaluations]
StepFunction = Callable[[dict[str, Any], float], Union[tuple[Any, ...], dict[str, Any]]]

InputError.__doc__ = "Bad input (a case, an argument): the one-line message `vibro` prints. A ValueError."
RunError.__doc__ = "A run that cannot go on (a state no longer finite, a step function's failure). A RuntimeError."


def data_dir() -> pathlib.Path:
    """The shipped data (cases/, reference/, the published tables): the package's data/ when pip
    installed it, else share/vibro of the build tree or of the installation this module belongs to."""
    here = pathlib.Path(__file__).resolve().parent
    candidates = [here / "data", here.parents[1] / "share" / "vibro"]  # pip; build/<preset>/python/vibro
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


def load_case(path: PathLike) -> Case:
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


Case.to_dict = _case_to_dict  # type: ignore[assignment]  # the stub declares it for users


def case_from_dict(case: dict[str, Any], name: str = "<dict>") -> Case:
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


def _document(text, kind, schema_file):
    return Result(_warned(json.loads(text)), kind, (schema_file, ""))


def _listed(text, key, kind, schema_file):
    """The entries of the list `key` of a listing document, each a Result."""
    entry = _schema.entries(_schema.field((schema_file, ""), key))
    return [Result(x, kind, entry) for x in json.loads(text)[key]]


def list_cases(directory: Optional[PathLike] = None) -> list[Result]:
    """The case files of `directory` and its subdirectories (default: the shipped cases, whatever
    the working directory holds): a list of Results with name, file, model, scheme, precision,
    description (`vibro list --json`)."""
    return _listed(_core.list_cases(_cases_dir(directory)), "cases", "listed case", "list.schema.json")


def schemes() -> list[Result]:
    """The registered schemes: case-file names, models, precisions, options, declared orders
    (`vibro list --schemes --json`), a list of Results."""
    return _listed(_core.schemes(), "schemes", "scheme", "schemes.schema.json")


def _tolerances(tolerances):
    """A ladder of tolerances as texts (None: none): numbers as their shortest round-trip text,
    strings as given; the compiled part checks it is a ladder."""
    if tolerances is None:
        return []
    if isinstance(tolerances, (str, bytes)):
        raise TypeError(f"tolerances: a list such as [{tolerances!r}], not the string {tolerances!r}")
    texts = []
    for t in tolerances:
        if isinstance(t, bool) or not isinstance(t, (str, numbers.Real)):
            raise TypeError(f"tolerances: {t!r} is not a number or a number's text")
        texts.append(t if isinstance(t, str) else repr(float(t)))
    return texts


def _names(names, argument):
    """A list of names given as `argument` (None: none), refused when it is one string, which
    would be read as its characters."""
    if isinstance(names, (str, bytes)):
        raise TypeError(f"{argument}: a list of names such as [{names!r}], not the string {names!r}")
    return list(names or [])


def testset_problems(ids: Optional[Sequence[str]] = None, precision: Optional[str] = None,
                     problems: Optional[PathLike] = None) -> list[Result]:
    """The test-set problems (docs/testset.md): id, title, model, origin, stresses, file and the
    schemes that run each at `precision` (default: the problem's own), as `vibro testset list
    --json`; `ids` selects some ("VI-03")."""
    directory = problems if problems is not None else pathlib.Path(_cases_dir(None)) / "testset"
    return _listed(_core.testset_problems(_arg.path(directory, "problems", optional=False), _names(ids, "ids"),
                                          _arg.precision(precision)), "problems", "test-set problem", "testset_list.schema.json")


class Trajectory:
    """A run's rows as NumPy arrays, one attribute per column: t, u, v (one coordinate) or
    q1 … qN, v1 … vN, and the scheme's contact column (projection_active or contact); for the
    reference, its events (kind, t, v_minus, v_plus). In a run wider than double or exact each
    number column has its exact texts beside it (t_text: an array of str). `q` and `v` are the
    positions and velocities as one array, (rows,) or (rows, N); `columns` names every column."""

    def __init__(self, arrays):
        self._arrays = dict(arrays)

    @property
    def columns(self) -> list[str]:
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

    __hash__ = None  # type: ignore[assignment]  # equal by content: not hashable

    def __repr__(self):
        return f"<vibro trajectory: {len(self)} rows of {', '.join(self._arrays)}>"


def run(case: CaseLike, precision: Optional[str] = None, trajectory: bool = True, error_estimate: bool = True,
        measure_rounding: Optional[bool] = None, threads: int = 0, study: bool = True,
        step_fn: Optional[StepFunction] = None, name: Optional[str] = None) -> "RunResult":
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
        super().__init__(data, "run", ("run.schema.json", ""))
        object.__setattr__(self, "trajectory", trajectory)

    def __dir__(self):
        return super().__dir__() + ["trajectory"]


def converge(case: CaseLike, step_fn: Optional[StepFunction] = None, name: Optional[str] = None,
             precision: Optional[str] = None, threads: int = 0, timing_repeats: Optional[int] = None,
             measure_rounding: Optional[bool] = None, out: Optional[PathLike] = None,
             tolerances: Optional[Sequence[Union[str, float]]] = None, by_tolerance: bool = False) -> "Study":
    """The convergence study of `case` over its [convergence] list: the document of `vibro
    converge --json` (convergence.rows: errors per step size; convergence.orders: observed orders
    with bands and verdicts; impacts matched; expected: the [[expected]] verdicts).

    With `step_fn`, your scheme in Python is studied in place of the case's: step_fn(problem, h)
    returns (t, q, v) or (t, q, v, contact) arrays of steps + 1 rows for the problem (a dict,
    docs/own_scheme.md "The problem"); `name` is what the outputs call it (default: the
    function's name). out: a directory to write NAME-PRECISION.{csv,md,svg} into, as `vibro
    converge --out`. timing_repeats: runs more per step size, the least wall time kept (default:
    1 as `vibro converge`, 0 with a step_fn, which is then called once per step size).

    tolerances (loose to tight, e.g. ["1e-4", "1e-6", "1e-8"]) or by_tolerance=True (the case's
    [convergence] tolerances, else 1e-4 … 1e-12): an adaptive step_fn is studied over a ladder
    of tolerances instead of step sizes, called once per tolerance at the case's step with the
    rung's tolerance in problem["tolerance"] (docs/own_scheme.md "Tolerance ladders"); the
    study then has convergence.tolerance_response instead of orders."""
    repeats = _timing_repeats(timing_repeats, _arg.function(step_fn), 1)
    checked = (_case(case), _arg.precision(precision), _arg.count(threads, "threads"), repeats,
               _arg.flag(measure_rounding, "measure_rounding", optional=True))
    ladder = (_tolerances(tolerances), _arg.flag(by_tolerance, "by_tolerance"))
    text = _with_step_function(step_fn, _arg.text(name, "name"), lambda call, label: _core.converge(
        *checked, call, label, _arg.path(out, "out"), *ladder))
    return Study(_warned(json.loads(text)), "study", ("run.schema.json", ""))


# The error metrics in the order of the study's CSV columns (docs/outputs.md "Error metrics");
# the JSON keeps them in an object, whose keys carry no order.
_METRICS = ("position_linf", "position_l1", "velocity_linf", "velocity_l1", "final_position", "final_velocity",
            "impact_time")


class Study(Result):
    """The document of `vibro converge --json`, and `table()`: its rows as a pandas DataFrame."""

    __slots__ = ()

    def table(self) -> Any:
        """The study's rows as a pandas DataFrame whose columns are those of the CSV `vibro
        converge --out` writes: h (as written), h_value, steps, scheme_impacts,
        reference_impacts, the error metrics, their rounding parts (rounding_…) when the floor
        was measured, seconds when timed, and in a run wider than double the exact texts
        (h_value_text, …_text). Needs pandas (Debian's python3-pandas)."""
        try:
            import pandas  # type: ignore[import]  # Debian's pandas has no type hints
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
    exact texts `q_text`, `v_text` (in double, the shortest texts of the doubles, made when
    first asked for). `t0`, `t_end`: the horizon; `method`: what the reference is."""

    def __init__(self, data, t, q, v, texts=None):
        self.method = data["reference"]
        self.precision = data["precision"]
        self.t0, self.t0_text = _number(data["t0"]), data["t0"]
        self.t_end, self.t_end_text = _number(data["t_end"]), data["t_end"]
        self.events = None
        if data["events"] is not None:
            self.events = [Result({**{k: (_number(x) if k in ("t", "v_minus", "v_plus") else x) for k, x in e.items()},
                                   **{k + "_text": e[k] for k in ("t", "v_minus", "v_plus")}}, "reference event")
                           for e in data["events"]]
        if data["dimension"] == 1:
            q, v = q.reshape(len(t)), v.reshape(len(t))
        self.t, self.q, self.v = t, q, v
        self._texts = texts  # {"t": …, "q": …, "v": …} as str arrays, or None: the doubles' reprs

    def _text(self, name):
        if self._texts is None:
            self._texts = {}
        if name not in self._texts:
            values = getattr(self, name)
            self._texts[name] = np.array([repr(float(x)) for x in values.reshape(-1)], dtype=str).reshape(values.shape)
        return self._texts[name]

    t_text = property(lambda self: self._text("t"), doc="The times' exact texts.")
    q_text = property(lambda self: self._text("q"), doc="The positions' exact texts.")
    v_text = property(lambda self: self._text("v"), doc="The velocities' exact texts.")

    @property
    def impact_times(self) -> np.ndarray:
        return np.array([e.t for e in self.events or [] if e.kind == "impact"], dtype=np.float64)

    def to_dict(self):
        """Every attribute, the texts included."""
        return {"method": self.method, "precision": self.precision, "t0": self.t0, "t0_text": self.t0_text,
                "t_end": self.t_end, "t_end_text": self.t_end_text, "events": self.events, "t": self.t,
                "t_text": self.t_text, "q": self.q, "q_text": self.q_text, "v": self.v, "v_text": self.v_text}

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


def _time_doubles(times):
    """`times` as a float64 array when they are numbers (an array of a real dtype, or a list of
    ints and floats), else None (decimal strings, exact values: the texts' way)."""
    if times is None:
        return np.zeros(0)
    if isinstance(times, np.ndarray) and times.dtype.kind in "fiu":
        if times.ndim != 1:
            raise ValueError(f"times is an array of shape {times.shape}: a list of times (one dimension) was expected")
        return np.array(times, dtype=np.float64)  # a copy: the result keeps its own times
    if isinstance(times, (list, tuple)) and all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in times):
        return np.array(times, dtype=np.float64)
    return None


def reference(case: CaseLike, times: Optional[Sequence[Union[float, str]]] = None,
              precision: Optional[str] = None) -> "Reference":
    """The case's reference over its horizon at `precision` ("double" or "mpfr:N"; default: the
    case's): its events and, at each of `times` (numbers, or decimal strings for times beyond a
    double's digits), its position and velocity. A Reference. In double with times as numbers
    (a NumPy array), the states come back as arrays without a text per time: about 10^6 times
    a second and 32 bytes a time."""
    checked, precision = _case(case), _arg.precision(precision)
    doubles = _time_doubles(times) if (precision or checked.precision) == "double" else None
    if doubles is not None:
        header, q, v = _core.reference_at(checked, doubles)
        return Reference(json.loads(header), doubles, q, v)
    texts = _time_texts(times)
    data = json.loads(_core.reference(checked, precision, texts))
    rows, dimension = len(texts), data["dimension"]
    arrays = {}
    for key, name in (("positions", "q"), ("velocities", "v")):
        arrays[name + "_text"] = np.array(data[key], dtype=str).reshape(rows, dimension)
        arrays[name] = (np.vectorize(_number, otypes=[np.float64])(arrays[name + "_text"]) if rows
                        else np.zeros((0, dimension)))
    if dimension == 1:
        arrays = {k: a.reshape(rows) for k, a in arrays.items()}
    return Reference(data, np.array([_number(x) for x in texts], dtype=np.float64), arrays["q"], arrays["v"],
                     {"t": np.array(texts, dtype=str), "q": arrays["q_text"], "v": arrays["v_text"]})


def lyapunov(case: CaseLike, precision: Optional[str] = None, ensemble: int = 8, perturbation: Union[str, float] = "1e-6",
             second_precision: Optional[str] = None, threads: int = 0) -> Result:
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
    return _document(text, "Lyapunov result", "lyapunov.schema.json")


def orbits(case: CaseLike, n: Union[None, int, Sequence[int]] = None, precision: Optional[str] = None) -> Result:
    """The closed-form (1, n) periodic orbits of the case's impact oscillator
    (docs/periodic_orbits.md): phase, velocity, Floquet multipliers, stability, admissibility,
    exact Lyapunov exponents; the document of `vibro orbits --json`. n: N or (N1, N2) (default:
    the case's [orbits] n, else 1 and 2)."""
    pair = None if n is None else list(n) if isinstance(n, (tuple, list)) else [n, n]
    if pair is not None and len(pair) not in (1, 2):
        raise ValueError(f"n: N or (N1, N2), not a sequence of {len(pair)}")
    bounds = None if pair is None else (_arg.count(pair[0], "n", minimum=1), _arg.count(pair[-1], "n", minimum=1))
    return _document(_core.orbits(_case(case), bounds, _arg.precision(precision)), "orbit listing", "orbits.schema.json")


def testset(ids: Optional[Sequence[str]] = None, schemes: Optional[Sequence[str]] = None, all: bool = False,
            step_fn: Optional[StepFunction] = None, name: Optional[str] = None, precision: Optional[str] = None,
            timing_repeats: Optional[int] = None, out: Optional[PathLike] = None, problems: Optional[PathLike] = None,
            references: Optional[PathLike] = None, threads: int = 0,
            tolerances: Optional[Sequence[Union[str, float]]] = None, by_tolerance: bool = False) -> Result:
    """Scores schemes on the test set (docs/testset.md): per step of each problem's ladder the
    correct digits of the end state and of the impact times, the impacts seen, the wall time;
    the document of `vibro testset run --json`. schemes: case-file names (default: each
    problem's own; all=True: every scheme that runs it); step_fn: your Python scheme instead
    (see converge); out: a directory for testset.{md,csv,json} and the plots; timing_repeats:
    runs more per step, the least wall time kept (default: 3 as `vibro testset run`, 0 with a
    step_fn); tolerances or by_tolerance: an adaptive step_fn scored over a ladder of tolerances
    (see converge), each at the problem's coarsest step."""
    base = pathlib.Path(_cases_dir(None))
    problems = problems if problems is not None else base / "testset"
    references = references if references is not None else base.parent / "reference" / "testset"
    checked = (_arg.path(problems, "problems", optional=False), _arg.path(references, "references", optional=False),
               _names(ids, "ids"), _names(schemes, "schemes"), _arg.flag(all, "all"), _arg.precision(precision),
               _timing_repeats(timing_repeats, _arg.function(step_fn), 3))
    ladder = (_tolerances(tolerances), _arg.flag(by_tolerance, "by_tolerance"))
    text = _with_step_function(step_fn, _arg.text(name, "name"), lambda call, label: _core.testset(
        *checked, call, label, _arg.path(out, "out"), _arg.count(threads, "threads"), *ladder))
    return _document(text, "test-set result", "testset.schema.json")
