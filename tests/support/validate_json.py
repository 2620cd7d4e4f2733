"""Validates JSON files against a JSON Schema (draft 2020-12) with Debian's python3-jsonschema.

Usage: validate_json.py SCHEMA FILE...  Exit 0 when every file is valid; 1 with one line per
violation (file, path in the instance, message) otherwise; 2 when the schema itself is not
valid. A missing jsonschema module is an ImportError and a non-zero exit: the validator is
part of the declared set-up (scripts/quickstart.sh), so its absence fails the tests.
"""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator, RefResolver


def main(argv):
    if len(argv) < 3:
        print("usage: validate_json.py SCHEMA FILE...", file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # SchemaError: the schema file is at fault, not the output
        print(f"{argv[1]}: not a valid schema: {error}", file=sys.stderr)
        return 2
    # A schema may refer to another of its directory by file name (run_comparison's runs are
    # run outputs): every schema there is known by its $id.
    store = {}
    for other in pathlib.Path(argv[1]).parent.glob("*.schema.json"):
        with open(other, encoding="utf-8") as f:
            loaded = json.load(f)
        store[loaded["$id"]] = loaded
    validator = Draft202012Validator(schema, resolver=RefResolver.from_schema(schema, store=store))
    failed = False
    for name in argv[2:]:
        with open(name, encoding="utf-8") as f:
            instance = json.load(f)
        for error in validator.iter_errors(instance):
            failed = True
            print(f"{name}: /{'/'.join(str(p) for p in error.absolute_path)}: {error.message}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
