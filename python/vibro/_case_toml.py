"""A case written as a dict, as the TOML text vibro reads (docs/case_files.md).

Tables are dicts, arrays of tables ([[expected]]) lists of dicts; a value is a str, int, float
(written with repr, which reads back to the same double), fractions.Fraction or decimal.Decimal
(written as the exact string "P/Q" or its decimal text), bool, or a list of these. Give exact
values as strings ("1/2", "0.1"), fractions or decimals where the case file accepts them."""
import decimal
import math
import numbers
import re

# A TOML bare key: what every key and table name of a case file is (docs/case_files.md). A
# key is checked, never pasted: 'e = "0.3"\n#' as a key would otherwise set e.
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(name, where):
    if not isinstance(name, str) or not _BARE_KEY.fullmatch(name):
        raise ValueError(f"case dict: {where}{name!r} is not a key (allowed: letters, digits, '_' and '-')")
    return name


def _value(x, where):
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, str):
        return '"' + x.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(x, numbers.Integral):
        return str(int(x))
    if isinstance(x, numbers.Rational):  # fractions.Fraction: exact, as the string "P/Q"
        return f'"{x.numerator}/{x.denominator}"'
    if isinstance(x, decimal.Decimal):  # exact, as its decimal text
        if not x.is_finite():
            raise ValueError(f"case dict: {where} = {x!r} is not a finite number")
        return f'"{x}"'
    if isinstance(x, numbers.Real):
        if not math.isfinite(x):
            raise ValueError(f"case dict: {where} = {x!r} is not a finite number")
        return repr(float(x))
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(_value(y, where) for y in x) + "]"
    raise ValueError(f"case dict: {where} is a {type(x).__name__}, not a string, number, bool or list")


def case_toml(case):
    """The TOML text of `case` (a dict of tables)."""
    if not isinstance(case, dict):
        raise ValueError(f"a case dict is a dict of tables ([case], [model], ...), not a {type(case).__name__}")
    lines = []
    for table, content in case.items():
        _key(table, "table ")
        if isinstance(content, dict):
            lines.append(f"[{table}]")
            lines += [f"{_key(key, table + '.')} = {_value(x, table + '.' + key)}" for key, x in content.items()]
        elif isinstance(content, (list, tuple)) and all(isinstance(t, dict) for t in content):
            for entry in content:
                lines.append(f"[[{table}]]")
                lines += [f"{_key(key, table + '.')} = {_value(x, table + '.' + key)}" for key, x in entry.items()]
        else:
            raise ValueError(f"case dict: '{table}' is a {type(content).__name__}, not a table (dict) or a list of tables")
        lines.append("")
    return "\n".join(lines)
