"""Document matching, seeds, missing documents, label filtering and mapping, and the errors."""

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.errors import DocumentError, LabelError
from thunder_deid.eval import Counts, Scores, score_document, score_documents

TEXT = "홍길동은 삼성 전자 직원이다"
P, C = "인명", "공산품제조업"
GOLD = [Document("d1", TEXT, [Span(0, 3, P), Span(5, 10, C)]),
        Document("d2", "김철수 010-1234-5678", [Span(0, 3, P), Span(4, 17, "전화번호")])]


def pred(doc_id, *spans, text=None):
    if text is None:
        text = {d.id: d for d in GOLD}[doc_id].text
    return Document(doc_id, text, [Span(*s) for s in spans])


def stpfn(c: Counts):
    return c.tp, c.fp, c.fn


PERFECT = [pred("d1", (0, 3, P), (5, 10, C)), pred("d2", (0, 3, P), (4, 17, "전화번호"))]
HALF = [pred("d1", (0, 2, P), (5, 10, P), (11, 15, P))]  # d2 missing


def test_one_set():
    s = score_documents(GOLD, HALF)
    assert stpfn(s.strict_typed) == (0, 2, 4)   # 홍길 cut; 삼성 전자 wrong label (+FP); 직원이다 FP; d2 missed
    assert stpfn(s.partial_typed) == (1, 2, 3)
    assert stpfn(s.strict_binary) == (1, 1, 3)
    assert stpfn(s.partial_binary) == (2, 1, 2)
    assert (s.documents, s.missing_documents, s.gold_segments, s.prediction_sets) == (2, 1, 4, 1)
    assert s.non_pii_segments == 2


def test_seeds_are_summed_before_f1():
    s = score_documents(GOLD, [PERFECT, HALF])
    assert stpfn(s.strict_typed) == (4, 2, 4)
    assert s.strict_typed.f1 == pytest.approx(8 / (8 + 2 + 4))
    assert (s.prediction_sets, s.missing_documents, s.documents, s.gold_segments) == (2, 1, 2, 4)
    assert s.to_dict()["strict_typed"]["tp"] == 4


def test_generators_and_empty_sets():
    assert score_documents(iter(GOLD), iter(PERFECT)).strict_typed.f1 == 1.0
    s = score_documents(GOLD, [])
    assert (stpfn(s.strict_typed), s.missing_documents) == ((0, 0, 4), 2)


def test_score_document_matches_score_documents():
    total = Scores(documents=0)
    for g in GOLD:
        total += score_document(g, {d.id: d for d in HALF}.get(g.id))
    assert total.to_dict() == score_documents(GOLD, HALF).to_dict()


def test_per_type_to_dict():
    d = score_documents(GOLD, HALF, per_type=True).to_dict()
    assert d["per_type"][P]["gold"] == 2 and d["per_type"]["전화번호"]["gold"] == 1
    assert d["per_type"][P]["strict_typed"]["fp"] == 2     # 삼성 전자 as 인명, 직원이다 as 인명
    assert d["per_type"][C]["strict_typed"]["fn"] == 1
    assert set(d) >= {"strict_typed", "partial_typed", "strict_binary", "partial_binary", "missing_documents"}
    assert "per_type" not in score_documents(GOLD, HALF).to_dict()


@pytest.mark.parametrize("labels, expected_st", [
    (None, (0, 2, 4)),
    ([P], (0, 3, 2)),          # 삼성 전자 and the phone number leave the gold: 삼성, 전자 become two touched non-PII segments
    ([C], (0, 0, 1)),          # every prediction is 인명, so all are dropped
    (["인명:외국인"], (0, 3, 2)),  # sub-labels are ignored
])
def test_label_filter(labels, expected_st):
    assert stpfn(score_documents(GOLD, HALF, labels=labels).strict_typed) == expected_st


@pytest.mark.parametrize("level, st", [
    (None, (0, 1, 1)),    # cut and wrong label: FN + FP
    ("mid", (0, 1, 1)),   # 외식업 vs 금융업: still the wrong label
    ("top", (0, 0, 1)),   # both 사업체: only the cut remains, an FN without FP
])
def test_level_mapping_with_cut(level, st):
    gold = [Document("x", "A 식당에서", [Span(0, 4, "식당")])]
    assert stpfn(score_documents(gold, [Document("x", gold[0].text, [Span(0, 3, "은행업")])], level=level).strict_typed) == st


