"""Inference backends: the registry, ONNX export into the cache, ONNX Runtime parity with PyTorch."""

from __future__ import annotations

import doctest
import importlib
import os

import numpy as np
import pytest
import torch

import thunder_deid.model as tm
from thunder_deid.document import Document
from thunder_deid.errors import ThunderDeidError
from thunder_deid.model.backends import available_backends, default_threads, get_backend

TEXT = "피고인은 2020. 3. 5. 피해자 김민준에게 하나은행 계좌(123-456-789012)로 송금하게 하였다.\n\n" * 3

ort = pytest.importorskip("onnxruntime")


@pytest.mark.parametrize("name", ["thunder_deid.model.backends", "thunder_deid.model.backends.torch",
                                  "thunder_deid.model.backends.onnx", "thunder_deid.model.backends.bf16",
                                  "thunder_deid.model.windows",
                                  "thunder_deid.model.decode", "thunder_deid.bio"])
def test_docstring_examples(name):
    assert doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS).failed == 0


def test_registry_lists_one_file_per_backend_and_rejects_unknown_names():
    assert {"torch", "onnx"} <= set(available_backends())
    assert get_backend("onnx").name == "onnx"
    with pytest.raises(ThunderDeidError, match="unknown backend"):
        get_backend("tensorrt-nope")


def test_default_threads_leave_busy_cores_alone():
    n = default_threads()
    assert 1 <= n <= min(8, os.cpu_count() or 1)


def test_onnx_logprobs_match_torch_within_1e4(model_dir, tmp_path):
    torch_tagger = tm.load(model_dir, backend="torch")
    onnx_tagger = tm.load(model_dir, backend="onnx", cache_dir=tmp_path)
    rng = np.random.default_rng(0)
    vocab = len(torch_tagger.tokenizer)
    for batch, length in ((1, 5), (3, 16), (2, 300)):  # 300 > the local-attention window
        ids = rng.integers(5, vocab, size=(batch, length)).astype(np.int64)
        mask = np.ones_like(ids)
        mask[-1, length // 2:] = 0  # a padded row
        a = torch_tagger.backend.logprobs(ids, mask)
        b = onnx_tagger.backend.logprobs(ids, mask)
        assert a.shape == b.shape
        assert np.abs(a - b)[mask.astype(bool)].max() < 1e-4


def test_onnx_spans_equal_torch_spans(model_dir, tmp_path):
    docs = [Document("a", TEXT, []), Document("b", "피해자 김민준", []), Document("c", "", [])]
    t = tm.load(model_dir, backend="torch").predict_documents(docs)
    o = tm.load(model_dir, backend="onnx", cache_dir=tmp_path).predict_documents(docs)
    assert any(d.spans for d in t)
    assert [[(s.start, s.end, s.label) for s in d.spans] for d in t] == [[(s.start, s.end, s.label) for s in d.spans] for d in o]
    assert all(abs(x.score - y.score) < 1e-4 for dt, do in zip(t, o) for x, y in zip(dt.spans, do.spans))


def test_onnx_cache_is_built_once_keyed_by_weights_and_atomic(model_dir, tmp_path, monkeypatch):
    from thunder_deid.model.backends.onnx import model_key

    monkeypatch.setenv("THUNDER_DEID_CACHE", str(tmp_path / "env"))
    tagger = tm.load(model_dir, backend="onnx")
    folder = tmp_path / "env" / "onnx" / model_key(model_dir)
    assert tagger.backend.path == folder / "model.onnx"
    assert sorted(p.name for p in folder.iterdir()) == ["model.onnx"]  # no temporary file left behind
    stamp = tagger.backend.path.stat().st_mtime_ns
    assert tm.load(model_dir, backend="onnx").backend.path.stat().st_mtime_ns == stamp  # reused, not rebuilt
    assert len(model_key(model_dir)) == 20


def test_onnx_int8_runs_and_is_a_separate_file(model_dir, tmp_path):
    tagger = tm.load(model_dir, backend="onnx", cache_dir=tmp_path, int8=True)
    assert tagger.backend.path.name == "model.int8.onnx"
    doc = tagger.predict(TEXT)
    assert doc.text == TEXT and all(0 <= s.start < s.end <= len(TEXT) for s in doc.spans)
    with pytest.raises(ThunderDeidError, match="needs --backend onnx"):
        tm.load(model_dir, backend="torch", int8=True)


def test_unwritable_cache_is_a_one_line_error(model_dir, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ThunderDeidError, match="ONNX cache|not a folder|is a file"):
        tm.load(model_dir, backend="onnx", cache_dir=blocker)


def test_export_onnx_command_and_predict_with_onnx_backend(model_dir, tmp_path):
    from thunder_deid.cli import main
    from thunder_deid.document import load_jsonl, write_jsonl

    out = tmp_path / "m.onnx"
    assert main(["export-onnx", "--model", str(model_dir), "--out", str(out)]) == 0
    sess = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    assert [i.name for i in sess.get_inputs()] == ["input_ids", "attention_mask"]
    assert main(["export-onnx", "--model", str(model_dir), "--cache-dir", str(tmp_path / "c")]) == 0
    write_jsonl(tmp_path / "in.jsonl", [Document("a", TEXT, [])])
    assert main(["predict", str(tmp_path / "in.jsonl"), str(tmp_path / "out.jsonl"), "--model", str(model_dir),
                 "--backend", "onnx", "--cache-dir", str(tmp_path / "c"), "--threads", "1"]) == 0
    (doc,) = load_jsonl(tmp_path / "out.jsonl")
    assert [(s.start, s.end, s.label) for s in doc.spans] == \
        [(s.start, s.end, s.label) for s in tm.load(model_dir).predict(TEXT, "a").spans]
    with pytest.raises(SystemExit) as e:  # argparse: usage and exit 2
        main(["predict", str(tmp_path / "in.jsonl"), str(tmp_path / "o2.jsonl"), "--backend", "nope"])
    assert e.value.code == 2


def test_torch_backend_threads_option(model_dir):
    before = torch.get_num_threads()
    try:
        tm.load(model_dir, threads=1)
        assert torch.get_num_threads() == 1
    finally:
        torch.set_num_threads(before)


def test_bf16_backend_runs_in_bfloat16_and_stays_close_to_fp32():
    """The embedded model under CPU bf16 autocast: log-probs near fp32's, the same spans on a plain
    sentence, and (windows padded per bucket) a document's output independent of its batch."""
    from thunder_deid.model.backends.bf16 import Bf16Backend

    fp32 = tm.load(patterns=False)
    bf = tm.load(patterns=False, backend="bf16")
    assert isinstance(bf.backend, Bf16Backend)
    ids = np.array([[2] + [int(i) for i in fp32.tokenizer(TEXT[:60], add_special_tokens=False)["input_ids"]] + [3]])
    a, b = fp32.backend.logprobs(ids, np.ones_like(ids)), bf.backend.logprobs(ids, np.ones_like(ids))
    assert 0 < np.abs(a - b).max() < 0.5  # bf16 really ran (not identical), and stayed close
    docs = [Document("a", TEXT, []), Document("b", "피해자 김민준에게 송금하였다.", [])]
    key = lambda ds: [[(s.start, s.end, s.label) for s in d.spans] for d in ds]  # noqa: E731
    assert key(bf.predict_documents(docs)) == key(fp32.predict_documents(docs))
    assert [d.to_dict() for d in bf.predict_documents(docs)] == \
        [bf.predict_documents([d])[0].to_dict() for d in docs]
