"""The embedded model on hostile variants of judgment-like texts: the spans it finds do not depend on the
Unicode form, spaces, widths, invisible characters or line ends, and every output mode keeps the source
exactly as it was outside the spans."""

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunder_deid.document import Document
from thunder_deid.inline import parse_inline
from thunder_deid.model.redact import MODES, render

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _key(doc, where=None):
    m = (lambda a, b: (where[a][0], where[b - 1][1])) if where else (lambda a, b: (a, b))
    return [(*m(s.start, s.end), s.label) for s in doc.spans]


@SETTINGS
@given(st.data())
def test_spans_on_a_variant_are_the_nfc_spans_mapped(tagger, pairs, data):
    base, variant, where = data.draw(pairs)
    assert _key(tagger.predict(variant)) == _key(tagger.predict(base), where)


def outside_pattern(doc: Document) -> re.Pattern:
    """A pattern that matches any output equal to the source outside the spans, whatever replaces them."""
    parts, pos = [], 0
    for s in doc.spans:
        parts.append(re.escape(doc.text[pos:s.start]))
        pos = s.end
    parts.append(re.escape(doc.text[pos:]))
    return re.compile(".+?".join(parts), re.S)


@SETTINGS
@given(st.data())
def test_every_mode_keeps_the_source_outside_spans(tagger, pairs, data):
    _, variant, _ = data.draw(pairs)
    doc = tagger.predict(variant)
    assert doc.text == variant
    for mode in MODES:
        out = render(doc, mode)
        if mode == "json":
            assert Document.from_dict(__import__("json").loads(out)) == doc
        elif mode == "tag":  # escapes change marker-like text; reading it back must give the source
            again = parse_inline(out, doc.id)
            assert again.text == variant and _key(again) == _key(doc)
        else:
            assert outside_pattern(doc).fullmatch(out), mode
