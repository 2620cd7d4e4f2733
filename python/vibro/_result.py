"""Results as objects: the JSON document `vibro VERB --json` prints, its fields as attributes.

A field holding an object is a Result again; a list of numbers is a NumPy array (float64, with
nan where the JSON has null; int64 when every entry is an integer); a list of objects is a list
of Results. An optional field the document leaves out reads as None (the field names come from
the output's JSON schema, docs/schema/). `to_dict()` gives the document itself, as the command
line prints it. A Result
pickles, copies, compares by content, iterates over its field names, and shows its values in
its repr (and as a table in a notebook)."""
import copy
import html
import numbers
from typing import Any

import numpy as np

from . import _schema


def _is_number(x):
    return x is None or (isinstance(x, numbers.Real) and not isinstance(x, bool))


def wrapped(value, kind, schema=None):
    """The attribute view of one JSON value; `schema`: its location in the output's schema."""
    if isinstance(value, dict):
        return Result(value, kind, schema)
    if isinstance(value, list):
        if value and all(_is_number(x) for x in value) and any(x is not None for x in value):
            if all(isinstance(x, int) for x in value):
                return np.array(value, dtype=np.int64)
            return np.array([np.nan if x is None else x for x in value], dtype=np.float64)
        entry = _schema.entries(schema)
        return [wrapped(x, kind, entry) if isinstance(x, (dict, list)) else x for x in value]
    return value


class Result:
    """A result of vibro: each field of its JSON document is an attribute (`dir()` lists them,
    `result["key"]` works too); `to_dict()` is the document, equal to what `vibro VERB --json`
    prints for the same run; a field the schema allows and the document leaves out is None.
    Field names and meanings: docs/outputs.md."""

    __slots__ = ("_data", "_kind", "_schema")

    def __init__(self, data, kind="result", schema=None):
        object.__setattr__(self, "_data", data)
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_schema", schema)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and friends look for these: not fields
            raise AttributeError(name)
        data = object.__getattribute__(self, "_data")
        schema = object.__getattribute__(self, "_schema")
        if name in data:
            return wrapped(data[name], name, _schema.field(schema, name))
        if _schema.field(schema, name) is not None:
            return None
        raise AttributeError(
            f"this {object.__getattribute__(self, '_kind')} has no field '{name}' (its fields: {', '.join(self._fields())})")

    def __getitem__(self, key):
        if key not in self._data and _schema.field(self._schema, key) is not None:
            return None
        return wrapped(self._data[key], key, _schema.field(self._schema, key))

    def _fields(self):
        """The document's fields, then those the schema allows and it leaves out."""
        optional = _schema.fields(self._schema) if self._schema is not None else {}
        return list(self._data) + [name for name in optional if name not in self._data]

    def __contains__(self, key):
        return key in self._data

    def __setattr__(self, name, value):
        raise AttributeError("a result is read-only")

    def __dir__(self):
        return sorted(set(self._fields()) | {"to_dict"})

    def keys(self):
        """The fields of the document."""
        return self._data.keys()

    def to_dict(self):
        """The JSON document as plain dicts, lists, numbers and strings (a copy)."""
        return copy.deepcopy(self._data)

    # As data: a Result iterates over its field names and has their number, like a mapping;
    # two Results are equal when their kinds and documents are (and, for a run, their
    # trajectories); it pickles and copies (the attributes are read-only, so the state is set
    # past __setattr__).
    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._state_items() == other._state_items()

    __hash__ = None  # type: ignore[assignment]  # equal by content, which a mapping does not hash

    def _state_items(self):
        """Every slot of the object's classes, by name; arrays compared as lists."""
        state = self.__getstate__()
        return {k: (_comparable(v)) for k, v in state.items()}

    def __getstate__(self):
        return {name: object.__getattribute__(self, name)
                for cls in type(self).__mro__ for name in cls.__dict__.get("__slots__", ())}

    def __setstate__(self, state):
        for name, value in state.items():
            object.__setattr__(self, name, value)

    def __repr__(self):
        shown = []
        for key, value in self._data.items():
            shown.append(f"{key}={_short(value)}")
            if sum(len(s) + 2 for s in shown) > _REPR_WIDTH:
                shown[-1] = "…"
                break
        return f"<vibro {self._kind}: {', '.join(shown)}>"

    def _repr_html_(self):
        """A table of the fields and their short values, for notebooks."""
        rows = "".join(f"<tr><th style=\"text-align:left\">{html.escape(str(key))}</th>"
                       f"<td style=\"text-align:left\">{html.escape(_short(value))}</td></tr>"
                       for key, value in self._data.items())
        return f"<table><caption>vibro {html.escape(self._kind)}</caption>{rows}</table>"


_REPR_WIDTH = 300


def _short(value):
    """A value as a repr shows it: numbers and short strings whole, objects and lists by size."""
    if isinstance(value, dict):
        return "{" + f"{len(value)} field{'s' if len(value) != 1 else ''}" + "}"
    if isinstance(value, list):
        if len(value) <= 4 and all(_is_number(x) or isinstance(x, str) for x in value):
            return "[" + ", ".join(_short(x) for x in value) + "]"
        return f"[{len(value)} item{'s' if len(value) != 1 else ''}]"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:39] + "…")
    return repr(value)


def _comparable(value):
    """A value as == compares it: an object of the package by its state, an array by its items."""
    if isinstance(value, np.ndarray):
        return (value.dtype.str, value.shape, value.tolist())
    if hasattr(value, "to_dict") and not isinstance(value, Result):
        return {k: _comparable(v) for k, v in value.to_dict().items()}
    return value
