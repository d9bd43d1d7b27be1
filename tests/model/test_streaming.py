"""Bounded memory: block tokenisation, streamed windows into an exact streaming Viterbi, lazy iteration."""

from __future__ import annotations

import json

import numpy as np
import pytest

import thunder_deid.model as tm
from thunder_deid.bio import certain_o, constrained_viterbi
from thunder_deid.document import Document, write_jsonl
from thunder_deid.model.decode import StreamingViterbi, spans_from_path, token_readings
from thunder_deid.model.infer import iter_predict_documents
from thunder_deid.model.windows import encode, encode_long, text_blocks

LINE = "피고인은 2020. 3. 5. 피해자 김민준에게 하나은행 계좌(123-456-789012)로 송금하게 하였다."
TAGS = ["O", "B-인명", "I-인명", "B-은행업", "I-은행업"]


def _key(docs):
    return [[(s.start, s.end, s.label) for s in d.spans] for d in docs]


@pytest.mark.parametrize("seed", range(6))
def test_streaming_viterbi_equals_whole_array_viterbi(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 400))
    # peaked rows, like a tagger's: long O stretches, short spans
    lp = np.log(rng.dirichlet(np.full(len(TAGS), 0.3), size=n)).astype(np.float32)
    sv = StreamingViterbi(TAGS)
    k = 0
    while k < n:
        step = int(rng.integers(1, 60))
        sv.feed(lp[k:k + step])
        k += step
    path, probs = sv.finish()
    assert path.tolist() == constrained_viterbi(lp, TAGS)
    assert np.allclose(probs, np.exp(lp[np.arange(n), path]))
    # what the decoder keeps beside each path tag (decode.token_readings), the same read streamed or whole
    whole = token_readings(lp, path, TAGS)
    assert all(np.allclose(sv.token_readings()[k], whole[k], atol=1e-6) for k in whole)


@pytest.mark.parametrize("seed", range(4))
def test_streaming_viterbi_equals_whole_array_viterbi_on_judgment_like_rows(seed):
    """Mostly sure ``O`` with bursts (where the stretches are cut), fed in uneven pieces: the same path."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(200, 3000))
    lp = np.log(rng.dirichlet(np.full(len(TAGS), 0.3), size=n))
    calm = rng.random(n) < 0.85
    lp[calm] = np.log(np.r_[0.998, np.full(len(TAGS) - 1, 0.002 / (len(TAGS) - 1))])
    lp = lp.astype(np.float32)
    sv = StreamingViterbi(TAGS)
    k = 0
    while k < n:
        step = int(rng.integers(1, 300))
        sv.feed(lp[k:k + step])
        assert len(sv.rows) < 300 + 40  # cut at sure O tokens, not held to the end
        k += step
    path, _ = sv.finish()
    assert path.tolist() == constrained_viterbi(lp, TAGS)


def test_streaming_viterbi_reads_a_feed_once_without_sure_o(monkeypatch):
    """Rows with no sure ``O`` pile up (a run the tagger hesitates over): each feed reads its own rows and the
    last pending one, not all pending rows again, and the path is still the whole-array one."""
    import thunder_deid.model.decode as decode

    read = []
    monkeypatch.setattr(decode, "certain_o", lambda rows, tags: read.append(len(rows)) or certain_o(rows, tags))
    rng = np.random.default_rng(5)
    lp = np.log(np.tile([[.45, .5, .01, .02, .02]], (2000, 1)) + rng.random((2000, 5)) * 1e-3).astype(np.float32)
    sv = StreamingViterbi(TAGS)
    for k in range(0, 2000, 50):
        sv.feed(lp[k:k + 50])
    assert len(sv.rows) == 2000 and max(read) <= 51 and sum(read) < 2000 + len(read)
    assert sv.finish()[0].tolist() == constrained_viterbi(lp, TAGS)


def test_streaming_viterbi_commits_as_it_goes():
    lp = np.log(np.tile([[.9, .04, .02, .02, .02]], (5000, 1))).astype(np.float32)
    sv = StreamingViterbi(TAGS)
    for k in range(0, 5000, 500):
        sv.feed(lp[k:k + 500])
        assert len(sv.rows) < 50  # all-O: paths meet at once, nothing piles up
    assert sv.finish()[0].tolist() == [0] * 5000


def test_streaming_viterbi_pending_is_capped():
    rng = np.random.default_rng(1)
    lp = np.log(rng.dirichlet(np.ones(len(TAGS)), size=3000)).astype(np.float32)
    sv = StreamingViterbi(TAGS, max_pending=100)
    for k in range(0, 3000, 50):
        sv.feed(lp[k:k + 50])
        assert len(sv.rows) <= 100
    assert len(sv.finish()[0]) == 3000


def test_spans_from_path_in_pieces_equals_one_call(tiny_tokenizer):
    from thunder_deid.bio import bio_to_spans
    from thunder_deid.model.decode import tidy

    text = (LINE + "\n") * 20
    enc = encode_long(text, tiny_tokenizer, 16, 4)
    rng = np.random.default_rng(3)
    path = np.array(constrained_viterbi(np.log(rng.dirichlet(np.full(3, .5), size=len(enc.ids))), TAGS[:3]))
    probs = rng.random(len(path)).astype(np.float32)
    whole = tidy(bio_to_spans([tuple(o) for o in enc.offsets.tolist()], [TAGS[i] for i in path], text, probs.tolist()), text)
    assert whole and spans_from_path(path, probs, TAGS[:3], enc.offsets, text, piece=7) == whole


def test_block_tokenisation_equals_one_call(tiny_tokenizer):
    text = "\n".join(LINE[: 10 + 7 * i] for i in range(8)) + "\n\n  " + LINE + " " * 3 + LINE
    whole = encode(text, tiny_tokenizer, 16, 4)
    for block in (12, 30, 64, 10_000):
        assert len(text_blocks(text, block)) > 1 or block == 10_000
        enc = encode_long(text, tiny_tokenizer, 16, 4, block_chars=block)
        assert enc.ids.tolist() == list(whole.ids), block
        assert [tuple(o) for o in enc.offsets.tolist()] == [tuple(o) for o in whole.offsets], block
        assert enc.spans == whole.spans


def test_text_blocks_cover_the_text_and_respect_the_bound():
    text = ("가나다 라마바사\n" * 50) + "아" * 300
    blocks = text_blocks(text, 40)
    assert blocks[0][0] == 0 and blocks[-1][1] == len(text)
    assert all(b0[1] == b1[0] for b0, b1 in zip(blocks, blocks[1:]))
    assert all(0 < b - a <= 40 for a, b in blocks)


def test_streamed_long_document_path_gives_the_grouped_spans(model_dir):
    """The path for huge documents (windows in order, streaming Viterbi) on normal documents."""
    tagger = tm.load(model_dir, patterns=False)
    docs = [Document("a", ((LINE + "\n") * 12), []), Document("b", LINE, []), Document("c", "", []),
            Document("d", LINE * 5, [])]
    args = (tagger.backend, tagger.tokenizer, tagger.labels, docs, tagger.max_length, tagger.stride)
    grouped = list(iter_predict_documents(*args))
    streamed = list(iter_predict_documents(*args, huge_tokens=0))
    small_groups = list(iter_predict_documents(*args, group_tokens=1, batch_tokens=16))
    assert any(d.spans for d in grouped)
    assert _key(streamed) == _key(grouped) == _key(small_groups)
    assert [d.id for d in streamed] == ["a", "b", "c", "d"] and all(x.text == y.text for x, y in zip(streamed, docs))
    # windows are padded to their own length bucket, so even the scores agree to the last bit
    assert [d.to_dict() for d in streamed] == [d.to_dict() for d in grouped] == [d.to_dict() for d in small_groups]


def test_a_documents_output_does_not_depend_on_its_batch():
    """Ray actors, shards and streaming batch documents differently; each document's output, scores
    included, is what it gets when tagged alone (the property that makes `--engine ray` byte-identical).
    The embedded model: the tiny random one's scores are too flat to show the last-digit differences."""
    tagger = tm.load(patterns=False)
    lines = [LINE[: 20 + 9 * i] for i in range(9)]
    docs = [Document(f"d{i}", "\n".join(lines[: 1 + i % 9]) + (LINE * (i % 4)), []) for i in range(24)]
    together = [d.to_dict() for d in tagger.predict_documents(docs)]
    alone = [tagger.predict_documents([d])[0].to_dict() for d in docs]
    reversed_ = [d.to_dict() for d in tagger.predict_documents(docs[::-1])][::-1]
    assert any(d["spans"] for d in alone)
    assert together == alone == reversed_


