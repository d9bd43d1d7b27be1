"""The worked examples in the eval and label-set module docstrings are tests too."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["thunder_deid.eval", "thunder_deid.eval.cli", "thunder_deid.eval.segments", "thunder_deid.eval.score",
                                  "thunder_deid.eval.scores", "thunder_deid.eval.bootstrap", "thunder_deid.taxonomy.label_sets"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
