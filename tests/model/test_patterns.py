"""Fixed-form identifiers (resident registration numbers, phone numbers, e-mail) merged over model spans."""

from __future__ import annotations

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.model.patterns import apply_patterns, find_patterns


@pytest.mark.parametrize("text, found", [
    # resident registration numbers, plain and masked
    ("그 피고인 박도윤 (900315-1234567), 회사원", [("주민등록번호", "900315-1234567")]),
    ("피고인 (9X0315-1XXXXXX)", [("주민등록번호", "9X0315-1XXXXXX")]),
    ("주민등록번호 870923-2******", [("주민등록번호", "870923-2******")]),
    ("외국인등록번호 950101-5123456", [("주민등록번호", "950101-5123456")]),
    ("901301-1234567", []),                          # month 13
    ("900345-1234567", []),                          # day 45
    ("XXXXXX-1XXXXXX", []),                          # nothing left to check
    ("900315-9234567", []),                          # no such sex/century digit
    ("계좌 1900315-1234567", []),                     # longer group: not this form
    ("900315-12345678", []),
    # phone numbers
    ("휴대전화(010-4821-7736)로", [("전화번호", "010-4821-7736")]),
    ("사무실 02-123-4567, 팩스 051-272-5769", [("전화번호", "02-123-4567"), ("전화번호", "051-272-5769")]),
    ("070-1234-5678", [("전화번호", "070-1234-5678")]),
    ("302-1188-4471-09", []),                        # an account number
    ("010-4821-77361", []),
    ("2024-1234-5678", []),
    ("1588-1234", []),                               # a company's service number, not a person's
    # e-mail
    ("메일(kim.minjun@example.co.kr)로", [("이메일주소", "kim.minjun@example.co.kr")]),
    ("@example.com", []),
    ("kim@localhost", []),
    # party names in judgment header lines
    ("피 고 인 박도윤 (9X0315-1XXXXXX), 회사원",
     [("인명", "박도윤"), ("주민등록번호", "9X0315-1XXXXXX")]),
    ("【피고인】 박도윤\n【변호인】 변호사 최민호", [("인명", "박도윤")]),   # counsel acting in office: not masked (A.2)
    ("원고, 피상고인 김하늘\n피고, 상고인 주식회사 한빛", [("인명", "김하늘")]),
    ("피고인 최형준 외 6인", [("인명", "최형준")]),
    ("원 고 남궁민수", [("인명", "남궁민수")]),                          # two-syllable surname
    ("채무자 이서연(주소 생략)", [("인명", "이서연")]),
    ("피 고 인\n피고인\n\n상 고 인\n검사", []),                        # law.go.kr: the role word stands for the name
    ("피고 대한민국", []),
    ("피고인 김민준은 하나은행에", []),                                  # a sentence, not a header line
    ("이 사건 피고인 김민준", []),                                       # the role must open the line
    ("피고인 어머니", []),                                               # no Korean surname 어
])
def test_find_patterns(text, found):
    assert [(s.label, text[s.start:s.end]) for s in find_patterns(text)] == found


def test_a_match_replaces_the_model_spans_it_overlaps():
    text = "위 피고인 김민준(9X0315-1XXXXXX), 전화 010-4821-7736, 하나은행"
    model = [Span(6, 9, "인명", score=0.9), Span(10, 11, "차량번호", score=0.4), Span(11, 18, "계좌번호", score=0.5),
             Span(29, 42, "계좌번호", score=0.8), Span(45, 49, "은행업", score=0.9)]
    out = apply_patterns(Document("d", text, model))
    assert [(s.label, text[s.start:s.end], s.score) for s in out.spans] == [
        ("인명", "김민준", 0.9), ("주민등록번호", "9X0315-1XXXXXX", 1.0), ("전화번호", "010-4821-7736", 1.0),
        ("은행업", "하나은행", 0.9)]


def test_labels_follow_the_model_target_level():
    doc = apply_patterns(Document("d", "010-4821-7736", []), level="mid")
    assert [s.label for s in doc.spans] == ["인적번호"]


def test_no_match_returns_the_document_unchanged():
    doc = Document("d", "피고인은 2024. 3. 5. 송금하였다.", [Span(0, 3, "인명")])
    assert apply_patterns(doc) is doc
