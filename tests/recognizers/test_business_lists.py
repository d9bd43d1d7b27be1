"""A business, a branch or a clinic the tagger passed over in a list is masked when a read one shares its type word."""

from __future__ import annotations

from thunder_deid.document import Document, Span
from thunder_deid.policy import Policy
from thunder_deid.recognizers import apply_patterns
from thunder_deid.recognizers.business_lists import listed_businesses


def _at(text: str, word: str, n: int, label: str) -> Span:
    return Span(text.index(word), text.index(word) + n, label)


def _found(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    return [(text[s.start:s.end], s.label) for s in listed_businesses(Document("d", text, spans))]


def test_branches_on_both_sides_of_the_read_one_get_its_symbol_style():
    text = "엠피그룹은 석남역점, 남산역점 및 청라역점을 직영점으로 인수하였다."
    doc = apply_patterns(Document("d", text, [_at(text, "남산역", 3, "지점")]))
    out, _ = Policy().redact(doc, "court", seed=1)
    assert out == "엠피그룹은 ○○점, △△점 및 □□점을 직영점으로 인수하였다."


def test_a_read_span_holding_its_type_word_lends_whole_words():
    text = "공소외 도경자로 하여금 화진상사, 동일상사, 국일상사라는 업체를"
    assert _found(text, [_at(text, "화진상사", 4, "사업체")]) == [("동일상사", "사업체"), ("국일상사", "사업체")]


def test_the_item_must_end_in_the_same_type_word_as_its_own():
    # 현대백화점 ends in 백화점, not in the 점 of 양품점; a clinic's 한의원 is not a dentist's 치과
    text = "양품점, 현대백화점, 경원치과, 신성한의원"
    assert _found(text, [_at(text, "양품점", 3, "지점"), _at(text, "경원", 2, "병·의원")]) == []


def test_public_bodies_and_the_market_s_banks_and_papers_lend_nothing():
    text = "서울지방검찰청, 수원지방검찰청, 농협, 한국산업은행, 국민은행, 한겨레신문, 조선일보"
    spans = [_at(text, "서울지방", 4, "치안및교정기관"), _at(text, "국민", 2, "은행업"),
             _at(text, "한겨레", 3, "언론관련산업")]
    assert _found(text, spans) == []


def test_a_particle_or_a_word_that_is_no_item_ends_the_list():
    text = "남산역점을, 석남역점과 구로역점을 인수하였고, 청라역점"
    assert _found(text, [_at(text, "남산역", 3, "지점")]) == []
    text = "남산역점, 석남역점을 비롯하여, 청라역점"
    assert _found(text, [_at(text, "남산역", 3, "지점")]) == [("석남역", "지점")]


def test_a_word_on_the_tagger_s_spans_is_left_to_it():
    text = "남산역점, 석남역점, 청라역점"
    spans = [_at(text, "남산역", 3, "지점"), _at(text, "석남역점", 4, "사업체")]
    # the tagger read 석남역점 as something else: the list stops there, its label stands
    assert _found(text, spans) == []
