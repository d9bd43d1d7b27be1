"""A company's name between a role word and its legal form is found where the tagger found nothing."""

from __future__ import annotations

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.policy import Policy
from thunder_deid.recognizers import apply_patterns
from thunder_deid.recognizers.legal_forms import bare_form_names, legal_form_names


def _found(text: str, spans: list[Span] | None = None, finder=legal_form_names) -> list[tuple[str, str]]:
    return [(text[s.start:s.end], s.label) for s in finder(Document("d", text, spans or []))]


def test_a_company_the_tagger_missed_is_masked_everywhere_in_court_style():
    # the tagger's spans here: none (a name it never saw); the frame finds it, consistency does the rest
    text = ("피고인은 공소외 그린팜 회사로부터 1억 원을 빌렸다. 피고인은 공소외 그린팜 회사의 대표이사에게 "
            "변제를 약속하였으나, 그린팜 회사에 돈을 갚지 않았다.")
    out, _ = Policy().redact(apply_patterns(Document("d", text, [])), "court", seed=1)
    assert "그린팜" not in out
    assert out.count("공소외 A 회사") == 2 and "A 회사에" in out


def test_a_bank_is_written_as_a_symbol_and_its_particle_repaired():
    text = "피해자 공소외 국민 은행으로부터 대출을 받았다."
    assert _found(text) == [("국민", "은행업")]
    out, _ = Policy().redact(apply_patterns(Document("d", text, [])), "court", seed=1)
    assert out == "피해자 공소외 ○○ 은행으로부터 대출을 받았다."


@pytest.mark.parametrize("text, expected", [
    ("공소외 중도 주식회사의 주식", [("중도", "사업체")]),          # ends like a particle (도), still a name
    ("피고 엔에이치엔 주식회사와 피고 구글코리아 유한회사", [("엔에이치엔", "사업체"), ("구글코리아", "사업체")]),
    ("소외 동부증권 주식회사의 펀드매니저", [("동부증권", "사업체")]),
    ("피해자 한솔 증권에 개설한 계좌", [("한솔", "증권업")]),
    ("공소외 국한 법무법인 사무실에서", [("국한", "변호사업")]),
    ("피고인 명의의 은행 계좌", []),        # a relation word with its particle
    ("피해자 소속 회사의 대표", []),
    ("피고인 등이 회사를 운영", []),        # 등 + 이
    ("공소외 1 주식회사", []),              # the court's own number
    ("피고인 김철수 회사원", []),            # 회사원 is no legal form
    ("피고 대한증권이 증권거래법 제14조", []),  # 증권거래법 is a law
    ("원고 공동소송참가인 은행", []),
])
def test_what_the_frame_takes_for_a_name(text, expected):
    assert _found(text) == expected


def test_a_tagger_span_touching_the_frame_wins():
    text = "공소외 대진 주식회사에 하도급을 주었다"
    assert _found(text, [Span(4, 6, "건설시공업")]) == []
    assert _found(text, [Span(4, 12, "사업체")]) == []
    out = apply_patterns(Document("d", text, [Span(4, 6, "건설시공업")]))
    assert [(text[s.start:s.end], s.label) for s in out.spans] == [("대진", "건설시공업")]


def test_a_company_named_twice_without_a_role_word_is_masked_everywhere_in_court_style():
    # a judgment's text from the validation realisations' frame: no role word before the name, no tagger span
    text = ("그 후 중한 회사가 식당을 인도받았고, 중한 회사의 청구를 받아들였다. 피고인은 중한 명의로 서적을 "
            "발행하였다.")
    out, _ = Policy().redact(apply_patterns(Document("d", text, [])), "court", seed=1)
    assert "중한" not in out
    assert out == "그 후 A 회사가 식당을 인도받았고, A 회사의 청구를 받아들였다. 피고인은 A 명의로 서적을 발행하였다."


@pytest.mark.parametrize("text, expected", [
    ("이노플러스 회사를 운영하고, 이노플러스 주식회사의 주식", [("이노플러스", "사업체"), ("이노플러스", "사업체")]),
    ("광주 은행이 대출하고 광주 은행에 갚았다", [("광주", "은행업"), ("광주", "은행업")]),
    ("이노플러스 회사를 운영하였다", []),                       # once: the document does not name it so
    ("특정 회사에, 특정 회사의", []),                             # a word that says which company
    ("비상장 회사와 비상장 회사의", []),
    ("유명 회사에 다니다가 유명 회사를, 벤처 회사와 벤처 회사", []),  # words that say what a company is like
    ("보험 회사에 보험 회사가", []),                               # a type word: the kind of company
    ("의료기기 회사에 의료기기 회사와", []),
    ("함으로써 회사에, 함으로써 회사의", []),                     # verbs and adverbs
    ("않도록 회사의, 않도록 회사의, 거쳐 회사에, 거쳐 회사에", []),
    ("피고인이 회사를, 피고인이 회사에", []),                     # a noun with its particle
    ("광고한 회사에, 광고한 회사의, 채권자인 회사, 채권자인 회사", []),  # adnominal 한, copula 인 (three syllables)
    ("상법상 회사의 상법상 회사", []),                             # derived modifiers
    ("공소외 1 회사의 공소외 1 회사", []),                         # the court's number
    ("인터플러스그룹 회장, 인터플러스그룹의 계열사", [("인터플러스", "사업체"), ("인터플러스", "사업체")]),  # a group
    ("인터플러스 그룹 회장, 인터플러스그룹 계열사", [("인터플러스", "사업체"), ("인터플러스", "사업체")]),
    ("인터플러스그룹 회장", []),
    ("재벌그룹 총수와 재벌그룹 계열사", []),
    ("상품그룹, 상품그룹", []),
    ("인터플러스그룹장과 인터플러스그룹사", []),                   # 그룹장, 그룹사: other words
])
def test_what_the_bare_frame_takes_for_a_name(text, expected):
    assert _found(text, finder=bare_form_names) == expected


def test_a_tagger_span_touching_the_bare_frame_wins():
    text = "신국제약 주식회사에 납품하고 신국제약 주식회사로부터 받았다"
    assert _found(text, [Span(0, 2, "의약품제조업")], bare_form_names) == [("신국제약", "사업체")]  # only the mention it did not read
    # the tagger read the whole name once: consistency repeats its span, with its finer label
    doc = apply_patterns(Document("d", text, [Span(0, 4, "의약품제조업")]))
    assert [(text[s.start:s.end], s.label) for s in doc.spans] == [("신국제약", "의약품제조업")]
    assert Policy().redact(doc, "court", seed=1)[0] == "A제약 주식회사에 납품하고 A제약 주식회사로부터 받았다"


def test_a_group_named_twice_keeps_its_word_in_court_style():
    text = "피고인은 인터플러스그룹 회장으로서 인터플러스그룹 계열사의 자금을, 기업집단 ‘인터플러스’의 이름으로 썼다."
    out, _ = Policy().redact(apply_patterns(Document("d", text, [])), "court", seed=1)
    assert out == "피고인은 A그룹 회장으로서 A그룹 계열사의 자금을, 기업집단 ‘A’의 이름으로 썼다."
