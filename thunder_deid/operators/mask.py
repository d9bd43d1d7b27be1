"""``mask``: each mention replaced by its label in brackets, the particle after it agreeing with the label read
aloud. The original's particle would tell whether the name ends in a final consonant (``[인명]는`` after ``이민호``,
``[인명]은`` after ``한지민``), and reads wrongly after the label.

    >>> from thunder_deid.document import Document, Span
    >>> Mask().render(Document("d", "피고인 김민준은 하나은행에", [Span(4, 7, "인명"), Span(9, 13, "은행업")]))
    '피고인 [인명]은 [은행업]에'
    >>> Mask().render(Document("d", "이민호는 서울로 갔다", [Span(0, 3, "인명"), Span(5, 7, "주소")]))
    '[인명]은 [주소]로 갔다'
"""

from __future__ import annotations

from thunder_deid.document import Document
from thunder_deid.operators.base import Operator, Replacement, non_overlapping, register
from thunder_deid.operators.particles import with_particles


@register
class Mask(Operator):
    name = "mask"
    description = "each mention replaced by its label in brackets, e.g. [인명], [은행업]"

    def replacements(self, doc: Document) -> list[Replacement]:
        pieces = [(s, f"[{s.label}]") for s in non_overlapping(doc)]
        return with_particles(doc.text, pieces, lambda tag: tag[1:-1])
