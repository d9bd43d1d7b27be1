"""Document consistency: every word occurrence of a detected form is replaced; never inside a longer word."""

from __future__ import annotations

import pytest

from thunder_deid.consistency import occurrences, particle_follows, propagate
from thunder_deid.errors import ConfigError
from thunder_deid.document import Document, Span
from thunder_deid.operators import render
from thunder_deid.policy import Policy


def test_particles_and_word_boundaries():
    text = "전문수는 전문수에게 전문수로부터 (전문수) 전문수, 전문수사 김전문수 전문수의"
    hits = [(text[a:b], text[b:b + 2]) for a, b in occurrences(text, "전문수")]
    assert [h[1] for h in hits] == ["는 ", "에게", "로부", ") ", ", ", "의"] and {h[0] for h in hits} == {"전문수"}
    assert not particle_follows("사를 맡겼다") and particle_follows("이라는 사람")


def test_propagated_spans_take_the_majority_label_and_leave_detected_spans():
    text = "삼우 주식회사의 대표 삼우는 삼우를 떠났다"
    doc = Document("d", text, [Span(0, 2, "사업체", score=0.9), Span(16, 18, "사업체", score=0.7), Span(12, 14, "인명", score=0.6)])
    out = propagate(doc)
    assert [(s.start, s.label) for s in out.spans] == [(0, "사업체"), (12, "인명"), (16, "사업체")]  # nothing left
    doc = Document("d", text, [Span(0, 2, "사업체", score=0.9)])
    out = propagate(doc)
    assert [(s.start, s.label, s.score) for s in out.spans] == [(0, "사업체", 0.9), (12, "사업체", 0.9), (16, "사업체", 0.9)]


def test_longer_forms_first_and_allow_list():
    text = "김민준과 민준은 김민준을 보았다"
    out = propagate(Document("d", text, [Span(0, 3, "인명"), Span(5, 7, "인명")]))
    assert [text[s.start:s.end] for s in out.spans] == ["김민준", "민준", "김민준"]
    assert propagate(Document("d", text, [Span(0, 3, "인명")]), allow=["김민준"]).spans == [Span(0, 3, "인명")]


def test_a_business_named_once_stands_before_its_type_word():
    # the court writes A그룹 and ○○은행 there: the company masked in one sentence must not be named in the next
    text = "공소외 라이포스에 입사한 뒤 라이포스그룹의 회장과 국민 은행에 갔다. 라이포스텔레콤, 라이포스터, 김민준병원, 김민준"
    doc = Document("d", text, [Span(4, 8, "사업체", score=0.9), Span(text.index("국민"), text.index("국민") + 2, "은행업"),
                               Span(text.rindex("김민준"), len(text), "인명")])
    out = propagate(doc)
    assert [text[s.start:s.end + 2] for s in out.spans] == ["라이포스에 ", "라이포스그룹", "국민 은", "라이포스텔레", "김민준"]
    court = render(out, "court")
    assert court.count("라이포스") == 1 and "라이포스터" in court and "김민준병원" in court  # not a type word, a person


def test_no_leak_after_court_with_consistency():
    text = "피고인 전문수는 웹하드 해피 사이트에 올렸고, 전문수와 해피 사이트 운영자는 전문수에게 연락하였다."
    doc = Document("d", text, [Span(4, 7, "인명"), Span(13, 15, "기타사이트")])
    out = render(propagate(doc), "court")
    assert "전문수" not in out and "해피" not in out


def test_a_number_of_two_digits_is_never_spread_into_dates():
    """The tagger read ``12`` of ``압수목록 12번`` as an exit's number; spread, it had masked the month of every date
    (``2014. (출구번호 생략). 23.``). A longer number is still spread."""
    text = "압수목록 12번 사본, 2014. 12. 23.자 계좌 1234, 2015. 12. 1. 계좌 1234"
    doc = Document("d", text, [Span(5, 7, "출구번호", score=0.6), Span(text.index("1234"), text.index("1234") + 4, "계좌번호")])
    assert [text[s.start:s.end] for s in propagate(doc).spans] == ["12", "1234", "1234"]
    out, _ = Policy().redact(doc, "court", seed=1)
    assert out == "압수목록 (출구번호 생략)번 사본, 2014. 12. 23.자 계좌 (계좌번호 생략), 2015. 12. 1. 계좌 (계좌번호 생략)"


def test_a_partial_detection_gives_way_to_the_whole_form():
    # the model tagged 장나 of 장나라는 (its tokens split 장나 / 라는): 라 stayed readable, and surrogate mode gave the
    # second mention another pseudonym
    text = "피해자 장나라에게 전화하였다.\n피해자 장나라는 하나은행 계좌로 송금하였다."
    doc = Document("d", text, [Span(4, 7, "인명"), Span(21, 23, "인명")])
    out = propagate(doc)
    assert [(text[s.start:s.end], s.extra.get("propagated")) for s in out.spans] == [("장나라", None), ("장나라", True)]
    assert "라는" not in render(out, "court") and render(out, "court").count("A") == 2
    # a longer reading of the model is kept, and so is an exact one
    doc = Document("d", "장나라 장나라는", [Span(0, 3, "인명"), Span(4, 8, "인명")])
    assert propagate(doc).spans == doc.spans


