"""The tagger's label space: ``O`` then ``B-X`` for every target X, then ``I-X`` in the same order.

A target is the annotation label without its sub-label, optionally collapsed to the mid or top level
of the taxonomy (``--target-level``):

    >>> ls = LabelSet(["인명", "은행업"])
    >>> ls.tags
    ['O', 'B-인명', 'B-은행업', 'I-인명', 'I-은행업']
    >>> ls.tag_id("I-은행업"), ls.tag(1)
    (4, 'B-인명')
    >>> target("식당:한식당", "leaf"), target("인명", "mid")
    ('식당', '이름')
"""

from __future__ import annotations

from typing import Iterable, Sequence

from thunder_deid.document import Document, Span
from thunder_deid.errors import LabelError
from thunder_deid.taxonomy.policy import prediction_target

IGNORE = -100  # the label of a token no loss reads (special tokens, a word's later pieces, context)


def target(label: str, level: str = "leaf") -> str:
    """The prediction target of an annotation label at ``level`` (leaf = the label without sub-label)."""
    return prediction_target(label, level)  # type: ignore[arg-type]


def targets_of(doc: Document, level: str = "leaf", where: str = "") -> Document:
    """The document with each span's label replaced by its target and the sub-label dropped; a label the
    taxonomy does not know is named with ``where`` (the file), the document and the span.

    >>> targets_of(Document("d1", "사건 2023가단1", [Span(3, 11, "사건번호")]), where="--train a.jsonl")
    Traceback (most recent call last):
    thunder_deid.errors.LabelError: --train a.jsonl: document 'd1', span [3, 11): unknown label '사건번호': not a node of the taxonomy (did you mean '재판사건번호' or '경찰사건번호' or '사건'?) (`thunder-deid taxonomy show` lists the labels)
    """
    spans = []
    for s in doc.spans:
        try:
            spans.append(Span(s.start, s.end, target(s.full_label, level)))
        except LabelError as e:
            at = f"{where}: " if where else ""
            raise LabelError(f"{at}document {doc.id!r}, span [{s.start}, {s.end}): {e} "
                             "(`thunder-deid taxonomy show` lists the labels)") from None
    return Document(doc.id, doc.text, spans, doc.meta)


class LabelSet:
    """Bidirectional tag <-> id map; ids are stable given the ordered target list."""

    def __init__(self, targets: Sequence[str]):
        if len(set(targets)) != len(targets):
            raise ValueError("duplicate targets")
        self.targets = list(targets)
        self.tags = ["O"] + [f"B-{t}" for t in targets] + [f"I-{t}" for t in targets]
        self._ids = {t: i for i, t in enumerate(self.tags)}

    @classmethod
    def from_documents(cls, docs: Iterable[Document]) -> "LabelSet":
        return cls(sorted({s.label for d in docs for s in d.spans}))

    def __len__(self) -> int:
        return len(self.tags)

    def tag(self, i: int) -> str:
        return self.tags[i]

    def tag_id(self, tag: str) -> int:
        return self._ids[tag]

    def encode(self, tags: Sequence[str | None], ignore: int = IGNORE) -> list[int]:
        """Tag strings -> ids; ``None`` (special tokens) and unknown targets -> ``ignore``."""
        return [self._ids.get(t, ignore) if t is not None else ignore for t in tags]
