"""The counting rules on hand-computed cases (paper §3.4 worked example)."""

import pytest

from thunder_deid.eval import VARIANTS, count_document, nonspace_mask, word_segments

# 홍0 길1 동2 은3 _4 삼5 성6 _7 전8 자9 _10 직11 원12 이13 다14
TEXT = "홍길동은 삼성 전자 직원이다"
P, C = "인명", "공산품제조업"
GOLD = [(0, 3, P), (5, 10, C)]


def counts(text, gold, pred, **kw):
    s = count_document(text, gold, pred, **kw)
    return tuple((s.counts[v].tp, s.counts[v].fp, s.counts[v].fn) for v in VARIANTS)


def test_worked_example_segments():
    assert [(TEXT[s:e], lab) for s, e, lab in word_segments(TEXT, GOLD)] == [
        ("홍길동", P), ("은", None), ("삼성 전자", C), ("직원이다", None)]


#                 strict typed  partial typed  strict binary  partial binary
@pytest.mark.parametrize("case, pred, expected", [
    ("perfect", [(0, 3, P), (5, 10, C)], [(2, 0, 0), (2, 0, 0), (2, 0, 0), (2, 0, 0)]),
    ("nothing", [], [(0, 0, 2), (0, 0, 2), (0, 0, 2), (0, 0, 2)]),
    ("boundary cut 홍길", [(0, 2, P), (5, 10, C)], [(1, 0, 1), (2, 0, 0), (1, 0, 1), (2, 0, 0)]),
    ("wrong label on 홍길동", [(0, 3, C), (5, 10, C)], [(1, 1, 1), (1, 1, 1), (2, 0, 0), (2, 0, 0)]),
    ("spurious on 직원이다", [(0, 3, P), (5, 10, C), (11, 15, P)], [(2, 1, 0)] * 4),
    ("prediction covering 은", [(0, 4, P), (5, 10, C)], [(2, 1, 0)] * 4),
    ("cut 동은: misses 홍길, touches 은", [(2, 4, P), (5, 10, C)], [(1, 1, 1), (2, 1, 0), (1, 1, 1), (2, 1, 0)]),
    ("삼성 only", [(0, 3, P), (5, 7, C)], [(1, 0, 1), (2, 0, 0), (1, 0, 1), (2, 0, 0)]),
    ("삼성 and 전자 apart, the space between uncovered", [(0, 3, P), (5, 7, C), (8, 10, C)], [(2, 0, 0)] * 4),
    ("prediction on whitespace only", [(0, 3, P), (5, 10, C), (4, 5, P), (10, 11, C)], [(2, 0, 0)] * 4),
    ("one span over everything", [(0, 15, P)], [(1, 3, 1), (1, 3, 1), (2, 2, 0), (2, 2, 0)]),
    ("삼성 right, 전자 wrong label", [(0, 3, P), (5, 7, C), (8, 10, P)], [(1, 1, 1), (2, 0, 0), (2, 0, 0), (2, 0, 0)]),
    ("right and wrong label both cover 홍길동: TP, no FP", [(0, 3, P), (0, 3, C), (5, 10, C)], [(2, 0, 0)] * 4),
    ("two predictions on one non-PII segment: one FP", [(0, 3, P), (5, 10, C), (11, 12, P), (13, 15, C)],
     [(2, 1, 0)] * 4),
])
def test_worked_example_counts(case, pred, expected):
    assert counts(TEXT, GOLD, pred) == tuple(expected), case


@pytest.mark.parametrize("text, gold, expected", [
    ("홍길동은", [(0, 3, P)], ["홍길동", "은"]),
    ("A홍길동B", [(1, 4, P)], ["A", "홍길동", "B"]),
    ("홍길동김철수", [(0, 3, P), (3, 6, P)], ["홍길동", "김철수"]),
    ("가\t나\n다\u3000라\u00a0마", [], ["가", "나", "다", "라", "마"]),
    ("가  나", [(1, 3, P)], ["가", "나"]),            # a gold span of whitespace only is no segment
    (" 홍 길동 ", [(0, 6, P)], [" 홍 길동 "]),         # surrounding whitespace stays in, never counts
    ("", [], []),
])
def test_word_segments(text, gold, expected):
    assert [text[s:e] for s, e, _ in word_segments(text, gold)] == expected


def test_whitespace_only_gold_span_and_whitespace_predictions_count_nothing():
    assert counts("가  나", [(1, 3, P)], [(1, 3, P)]) == ((0, 0, 0),) * 4
    assert counts("가  나", [(1, 3, P)], [(0, 4, P)]) == ((0, 2, 0),) * 4


def test_nonspace_mask_agrees_with_isspace():
    text = "".join(chr(c) for c in range(0, 0x3100)) + "가\U0001F600"
    assert nonspace_mask(text).tolist() == [not ch.isspace() for ch in text]


def test_no_whitespace_above_the_lookup_table():
    assert max(c for c in range(0x110000) if chr(c).isspace()) <= 0x3000


@pytest.mark.parametrize("pred, attributed", [
    # wrong-label FP goes to the wrong label; non-PII FP to the label covering most of the segment
    ([(0, 3, C), (5, 10, C)], {P: (0, 0, 1), C: (1, 1, 0)}),
    ([(0, 3, P), (5, 10, C), (11, 12, "아이디"), (12, 15, P)], {P: (1, 1, 0), C: (1, 0, 0)}),
    ([(0, 3, P), (5, 10, C), (11, 13, "아이디"), (13, 15, P)], {P: (1, 0, 0), C: (1, 0, 0), "아이디": (0, 1, 0)}),
    ([(0, 3, P), (5, 7, "아이디"), (8, 10, "나이")], {P: (1, 0, 0), C: (0, 0, 1), "나이": (0, 1, 0)}),
])
def test_per_type_attribution_strict_typed(pred, attributed):
    s = count_document(TEXT, GOLD, pred, per_type=True)
    got = {lab: (c["strict_typed"].tp, c["strict_typed"].fp, c["strict_typed"].fn) for lab, c in s.per_type.items()}
    assert got == attributed
    assert s.gold == {P: 1, C: 1}


@pytest.mark.parametrize("gold, pred, message", [
    ([(0, 3, P), (2, 4, P)], [], "gold spans overlap"),
    ([(0, 3, P), (0, 3, C)], [], "gold spans overlap"),
    ([(0, 99, P)], [], "outside the text"),
    ([], [(-1, 2, P)], "outside the text"),
])
def test_raw_input_errors(gold, pred, message):
    with pytest.raises(ValueError, match=message):
        count_document(TEXT, gold, pred)