@pytest.mark.parametrize("pred_label, level, st_tp", [
    ("주점", None, 0), ("주점", "mid", 1), ("주점", "top", 1),
    ("은행업", "mid", 0), ("은행업", "top", 1),   # 금융업 / 사업체
    ("인명", "top", 0),
    ("식당:한식당", None, 1),
])
def test_level_mapping(pred_label, level, st_tp):
    gold = [Document("x", "A식당에서", [Span(0, 3, "식당")])]
    p = [Document("x", gold[0].text, [Span(0, 3, pred_label)])]
    assert score_documents(gold, p, level=level).strict_typed.tp == st_tp


def test_level_with_unknown_label_names_it():
    gold = [Document("x", "A식당에서", [Span(0, 3, "식당")])]
    p = [Document("x", gold[0].text, [Span(0, 3, "레스토랑")])]
    with pytest.raises(LabelError, match="preds.jsonl.*'x'.*'레스토랑'.*taxonomy"):
        score_documents(gold, p, level="top", pred_names=["preds.jsonl"])
    assert score_documents(gold, p).strict_typed.fp == 1  # without --level any string is a label


@pytest.mark.parametrize("preds, message", [
    ([pred("d1", text="홍길동은 LG 전자 직원이다")], r"p\.jsonl: document 'd1': text differs .*offset 5"),
    ([pred("d3", text="x")], r"p\.jsonl: 1 document id\(s\) not in g\.jsonl, e\.g\. 'd3'"),
    ([pred("d1"), pred("d1")], r"p\.jsonl: duplicate document id 'd1'"),
    ([pred("d1", (0, 30, P))], r"p\.jsonl: document 'd1': span \[0, 30\) is out of range"),
    ([pred("d1", (3, 3, P))], r"p\.jsonl: document 'd1': span \[3, 3\) is empty"),
])
def test_prediction_errors_name_file_and_document_not_text(preds, message):
    with pytest.raises(DocumentError, match=message) as e:
        score_documents(GOLD, preds, gold_name="g.jsonl", pred_names=["p.jsonl"])
    assert "홍길동" not in str(e.value) and "삼성" not in str(e.value)


def test_overlapping_predictions_are_fine_but_overlapping_gold_is_an_error():
    assert score_documents(GOLD, [pred("d1", (0, 3, P), (1, 3, C))]).partial_binary.tp == 1
    bad = [Document("d1", TEXT, [Span(0, 3, P), Span(2, 4, P)])]
    with pytest.raises(DocumentError, match=r"g\.jsonl: document 'd1': span \[2, 4\) overlaps span \[0, 3\)"):
        score_documents(bad, [], gold_name="g.jsonl")


def test_bad_level_and_names():
    with pytest.raises(ValueError, match="level"):
        score_documents(GOLD, PERFECT, level="leaf")
    with pytest.raises(ValueError, match="names"):
        score_documents(GOLD, [PERFECT, PERFECT], pred_names=["one"])


def test_labels_that_never_occur_are_warned_about(caplog):
    with caplog.at_level("WARNING", logger="thunder_deid.eval.score"):
        s = score_documents(GOLD, HALF, labels=[P, "인멍"])
    assert "인멍" in caplog.text and P not in caplog.text.split(":")[-1]
    assert s.gold_segments == 2


def test_another_systems_unmapped_labels_are_warned_about_and_scored_as_wrong_types(caplog):
    """Probed 2026-12-05: a prediction file with ``PERSON`` for 인명 scored typed F1 0 without a word."""
    foreign = [pred("d1", (0, 3, "PERSON"), (5, 10, "PERSON")), pred("d2", (0, 3, "PERSON"), (4, 17, "PHONE"))]
    with caplog.at_level("WARNING", logger="thunder_deid.eval.score"):
        s = score_documents(GOLD, foreign, pred_names=["presidio.jsonl"])
    assert "presidio.jsonl: labels that neither the gold nor the taxonomy knows" in caplog.text
    assert "PERSON (3 spans), PHONE (1 span)" in caplog.text
    assert s.strict_typed.tp == 0 and s.strict_binary.tp == 4
    caplog.clear()
    with caplog.at_level("WARNING", logger="thunder_deid.eval.score"):
        score_documents(GOLD, PERFECT)                  # taxonomy labels: no word
        score_documents(GOLD, foreign, labels=[P])      # dropped by the label filter: nothing scored, no word
    assert caplog.text == ""
