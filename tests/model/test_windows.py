import pytest

from thunder_deid.bio import spans_to_bio
from thunder_deid.document import Span
from thunder_deid.model.labels import LabelSet
from thunder_deid.model.windows import encode, owners, training_windows, windows

from .conftest import tiny_docs


@pytest.mark.parametrize("n, content, stride, expected", [
    (0, 4, 1, [(0, 0)]),
    (3, 4, 1, [(0, 3)]),
    (4, 4, 1, [(0, 4)]),
    (10, 4, 1, [(0, 4), (3, 7), (6, 10)]),
    (9, 4, 2, [(0, 4), (2, 6), (4, 8), (5, 9)]),
])
def test_windows_cover_with_overlap(n, content, stride, expected):
    got = windows(n, content, stride)
    assert got == expected
    assert all(b - a <= content for a, b in got)
    assert all(got[i + 1][0] <= got[i][1] - stride for i in range(len(got) - 1))


def test_window_content_must_exceed_stride():
    with pytest.raises(ValueError):
        windows(10, 4, 4)


@pytest.mark.parametrize("spans, n, expected", [
    ([(0, 4), (3, 7), (6, 10)], 10, [0, 0, 0, 0, 1, 1, 1, 2, 2, 2]),
    ([(0, 6), (2, 8)], 8, [0, 0, 0, 0, 1, 1, 1, 1]),   # token 3: depth 2 in window 0, 1 in window 1
    ([(0, 5)], 5, [0] * 5),
])
def test_owner_is_window_farthest_from_edge(spans, n, expected):
    assert owners(spans, n) == expected


def test_training_labels_through_offsets_and_stride(tiny_tokenizer):
    doc = tiny_docs()[0]
    labels = LabelSet(sorted({s.label for d in tiny_docs() for s in d.spans}))
    enc = encode(doc.text, tiny_tokenizer, max_length=10, stride=3)
    assert len(enc.spans) > 2  # the document really is cut into windows
    full = labels.encode(spans_to_bio(enc.offsets, doc.spans))
    wins = training_windows(doc, tiny_tokenizer, labels, max_length=10, stride=3)
    own = owners(enc.spans, len(enc.ids))
    seen = [None] * len(enc.ids)
    for w, ((ids, lab), (a, b)) in enumerate(zip(wins, enc.spans)):
        assert ids[0] == tiny_tokenizer.cls_token_id and ids[-1] == tiny_tokenizer.sep_token_id
        assert ids[1:-1] == enc.ids[a:b] and len(ids) <= 10
        assert lab[0] == lab[-1] == -100
        for g, y in zip(range(a, b), lab[1:-1]):
            if own[g] == w:
                seen[g] = y
            else:
                assert y == -100  # counted once, in its owner window
    assert seen == full  # every token labelled exactly once, with its document-level tag
    assert labels.tag_id("B-인명") in full


def test_bio_labels_follow_offsets(tiny_tokenizer):
    text = "피해자 김민준에게"
    enc = encode(text, tiny_tokenizer, 64, 8)
    tags = spans_to_bio(enc.offsets, [Span(4, 7, "인명")])
    tagged = [(enc.offsets[i], t) for i, t in enumerate(tags) if t != "O"]
    assert tagged[0][1] == "B-인명" and all(t == "I-인명" for _, t in tagged[1:])
    assert min(a for (a, _), _ in tagged) <= 4 and max(b for (_, b), _ in tagged) >= 7
