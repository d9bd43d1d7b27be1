"""A business the tagger typed only as a business (``사업체``) gets the industry its judgment states, by the same
reviewed rules that typed the training data (:mod:`thunder_deid.corpus.context`): ``운송업체인 주식회사 스마트``
is a carrier, as an annotator would type it (paper A.2, issue 16 item 3).

The rules were written for annotated text, where a mention is a placeholder (``공소외 1``, ``B``). On text the
mentions are names, and a name may hold a cue word of its own (``스마트`` holds ``마트``, which would make every
``스마트`` a retailer), so the rules read the document with every predicted span's characters masked: each
distinct form one private-use character, so the occurrences of one mention still find one another::

    >>> from thunder_deid.corpus.context import context_refiner
    >>> from thunder_deid.document import Span
    >>> t = "운송업체인 주식회사 스마트의 대표는 스마트의 차량으로"
    >>> [s.label for s in types_from_context([Span(11, 14, "사업체"), Span(20, 23, "사업체")], t)]
    ['화물운송·물류업', '화물운송·물류업']
    >>> t, sp = "공소외 스마트 주식회사의 사무실에서", [Span(4, 7, "사업체")]
    >>> [s.label for s in types_from_context(sp, t)], context_refiner().refine(Document("d", t, sp))[0].spans[0].label
    (['사업체'], '종합물품판매업')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Sequence

from thunder_deid.document import Document, Span
from thunder_deid.model.decode import BUSINESS
from thunder_deid.taxonomy import Taxonomy

_PRIVATE = 0xE000  # Unicode's private-use area: no rule, letter class or word list holds these characters
_PRIVATE_SIZE = 0x1900


def masked(text: str, spans: Sequence[Span]) -> str:
    """``text`` with each span's characters (not its spaces) one private-use character per distinct form.

        >>> masked("김민준과 김민준, 한빛", [Span(0, 3, "인명"), Span(5, 8, "인명"), Span(10, 12, "사업체")]) == "\\ue000" * 3 + "과 " + "\\ue000" * 3 + ", " + "\\ue001" * 2
        True
    """
    chars = list(text)
    code: dict[str, str] = {}
    for s in spans:
        c = code.setdefault(text[s.start:s.end], chr(_PRIVATE + len(code) % _PRIVATE_SIZE))
        for i in range(s.start, s.end):
            if not text[i].isspace():
                chars[i] = c
    return "".join(chars)


def types_from_context(spans: Sequence[Span], text: str) -> list[Span]:
    """``spans`` with each coarse business span (a label the rules refine) typed from the words around its
    mentions; the rest as they are."""
    from thunder_deid.corpus.context import context_refiner

    refiner = context_refiner()
    if not any(s.label in refiner.refine_roots for s in spans):
        return list(spans)
    view = masked(text, spans)
    spans = industries_named_after(spans, view, refiner.tax)
    new, n = refiner.refine(Document("", view, list(spans)))
    if not n:
        return list(spans)
    return [s if r.label == s.label else replace(s, label=r.label) for s, r in zip(spans, new.spans)]


def industries_named_after(spans: Sequence[Span], text: str, tax: Taxonomy) -> list[Span]:
    """Business spans (``사업체``) of a form the word right after names the industry of (``공소외 늘푸른
    제약회사``: a drug maker; :func:`thunder_deid.corpus.placeholders.institution_after`, the cue that typed the
    precedents' businesses) take that industry, at every occurrence of the form where two thirds of its cued
    occurrences agree, as the placeholder annotator propagates a cue over one placeholder's mentions. A legal
    form (``주식회사``, ``회사``) names no industry: it casts no vote.

        >>> from thunder_deid.taxonomy import load_taxonomy
        >>> t = "공소외 늘푸른 제약회사의 대표, 늘푸른 주식회사의 주식, 공소외 한빛 회사"
        >>> sp = [Span(t.index(w, k), t.index(w, k) + len(w), "사업체") for w, k in (("늘푸른", 0), ("늘푸른", 9), ("한빛", 0))]
        >>> [s.label for s in industries_named_after(sp, t, load_taxonomy())]
        ['의약품제조업', '의약품제조업', '사업체']
    """
    from thunder_deid.corpus.placeholders import institution_after

    cued: dict[str, Counter] = {}
    for s in spans:
        if s.label == BUSINESS and (lab := institution_after(text, s.end)) not in (None, BUSINESS) \
                and tax.is_descendant(lab, BUSINESS):
            cued.setdefault(text[s.start:s.end], Counter())[lab] += 1
    if not cued:
        return list(spans)
    out = []
    for s in spans:
        votes = cued.get(text[s.start:s.end]) if s.label == BUSINESS else None
        if votes:
            best, n = votes.most_common(1)[0]
            if 3 * n >= 2 * sum(votes.values()):
                s = replace(s, label=best)
        out.append(s)
    return out
