"""Document consistency: every word occurrence of a detected form is replaced; never inside a longer word."""

from __future__ import annotations

from thunder_deid.consistency import occurrences, particle_follows, propagate
from thunder_deid.document import Document, Span
from thunder_deid.operators import render


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


def test_no_leak_after_court_with_consistency():
    text = "피고인 전문수는 웹하드 해피 사이트에 올렸고, 전문수와 해피 사이트 운영자는 전문수에게 연락하였다."
    doc = Document("d", text, [Span(4, 7, "인명"), Span(13, 15, "기타사이트")])
    out = render(propagate(doc), "court")
    assert "전문수" not in out and "해피" not in out
