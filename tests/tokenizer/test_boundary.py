"""The boundary score of appendix C on hand-computed cases, and the boundary flags."""

from __future__ import annotations

import math

import pytest

from thunder_deid.tokenizer.boundary import BoundaryModel, boundary_flags

L6 = math.log(6.0)  # log(C * 1 / 1 + 1) with C = 5


# token 7 occurs twice: once at a boundary (after 5), once not (after 8)
SEQS = [([5, 7, 9], [False, True, False]), ([8, 7, 9], [False, False, False])]


@pytest.mark.parametrize("tok, prev, prev2, expected", [
    (7, 5, None, 0.6 * math.log(5 * 1 / 2 + 1) + 0.3 * L6),                 # unigram 1/2, bigram (5,7) 1/1
    (7, 8, None, 0.6 * math.log(5 * 1 / 2 + 1)),                             # bigram (8,7) never at a boundary
    (7, None, None, 0.6 * math.log(3.5)),                                    # no context: unigram only
    (9, 7, 5, 0.0),                                                          # 9 never at a boundary
    (7, 5, 3, 0.6 * math.log(3.5) + 0.3 * L6),                               # unseen trigram contributes 0
    (42, 5, 3, 0.0),                                                         # unseen token
])
def test_score_hand_computed(tok, prev, prev2, expected):
    m = BoundaryModel.from_sequences(SEQS, c=5.0, weights=(0.6, 0.3, 0.1))
    assert m.score(tok, prev, prev2) == pytest.approx(expected)


def test_trigram_term_and_c():
    m = BoundaryModel.from_sequences([([1, 2, 3], [False, False, True])] * 3 + [([4, 2, 3], [False] * 3)],
                                     c=2.0, weights=(0.5, 0.25, 0.25))
    # unigram (3): 3 of 4 at a boundary; bigram (2,3): 3 of 4; trigram (1,2,3): 3 of 3
    expected = 0.5 * math.log(2 * 3 / 4 + 1) + 0.25 * math.log(2 * 3 / 4 + 1) + 0.25 * math.log(2 * 3 / 3 + 1)
    assert m.score(3, 2, 1) == pytest.approx(expected)
    assert m.score(3, 2, 4) == pytest.approx(0.75 * math.log(2.5))


def test_save_load_round_trip(tmp_path):
    m = BoundaryModel.from_sequences(SEQS)
    m.save(tmp_path / "b.json")
    m2 = BoundaryModel.load(tmp_path / "b.json")
    assert m2.weights == m.weights and m2.c == m.c
    for tok, prev, prev2 in [(7, 5, None), (7, 8, 1), (9, 7, 5)]:
        assert m2.score(tok, prev, prev2) == pytest.approx(m.score(tok, prev, prev2), abs=1e-5)


@pytest.mark.parametrize("text, offsets, bounds, expected", [
    ("홍길동은 왔다", [(0, 3), (3, 4), (4, 7)], {0, 3}, [True, True, False]),
    ("홍길동은 왔다", [(0, 2), (2, 4), (4, 7)], {0, 3}, [True, False, False]),   # "동은" straddles the end
    ("피해자 D와", [(0, 3), (3, 5), (5, 6)], {4, 5}, [False, True, True]),      # " D": the space is not the start
    ("a  b", [(1, 3)], {1}, [False]),                                           # whitespace-only token
])
def test_boundary_flags(text, offsets, bounds, expected):
    assert boundary_flags(offsets, text, bounds) == expected
