"""Properties that hold for every document and every prediction.

For every variant TP + FN = number of gold segments. Relaxing coverage or labels can only help:
TP(partial) >= TP(strict) and TP(binary) >= TP(typed), with FN mirrored. FP: the two binary variants
have the same FP (non-PII segments touched); typed FP = binary FP + wrong-label FPs on missed gold
segments, so FP(strict typed) >= FP(partial typed) >= FP(binary). Per-label counts sum to the totals.
Perfect predictions give F1 = 1 in all four variants (when there is any gold segment).
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from thunder_deid.eval import VARIANTS, count_document

LABELS = ["인명", "나이", "아이디"]


@st.composite
def documents(draw):
    text = draw(st.text(alphabet="홍길동은 abc\t", max_size=40))
    n = len(text)
    cuts = sorted(set(draw(st.lists(st.integers(0, n), max_size=10))))
    gold = [(s, e, draw(st.sampled_from(LABELS))) for s, e in zip(cuts[::2], cuts[1::2]) if s < e]
    pred = []
    if n:
        for _ in range(draw(st.integers(0, 8))):
            s = draw(st.integers(0, n - 1))
            pred.append((s, draw(st.integers(s + 1, n)), draw(st.sampled_from(LABELS))))
    return text, gold, pred


@settings(max_examples=300, deadline=None)
@given(documents())
def test_orderings(doc):
    s = count_document(*doc, per_type=True)
    st_, pt, sb, pb = (s.counts[v] for v in VARIANTS)
    for c in (st_, pt, sb, pb):
        assert c.tp + c.fn == s.gold_segments
    assert pt.tp >= st_.tp and pb.tp >= sb.tp          # partial >= strict
    assert sb.tp >= st_.tp and pb.tp >= pt.tp          # binary >= typed
    assert sb.fp == pb.fp
    assert st_.fp >= pt.fp >= pb.fp
    assert sb.fp <= s.non_pii_segments
    for v in VARIANTS:  # per-label attribution is a partition of the totals
        for field in ("tp", "fp", "fn"):
            assert sum(getattr(c[v], field) for c in s.per_type.values()) == getattr(s.counts[v], field)
    assert sum(s.gold.values()) == s.gold_segments


@settings(max_examples=150, deadline=None)
@given(documents())
def test_perfect_predictions_score_one(doc):
    text, gold, _ = doc
    s = count_document(text, gold, gold)
    for v in VARIANTS:
        c = s.counts[v]
        assert (c.fp, c.fn) == (0, 0)
        assert c.f1 == (1.0 if s.gold_segments else 0.0)  # 0/0 is 0


@settings(max_examples=100, deadline=None)
@given(documents())
def test_no_predictions_no_false_positives(doc):
    text, gold, _ = doc
    s = count_document(text, gold, [])
    assert all(s.counts[v].fp == 0 and s.counts[v].tp == 0 for v in VARIANTS)
