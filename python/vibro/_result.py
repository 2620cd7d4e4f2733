"""Results as objects: the JSON document `vibro VERB --json` prints, its fields as attributes.

A field holding an object is a Result again; a list of numbers is a NumPy array (float64, with
nan where the JSON has null; int64 when every entry is an integer); a list of objects is a list
of Results. `to_dict()` gives the document itself, as the command line prints it."""
import copy
import numbers

import numpy as np


def _is_number(x):
    return x is None or (isinstance(x, numbers.Real) and not isinstance(x, bool))


def wrapped(value, kind):
    """The attribute view of one JSON value."""
    if isinstance(value, dict):
        return Result(value, kind)
    if isinstance(value, list):
        if value and all(_is_number(x) for x in value) and any(x is not None for x in value):
            if all(isinstance(x, int) for x in value):
                return np.array(value, dtype=np.int64)
            return np.array([np.nan if x is None else x for x in value], dtype=np.float64)
        if value and all(isinstance(x, list) for x in value):
            return [wrapped(x, kind) for x in value]
        return [wrapped(x, kind) if isinstance(x, (dict, list)) else x for x in value]
    return value


class Result:
    """A result of vibro: each field of its JSON document is an attribute (`dir()` lists them,
    `result["key"]` works too); `to_dict()` is the document, equal to what `vibro VERB --json`
    prints for the same run. Field names and meanings: docs/outputs.md."""

    __slots__ = ("_data", "_kind")

    def __init__(self, data, kind="result"):
        object.__setattr__(self, "_data", data)
        object.__setattr__(self, "_kind", kind)

    def __getattr__(self, name):
        data = object.__getattribute__(self, "_data")
        if name not in data:
            raise AttributeError(
                f"this {object.__getattribute__(self, '_kind')} has no field '{name}' (its fields: {', '.join(data)})")
        return wrapped(data[name], name)

    def __getitem__(self, key):
        return wrapped(self._data[key], key)

    def __contains__(self, key):
        return key in self._data

    def __setattr__(self, name, value):
        raise AttributeError("a result is read-only")

    def __dir__(self):
        return sorted(set(self._data) | {"to_dict"})

    def keys(self):
        """The fields of the document."""
        return self._data.keys()

    def to_dict(self):
        """The JSON document as plain dicts, lists, numbers and strings (a copy)."""
        return copy.deepcopy(self._data)

    def __repr__(self):
        return f"<vibro {self._kind}: {', '.join(self._data)}>"
