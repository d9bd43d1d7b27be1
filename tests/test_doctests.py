"""The worked examples in module docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = [
    "thunder_deid",            # loads the embedded model (a few seconds): its README-level example stays true
    "thunder_deid.model",
    "thunder_deid.document",
    "thunder_deid.inline",
    "thunder_deid.normalize",
    "thunder_deid.model.decode",
    "thunder_deid.model.context_types",
    "thunder_deid.io",
    "thunder_deid.bio",
    "thunder_deid.latin",
    "thunder_deid.filenames",
    "thunder_deid.validate",
    "thunder_deid.taxonomy.tree",
    "thunder_deid.recognizers",
    "thunder_deid.recognizers.addresses",
    "thunder_deid.recognizers.base",
    "thunder_deid.recognizers.foreign",
    "thunder_deid.recognizers.glosses",
    "thunder_deid.recognizers.name_parts",
    "thunder_deid.recognizers.officials",
    "thunder_deid.recognizers.patterns",
    "thunder_deid.recognizers.tables",
    "thunder_deid.model.labels",
    "thunder_deid.policy",
    "thunder_deid.operators.mapping",
    "thunder_deid.operators.court",
    "thunder_deid.operators.surrogate",
    "thunder_deid.pipeline",
    "thunder_deid.model.infer",
    "thunder_deid.model.train",
    "thunder_deid.recognizers.legal_forms",
    "thunder_deid.recognizers.words",
    "thunder_deid.corpus.common_words",
    "thunder_deid.recognizers.coordination",
    "thunder_deid.recognizers.repeated_names",
    "thunder_deid.recognizers.name_lists",
    "thunder_deid.recognizers.business_lists",
    "thunder_deid.formats.docx",
    "thunder_deid.formats.docx_controls",
    "thunder_deid.formats.hwpx",
    "thunder_deid.formats.hwpx_bookmarks",
    "thunder_deid.formats.hwpx_fields",
    "thunder_deid.formats.hwpx_forms",
    "thunder_deid.formats.text",
    "thunder_deid.formats.xmlzip",
    "thunder_deid.surrogates.base",
    "thunder_deid.surrogates.dates",
    "thunder_deid.surrogates.engine",
    "thunder_deid.surrogates.generators",
    "thunder_deid.surrogates.institutions",
    "thunder_deid.surrogates.people",
    "thunder_deid.surrogates.phones",
    "thunder_deid.surrogates.places",
    "thunder_deid.surrogates.registry",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
