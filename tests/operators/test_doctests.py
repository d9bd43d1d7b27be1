"""The worked examples in the operators' docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = ["thunder_deid.operators", "thunder_deid.operators.base", "thunder_deid.operators.mask",
           "thunder_deid.operators.tag", "thunder_deid.operators.json", "thunder_deid.operators.court",
           "thunder_deid.operators.surrogate", "thunder_deid.operators.particles", "thunder_deid.operators.mapping",
           "thunder_deid.policy", "thunder_deid.consistency", "thunder_deid.calibrate"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
