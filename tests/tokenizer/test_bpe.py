"""The base byte-level BPE: training, special tokens, offsets, exclusion of held-out text."""

from __future__ import annotations

import json

import pytest

from thunder_deid.tokenizer.bpe import LineExcluder, corpus_lines, save_bpe, train_bpe
from thunder_deid.tokenizer.load import load_tokenizer

LINES = ["피고인은 2020. 6. 6. 12:50경 청주시 흥덕구 B에 있는 C 앞 도로에서 피해자 D와 시비를 하였다.",
         "홍길동은 서울에 산다. 김철수에게 돈을 빌려 주었다.", "The court held that 피고인 A is guilty."] * 40


@pytest.fixture(scope="module")
def tiny_bpe(tmp_path_factory):
    d = tmp_path_factory.mktemp("bpe")
    save_bpe(train_bpe(LINES, vocab_size=400), d)
    return d


def test_special_tokens_and_template(tiny_bpe):
    tok = load_tokenizer(tiny_bpe)
    assert tok.convert_ids_to_tokens([0, 1, 2, 3, 4]) == ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    ids = tok("홍길동은")["input_ids"]
    assert ids[0] == tok.cls_token_id and ids[-1] == tok.sep_token_id


@pytest.mark.parametrize("text", ["홍길동은 서울에 산다.", "  두 칸  공백\n줄바꿈", "漢字와 😀 emoji", "a\tb"])
def test_offsets_index_original_text(tiny_bpe, text):
    tok = load_tokenizer(f"bpe:{tiny_bpe}")
    enc = tok(text, return_offsets_mapping=True, add_special_tokens=False)
    covered = set()
    for a, b in enc["offset_mapping"]:
        assert 0 <= a <= b <= len(text)
        assert not text[a:b].startswith(" ") or a == b  # trim_offsets drops the Ġ space
        covered.update(range(a, b))
    assert covered >= {i for i, c in enumerate(text) if not c.isspace()}  # \n, \t may be tokens too


@pytest.mark.parametrize("line, dropped", [
    ("홍길동은 서울에 산다.", True),                  # a whole line of a held-out document
    ("서울에   산다. 그리고 김철수에게 돈을 빌려", True),  # inside a held-out text, other spacing
    ("김철수에게 돈을 빌려 주었다. 다른 문장", False),   # not inside
    ("산다.", True),                                   # short and equal to a held-out line
    ("산다", False),                                   # short and not a whole line
    ("", False),
])
def test_line_excluder(line, dropped):
    ex = LineExcluder(["홍길동은 서울에 산다. 그리고 김철수에게 돈을 빌려 주었다.\n산다.\n"], k=8)
    assert ex.excluded(line) is dropped


def test_corpus_lines_exclude_jsonl(tmp_path):
    held = tmp_path / "test.jsonl"
    held.write_text(json.dumps({"id": "t1", "text": "비밀 문장 하나입니다.\n다른 줄", "spans": []}, ensure_ascii=False) + "\n")
    corpus = tmp_path / "c.txt"
    corpus.write_text("공개 문장입니다.\n비밀 문장 하나입니다.\n\n또 공개 문장.\n", encoding="utf-8")
    stats: dict = {}
    out = list(corpus_lines([corpus], exclude=LineExcluder.from_jsonl([held]), stats=stats))
    assert out == ["공개 문장입니다.", "또 공개 문장."] and stats == {"lines": 2, "dropped": 1}
    assert list(corpus_lines([corpus], max_lines=1)) == ["공개 문장입니다."]
