"""``thunder-deid pretrain``: masked-LM pre-training of a backbone, then ``train --init`` from it."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from thunder_deid.cli import main
from thunder_deid.document import write_jsonl
from thunder_deid.errors import ThunderDeidError
from thunder_deid.model.pretrain import blocks, mask_tokens, read_texts

from .conftest import TEXTS, tiny_docs


@pytest.fixture()
def corpus(tmp_path) -> Path:
    p = tmp_path / "corpus.txt.gz"
    with gzip.open(p, "wt", encoding="utf-8") as f:
        f.write("\n".join(TEXTS * 4) + "\n")
    return p


def _pretrain(tok: Path, corpus: Path, out: Path, *extra: str) -> int:
    return main(["pretrain", "--config", "tiny", "--tokenizer", str(tok), "--corpus", str(corpus), "--out", str(out),
                 "--max-length", "16", "--threads", "1", "--device", "cpu", *extra])


def test_pretrain_learns_and_train_init_loads_the_backbone(tmp_path, corpus, tiny_tokenizer_dir, capsys):
    from thunder_deid.model.labels import LabelSet
    from thunder_deid.model.modeling import build_tagger, init_from, load_tokenizer, read_meta

    assert _pretrain(tiny_tokenizer_dir, corpus, tmp_path / "mlm", "--lr", "0.003", "--epochs", "10") == 0
    res = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    meta = read_meta(tmp_path / "mlm")
    assert meta["kind"] == "mlm-backbone" and meta["steps"] == res["steps"] > 0
    # the repeated corpus is easy to memorise: well below the loss of guessing among 400 tokens (ln 400 = 6.0)
    assert res["loss"] < 3.5

    # --init copies every backbone weight into a fresh tagger
    tok = load_tokenizer(str(tmp_path / "mlm" / "tokenizer"))
    from thunder_deid.model.config import get_config

    cfg = get_config("tiny")
    cfg.model.max_length = 16
    tagger = build_tagger(cfg.model, tok, LabelSet(["인명"]))
    init_from(tagger, tmp_path / "mlm", LabelSet(["인명"]))
    mlm = load_file(str(tmp_path / "mlm" / "model.safetensors"))
    own = tagger.state_dict()
    backbone = [k for k in mlm if k.startswith("model.")]
    assert backbone and all(torch.equal(own[k], mlm[k]) for k in backbone)

    # and the CLI trains a tagger from it
    write_jsonl(tmp_path / "train.jsonl", tiny_docs())
    assert main(["train", "--config", "tiny", "--tokenizer", str(tmp_path / "mlm" / "tokenizer"), "--init",
                 str(tmp_path / "mlm"), "--train", str(tmp_path / "train.jsonl"), "--valid", str(tmp_path / "train.jsonl"),
                 "--replacement", "none", "--max-length", "16", "--max-steps", "2", "--threads", "1", "--device", "cpu",
                 "--out", str(tmp_path / "run")]) == 0
    assert read_meta(tmp_path / "run" / "best")["init"] == str(tmp_path / "mlm")


def test_masking_follows_the_80_10_10_rule(tiny_tokenizer):
    ids = blocks(iter(TEXTS * 20), tiny_tokenizer, 64)
    gen = torch.Generator().manual_seed(0)
    inputs, labels = mask_tokens(ids, tiny_tokenizer, 0.3, gen)
    special = torch.isin(ids, torch.tensor(tiny_tokenizer.all_special_ids))
    picked = labels != -100
    assert not (picked & special).any()
    assert abs(picked.sum().item() / (~special).sum().item() - 0.3) < 0.03
    masked = (inputs == tiny_tokenizer.mask_token_id) & picked
    assert abs(masked.sum().item() / picked.sum().item() - 0.8) < 0.05
    assert torch.equal(labels[picked], ids[picked])
    assert torch.equal(inputs[~picked], ids[~picked])


def test_blocks_are_wrapped_and_full(tiny_tokenizer):
    ids = blocks(iter(TEXTS), tiny_tokenizer, 32)
    assert ids.shape[1] == 32
    assert (ids[:, 0] == tiny_tokenizer.cls_token_id).all() and (ids[:, -1] == tiny_tokenizer.sep_token_id).all()


def test_read_texts_from_jsonl_and_limits(tmp_path):
    p = tmp_path / "c.jsonl"
    p.write_text('{"text": "가"}\n\n{"text": "나"}\n{"text": "다"}\n', encoding="utf-8")
    assert list(read_texts([p], None)) == ["가", "나", "다"]
    assert list(read_texts([p, p], 4)) == ["가", "나", "다", "가"]


def test_read_texts_skips_texts_of_held_out_documents(tmp_path):
    from thunder_deid.document import Document
    from thunder_deid.tokenizer.bpe import LineExcluder

    held_out = LineExcluder([Document("t", "피고인은 2024. 3. 5. 서울 강서구에 있는 카페에서 피해자를 만났다.\n그 후 연락하였다.").text])
    p = tmp_path / "c.txt"
    p.write_text("법원은 다음과 같이 판단한다.\n피고인은 2024. 3. 5. 서울 강서구에 있는 카페에서 피해자를 만났다.\n"
                 "그 후 연락하였다.\n이 사건 공소사실은 인정된다.\n", encoding="utf-8")
    stats: dict = {}
    assert list(read_texts([p], None, held_out, stats)) == ["법원은 다음과 같이 판단한다.", "이 사건 공소사실은 인정된다."]
    assert stats == {"texts": 2, "dropped": 2}


def test_sparse_prediction_gives_the_dense_loss(tiny_tokenizer):
    """The decoder on masked positions only: the same summed loss as the full-sequence decoder."""
    import torch.nn.functional as F

    from thunder_deid.model.config import get_config
    from thunder_deid.model.modeling import build_mlm

    torch.manual_seed(0)
    model = build_mlm(get_config("tiny").model, tiny_tokenizer).eval()
    ids = blocks(iter(TEXTS * 4), tiny_tokenizer, 32)[:4]
    x, y = mask_tokens(ids, tiny_tokenizer, 0.3, torch.Generator().manual_seed(1))
    with torch.no_grad():
        dense = model(input_ids=x, attention_mask=torch.ones_like(x)).logits
        model.sparse_prediction = True
        sparse = model(input_ids=x, attention_mask=torch.ones_like(x), labels=y).logits
    target = y.view(-1)
    assert sparse.shape[0] == int((target != -100).sum()) > 0
    a = F.cross_entropy(dense.view(-1, dense.shape[-1]), target, ignore_index=-100, reduction="sum")
    b = F.cross_entropy(sparse, target[target != -100], reduction="sum")
    assert torch.allclose(a, b, rtol=1e-4)


def test_pretrain_cli_excludes_held_out_documents(tmp_path, corpus, tiny_tokenizer_dir, capsys):
    held_out = tmp_path / "test.jsonl"
    write_jsonl(held_out, tiny_docs()[:1])
    assert _pretrain(tiny_tokenizer_dir, corpus, tmp_path / "mlm", "--max-steps", "1", "--exclude", str(held_out)) == 0
    err = capsys.readouterr().err
    assert "held-out texts skipped" in err and "(0 held-out" not in err


@pytest.mark.parametrize("content, message", [
    (b'{"text": "ok"}\n{"body": "no text"}\n', r"c\.jsonl:2: expected a JSON object"),
    (b'{"text": "ok"}\nnot json\n', r"c\.jsonl:2: expected a JSON object"),
    (b'{"text": 3}\n', r"c\.jsonl:1: expected a JSON object"),
    (b'{"text": "ok"}\n{"text": "\xff"}\n', r"c\.jsonl:2: not UTF-8"),
])
def test_bad_corpus_lines_name_file_and_line(tmp_path, content, message):
    p = tmp_path / "c.jsonl"
    p.write_bytes(content)
    with pytest.raises(ThunderDeidError, match=message):
        list(read_texts([p], None))


def test_pretrain_refuses_an_out_folder_that_is_not_a_model(tmp_path, corpus, tiny_tokenizer_dir, capsys):
    keep = tmp_path / "notes"
    keep.mkdir()
    (keep / "mine.txt").write_text("keep me")
    assert _pretrain(tiny_tokenizer_dir, corpus, keep, "--max-steps", "1") == 2
    assert "not a model directory" in capsys.readouterr().err
    assert (keep / "mine.txt").read_text() == "keep me" and len(list(keep.iterdir())) == 1
