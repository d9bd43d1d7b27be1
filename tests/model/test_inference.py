"""Inference, redact modes and the Python API on a tiny random model (mechanics, not accuracy)."""

from __future__ import annotations

import json

import pytest
import torch

import thunder_deid.model as tm
from thunder_deid.document import Document, write_jsonl
from thunder_deid.inline import parse_inline
from thunder_deid.model.config import get_config
from thunder_deid.model.labels import LabelSet
from thunder_deid.model.modeling import build_tagger
from thunder_deid.errors import ThunderDeidError
from thunder_deid.operators import render

TEXT = "피고인은 2020. 3. 5. 피해자 김민준에게 하나은행 계좌(123-456-789012)로 송금하게 하였다.\n\n" * 3


def test_load_and_predict_keeps_text(model_dir):
    tagger = tm.load(model_dir)
    doc = tagger.predict(TEXT)
    assert isinstance(doc, Document) and doc.text == TEXT
    assert doc.spans and all(0 <= s.start < s.end <= len(TEXT) for s in doc.spans)
    assert all(TEXT[s.start] != " " and TEXT[s.end - 1] != " " for s in doc.spans)  # trimmed
    assert all(s.label in ("인명", "은행업", "계좌번호") and 0 < s.score <= 1 for s in doc.spans)
    # several windows (max_length 16) give the same result as one call per document
    assert tagger.predict_documents([Document("a", TEXT, []), Document("b", "", [])])[0].spans == doc.spans


@pytest.mark.parametrize("mode", ["tag", "mask", "json"])
def test_redact_modes_agree_with_predict(model_dir, mode):
    from thunder_deid.policy import Policy

    tagger = tm.load(model_dir)
    doc = Policy().prepare(tagger.predict(TEXT))  # redact's default policy: detected forms everywhere
    out = tagger.redact(TEXT, mode=mode)
    if mode == "tag":
        back = parse_inline(out, "x")
        assert back.text == TEXT and [(s.start, s.end, s.label) for s in back.spans] == [(s.start, s.end, s.label) for s in doc.spans]
    elif mode == "mask":
        assert out == render(doc, "mask") and "[인명]" in out
        assert "김민준" not in out or all(TEXT[s.start:s.end] != "김민준" for s in doc.spans)
    else:
        d = json.loads(out)
        assert d["text"] == TEXT and len(d["spans"]) == len(doc.spans)


def test_mask_replaces_spans_by_label():
    d = Document("d", "가 나다 라", [])
    from thunder_deid.document import Span

    d = Document("d", "가 나다 라", [Span(2, 4, "인명")])
    assert render(d, "mask") == "가 [인명] 라"
    with pytest.raises(ThunderDeidError, match="unknown mode 'bogus'"):
        render(d, "bogus")


@pytest.mark.parametrize("kind", ["txt", "dir", "jsonl"])
def test_redact_command_on_files(model_dir, tmp_path, kind):
    from thunder_deid.cli import main

    if kind == "txt":
        inp = tmp_path / "a.txt"
        inp.write_text(TEXT, encoding="utf-8")
        out = tmp_path / "a.out.txt"
    elif kind == "dir":
        inp = tmp_path / "in"
        inp.mkdir()
        (inp / "a.txt").write_text(TEXT, encoding="utf-8")
        (inp / "b.txt").write_text("피해자 김민준", encoding="utf-8")
        out = tmp_path / "out"
    else:
        inp = tmp_path / "a.jsonl"
        write_jsonl(inp, [Document("a", TEXT, []), Document("b", "피해자 김민준", [])])
        out = tmp_path / "a.out.jsonl"
    assert main(["redact", str(inp), str(out), "--mode", "tag", "--model", str(model_dir)]) == 0
    if kind == "txt":
        assert parse_inline(out.read_text(encoding="utf-8"), "a").text == TEXT
    elif kind == "dir":
        assert sorted(p.name for p in out.iterdir()) == ["a.txt", "b.txt"] and (tmp_path / f"{out.name}.manifest.jsonl").is_file()
    else:
        rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
        assert [r["id"] for r in rows] == ["a", "b"] and parse_inline(rows[0]["text"], "a").text == TEXT
    # never overwrite the input
    assert main(["redact", str(inp), str(inp), "--model", str(model_dir)]) == 2


def test_predict_command(model_dir, tmp_path):
    from thunder_deid.cli import main
    from thunder_deid.document import load_jsonl

    write_jsonl(tmp_path / "in.jsonl", [Document("a", TEXT, [])])
    assert main(["predict", str(tmp_path / "in.jsonl"), str(tmp_path / "out.jsonl"), "--model", str(model_dir)]) == 0
    (doc,) = load_jsonl(tmp_path / "out.jsonl")
    assert doc.text == TEXT and doc.spans == tm.load(model_dir).predict(TEXT, "a").spans


def test_missing_model_is_a_clear_error(tmp_path):
    from thunder_deid.errors import ThunderDeidError

    with pytest.raises(ThunderDeidError, match="no model.safetensors"):
        tm.load(tmp_path)


def test_init_from_a_tagger_keeps_rows_by_tag_name(model_dir, tiny_tokenizer):
    from safetensors.torch import load_file

    from thunder_deid.model.modeling import init_from

    src = load_file(str(model_dir / "model.safetensors"))
    old = LabelSet(["계좌번호", "은행업", "인명"])
    new = LabelSet(["인명", "전화번호"])
    model = build_tagger(get_config("tiny").model, tiny_tokenizer, new)
    init_from(model, model_dir, new)
    w = model.classifier.weight.detach()
    assert torch.equal(w[new.tag_id("B-인명")], src["classifier.weight"][old.tag_id("B-인명")].float())
    assert torch.equal(model.model.embeddings.tok_embeddings.weight.detach(),
                       src["model.embeddings.tok_embeddings.weight"].float())
