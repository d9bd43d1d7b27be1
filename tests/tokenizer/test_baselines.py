"""Mecab-ko+BPE and character baselines: exact offsets, morpheme pieces."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunder_deid.tokenizer.baselines import char_pieces, mecab_pieces
from thunder_deid.tokenizer.load import load_tokenizer

TEXTS = st.text(st.sampled_from(list("홍길동은김철수에게피해자는 \n\t.,()ABCab0123😀漢字ㄱ  ") + ["\u3000"]), max_size=40)


@pytest.mark.parametrize("text, expected", [
    ("홍길동은 왔다", ["홍길동", "은", " 왔", "다"]),
    ("피고인은  서울에서\n\n왔다.", ["피고인", "은", " ", " 서울", "에서", "\n", "\n", "왔", "다", "."]),
    ("", []),
])
def test_mecab_pieces(text, expected):
    assert [text[a:b] for a, b, _ in mecab_pieces(text)] == expected


@settings(max_examples=60, deadline=None)
@given(text=TEXTS)
def test_mecab_pieces_tile_text(text):
    pieces = mecab_pieces(text)
    assert "".join(text[a:b] for a, b, _ in pieces) == text
    assert all(b0 == a1 for (_, b0, _), (a1, _, _) in zip(pieces, pieces[1:]))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS)
def test_baseline_tokenizers_offsets(tiny_base, text):
    for kind in ("mecab-bpe", "char"):
        tok = load_tokenizer(f"{kind}:{tiny_base}")
        enc = tok(text, return_offsets_mapping=True, add_special_tokens=False)
        assert tok.decode(enc["input_ids"]) == text
        covered = {i for a, b in enc["offset_mapping"] for i in range(a, b)}
        assert covered >= {i for i, c in enumerate(text) if not c.isspace()}


def test_char_one_token_per_known_character(tiny_base):
    tok = load_tokenizer(f"char:{tiny_base}")
    known = [c for c in "피고인은홍길동에게를" if len(tok(c, add_special_tokens=False)["input_ids"]) == 1]
    text = "".join(known)
    assert len(known) >= 4
    assert len(tok(text, add_special_tokens=False)["input_ids"]) == len(char_pieces(text)) == len(known)
    assert 0 < tok.analysis_vocab_size < len(tok)
