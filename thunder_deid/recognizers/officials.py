"""Names of officials acting in office: not personal data of the case (appendix A.2).

Judges in the footer (``대법관 김재형(재판장) 민유숙``), the presiding judge in running text (``(재판장 김철수
부장판사)``), prosecutors and counsel in the header (``검 사`` / ``변 호 인`` and the line after, ``(소송대리인
변호사 X)`` in a party line): a model ``인명`` span inside such a zone is removed by
:func:`thunder_deid.recognizers.apply_patterns`, unless a party is named there (``검사 및 피고인 김만수``).
"""

from __future__ import annotations

import re

from thunder_deid.document import Document, Span
from thunder_deid.recognizers.patterns import _ROLE, _spaced

# Titles of officials acting in office (A.2: their names are not personal data of the case).
_BENCH = "(?:" + "|".join(_spaced(w) for w in ("부장판사", "판사", "대법관", "재판장", "재판관", "사법보좌관")) + ")"
_COUNSEL = "(?:" + "|".join(_spaced(w) for w in ("소송대리인", "변호인", "변호사", "검사")) + ")"
_LINE_OK = 150      # header and footer lines are short and hold no sentence
# a line that is an official's title and names: 대법관 김재형(재판장) 민유숙 이동원(주심) / 변호인 변호사 X 외 2인
_OFFICIAL_LINE = re.compile(rf"^[ \t【\[]*(?:{_BENCH}|{_COUNSEL})[ \t】\]]*(?:[ \t:][^\n]*)?$", re.M)
# a header line that is the title alone (검 사 / 변 호 인): the names stand on the next line
_TITLE_ONLY = re.compile(rf"^[ \t【\[]*{_COUNSEL}[ \t】\]]*\n[ \t]*([^\n]+)$", re.M)
# counsel inside a party line: 원고, 피상고인 홍길동 (소송대리인 변호사 김철수)
_PARTY_COUNSEL = re.compile(rf"^[ \t【\[]*{_ROLE}[^\n]*?((?:{_spaced('소송대리인')}|{_spaced('변호인')}|(?:담당)?변호사)[^\n]*)$", re.M)
# the presiding judge named in running text: 제41민사부(재판장 김철수 부장판사), 재판장 판사 김철수
_PRESIDING = re.compile(r"재판장[ \t]+(?:(?:부장)?판사[ \t]+)?([가-힣]{2,4})(?![가-힣])")


def official_zones(text: str) -> list[tuple[int, int]]:
    r"""Character ranges that name officials acting in office: the footer's judges, the header's
    prosecutors and counsel, counsel in a party line, the presiding judge of a lower court.

        >>> text = "변 호 인\n변호사 김철수 외 1인\n\n대법관 이영희(재판장) 박민수"
        >>> [text[a:b] for a, b in official_zones(text)]
        ['변 호 인', '변호사 김철수 외 1인', '대법관 이영희(재판장) 박민수']
    """
    zones: list[tuple[int, int]] = []

    def add(a: int, b: int) -> None:
        if b - a <= _LINE_OK and "다." not in text[a:b]:
            zones.append((a, b))

    for m in _OFFICIAL_LINE.finditer(text):
        add(m.start(), m.end())
    for rx in (_TITLE_ONLY, _PARTY_COUNSEL, _PRESIDING):
        for m in rx.finditer(text):
            add(m.start(1), m.end(1))
    return sorted(set(zones))


# a party role, then maybe earlier names of the same list: 피고인 김정미, 이미진, [김영미]
_PARTY_BEFORE = re.compile(rf"{_ROLE}[ \t]*(?:[가-힣]{{2,4}}[ \t]*,[ \t]*)*$")


def is_official(text: str, span: Span, zones: list[tuple[int, int]]) -> bool:
    """Inside an official's line, and not a party named there (``검사 및 피고인 김만수``,
    ``변호사 X(피고인 김정미, 이미진을 위한)``)."""
    return (any(a <= span.start and span.end <= b for a, b in zones)
            and not _PARTY_BEFORE.search(text, max(0, span.start - 120), span.start))


# an official's title right before a name in running text: 변호인 윤경현의 상고이유, 검사 이정훈이 제출한
_TITLED = re.compile(rf"(?:{_BENCH}|{_COUNSEL})[ \t]+$")
_NAME_WORD = r"(?<![가-힣]){}"


def office_words(text: str, zones: list[tuple[int, int]]) -> frozenset[str]:
    """The Korean words of officials' lines and their beginnings (``윤경현`` of ``윤경현의``), once per document: a name
    outside them is no official's."""
    return frozenset(w[:k] for a, b in zones for w in re.findall(r"[가-힣]{2,}", text[a:b])
                     for k in range(2, min(len(w), 5) + 1))


def named_only_in_office(text: str, span: Span, zones: list[tuple[int, int]],
                         words: frozenset[str] | None = None) -> bool:
    r"""Is the span's name an official's (inside a zone) that the judgment writes nowhere but in an official's line
    or right after an official's title? Then its mention in the reasons (``1. 변호인 윤경현의 상고이유``) is the
    official acting in office too: masked there and left in the header, the name would be readable beside its
    mask. A name written once without a title (a party's) keeps every span. ``words``: :func:`office_words`.

        >>> t = "변 호 인\n변호사 윤경현\n\n이 유\n1. 변호인 윤경현의 상고이유, 피고인 김철수와 변호인 김철수"
        >>> zones = official_zones(t)
        >>> [named_only_in_office(t, Span(t.index(w, 14), t.index(w, 14) + 3, "인명"), zones) for w in ("윤경현", "김철수")]
        [True, False]
    """
    form = text[span.start:span.end]
    if len(form) < 2 or form not in (office_words(text, zones) if words is None else words):
        return False  # (a register's thousands of names skip the scan below: ``words`` computed once)
    in_zone = False
    for m in re.finditer(_NAME_WORD.format(re.escape(form)), text):
        if is_official(text, Span(m.start(), m.end(), span.label), zones):
            in_zone = True
        elif not _TITLED.search(text, max(0, m.start() - 12), m.start()):
            return False
    return in_zone


def without_officials(doc: Document, label: str = "인명") -> Document:
    """``doc`` without the ``label`` spans consistency added inside an official's zone, from the same name tagged
    in the body (``검사 이정훈(기소)`` had become ``검사 B``); a deny entry's or a recognizer's span there stays. The body's mention stays replaced:
    keeping it because the name stands in an official's line would unmask every mention of a party whose line
    the zone test misread.

        >>> t = "피고인은 검사 이정훈이 제출한 증거를 다투었다.\\n\\n검사 이정훈(기소)"
        >>> d = Document("d", t, [Span(8, 11, "인명"), Span(31, 34, "인명", extra={"propagated": True})])
        >>> [t[s.start:s.end] for s in without_officials(d).spans]
        ['이정훈']
    """
    zones = official_zones(doc.text)
    if not zones:
        return doc
    kept = [s for s in doc.spans if not (s.label == label and s.extra.get("propagated") and not s.extra.get("deny")
                                         and is_official(doc.text, s, zones))]
    return doc if len(kept) == len(doc.spans) else doc.with_spans(kept)
