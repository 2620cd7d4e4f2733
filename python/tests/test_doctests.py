"""Every example in the module's docstrings runs as written (doctest): the case_from_dict
docstring's own example was refused ("'T/100' is not a finite decimal number or a fraction P/Q")."""
import doctest

import vibro
from vibro import _arguments, _case_toml, _result, _step_function


def test_every_docstring_example_runs():
    attempted = 0
    for module in (vibro, _arguments, _case_toml, _result, _step_function):
        failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failed == 0, module.__name__
        attempted += tried
    assert attempted >= 3  # the examples exist: a module without any would pass unseen
