"""The operator interface: a document's spans -> per-span replacements over the source text.

An operator never rewrites a document as a whole. It returns :class:`Replacement` objects -- sorted,
non-overlapping ``[start, end)`` ranges of the *source* text and the text that takes their place -- and
:func:`apply` splices them in, so every character outside a replacement is unchanged by construction. A
format-preserving writer (DOCX runs, HWPX paragraphs) applies the very same replacements inside its own
containers instead of calling :func:`apply`.

    >>> from thunder_deid.document import Document, Span
    >>> d = Document("d", "피고인 김민준은 하나은행에", [Span(4, 7, "인명"), Span(9, 13, "은행업")])
    >>> reps = get_operator("mask").replacements(d)
    >>> [(r.start, r.end, r.text, r.label) for r in reps]
    [(4, 7, '[인명]', '인명'), (9, 13, '[은행업]', '은행업')]
    >>> apply(d.text, reps)
    '피고인 [인명]은 [은행업]에'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Iterable, Iterator, TypeVar

from thunder_deid.document import Document, Span
from thunder_deid.errors import ThunderDeidError


@dataclass(frozen=True)
class Replacement:
    """``text`` takes the place of source characters ``[start, end)``.

    ``label`` is the span's label for the replacement of a mention, ``None`` for a grammatical repair next
    to one (a particle re-chosen for the new word: ``김민준은`` -> ``A는`` replaces ``은`` by ``는``), so a
    mapping table lists mentions only.
    """

    start: int
    end: int
    text: str
    label: str | None = None


def check(text: str, replacements: Iterable[Replacement]) -> list[Replacement]:
    """``replacements`` as a list, after checking they are sorted, non-overlapping and inside ``text``."""
    out = list(replacements)
    pos = 0
    for r in out:
        if not (pos <= r.start <= r.end <= len(text)):
            raise ThunderDeidError(f"replacement [{r.start}, {r.end}) is out of order, overlapping or outside "
                                   f"the text ({len(text)} characters)")
        pos = r.end
    return out


def apply(text: str, replacements: Iterable[Replacement]) -> str:
    """``text`` with each replacement spliced in; characters outside them are kept as they are.

    >>> apply("가나다라", [Replacement(1, 2, "X"), Replacement(3, 3, "+")])
    '가X다+라'
    """
    parts, pos = [], 0
    for r in check(text, replacements):
        parts += [text[pos:r.start], r.text]
        pos = r.end
    parts.append(text[pos:])
    return "".join(parts)


def non_overlapping(doc: Document) -> Iterator[Span]:
    """The spans in order, a span overlapping an earlier one dropped (BIO decoding never makes them; a
    hand-made document may)."""
    pos = 0
    for s in doc.spans:
        if s.start >= pos and s.end > s.start:
            yield s
            pos = s.end


def placed(replacements: Iterable[Replacement]) -> Iterator[tuple[int, int, Replacement]]:
    """Where each replacement's text stands in the output: ``(start, end, replacement)``.

    >>> [(a, b, r.text) for a, b, r in placed([Replacement(1, 2, "XY"), Replacement(3, 4, "")])]
    [(1, 3, 'XY'), (4, 4, '')]
    """
    shift = 0
    for r in replacements:
        a = r.start + shift
        yield a, a + len(r.text), r
        shift += len(r.text) - (r.end - r.start)


class Operator:
    """Turns the spans of a document into replacements (Presidio's ``Operator``, one per output mode).

    A subclass sets ``name`` and implements :meth:`replacements`; keyword options of the constructor
    (``seed`` …) are the mode's settings. :meth:`render` is the text people read; an operator whose output
    is not the source text with replacements (``json``) overrides it.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    # Replacements are made on the canonical form detection reads (thunder_deid.normalize) and mapped back, so
    # a particle after a decomposed (NFD) or odd-spaced mention is read and repaired as the composed one is,
    # and a pseudonym or letter does not depend on the form. An operator whose output quotes the mention as
    # written (tag, read back by `convert`) sets this to work on the source text instead.
    as_written: ClassVar[bool] = False

    def replacements(self, doc: Document) -> list[Replacement]:
        raise NotImplementedError

    def redact(self, doc: Document) -> tuple[str, list[Replacement]]:
        """The output text and the replacements it was made with (for a mapping table)."""
        reps = source_replacements(self, doc)
        return apply(doc.text, reps), reps

    def render(self, doc: Document) -> str:
        return self.redact(doc)[0]


def source_replacements(op: Operator, doc: Document) -> list[Replacement]:
    """``op``'s replacements over the source text of ``doc``, made on its canonical form (NFC, odd spaces and
    line ends folded) unless the operator works on the text as written; a replacement is written decomposed
    where the text it replaces is (a file saved decomposed stays decomposed throughout), else as the operator
    wrote it.

    >>> import unicodedata
    >>> from thunder_deid.operators.court import Court
    >>> src = unicodedata.normalize("NFD", "피고인 김민준은 서울 강남구 테헤란로 152에서 갔다")     # 김민준 is 9 code points here
    >>> a, b = src.index(unicodedata.normalize("NFD", "김")), src.index(unicodedata.normalize("NFD", "테"))
    >>> road = len(unicodedata.normalize("NFD", "테헤란로 152"))
    >>> reps = source_replacements(Court(), Document("d", src, [Span(a, a + 9, "인명"), Span(b, b + road, "주소")]))
    >>> [unicodedata.normalize("NFC", r.text) for r in reps], unicodedata.normalize("NFC", apply(src, reps))
    (['A', '는', '(주소 생략)'], '피고인 A는 서울 강남구 (주소 생략)에서 갔다')
    >>> [unicodedata.is_normalized("NFD", r.text) for r in reps], unicodedata.is_normalized("NFD", apply(src, reps))
    ([True, True, True], True)
    """
    from thunder_deid.normalize import normalize

    n = normalize(doc.text)
    if op.as_written or n.identity:
        return op.replacements(doc)
    canon = Document(doc.id, n.text, [c for s in doc.spans if (c := n.span_to_canonical(s))], doc.meta)
    out = []
    for r in op.replacements(canon):
        a, b = n.range_to_source(r.start, r.end)
        out.append(Replacement(a, b, _in_form_of(doc.text[max(0, a - 24):b + 24], r.text), r.label))
    return out


def _in_form_of(around: str, text: str) -> str:
    """``text`` decomposed where the Hangul ``around`` it is written decomposed (jamo, and no whole syllable),
    else unchanged: an account name's ``(계정명 생략)`` takes the form of the sentence, not of ``malsoon77``."""
    import unicodedata

    jamo = any("\u1100" <= c <= "\u11ff" for c in around)
    if jamo and not any("\uac00" <= c <= "\ud7a3" for c in around):
        return unicodedata.normalize("NFD", text)
    return text


O = TypeVar("O", bound=type[Operator])
_REGISTRY: dict[str, type[Operator]] = {}


def register(cls: O) -> O:
    """Class decorator: make an operator available under its ``name``."""
    if not cls.name:
        raise ValueError(f"{cls.__name__}: an operator needs a name")
    _REGISTRY[cls.name] = cls
    return cls


def operator_names() -> tuple[str, ...]:
    """The registered output modes: the built-in ones in their usual order, then the others by name."""
    _load_builtins()
    return tuple(sorted(_REGISTRY, key=_rank))


def get_operator(name: str, **options) -> Operator:
    """A fresh operator of mode ``name`` with its options (``get_operator("surrogate", seed=7)``)."""
    _load_builtins()
    try:
        cls = _REGISTRY[name]
    except KeyError:
        raise ThunderDeidError(f"unknown mode {name!r}; choose one of {', '.join(_REGISTRY)}") from None
    try:
        return cls(**options)
    except TypeError as e:
        raise ThunderDeidError(f"mode {name!r}: {e}") from None


_ORDER = ("tag", "mask", "court", "surrogate", "json")  # the built-in modes first, in this order


def _load_builtins() -> None:
    """Import every module of the package (their ``@register`` runs): a new mode is one new file."""
    import importlib
    import pkgutil

    import thunder_deid.operators as pkg

    for m in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(f"{pkg.__name__}.{m.name}")


def _rank(name: str) -> tuple[int, str]:
    return (_ORDER.index(name) if name in _ORDER else len(_ORDER), name)
