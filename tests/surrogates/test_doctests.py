"""The worked examples in the surrogate engine's module docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = ["__init__", "base", "checksums", "dates", "engine", "generators", "hangul", "institutions", "lexicon", "places", "people", "phones", "preprocess", "registry", "sources"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    mod = importlib.import_module("thunder_deid.surrogates" + ("" if name == "__init__" else f".{name}"))
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
