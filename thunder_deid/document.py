"""The one document type and the one span type of the project, and their JSONL form.

A document is a text plus character spans (end exclusive) over it::

    >>> d = Document("d1", "홍길동은 삼성 전자 직원이다", [Span(0, 3, "인명"), Span(5, 10, "식품제조업")])
    >>> [d.text[s.start:s.end] for s in d.spans]
    ['홍길동', '삼성 전자']
    >>> Document.from_dict(d.to_dict()) == d
    True

JSONL holds one document a line::

    {"id": str, "text": str, "spans": [{"start": int, "end": int, "label": str, "sub": str?, "score": float?}]}

Fields the project does not know (``category``, a span's ``text`` …) are kept in ``meta`` / ``extra`` and
written back unchanged, so a round trip through the project loses nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Iterator

from thunder_deid.errors import DocumentError
from thunder_deid.io import atomic_writer, text_lines

_SPAN_KEYS = ("start", "end", "label", "sub", "score")
# a UTF-16 surrogate on its own: JSON's "\ud800" escape decodes to one, and no UTF-8 file can hold it
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_DOC_KEYS = ("id", "text", "spans")


@dataclass(frozen=True)
class Span:
    """A labelled character span ``[start, end)``; ``sub`` is the optional sub-label (``식당:한식당``)."""

    start: int
    end: int
    label: str
    sub: str | None = None
    score: float | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def full_label(self) -> str:
        """``LABEL`` or ``LABEL:SUB``, the form the inline format writes."""
        return f"{self.label}:{self.sub}" if self.sub else self.label

    def with_label(self, label: str, sub: str | None = ...) -> "Span":  # type: ignore[assignment]
        return replace(self, label=label, sub=self.sub if sub is ... else sub)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"start": self.start, "end": self.end, "label": self.label}
        if self.sub is not None:
            d["sub"] = self.sub
        if self.score is not None:
            d["score"] = self.score
        d.update(self.extra)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "span") -> "Span":
        try:
            start, end, label = d["start"], d["end"], d["label"]
        except KeyError as e:
            raise DocumentError(f"{where}: missing field {e.args[0]!r}") from None
        if not (isinstance(start, int) and isinstance(end, int)) or isinstance(start, bool) or isinstance(end, bool):
            raise DocumentError(f"{where}: 'start' and 'end' must be integers")
        if not isinstance(label, str) or not label:
            raise DocumentError(f"{where}: 'label' must be a non-empty string")
        sub = d.get("sub")
        if sub is not None and not isinstance(sub, str):
            raise DocumentError(f"{where}: 'sub' must be a string")
        no_lone_surrogate(label, where, "'label'")
        no_lone_surrogate(sub, where, "'sub'")
        score = d.get("score")
        if score is not None and not isinstance(score, (int, float)):
            raise DocumentError(f"{where}: 'score' must be a number")
        extra = {k: v for k, v in d.items() if k not in _SPAN_KEYS}
        if extra:
            no_lone_surrogate(json.dumps(extra, ensure_ascii=False), where, "a span field")
        return cls(start, end, label, sub or None, None if score is None else float(score), extra)


@dataclass
class Document:
    """A text and its spans; ``meta`` keeps any other top-level JSONL fields (``case_type`` …)."""

    id: str
    text: str
    spans: list[Span] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.spans = sorted(self.spans, key=lambda s: (s.start, s.end, s.label))

    def span_text(self, span: Span) -> str:
        return self.text[span.start : span.end]

    def with_spans(self, spans: Iterable[Span]) -> "Document":
        return Document(self.id, self.text, list(spans), dict(self.meta))

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "text": self.text, "spans": [s.to_dict() for s in self.spans]}
        d.update(self.meta)
        return d

    @classmethod
    def from_dict(cls, d: Any, where: str = "document") -> "Document":
        if not isinstance(d, dict):
            raise DocumentError(f"{where}: expected a JSON object, got {type(d).__name__}")
        for key in ("id", "text"):
            if key not in d:
                raise DocumentError(f"{where}: missing field {key!r}")
        if not isinstance(d["text"], str):
            raise DocumentError(f"{where}: 'text' must be a string")
        for key in ("id", "text"):
            no_lone_surrogate(d[key], where, repr(key))
        doc_id = d["id"] if isinstance(d["id"], str) else str(d["id"])
        raw_spans = d.get("spans", [])
        if not isinstance(raw_spans, list):
            raise DocumentError(f"{where} (id {doc_id!r}): 'spans' must be a list")
        spans = [Span.from_dict(s, f"{where} (id {doc_id!r}) span {i}") if isinstance(s, dict) else _bad_span(where, doc_id, i)
                 for i, s in enumerate(raw_spans)]
        meta = {k: v for k, v in d.items() if k not in _DOC_KEYS}
        if meta:
            no_lone_surrogate(json.dumps(meta, ensure_ascii=False), f"{where} (id {doc_id!r})", "a metadata field")
        return cls(doc_id, d["text"], spans, meta)


def no_lone_surrogate(value: Any, where: str, what: str) -> None:
    """``value`` (if a string) holds no lone surrogate: it could not be written as UTF-8 nor tokenised."""
    m = _LONE_SURROGATE.search(value) if isinstance(value, str) else None
    if m:
        raise DocumentError(f"{where}: {what} holds a lone UTF-16 surrogate (a \\u{ord(m.group()):04x} escape "
                            "without its pair); it is not text")


def _bad_span(where: str, doc_id: str, i: int) -> Span:
    raise DocumentError(f"{where} (id {doc_id!r}) span {i}: expected a JSON object")


def read_jsonl(path: str | Path) -> Iterator[Document]:
    """Yield the documents of a JSONL file (``.jsonl.gz`` is read through gzip); a bad line raises
    ``DocumentError`` naming file and line."""
    path = Path(path)
    for lineno, line in text_lines(path):
        if not line.strip():
            continue
        where = f"{path}:{lineno}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:  # some of json's messages end in "at" themselves ("... character at")
            raise DocumentError(f"{where}: invalid JSON ({e.msg.removesuffix(' at')} at column {e.colno})") from None
        yield Document.from_dict(obj, where)


def load_jsonl(path: str | Path) -> list[Document]:
    """Every document of a JSONL file, in a list (:func:`read_jsonl` reads them one at a time)."""
    return list(read_jsonl(path))


def write_jsonl(path: str | Path, docs: Iterable[Document]) -> int:
    """Write documents atomically (a temporary file renamed into place); return how many were written."""
    n = 0
    with atomic_writer(path) as f:
        for doc in docs:
            f.write(json.dumps(doc.to_dict(), ensure_ascii=False) + "\n")
            n += 1
    return n
