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
    from thunder_deid.recognizers.officials import is_official, official_zones
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


# -- counsel notes (training data only: prepare-precedents --counsel-notes) ---------------------------------------

_NOTES = ["(소송대리인 변호사 김재상)", "(소송대리인 법무법인 (유한) 세종 담당변호사 황순헌 외 2인)"]


def test_counsel_notes_follow_civil_names_only_and_stay_plain_text():
    header = "원고, 피상고인\n원고\n\n피고, 상고인\n주식회사 한길 (소송대리인 변호사 곽동헌)\n\n피 고 인\n피고인\n\n원심판결\n서울고법"
    doc, n = fill_header_names(Document("d", header + "\n\n주 문\n\n상고를 기각한다."))
    assert n == 2
    new, k = precedents.inline_counsel(doc, random.Random(0), 1.0, _NOTES)
    lines = new.text.splitlines()
    assert k == 1
    assert lines[1].startswith("성명1 (소송대리인 ") and lines[1] in {"성명1 " + x for x in _NOTES}
    assert lines[7] == "성명2"                              # a defendant's counsel has its own line: no note
    assert _names(new) == ["성명1", "성명2"]                 # the notes' lawyers are no spans (A.2)
    assert new.text.endswith("\n\n주 문\n\n상고를 기각한다.")


def test_counsel_notes_leave_names_already_annotated_with_counsel_and_body_names_alone():
    text = "원고, 피상고인\n원고 (소송대리인 변호사 이강노)\n\n주 문\n\n원고 김민준\n"
    doc, _ = fill_header_names(Document("d", text, [Span(text.index("김민준"), text.index("김민준") + 3, "인명")]))
    assert precedents.inline_counsel(doc, random.Random(0), 1.0, _NOTES) == (doc, 0)


def test_counsel_note_share_and_seed():
    doc, _ = fill_header_names(Document("d", "원고, 피상고인\n원고\n\n피고, 피상고인\n피고\n\n주 문"))
    counts = Counter(precedents.inline_counsel(doc, random.Random(seed), 0.5, _NOTES)[1] for seed in range(200))
    assert set(counts) == {0, 1, 2} and 30 < counts[2] < 70   # each name on its own draw
    assert precedents.inline_counsel(doc, random.Random(0), 0.0, _NOTES) == (doc, 0)
    a, b = (precedents.inline_counsel(doc, random.Random(7), 0.5, _NOTES)[0].text for _ in range(2))
    assert a == b


def test_counsel_notes_are_drawn_balanced_and_without_spans():
    text = ("원고, 피상고인\n주식회사 가나 (소송대리인 법무법인 (유한) 세종 담당변호사 황순헌)\n\n"
            "피고, 상고인\n성명1 (소송대리인 변호사 김재상)\n\n피고보조참가인\n주식회사 다라 (소송대리인 변호사 박하나 외 1인\n\n"
            "주 문\n\n(소송대리인 변호사 본문)")
    at = text.index("김재상")
    notes = precedents.counsel_notes([Document("d", text), Document("e", text, [Span(at, at + 3, "인명")])])
    assert notes == ["(소송대리인 법무법인 (유한) 세종 담당변호사 황순헌)", "(소송대리인 변호사 김재상)"]


def test_prepare_precedents_cli_counsel_notes(tmp_path: Path, capsys):
    from thunder_deid.cli import main
    from thunder_deid.document import write_jsonl

    docs = [Document(f"d{i}", f"원고, 피상고인\n원고\n\n피고, 상고인\n피고 (소송대리인 변호사 김재{i})\n\n주 문\n\n기각한다.")
            for i in range(20)]
    src = tmp_path / "in.jsonl"
    write_jsonl(src, docs)
    plain, noted = tmp_path / "plain.jsonl", tmp_path / "noted.jsonl"
    assert main(["corpus", "prepare-precedents", str(src), str(plain)]) == 0
    assert main(["corpus", "prepare-precedents", str(src), str(noted), "--counsel-notes", "1", "--seed", "3"]) == 0
    p, q = list(read_jsonl(plain)), list(read_jsonl(noted))
    assert all(d.text.splitlines()[1] == "성명1" for d in p)
    assert all(d.text.splitlines()[1].startswith("성명1 (소송대리인 변호사 김재") for d in q)
    assert [_names(d) for d in p] == [_names(d) for d in q]
    assert main(["corpus", "prepare-precedents", str(src), str(tmp_path / "x.jsonl"), "--counsel-notes", "1.5"]) == 2
    assert "--counsel-notes: a share in [0, 1], not 1.5" in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()
