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
from thunder_deid.taxonomy.policy import prediction_target

IGNORE = -100  # the label of a token no loss reads (special tokens, a word's later pieces, context)


def target(label: str, level: str = "leaf") -> str:
    """The prediction target of an annotation label at ``level`` (leaf = the label without sub-label)."""
    return prediction_target(label, level)  # type: ignore[arg-type]


def targets_of(doc: Document, level: str = "leaf") -> Document:
    """The document with each span's label replaced by its target and the sub-label dropped."""
    spans = [Span(s.start, s.end, target(s.full_label, level)) for s in doc.spans]
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
