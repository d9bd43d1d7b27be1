import pytest

from thunder_deid.bio import bio_to_spans, spans_to_bio
from thunder_deid.document import Span

TEXT = "홍길동은 삼성 전자"
#        0123 4 567 89


@pytest.mark.parametrize(
    "offsets, spans, tags",
    [
        # boundary-aligned tokens: 홍길동 | 은 | 삼성 | 전자
        ([(0, 3), (3, 4), (5, 7), (8, 10)], [Span(0, 3, "인명"), Span(5, 10, "사업체")],
         ["B-인명", "O", "B-사업체", "I-사업체"]),
        # misaligned: 홍길 | 동은
        ([(0, 2), (2, 4)], [Span(0, 3, "인명")], ["B-인명", "I-인명"]),
        # byte tokens sharing one character: only the first is B-
        ([(0, 1), (0, 1), (1, 3)], [Span(0, 3, "인명")], ["B-인명", "I-인명", "I-인명"]),
        # special tokens get None
        ([(0, 0), (0, 3), (3, 4), (0, 0)], [Span(0, 3, "인명")], [None, "B-인명", "O", None]),
        # a token starting inside a span without containing its start is I-
        ([(0, 1), (1, 3)], [Span(0, 3, "인명")], ["B-인명", "I-인명"]),
        ([(0, 4)], [], ["O"]),
    ],
)
def test_spans_to_bio(offsets, spans, tags):
    assert spans_to_bio(offsets, spans) == tags


@pytest.mark.parametrize(
    "offsets, tags, expected",
    [
        ([(0, 3), (3, 4), (5, 7), (7, 10)], ["B-인명", "O", "B-사업체", "I-사업체"], [(0, 3, "인명"), (5, 10, "사업체")]),
        # I- of another label opens a new span (constrained continuation)
        ([(0, 3), (3, 4)], ["B-인명", "I-나이"], [(0, 3, "인명"), (3, 4, "나이")]),
        # I- after O opens a span
        ([(0, 3), (3, 4)], ["O", "I-인명"], [(3, 4, "인명")]),
        # whitespace at the edges is trimmed
        ([(4, 7), (7, 10)], ["B-사업체", "I-사업체"], [(5, 10, "사업체")]),
        # byte pieces of one character follow the first piece: no overlapping spans
        ([(0, 1), (1, 2), (1, 2), (2, 3)], ["B-인명", "O", "B-인명", "B-나이"], [(0, 1, "인명"), (2, 3, "나이")]),
        ([(0, 1), (1, 2), (1, 2)], ["B-인명", "I-인명", "B-나이"], [(0, 2, "인명")]),
        # adjacent B- B- are two spans
        ([(0, 1), (1, 3)], ["B-인명", "B-인명"], [(0, 1, "인명"), (1, 3, "인명")]),
    ],
)
def test_bio_to_spans(offsets, tags, expected):
    assert [(s.start, s.end, s.label) for s in bio_to_spans(offsets, tags, TEXT)] == expected


def test_scores_are_token_means():
    (s,) = bio_to_spans([(0, 2), (2, 3)], ["B-인명", "I-인명"], TEXT, scores=[0.5, 1.0])
    assert s.score == pytest.approx(0.75)


def test_round_trip_on_aligned_tokens():
    spans = [Span(0, 3, "인명"), Span(5, 10, "사업체")]
    offsets = [(0, 3), (3, 4), (5, 7), (8, 10)]
    assert bio_to_spans(offsets, spans_to_bio(offsets, spans), TEXT) == spans
