"""Precedents made ready for training: header names filled in, officials unmasked, excerpts."""

from __future__ import annotations

import doctest
import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

import thunder_deid.corpus.precedents as precedents
from thunder_deid.document import Document, Span, read_jsonl
from thunder_deid.corpus.precedents import drop_official_names, excerpt, fill_header_names, prepare_precedent


def test_docstring_examples():
    assert doctest.testmod(precedents, optionflags=doctest.ELLIPSIS).failed == 0


def _names(doc: Document) -> list[str]:
    return [doc.text[s.start:s.end] for s in doc.spans if s.label == "인명"]


@pytest.mark.parametrize("header, lines", [
    # the role word stands where the court deleted the name
    ("피 고 인\n피고인\n\n상 고 인\n피고인\n\n변 호 인\n변호사 김철수", ["피 고 인", "성명1", "", "상 고 인", "피고인"]),
    # the title over nothing: the name goes on the title line (the sample judgment's one-line form)
    ("피 고 인\n\n상 고 인\n검사", ["피 고 인 성명1", "", "상 고 인", "검사"]),
    # counsel after the deleted name stays
    ("원고, 피상고인\n원고 (소송대리인 변호사 이강노)", ["원고, 피상고인", "성명1 (소송대리인 변호사 이강노)"]),
    ("피고인 겸 피감호청구인\n\n상 고 인\n피고인", ["피고인 겸 피감호청구인 성명1", "", "상 고 인", "피고인"]),
    ("【피 고 인】\n피고인", ["【피 고 인】", "성명1"]),
])
def test_deleted_header_names_become_name_spans(header, lines):
    new, n = fill_header_names(Document("d", header + "\n\n주 문\n\n피고인은 무죄."))
    assert n == 1
    assert new.text.splitlines()[:len(lines)] == lines
    assert _names(new) == ["성명1"]
    assert new.text.endswith("\n\n주 문\n\n피고인은 무죄.")


@pytest.mark.parametrize("header", [
    "피 고 인\n피고인 1 외 2인",                 # already placeholders (spans of the annotator)
    "피 고 인\n피고인들",                        # a plural: no single name was deleted
    "상 고 인\n피고인\n\n변 호 인\n변호사 김철수",  # which party appealed, not who
    "원고, 상고인\n주식회사 ○○○ (소송대리인 변호사 양희열)",
    "피 고 인 박도윤 (9X0315-1XXXXXX), 회사원",  # a real header with its name
])
def test_headers_with_names_or_no_party_are_left_alone(header):
    doc = Document("d", header + "\n\n주 문\n\n피고인\n\n피고인을 징역 1년에 처한다.")
    new, n = fill_header_names(doc)
    assert n == 0 and new is doc


def test_other_spans_move_with_the_text():
    text = "피 고 인\n피고인\n\n원심판결\n서울고법\n\n주 문\n\n피해자 A에게"
    a = text.index("A")
    new, n = fill_header_names(Document("d", text, [Span(a, a + 1, "인명")]))
    assert n == 1 and _names(new) == ["성명1", "A"]


def test_names_after_the_header_are_not_touched():
    text = "이 유\n\n피 고 인\n피고인"   # a line after 이 유 is reasoning, even if it looks like a header
    assert fill_header_names(Document("d", text))[1] == 0


def test_official_lines_lose_name_spans_parties_keep_theirs():
    text = "변 호 인\n변호사 김철수(피고인 이영희를 위한 국선)\n\n대법관 박민수(재판장) 정다은"
    spans = [Span(text.index(n), text.index(n) + 3, "인명") for n in ("김철수", "이영희", "박민수", "정다은")]
    new, n = drop_official_names(Document("d", text, spans))
    assert n == 3 and _names(new) == ["이영희"]


def test_excerpt_keeps_header_and_footer_and_moves_spans():
    body = "".join(f"{i}번째 문장에서 피해자 공소외 {i}에게 말하였다.\n" for i in range(400))
    text = "피 고 인 성명1\n\n주 문\n\n상고를 기각한다.\n" + body + "\n대법관 박민수(재판장) 정다은"
    spans = [Span(6, 9, "인명")] + [Span(m, m + len(str(i)), "인명") for i in range(400)
                                     for m in [text.index(f"공소외 {i}에게") + 4]]
    doc = Document("d", text, spans)
    cuts = [excerpt(doc, random.Random(seed), 300) for seed in range(5)]
    for ex in cuts:
        assert ex.text.startswith("피 고 인 성명1\n\n주 문\n") and ex.text.endswith("대법관 박민수(재판장) 정다은")
        assert 300 < len(ex.text) < 1200
        assert all(ex.text[s.start:s.end] == doc.text[s.start:s.end] or ex.text[s.start - 4:s.start] == "공소외 "
                   for s in ex.spans)
        assert [ex.text[s.start:s.end] for s in ex.spans][0] == "성명1"
    assert len({ex.text for ex in cuts}) > 1   # a different stretch each draw


@pytest.mark.shared
def test_real_precedents(shared_data: Path):
    """On 120 real law.go.kr judgments: most headers get a name, no name span is left on an official's line,
    and every span stays inside the text on its own characters."""
    from thunder_deid.corpus.placeholders import annotate_document
    from thunder_deid.model.patterns import is_official, official_zones
    from thunder_deid.validate import problems

    counts: Counter = Counter()
    docs = [prepare_precedent(annotate_document(d), counts)
            for d in itertools.islice(read_jsonl(shared_data / "precedents" / "precedents.jsonl.gz"), 120)]
    assert counts["header_names"] >= 60   # 199 in the first 300
    for d in docs:
        assert not problems(d)
        zones = official_zones(d.text)
        assert not [s for s in d.spans if s.label == "인명" and is_official(d.text, s, zones)]
        for s in d.spans:
            if s.extra.get("rule") == "header":
                assert d.text[s.start:s.end].startswith("성명") and s.end <= precedents.header_end(d.text)
