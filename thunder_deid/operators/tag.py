"""``tag``: the inline format of the corpus, ``<<<MENTION:LABEL[:SUB]>>>`` (:mod:`thunder_deid.inline`),
with the format's escapes where the text itself holds marker-like characters, so ``convert`` reads the
output back to the source text and its spans.

    >>> from thunder_deid.document import Document, Span
    >>> Tag().render(Document("d", "피고인 김민준은", [Span(4, 7, "인명")]))
    '피고인 <<<김민준:인명>>>은'
    >>> print(Tag().render(Document("d", "김민준>>>", [Span(0, 3, "인명")])))
    <<<김민준:인명>>>\\>\\>\\>
"""

from __future__ import annotations

from thunder_deid.document import Document
from thunder_deid.inline import inline_edits
from thunder_deid.operators.base import Operator, Replacement, non_overlapping, register


@register
class Tag(Operator):
    name = "tag"
    description = "inline <<<MENTION:LABEL>>> markers (text kept; for review and re-annotation)"
    as_written = True  # quotes each mention byte for byte, so that `convert` gives the source text back

    def replacements(self, doc: Document) -> list[Replacement]:
        return [Replacement(a, b, text, label) for a, b, text, label in inline_edits(doc.with_spans(non_overlapping(doc)))]
