"""The worked examples in module docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = [
    "thunder_deid.document",
    "thunder_deid.inline",
    "thunder_deid.normalize",
    "thunder_deid.model.decode",
    "thunder_deid.io",
    "thunder_deid.bio",
    "thunder_deid.validate",
    "thunder_deid.taxonomy.tree",
    "thunder_deid.model.glosses",
    "thunder_deid.model.patterns",
    "thunder_deid.model.labels",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
