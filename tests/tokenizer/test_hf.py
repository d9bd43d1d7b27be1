"""Hugging Face compatibility: call signature, save/load round trip, pickling, load_tokenizer specs."""

from __future__ import annotations

import copy
import pickle

import pytest

from thunder_deid.errors import ThunderDeidError
from thunder_deid.tokenizer.load import load_tokenizer

TEXTS = ["피해자 홍길동은 피고인에게 돈을 빌려 주었다. 증인 김철수에게 물었다.", "짧은 글", ""]


@pytest.fixture(scope="module")
def tok(tiny_bundle):
    return load_tokenizer(tiny_bundle)


@pytest.mark.parametrize("kwargs", [
    dict(truncation=True, max_length=8, stride=2, return_overflowing_tokens=True, padding=True),
    dict(truncation=True, max_length=16, padding="max_length"),
    dict(padding="longest"),
])
def test_call_signature(tok, kwargs):
    enc = tok(TEXTS, return_offsets_mapping=True, **kwargs)
    n = len(enc["input_ids"])
    assert n == len(enc["attention_mask"]) == len(enc["offset_mapping"])
    width = {len(ids) for ids in enc["input_ids"]}
    assert len(width) == 1
    if kwargs.get("return_overflowing_tokens"):
        assert n > len(TEXTS) and sorted(set(enc["overflow_to_sample_mapping"])) == [0, 1, 2]
        assert max(width) == 8
    for ids, offs, mapping in zip(enc["input_ids"], enc["offset_mapping"], enc.get("overflow_to_sample_mapping", range(n))):
        text = TEXTS[mapping]
        assert ids[0] == tok.cls_token_id
        assert all(0 <= a <= b <= len(text) for a, b in offs)


def test_overflow_windows_share_stride(tok):
    enc = tok(TEXTS[0], truncation=True, max_length=10, stride=3, return_overflowing_tokens=True,
              return_offsets_mapping=True)
    w0, w1 = enc["input_ids"][0], enc["input_ids"][1]
    assert w0[-4:-1] == w1[1:4]  # the last 3 real tokens of a window open the next one
    # (tokenizers does not trim the Ġ space off the first token of an overflow window, base BPE alike)
    (a0, b0), (a1, b1) = enc["offset_mapping"][0][-4], enc["offset_mapping"][1][1]
    assert b0 == b1 and TEXTS[0][a1:a0].isspace() or a0 == a1


def test_save_load_round_trip(tok, tmp_path):
    tok.save_pretrained(tmp_path / "copy")
    tok2 = load_tokenizer(tmp_path / "copy")
    assert type(tok2) is type(tok)
    a = tok(TEXTS, return_offsets_mapping=True)
    b = tok2(TEXTS, return_offsets_mapping=True)
    assert a["input_ids"] == b["input_ids"] and a["offset_mapping"] == b["offset_mapping"]
    assert tok2.convert_ids_to_tokens([0, 1, 2, 3, 4]) == ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def test_pickle_and_deepcopy(tok):
    for other in (pickle.loads(pickle.dumps(tok)), copy.deepcopy(tok)):
        assert other(TEXTS)["input_ids"] == tok(TEXTS)["input_ids"]


@pytest.mark.parametrize("kind", ["bpe", "mecab-bpe", "char"])
def test_baselines_from_bundle(tiny_bundle, kind):
    t = load_tokenizer(f"{kind}:{tiny_bundle}")
    enc = t(TEXTS[0], return_offsets_mapping=True, add_special_tokens=False)
    assert t.decode(enc["input_ids"]) == TEXTS[0]


@pytest.mark.parametrize("spec", ["no/such/dir", "boundary:no/such/dir"])
def test_bad_spec(spec):
    with pytest.raises(ThunderDeidError):
        load_tokenizer(spec)


def test_boundary_spec_needs_bundle(tiny_base):
    with pytest.raises(ThunderDeidError, match="boundary_config.json"):
        load_tokenizer(f"boundary:{tiny_base}")


def test_word_table_is_a_memo_of_the_search(tiny_bundle):
    from thunder_deid.tokenizer.hf import BoundaryTokenizerFast
    from tests.tokenizer.conftest import make_docs

    with_table = BoundaryTokenizerFast.from_pretrained(tiny_bundle)
    without = BoundaryTokenizerFast.from_pretrained(tiny_bundle, word_table=False)
    assert len(with_table.segmenter._cache) > 0 == len(without.segmenter._cache)
    texts = [d.text for d in make_docs(5, seed=9)]
    assert with_table(texts)["input_ids"] == without(texts)["input_ids"]


def test_unknown_search_setting_is_an_error(tiny_bundle, tmp_path):
    import json
    import shutil

    bad = tmp_path / "bad"
    shutil.copytree(tiny_bundle, bad)
    cfg = json.loads((bad / "boundary_config.json").read_text(encoding="utf-8"))
    cfg["search"]["bogus"] = 1
    (bad / "boundary_config.json").write_text(json.dumps(cfg), encoding="utf-8")
    with pytest.raises(ThunderDeidError, match="bogus"):
        load_tokenizer(bad)


def test_long_word_sliced_in_halves_is_sliced_as_one(tok, monkeypatch):
    """A word of many pieces (a run without a space) is cut from halves of it: the same ids and offsets."""
    from thunder_deid.tokenizer.hf import PieceSplitter

    text = "피해자홍길동은피고인에게돈을빌려주었다증인김철수에게물었다" * 4 + " 짧은 글, 홍길동."
    pieces = tok.segmenter.word_pieces("".join(text.split()[0]))
    monkeypatch.setattr(PieceSplitter, "DIRECT", 10**9)
    whole = tok(text, return_offsets_mapping=True)
    for direct in (1, 2, 5):
        assert len(pieces) > 4 * direct
        monkeypatch.setattr(PieceSplitter, "DIRECT", direct)
        enc = tok(text, return_offsets_mapping=True)
        assert enc["input_ids"] == whole["input_ids"] and enc["offset_mapping"] == whole["offset_mapping"], direct
