"""``json``: one Document JSON object (``{"id", "text", "spans"}``), the text unchanged, spans with scores.

    >>> from thunder_deid.document import Document, Span
    >>> Json().render(Document("d", "김민준", [Span(0, 3, "인명", score=0.9)]))
    '{"id": "d", "text": "김민준", "spans": [{"start": 0, "end": 3, "label": "인명", "score": 0.9}]}'
"""

from __future__ import annotations

import json

from thunder_deid.document import Document
from thunder_deid.operators.base import Operator, Replacement, register


@register
class Json(Operator):
    name = "json"
    description = "Document JSON (text unchanged, spans with scores)"
    as_written = True

    def replacements(self, doc: Document) -> list[Replacement]:
        return []  # nothing is replaced: the spans travel beside the text

    def redact(self, doc: Document) -> tuple[str, list[Replacement]]:
        return json.dumps(doc.to_dict(), ensure_ascii=False), []
