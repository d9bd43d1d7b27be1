"""The canonical form detection runs on, and the exact map from its offsets back to the source text.

Text people have is often not the form the model and the patterns were built on: decomposed Hangul (NFD,
from macOS applications and file systems: ``홍`` is three code points ``ᄒ ᅩ ᆼ``), no-break and other odd
spaces, zero-width, direction and other invisible characters, full-width digits and Latin letters
(``０１０－４８２１``), CR or CRLF line ends, a byte-order mark. :func:`normalize` turns a text into one
canonical form and keeps, for every canonical character, the source range it came from, so spans found on
the canonical text map back to exact source offsets, and output outside the spans is the source unchanged
(NFD stays NFD, CRLF stays CRLF, the BOM stays).

==========================================  =====================================================
source                                      canonical
==========================================  =====================================================
any Unicode form (NFD, half-composed)       NFC, composed per character cluster
full-width ``！``-``～`` (U+FF01-FF5E)      ASCII ``!``-``~`` (digits, Latin letters, ``－``)
any Unicode space (Zs: NBSP, U+3000, ...)   a space
format characters (Cf: ZWSP, BOM, SHY)      nothing (dropped)
direction marks and isolates, tags (Cf)     nothing (dropped)
variation selectors, Hangul fillers, CGJ    nothing (dropped)
controls but white space (NUL, C1)          nothing (dropped)
Kangxi radicals (``⾦`` U+2FA6)              the ideograph (``金``)
CRLF, CR, U+2028, U+2029, U+0085            ``\\n``
dashes U+2010-2015, minus U+2212            ``-``
a run of ``<`` or of ``>`` (``>>>``)        one ``<`` / ``>``
==========================================  =====================================================

A span on the canonical text maps back to the whole source range of its first and last characters: a
span never ends inside a decomposed syllable (it covers all its jamo), and dropped characters at a span's
edges stay outside it. Runs of angle brackets are the inline format's markers; the model never read them
as text (its training documents had them stripped), and a name glued to ``>>>`` went undetected.

    >>> import unicodedata
    >>> src = unicodedata.normalize("NFD", "피고인\\u00a0홍길동은\\r\\n") + "０１０"
    >>> n = normalize(src)
    >>> n.text
    '피고인 홍길동은\\n010'
    >>> a, b = n.to_source(4, 7)                   # '홍길동' on the canonical text
    >>> unicodedata.normalize("NFC", src[a:b]), (a, b)
    ('홍길동', (8, 17))
    >>> normalize("이미 정규형인 글").identity      # the common case costs one check and no map
    True

:func:`on_canonical` is the wrapper every detector uses: documents in, detection on their canonical
texts, spans mapped back onto the untouched source texts.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from array import array
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Sequence

from thunder_deid.document import Document, Span


def _categories(*wanted: str) -> dict[str, str]:
    """The characters of each general category in ``wanted``, in the planes that have any (0, 1 and 14; planes
    2-13 hold ideographs, 15-16 private use): read from this Python's Unicode data, so a newer Unicode's
    format characters are covered without a list to keep up."""
    found: dict[str, list[str]] = {w: [] for w in wanted}
    for o in (*range(0x20000), *range(0xE0000, 0xE1000)):
        c = chr(o)
        found.get(unicodedata.category(c), []).append(c)
    return {w: "".join(cs) for w, cs in found.items()}


def _ranges(*pairs: tuple[int, int]) -> str:
    return "".join(chr(o) for a, b in pairs for o in range(a, b + 1))


_CAT = _categories("Zs", "Cf", "Cc")
# every Unicode space separator (Zs: NBSP, U+1680 Ogham, U+2000-200A, U+202F, U+205F, U+3000)
_SPACES = _CAT["Zs"].replace(" ", "")
# Characters that show nothing (or nothing of their own) and split a name, number or address the tagger
# reads as one (``김\u2066민준``): every format character (Cf: zero-width, direction marks and isolates,
# invisible operators, BOM, SHY, tags), the rest of Unicode's default-ignorable code points (combining
# grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian and other variation selectors, the
# unassigned ignorables) and the control characters that are not white space (NUL, C1). Dropped from the
# canonical form only: the output keeps them outside replacements (an emoji's ZWJ, a Hanja's variation
# selector), and a replacement covering them takes them in.
_DROPPED = (_CAT["Cf"] + _ranges((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                                         (0x2065, 0x2065), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
                                         (0xFFF0, 0xFFF8), (0xE0000, 0xE0FFF))
            + "".join(c for c in _CAT["Cc"] if not c.isspace()))
_NEWLINES = "\r\u2028\u2029\u0085"
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"
# Kangxi radicals (U+2F00-2FD5) and the two supplement radicals with a compatibility mapping look like the
# ideographs (``\u2fa6`` is 金) and come from PDF text layers and IMEs: a Hanja name spelled with one
# stayed readable
_RADICALS = {o: c for o in (*range(0x2E80, 0x2EF4), *range(0x2F00, 0x2FD6))
             if len(c := unicodedata.normalize("NFKC", chr(o))) == 1 and c != chr(o)}
_FOLD = {**{ord(c): " " for c in _SPACES}, **{ord(c): None for c in _DROPPED},
         **{ord(c): "\n" for c in _NEWLINES}, **{ord(c): "-" for c in _DASHES},
         **{c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}, **_RADICALS}


def _char_class(codes: Sequence[int]) -> str:
    """A regex character class of ``codes`` as ranges (the dropped set alone is over 4,000 characters)."""
    runs: list[list[int]] = []
    for o in sorted(set(codes)):
        if runs and runs[-1][1] == o - 1:
            runs[-1][1] = o
        else:
            runs.append([o, o])
    return "[" + "".join(re.escape(chr(a)) + ("-" + re.escape(chr(b)) if b > a else "") for a, b in runs) + "]"


# anything canonicalisation changes besides the Unicode form (NFC itself is checked separately)
_NEEDS_FOLD = re.compile(_char_class(list(_FOLD)) + "|<<|>>")


def _joins_previous(c: str) -> bool:
    """Characters NFC may compose with what precedes them: combining marks, Hangul medial vowels and
    final consonants (``가`` + ``ᆨ`` is ``각``)."""
    o = ord(c)
    return 0x1160 <= o <= 0x11FF or 0xD7B0 <= o <= 0xD7FF or unicodedata.combining(c) != 0


@dataclass(frozen=True)
class Normalized:
    """A source text, its canonical form, and each canonical character's source range ``[starts, ends)``.

    ``identity`` means the two are the same text (no map is stored)."""

    source: str
    text: str
    starts: array | None = None
    ends: array | None = None

    @property
    def identity(self) -> bool:
        return self.starts is None

    def to_source(self, start: int, end: int) -> tuple[int, int]:
        """Source offsets of the canonical range ``[start, end)`` (``start < end``)."""
        if self.starts is None or self.ends is None:
            return start, end
        return self.starts[start], self.ends[end - 1]

    def range_to_source(self, start: int, end: int) -> tuple[int, int]:
        """Source offsets of the canonical range ``[start, end)``, which may be empty: an insertion point maps
        to just after the source of the character before it (``으`` inserted after ``(주소 생략)``)."""
        if start < end:
            return self.to_source(start, end)
        if self.ends is None:
            return start, end
        p = self.ends[start - 1] if start else 0
        return p, p

    def to_canonical(self, start: int, end: int) -> tuple[int, int] | None:
        """Canonical offsets of the source range ``[start, end)``, widened to whole canonical characters (a
        boundary inside a decomposed syllable takes in the syllable); None if it holds only dropped
        characters."""
        if self.starts is None or self.ends is None:
            return start, end
        a, b = bisect_right(self.ends, start), bisect_left(self.starts, end)
        return (a, b) if a < b else None

    def span_to_source(self, span: Span) -> Span:
        a, b = self.to_source(span.start, span.end)
        return Span(a, b, span.label, span.sub, span.score, dict(span.extra))

    def span_to_canonical(self, span: Span) -> Span | None:
        ab = self.to_canonical(span.start, span.end)
        return None if ab is None else Span(*ab, span.label, span.sub, span.score, dict(span.extra))


class _Recent:
    """The last few non-trivial maps, by the identity of their source string: ``redact`` detects on a
    document's canonical form and then prepares its output on it, and should not build the map twice.
    Bounded in entries and characters; keyed by ``id`` with the string kept, so an id is never reused."""

    def __init__(self, entries: int = 256, chars: int = 8_000_000):
        self.entries, self.chars = entries, chars
        self.items: OrderedDict[int, Normalized] = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()

    def get(self, text: str) -> Normalized | None:
        with self.lock:
            n = self.items.get(id(text))
            return n if n is not None and n.source is text else None

    def put(self, n: Normalized) -> None:
        if len(n.source) > self.chars:
            return
        with self.lock:
            if id(n.source) in self.items:
                return
            self.items[id(n.source)] = n
            self.size += len(n.source)
            while len(self.items) > self.entries or self.size > self.chars:
                self.size -= len(self.items.popitem(last=False)[1].source)


_RECENT = _Recent()


def normalize(text: str) -> Normalized:
    """The canonical form of ``text`` with its offset map (see the module docstring)."""
    if unicodedata.is_normalized("NFC", text) and not _NEEDS_FOLD.search(text):
        return Normalized(text, text)
    hit = _RECENT.get(text)
    if hit is not None:
        return hit
    n = _normalize(text)
    _RECENT.put(n)
    return n


def _normalize(text: str) -> Normalized:
    parts: list[str] = []
    starts, ends = array("i"), array("i")
    n, i = len(text), 0
    while i < n:
        j = i + 1
        if text[i] == "\r":
            j += j < n and text[j] == "\n"  # CRLF is one line end
            out = "\n"
        else:
            while j < n and _joins_previous(text[j]):
                j += 1
            out = unicodedata.normalize("NFC", text[i:j]).translate(_FOLD) \
                if j - i > 1 or not " " <= text[i] <= "~" else text[i]
        if out in ("<", ">") and parts and parts[-1] == out:  # one bracket of a run: widen the first
            ends[-1] = j
        elif out:
            parts.append(out)
            starts.extend([i] * len(out))
            ends.extend([j] * len(out))
        i = j
    return Normalized(text, "".join(parts), starts, ends)


def on_canonical(docs: Sequence[Document], detect: Callable[[list[Document]], list[Document]]) -> list[Document]:
    """Run ``detect`` on the canonical form of each document (its spans mapped there too), then give each
    source document the spans it returns, mapped back to source offsets (source texts never change)."""
    norms = [normalize(d.text) for d in docs]
    canon = [d if n.identity else Document(d.id, n.text, [c for s in d.spans if (c := n.span_to_canonical(s))], d.meta)
             for d, n in zip(docs, norms)]
    found = detect(canon)
    return [Document(d.id, d.text, [n.span_to_source(s) for s in f.spans], f.meta) if not n.identity else f
            for d, n, f in zip(docs, norms, found)]
