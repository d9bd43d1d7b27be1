"""``mask``: each mention replaced by its label in brackets.

    >>> from thunder_deid.document import Document, Span
    >>> Mask().render(Document("d", "피고인 김민준은 하나은행에", [Span(4, 7, "인명"), Span(9, 13, "은행업")]))
    '피고인 [인명]은 [은행업]에'
"""

from __future__ import annotations

from thunder_deid.document import Document
from thunder_deid.operators.base import Operator, Replacement, non_overlapping, register


@register
class Mask(Operator):
    name = "mask"
    description = "each mention replaced by its label in brackets, e.g. [인명], [은행업]"

    def replacements(self, doc: Document) -> list[Replacement]:
        return [Replacement(s.start, s.end, f"[{s.label}]", s.label) for s in non_overlapping(doc)]
