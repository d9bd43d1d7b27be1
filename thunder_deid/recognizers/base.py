r"""The recognizer interface: a document (its text, and the tagger's spans to read) -> spans of its own.

A :class:`Recognizer` finds spans the tagger may miss or mistype by what the text shows: a fixed written form
(:class:`PatternRecognizer`, a table of :class:`Pattern`), a table's person column, an address's reference
note. Registered ones run in ``priority`` order in :func:`thunder_deid.recognizers.apply_patterns`, an earlier
one winning an overlap; a policy file's own regular expressions are one more :class:`PatternRecognizer`.

    >>> import re
    >>> from thunder_deid.document import Document
    >>> case = PatternRecognizer([Pattern("재판사건번호", re.compile(r"사건번호 (\d{4}-\d+)"), group=1)])
    >>> [(s.label, s.start, s.end) for s in case.find(Document("d", "사건번호 2024-117 참조"))]
    [('재판사건번호', 5, 13)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, ClassVar, Collection, Sequence, TypeVar

from thunder_deid.consistency import Ranges
from thunder_deid.document import Document, Span


@dataclass(frozen=True)
class Pattern:
    label: str
    regex: re.Pattern
    valid: Callable[[re.Match], bool] = lambda m: True
    group: int = 0  # the part of the match that is the span



class Recognizer:
    """Spans found in a document by what its text shows; ``doc.spans`` are the tagger's, to read, not to return."""

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    priority: ClassVar[int] = 100  # lower runs first and wins an overlap

    def find(self, doc: Document) -> list[Span]:
        raise NotImplementedError


class PatternRecognizer(Recognizer):
    """The matches of a table of patterns (non-overlapping; an earlier pattern wins a tie)."""

    name = "patterns"

    def __init__(self, patterns: Sequence[Pattern]) -> None:
        self.patterns = tuple(patterns)

    def find(self, doc: Document) -> list[Span]:
        return find_patterns(doc.text, self.patterns)


_REGISTRY: dict[str, type[Recognizer]] = {}
R = TypeVar("R", bound=type[Recognizer])


def register(cls: R) -> R:
    """Class decorator: make a recognizer part of every :func:`~thunder_deid.recognizers.apply_patterns`."""
    if not cls.name or cls.name in _REGISTRY:
        raise ValueError(f"recognizer {cls.__name__}: name {cls.name!r} is empty or taken")
    _REGISTRY[cls.name] = cls
    return cls


def recognizers(names: Collection[str] | None = None) -> list[Recognizer]:
    """One of each registered recognizer (or of those ``names`` names), in ``priority`` order."""
    if names is not None:
        check_names(names)
    return [cls() for cls in sorted(_REGISTRY.values(), key=lambda c: (c.priority, c.name))
            if names is None or cls.name in names]


def recognizer_names() -> list[str]:
    """The registered recognizers' names, in ``priority`` order."""
    return [cls.name for cls in sorted(_REGISTRY.values(), key=lambda c: (c.priority, c.name))]


def check_names(names: Collection[str]) -> None:
    """A clear error for a recognizer name no recognizer has (a typo must not run another set silently)."""
    from thunder_deid.errors import ThunderDeidError

    unknown = sorted(set(names) - set(_REGISTRY))
    if unknown:
        raise ThunderDeidError(f"unknown recognizer {', '.join(map(repr, unknown))} "
                               f"(known: {', '.join(recognizer_names())})")


def find_patterns(text: str, patterns: Sequence[Pattern] | None = None) -> list[Span]:
    """Spans of every pattern match (non-overlapping; an earlier pattern wins a tie); ``patterns``: the
    built-in ones by default, or a policy file's own (:mod:`thunder_deid.policy`)."""
    from thunder_deid.model.decode import without_particles

    if patterns is None:
        from thunder_deid.recognizers.patterns import PATTERNS as patterns
    found: list[Span] = []
    taken = Ranges(())
    for p in patterns:
        for m in p.regex.finditer(text):
            a, b = m.start(p.group), m.end(p.group)
            if p.valid(m) and not taken.overlaps(a, b):
                found.append(Span(a, b, p.label, score=1.0))
                taken.add(a, b)
    # a body line can open like a header line (피고인 김기철은, 사실은 …): a particle goes where the text shows it
    return without_particles(sorted(found, key=lambda s: s.start), text)


def overlay(doc: Document, found: Sequence[Span]) -> Document:
    """``doc`` with ``found`` added and every span of ``doc`` that overlaps one of them removed."""
    if not found:
        return doc
    over = Ranges((f.start, f.end) for f in found)
    kept = [s for s in doc.spans if not over.overlaps(s.start, s.end)]
    return Document(doc.id, doc.text, sorted(kept + list(found), key=lambda s: (s.start, s.end)), doc.meta)
