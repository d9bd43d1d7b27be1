"""``tag``: the inline format of the corpus, ``<<<MENTION:LABEL[:SUB]>>>`` (:mod:`thunder_deid.inline`).

    >>> from thunder_deid.document import Document, Span
    >>> Tag().render(Document("d", "피고인 김민준은", [Span(4, 7, "인명")]))
    '피고인 <<<김민준:인명>>>은'
"""

from __future__ import annotations

from thunder_deid.document import Document
from thunder_deid.inline import CLOSE, OPEN
from thunder_deid.operators.base import Operator, Replacement, non_overlapping, register


@register
class Tag(Operator):
    name = "tag"
    description = "inline <<<MENTION:LABEL>>> markers (text kept; for review and re-annotation)"

    def replacements(self, doc: Document) -> list[Replacement]:
        return [Replacement(s.start, s.end, f"{OPEN}{doc.text[s.start:s.end]}:{s.full_label}{CLOSE}", s.label)
                for s in non_overlapping(doc)]
