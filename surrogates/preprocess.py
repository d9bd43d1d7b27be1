"""Annotation-boundary repair and label normalisation before replacement (appendix F, stage i).

    >>> from thunder_deid.document import Span
    >>> text = "피해자 'C' 식당에서 B가 왔다"
    >>> repair(text, Span(4, 7, "식당"))          # quotes inside the span move outside it
    (5, 6)
    >>> repair(text, Span(14, 16, "인명"))        # a swallowed particle after a placeholder
    (14, 15)
    >>> repair("E은행계좌로", Span(0, 5, "은행업"))   # a swallowed common noun
    (0, 3)
    >>> repair("  ", Span(0, 2, "인명")) is None
    True
"""

from __future__ import annotations

import functools
import re

from thunder_deid.corpus.placeholders import placeholder_marks
from thunder_deid.document import Span
from thunder_deid.taxonomy import Taxonomy, load_taxonomy, split_label

from thunder_deid.taxonomy.normalize import normalize_label

TRAILING_NOUNS = ("예금계좌", "계좌", "통장", "명의")
QUOTES = "'\"‘’“”`「」『』"


@functools.lru_cache(maxsize=1)
def _placeholder_res() -> tuple[re.Pattern, re.Pattern]:
    """The placeholder test and the placeholder-then-particle split, built on first use: the court's marks for a
    deleted name are the placeholder annotator's, which made the precedents' gold spans (`symbols`, `hanja_letters`
    of thunder_deid/corpus/data/placeholder_rules.yaml; one list, so the realiser never takes a placeholder the
    annotator found, ★★★ or 甲, for a name), and parsing that file need not weigh on every import."""
    symbols, hanja = placeholder_marks()
    marks = "[" + re.escape(symbols) + "◯]"
    one = rf"(?:[A-Z]{{1,3}}|{marks}+|[{hanja}]\d?|\d{{1,3}})"
    # a placeholder: a letter code, a run of the court's symbols, a Hanja letter, a bare small number, or
    # "(계좌번호 1 생략)"-style text
    return (re.compile(rf"^{one}$|생략|^{marks}+"),
            re.compile(rf"^({one})(이|가|은|는|을|를|과|와|의|에게|에서|에|로|으로|도|만)$"))


def is_placeholder(mention: str) -> bool:
    """Is ``mention`` a court placeholder rather than a name?

    >>> [is_placeholder(m) for m in ("B", "○○", "★★★", "▲▲▲", "甲", "(주소 생략)", "12", "삼우", "甲乙건설")]
    [True, True, True, True, True, True, True, False, False]
    """
    return bool(_placeholder_res()[0].search(mention.strip(QUOTES + " ")))


def repair(text: str, span: Span) -> tuple[int, int] | None:
    """Shrink a span past surrounding whitespace, quotes, balanced parentheses and a swallowed particle.

    Returns the repaired ``(start, end)``, or None when nothing is left.
    """
    s, e = span.start, span.end
    changed = True
    while changed and s < e:
        changed = False
        while s < e and (text[s].isspace() or text[s] in QUOTES):
            s, changed = s + 1, True
        while e > s and (text[e - 1].isspace() or text[e - 1] in QUOTES):
            e, changed = e - 1, True
        if e - s >= 2 and text[s] == "(" and text[e - 1] == ")" and text[s + 1 : e - 1].count("(") == text[s + 1 : e - 1].count(")"):
            s, e, changed = s + 1, e - 1, True
    if s >= e:
        return None
    m = _placeholder_res()[1].match(text[s:e])
    if m:
        e = s + len(m.group(1))
    # a common noun swallowed at the end ("서수원새마을금고계좌"): the account is not the bank's name
    if not span.label.startswith("계좌번호"):
        for noun in TRAILING_NOUNS:
            if text.endswith(noun, s, e) and e - s > len(noun) + 1:
                e -= len(noun)
                while e > s and text[e - 1].isspace():
                    e -= 1
                break
    return s, e


@functools.lru_cache(maxsize=65536)
def _normalized(label: str) -> str:
    return normalize_label(label)


def normalize(label: str, sub: str | None, taxonomy: Taxonomy | None = None) -> tuple[str, str | None]:
    """``(label, sub)`` with the label a taxonomy node, by the taxonomy's normalisation rules.

    ``식당:한식당`` splits; an old-scheme label (``구아래주소``) becomes its node with the old label as the sub,
    which is what steers the surrogate. Unknown or dropped labels raise :class:`LabelError`.

    >>> normalize("구아래주소", None), normalize("식당:한식당", None), normalize("인명", "내국인이름")
    (('주소', '구아래주소'), ('식당', '한식당'), ('인명', '내국인이름'))
    """
    tax = taxonomy or load_taxonomy()
    base, inline_sub = split_label(label)
    sub = sub or inline_sub
    if base in tax:
        return tax[base].name, sub
    nb, ns = split_label(_normalized(label))
    return nb, sub or ns or base
