"""The public functions' arguments checked in Python's words before the compiled part sees them:
a wrong type is a TypeError, a value out of range a ValueError, each naming the argument and
what it takes (the compiled part's own refusal would list pybind11's signatures: "arg0:
vibro._core.Case, arg1: Optional[str], …")."""
import numbers
import os


def _shown(value):
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:39] + '…'}"


def precision(value, argument="precision"):
    """None or a precision's name, such as 'double' or 'mpfr:100'."""
    if value is None or isinstance(value, str):
        return value
    raise TypeError(f"{argument}: a precision's name such as 'double' or 'mpfr:100' (or None), not {_shown(value)}")


def count(value, argument, minimum=0):
    """A whole number at least `minimum` (an int, not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{argument}: a whole number, not {_shown(value)}")
    if value < minimum:
        raise ValueError(f"{argument}: at least {minimum}, not {value}")
    return int(value)


def flag(value, argument, optional=False):
    """True or False (or None when optional)."""
    if isinstance(value, bool) or (optional and value is None):
        return value
    raise TypeError(f"{argument}: True or False{' (or None)' if optional else ''}, not {_shown(value)}")


def function(value, argument="step_fn"):
    """None or a callable."""
    if value is None or callable(value):
        return value
    raise TypeError(f"{argument}: a function {argument}(problem, h) (or None), not {_shown(value)}")


def text(value, argument, optional=True):
    """A str (or None when optional)."""
    if isinstance(value, str) or (optional and value is None):
        return value
    raise TypeError(f"{argument}: a str{' (or None)' if optional else ''}, not {_shown(value)}")


def path(value, argument, optional=True):
    """A path (str or os.PathLike), or None when optional."""
    if optional and value is None:
        return None
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    raise TypeError(f"{argument}: a path (str or pathlib.Path){' or None' if optional else ''}, not {_shown(value)}")