def test_whole_forms_widens_only_where_something_was_detected():
    from thunder_deid.consistency import one_label, whole_forms

    text = "장나라는 장나라에게, 장나라를, 김장나라는"
    doc = [Span(0, 3, "인명", score=0.9), Span(5, 7, "인명", score=0.5), Span(text.index("김장"), text.index("김장") + 2, "사업체", score=0.2)]
    out = whole_forms(doc, text)
    # 장나 -> 장나라 with the form's label and best score; the unseen third mention and 김장나라 get nothing;
    # the second detection (a 사업체 piece 김장 of 김장나라) is not inside a word occurrence of 장나라
    assert [(text[s.start:s.end], s.label, s.score) for s in out] == [("장나라", "인명", 0.9), ("장나라", "인명", 0.9),
                                                                      ("김장", "사업체", 0.2)]
    assert [s.label for s in one_label([Span(0, 3, "인명", score=0.4), Span(5, 8, "사업체", score=0.9)], text)] \
        == ["사업체", "사업체"]


def test_a_register_of_many_parties_finds_what_a_search_per_name_finds():
    """With many forms (a list of plaintiffs) occurrences come from one index of the text; they must be
    exactly those a search of the whole text per form finds, forms of two, three and more characters,
    overlapping candidates and forms inside longer words included."""
    import random

    from thunder_deid.consistency import starts_of

    rnd = random.Random(5)
    syl = "김이박민준서연지호수"
    forms = sorted({"".join(rnd.choice(syl) for _ in range(rnd.choice((2, 3, 3, 4)))) for _ in range(300)})
    text = " ".join(rnd.choice(forms) + rnd.choice(("은", "에게", "", "사", "의")) for _ in range(3000))
    find = starts_of(text, forms)
    assert len(forms) >= 64  # the indexed path
    for f in forms:
        assert list(occurrences(text, f, starts=find)) == list(occurrences(text, f)), f
    spans = [Span(text.index(f), text.index(f) + len(f), "인명") for f in forms[:200] if f in text]
    spans = [s for i, s in enumerate(sorted(spans, key=lambda s: s.start))
             if all(s.start >= t.end or t.start >= s.end for t in sorted(spans, key=lambda s: s.start)[:i])]
    out = propagate(Document("d", text, spans))
    assert len(out.spans) > 3 * len(spans)
    assert all(a.end <= b.start for a, b in zip(out.spans, out.spans[1:]))  # nothing overlaps


def test_a_common_word_the_tagger_guessed_at_is_neither_spread_nor_kept():
    # 공소사실 tagged once at 0.43 had been replaced 143 times in one judgment; a name in no list is spread
    text = "이 사건 공소사실의 요지는, 공소사실에 대한 판단, 공소외 삼화일보의 기자, 삼화일보에 실린 기사"
    at = lambda w, n=0: text.index(w, n)  # noqa: E731
    spans = [Span(at("공소사실"), at("공소사실") + 4, "정치·의사결정", score=0.43),
             Span(at("삼화일보"), at("삼화일보") + 4, "언론관련산업", score=0.34)]
    out, reps = Policy(mode="court").redact(Document("d", text, spans))
    assert "공소사실" in out and out.count("공소사실") == 2 and "삼화일보" not in out
    # a sure detection of a common word stays, and is spread; without consistency the guess stays where it was
    sure = [Span(at("공소사실"), at("공소사실") + 4, "정치·의사결정", score=0.9)]
    assert "공소사실" not in Policy(mode="mask").redact(Document("d", text, sure))[0]
    out, _ = Policy(mode="mask", consistency=False).redact(Document("d", text, spans[:1]))
    assert out.count("공소사실") == 1


def test_the_common_word_bar_is_a_policy_setting(tmp_path):
    text = "공소사실의 요지, 공소사실에 대한 판단"
    doc = Document("d", text, [Span(0, 4, "정치·의사결정", score=0.43)])
    assert Policy(mode="mask").redact(doc)[0] == text
    assert Policy(mode="mask", common_words=0.0).redact(doc)[0].count("공소사실") == 0  # every guess taken
    assert Policy(mode="mask").fingerprint() != Policy(mode="mask", common_words=0.0).fingerprint()
    bad = tmp_path / "p.yaml"
    bad.write_text("mode: court\ncommon_words: high\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"p\.yaml:2: .*number from 0 to 1"):
        Policy.from_yaml(bad)