def test_iter_predict_reads_lazily(model_dir):
    tagger = tm.load(model_dir)
    seen = []

    def source():
        for i in range(10):
            seen.append(i)
            yield Document(f"d{i}", LINE, [])

    it = tagger.iter_predict(source(), chunk=3)
    first = next(it)
    assert first.id == "d0" and len(seen) == 3  # one chunk read, not the whole input
    assert [d.id for d in it] == [f"d{i}" for i in range(1, 10)]


def test_predict_command_streams_in_order(model_dir, tmp_path):
    from thunder_deid.cli import main

    docs = [Document(f"d{i}", LINE * (1 + i % 3), []) for i in range(150)]
    write_jsonl(tmp_path / "in.jsonl", docs)
    assert main(["predict", str(tmp_path / "in.jsonl"), str(tmp_path / "out.jsonl"), "--model", str(model_dir),
                 "--threads", "1"]) == 0
    rows = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == [d.id for d in docs]
    assert _key([Document.from_dict(r) for r in rows[:5]]) == _key(tm.load(model_dir).predict_documents(docs[:5]))


@pytest.mark.shared
def test_embedded_model_block_tokenisation_on_judgments(shared_data):
    """Real judgments and the shipped boundary-aware tokenizer: blocks give the tokens of one call."""
    from pathlib import Path

    from thunder_deid.document import read_jsonl

    path = Path(__file__).resolve().parents[2] / "work/realized/thunder/test.jsonl"
    if not path.is_file():
        pytest.skip("work/realized/thunder/test.jsonl not built")
    tagger = tm.load()
    for i, doc in enumerate(read_jsonl(path)):
        if i >= 40:
            break
        whole = encode(doc.text, tagger.tokenizer, 512, 64)
        enc = encode_long(doc.text, tagger.tokenizer, 512, 64, block_chars=200)
        assert enc.ids.tolist() == list(whole.ids), doc.id
        assert [tuple(o) for o in enc.offsets.tolist()] == [tuple(o) for o in whole.offsets], doc.id
