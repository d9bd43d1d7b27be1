"""The worked examples in the formats' docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = ["thunder_deid.formats.base", "thunder_deid.formats.text", "thunder_deid.formats.pdf",
           "thunder_deid.formats.pdfpages", "thunder_deid.formats.xmlzip", "thunder_deid.formats.docx",
           "thunder_deid.formats.docx_controls", "thunder_deid.formats.hwpx",
           "thunder_deid.formats.hwpx_forms", "thunder_deid.formats.hwpx_bookmarks",
           "thunder_deid.formats.hwpx_fields"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
