"""Businesses listed with one type word, the tagger having read one of them: ``남산역점, 석남역점, 청라역점``.

A judgment lists a franchise's branches, a trader's shell companies, the clinics a blog advertised
(``경원치과, 신성한의원, 혜한한의원``); the tagger reads one item and may pass over the next, whose name it never saw,
in every mention, so consistency has nothing to repeat. The court's own text deletes both (``○○역점, □□역점``).
The list says what the word is: next to a business, a branch or a facility the tagger read whose word goes on
with a type word (``역점`` … ``점`` of ``남산역|점``, ``한의원``), an item ending in that same type word is one of
the same kind, its name the part before the type word, labelled as the read one:

* joined to it by commas, ``및`` or a middle dot, directly or through other such items;
* the read item's rest of word is a type word of its label as court style reads one
  (:func:`surrogates.engine.trailing_type_word`), and the item ends in it as its own (``현대백화점`` ends in
  ``백화점``, not in ``점``);
* two letters or more before the type word, Hangul or Latin, on no span of the tagger's.

Public bodies lend nothing (the court keeps ``서울지방검찰청, 수원지방검찰청``), and neither do the trades whose
lists name the market's own firms: banks, card companies, brokers, insurers and the press (``농협, 한국산업은행,
국민은행``, ``조선일보, 중앙일보``), where a judgment deletes the victim's and keeps the others, and a pseudonym is a
real bank's name. On the training precedents the frame finds the court's deleted names, and hardly a word it kept:
``python benchmarks/rounds/business_lists.py`` (BENCHMARKS.md, "Businesses listed with one type word").

    >>> from thunder_deid.document import Document, Span
    >>> t = "엠피그룹은 남산역점, 석남역점 및 청라역점을 인수하였고, 양품점, 현대백화점, 경원치과, 신성한의원"
    >>> at = lambda w, n, label: Span(t.index(w), t.index(w) + n, label)
    >>> doc = Document("d", t, [at("남산역", 3, "지점"), at("양품점", 3, "지점"), at("경원", 2, "병·의원")])
    >>> [(t[s.start:s.end], s.label) for s in BusinessLists().find(doc)]
    [('석남역', '지점'), ('청라역', '지점')]
"""

from __future__ import annotations

import functools
import re

from thunder_deid.consistency import PARTICLES, Ranges, named_by_type
from thunder_deid.document import Document, Span
from thunder_deid.recognizers.base import Recognizer, register

_JOIN = re.compile(r"(?:, ?| 및 |[·ㆍ])")
_JOIN_BEFORE = re.compile(r"(?:, ?| 및 |[·ㆍ])$")
_WORD = re.compile(r"[0-9A-Za-z가-힣]+")
_NAME = re.compile(r"[A-Za-z가-힣][0-9A-Za-z가-힣]+")
# trades whose lists name the market's firms, the court keeping most (every card company the frame found on the
# training precedents, 8 of 8; public banks and newspapers beside a victim's on validation files)
_KEPT = frozenset({"은행업", "여신금융업", "증권업", "보험업", "언론관련산업"})
_LOOK = 40  # characters before an item searched for the join and the item before it


@functools.lru_cache(maxsize=None)
def listed_kind(label: str) -> bool:
    """Does a list lend ``label`` to its items: a business, a branch or a facility, not a public body?

    >>> [listed_kind(x) for x in ("지점", "병·의원", "사업체", "중앙행정·지방자치기관", "은행업", "인명")]
    [True, True, True, False, False, False]
    """
    from thunder_deid.taxonomy import load_taxonomy, split_label

    base = split_label(label)[0]
    if base in _KEPT:
        return False
    if base == "지점":
        return True
    if named_by_type(label) is None:
        return False
    return "공공기관" not in {n.name for n in load_taxonomy().ancestors(base)}


def _without_particles(word: str) -> str:
    for p in PARTICLES:
        if word.endswith(p) and len(word) - len(p) >= 2:
            return word[: -len(p)]
    return word


def _type_word(word: str, label: str) -> str | None:
    from thunder_deid.surrogates.engine import trailing_type_word  # the engine's and court style's one test

    return trailing_type_word(word, label, units=True)


def listed_businesses(doc: Document) -> list[Span]:
    """The spans of the items the tagger passed over in lists beside a business, branch or facility it read."""
    text = doc.text
    spans = sorted(doc.spans, key=lambda s: s.start)
    taken = Ranges((s.start, s.end) for s in spans)
    found: list[Span] = []
    for s in spans:
        if not listed_kind(s.label) or (s.start and _WORD.fullmatch(text[s.start - 1])):
            continue
        m = _WORD.match(text, s.start)
        if m is None:
            continue
        word = _without_particles(m.group())
        end = s.start + len(word)
        if s.end > end:
            continue
        # the type word: what the court keeps after the name (the span stops before it) or the span's own last word
        inside = s.end == end
        kind = _type_word(word, s.label)
        if kind is None or not (inside or text[s.end:end] == kind):
            continue

        def item(a: int, b: int) -> bool:
            w = text[a:b]
            if taken.overlaps(a, b) or _type_word(w, s.label) != kind or not _NAME.fullmatch(w[: -len(kind)]):
                return False
            span = Span(a, b if inside else b - len(kind), s.label, score=1.0)
            found.append(span)
            taken.add(span.start, span.end)
            return True

        pos = end  # after it
        while (j := _JOIN.match(text, pos)) and (m := _WORD.match(text, j.end())):
            b = j.end() + len(_without_particles(m.group()))
            if not item(j.end(), b) or b < m.end():  # a particle ends the list
                break
            pos = b
        pos = s.start  # before it
        while (j := _JOIN_BEFORE.search(text, max(0, pos - _LOOK), pos)) is not None:
            m = re.search(r"[0-9A-Za-z가-힣]+$", text[max(0, j.start() - _LOOK):j.start()])
            if m is None or not item(j.start() - len(m.group()), j.start()):
                break
            pos = j.start() - len(m.group())
    return sorted(found, key=lambda x: x.start)


@register
class BusinessLists(Recognizer):
    name = "business_lists"
    description = "a business of a list the tagger passed over, by the type word a read one keeps: 남산역점, 석남역점"
    priority = 65

    def find(self, doc: Document) -> list[Span]:
        return listed_businesses(doc)
