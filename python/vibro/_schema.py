"""The fields a result may have, from the JSON schemas of the command line's outputs
(docs/schema/, shipped in the package as schema/): an optional field that a document leaves out
(a run that did not escape has no `escaped`) reads as None instead of vanishing.

A place in a schema is a location (file, JSON pointer); `fields` and `items` follow `$ref`s
(in the file or another) and the branches of allOf/anyOf/oneOf, so that every field any branch
names is known."""
import functools
import json
import pathlib

_DIRECTORY = pathlib.Path(__file__).resolve().parent / "schema"


@functools.cache
def _document(file):
    with open(_DIRECTORY / file, encoding="utf-8") as stream:
        return json.load(stream)


def _node(location):
    file, pointer = location
    node = _document(file)
    for part in pointer.split("/")[1:]:
        node = node[int(part)] if isinstance(node, list) else node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _escaped(name):
    return name.replace("~", "~0").replace("/", "~1")


def _branches(location):
    """The locations `location` stands for: itself, what its $ref names, its allOf/anyOf/oneOf
    branches, and theirs, each once."""
    found, pending, seen = [], [location], set()
    while pending:
        here = pending.pop()
        if here in seen:
            continue
        seen.add(here)
        node = _node(here)
        if not isinstance(node, dict):
            continue
        found.append(here)
        if "$ref" in node:
            file, _, pointer = node["$ref"].partition("#")
            pending.append((file or here[0], pointer))
        for combination in ("allOf", "anyOf", "oneOf"):
            pending.extend((here[0], f"{here[1]}/{combination}/{i}") for i in range(len(node.get(combination, []))))
    return found


@functools.cache
def fields(location):
    """The fields an object at `location` may have: name -> the field's location."""
    out = {}
    for here in _branches(location):
        for name in _node(here).get("properties", {}):
            out.setdefault(name, (here[0], f"{here[1]}/properties/{_escaped(name)}"))
    return out


@functools.cache
def items(location):
    """The location of the entries of a list at `location` (None: not described)."""
    for here in _branches(location):
        if isinstance(_node(here).get("items"), dict):
            return here[0], f"{here[1]}/items"
    return None


def field(location, name):
    """The location of field `name` of an object at `location` (None: not described)."""
    return None if location is None else fields(location).get(name)


def entries(location):
    return None if location is None else items(location)
