"""Names in a table's person column: a crime list's ``피해자`` column, a register's ``성명`` column.

A judgment's attached list (별지 범죄일람표) or a user's register holds one name per row, with no sentence around
it; the tagger reads each cell on its own and misses one now and then (``장우진`` in the eighth row of a list whose
other seven names it found). Where the header of a tab- or ``|``-separated table names a column after people
(``피해자``, ``성명``, or a header holding one of them and no other field's word: ``피해자(예금주)``, not ``피해자
주소``), every cell of that column that is a Korean name (a known surname, two to four syllables) or a masked one
(``김○○``) is a person's name. So is every such cell of a column whose header says nothing (or is missing) where the
tagger itself read at least two of the column's name-shaped cells, and at least half, as persons' names.

    >>> t = "순번\\t일시\\t피해자\\t금액\\n1\\t2024. 4. 2.\\t김서윤\\t100만 원\\n2\\t2024. 4. 9.\\t장우진\\t200만 원\\n3\\t-\\t미상\\t-"
    >>> [t[s.start:s.end] for s in table_names(t)]
    ['김서윤', '장우진']
    >>> t = "| 성명 | 주소 |\\n|---|---|\\n| 이도현 | 서울 |"
    >>> [t[s.start:s.end] for s in table_names(t)]
    ['이도현']
    >>> t = "번호\\t예금주(피해자)\\t피해자 주소\\n1\\t김서윤\\t서초\\n2\\t이도현\\t송파"
    >>> [t[s.start:s.end] for s in table_names(t)]
    ['김서윤', '이도현']
    >>> t = "1\\t김서윤\\t100\\n2\\t장우진\\t200\\n3\\t이도현\\t300"
    >>> model = [Span(t.index(n), t.index(n) + 3, "인명") for n in ("김서윤", "이도현")]
    >>> [t[s.start:s.end] for s in table_names(t)], [t[s.start:s.end] for s in table_names(t, model)]
    ([], ['김서윤', '장우진', '이도현'])
"""

from __future__ import annotations

import re
from typing import Sequence

from thunder_deid.document import Document, Span
from thunder_deid.recognizers.base import Recognizer, register
from thunder_deid.recognizers.words import FIELD_WORDS, PERSON_WORDS

# column headers that name people (spaces inside a header cell are ignored: 피 해 자, 피해자 성명)
PERSON_COLUMNS = frozenset("""
    피해자 피해자명 피해자성명 성명 이름 피고인 피고인명 피의자 고소인 피고소인 예금주 명의자 명의인 수취인 송금인 입금자
    입금자명 가입자 대표자 수령인 구매자 판매자 매수인 매도인 임차인 임대인 채무자 채권자 증인 운전자 근로자 직원
    차용인 대여자 보증인 참고인""".split())
# a header cell that holds a person word and one of these is another field of that person (피해자 주소, 성명 연락처)
OTHER_FIELDS = tuple("""
    주소 연락처 전화 휴대 계좌 번호 주민 생년 나이 연령 직업 금액 일시 날짜 장소 은행 관계 성별 국적 소속 직위 직책 회사
    상호 비고 인원 수량 금원 내용 방법 명목 기간""".split())
_NAME = re.compile(r"[가-힣]{2,4}|[가-힣][○●○◯*Ｏ0OX]{1,3}")
_SEPARATORS = ("\t", "|")


def _cells(line: str, sep: str) -> list[tuple[int, int]]:
    """(start, end) of each cell's text in ``line``, edge spaces left out; a ``|`` table's outer bars open no cell."""
    out, a = [], 0
    for piece in line.split(sep):
        lead = len(piece) - len(piece.lstrip())
        out.append((a + lead, a + max(lead, len(piece.rstrip()))))
        a += len(piece) + 1
    if sep == "|" and line.strip().startswith("|"):
        out = out[1:]
    if sep == "|" and line.strip().endswith("|"):
        out = out[:-1]
    return out


def _is_name(cell: str) -> bool:
    from thunder_deid.recognizers.patterns import is_common_surname

    if not _NAME.fullmatch(cell) or cell in PERSON_WORDS or cell in FIELD_WORDS or cell in PERSON_COLUMNS:
        return False
    return is_common_surname(cell[:2]) or is_common_surname(cell[0])


def person_header(cell: str) -> bool:
    """A column header naming people: ``피해자``, ``피 해 자``, ``예금주(피해자)``; not ``피해자 주소``.

    >>> [person_header(c) for c in ("성 명", "피해자(예금주)", "송금인 이름", "피해자 계좌번호", "일시")]
    [True, True, True, False, False]
    """
    cell = re.sub(r"\s", "", cell)
    if cell in PERSON_COLUMNS:
        return True
    return any(w in cell for w in PERSON_COLUMNS) and not any(w in cell for w in OTHER_FIELDS)


def table_names(text: str, spans: Sequence[Span] = ()) -> list[Span]:
    """``인명`` spans for the name cells under a person-column header, and under any header (or none) where
    ``spans`` (the tagger's) read the column as names, in tab- or ``|``-separated rows; a table ends at a line of
    another cell count or without the separator."""
    named = {(s.start, s.end) for s in spans if s.label == "인명"}
    out: list[Span] = []
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append((pos, line))
        pos += len(line) + 1
    i = 0
    while i < len(lines):
        start, line = lines[i]
        sep = next((s for s in _SEPARATORS if s in line), None)
        if sep is None:
            i += 1
            continue
        header = _cells(line, sep)
        cols = {k for k, (a, b) in enumerate(header) if person_header(line[a:b])}
        # the rows of the table, the header line too (a table may have none): (start, line, cells)
        rows = [(start, line, header)]
        i += 1
        while i < len(lines):
            start, line = lines[i]
            cells = _cells(line, sep) if sep in line else []
            if len(cells) != len(header):
                break
            rows.append((start, line, cells))
            i += 1
        for k in range(len(header)):
            shaped = [(start + a, start + b) for start, line, cells in rows[1 if k in cols else 0:]
                      for a, b in [cells[k]] if _is_name(line[a:b])]
            read = sum(1 for x in shaped if x in named)
            if k in cols or (read >= 2 and 2 * read >= len(shaped)):
                out += [Span(a, b, "인명", score=1.0) for a, b in shaped]
    return out


@register
class TableNames(Recognizer):
    name = "table_names"
    description = "Korean names in a table's person column (피해자, 성명 …, or one the tagger read as names)"
    priority = 20

    def find(self, doc: Document) -> list[Span]:
        return table_names(doc.text, doc.spans)
