"""Encoded training data (``train/pretrain --encode-to`` then ``--encoded``): the same run, without realising or
tokenising where it trains (a GPU node needs no KenLM)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from safetensors.torch import load_file

from thunder_deid.cli import main
from thunder_deid.errors import ThunderDeidError
from thunder_deid.model.config import get_config
from thunder_deid.model.train import TrainJob, encode, run

from .conftest import TEXTS


def _job(data: Path, tok: Path, out: str, **kw) -> TrainJob:
    cfg = get_config("tiny")
    cfg.train.epochs = 2
    cfg.model.max_length = 16
    cfg.train.stride = 4
    return TrainJob(cfg, str(tok), data / "valid.jsonl", data / out, train=data / "train.jsonl", device="cpu",
                    threads=1, **kw)


def _epochs(run_dir: Path) -> list[dict]:
    return [json.loads(x) for x in (run_dir / "metrics.jsonl").read_text().splitlines()]


def test_training_on_encoded_windows_is_training_on_the_documents(data, tiny_tokenizer_dir):
    """Per-epoch realisation included: the encoded run has the same losses, scores and weights."""
    direct = _job(data, tiny_tokenizer_dir, "direct")
    res = encode(_job(data, tiny_tokenizer_dir, "unused"), data / "enc")
    assert res["epochs"] == 2 and res["windows"] == _windows(data / "enc") > 0
    run(direct)
    again = _job(data, tiny_tokenizer_dir, "encoded", encoded=data / "enc")
    again.train = None
    run(again)
    a, b = _epochs(data / "direct"), _epochs(data / "encoded")
    assert [e["train_loss"] for e in a] == [e["train_loss"] for e in b]
    assert [e["valid"] for e in a] == [e["valid"] for e in b]
    wa, wb = (load_file(str(data / r / "best" / "model.safetensors")) for r in ("direct", "encoded"))
    assert all((wa[k] == wb[k]).all() for k in wa)


def _windows(folder: Path) -> int:
    import numpy as np

    return sum(len(np.load(p)["offsets"]) - 1 for p in sorted(folder.glob("epoch_*.npz")))


def test_without_a_validation_set_the_last_epoch_is_kept(data, tiny_tokenizer_dir):
    encode(_job(data, tiny_tokenizer_dir, "unused"), data / "enc")
    job = _job(data, tiny_tokenizer_dir, "run", encoded=data / "enc")
    job.train, job.valid = None, None
    assert run(job)["best"] == {"f1": None, "epoch": 2}
    assert [e["best_epoch"] for e in _epochs(data / "run")] == [1, 2]
    assert json.loads((data / "run" / "best" / "thunder_deid.json").read_text())["epoch"] == 2


def test_encoded_windows_are_refused_with_another_tokenizer_shape_or_too_few_epochs(data, tiny_tokenizer_dir, tmp_path):
    import shutil

    encode(_job(data, tiny_tokenizer_dir, "unused"), data / "enc")
    other = tmp_path / "othertok"
    shutil.copytree(tiny_tokenizer_dir, other)
    (other / "extra.txt").write_text("a changed bundle")
    cases = [({"tokenizer": str(other)}, "another tokenizer"), ({"epochs": 3}, "holds 2 epochs; the run needs 3"),
             ({"stride": 2}, "windows made with stride 4; this run's is 2")]
    for i, (change, message) in enumerate(cases):
        job = _job(data, Path(change.get("tokenizer", tiny_tokenizer_dir)), f"r{i}", encoded=data / "enc")
        job.train = None
        job.config.train.epochs = change.get("epochs", 2)
        job.config.train.stride = change.get("stride", 4)
        with pytest.raises(ThunderDeidError, match=message):
            run(job)


def test_a_folder_cut_short_is_not_trained_on(data, tiny_tokenizer_dir):
    encode(_job(data, tiny_tokenizer_dir, "unused"), data / "enc")
    (data / "enc" / "manifest.json").unlink()   # the manifest is written last
    job = _job(data, tiny_tokenizer_dir, "run", encoded=data / "enc")
    job.train = None
    with pytest.raises(ThunderDeidError, match="no manifest.json"):
        run(job)


def test_cli_train_encode_to_then_encoded(data, tiny_tokenizer_dir, capsys):
    base = ["train", "--config", "tiny", "--tokenizer", str(tiny_tokenizer_dir), "--max-length", "16",
            "--epochs", "1", "--threads", "1", "--device", "cpu", "--replacement", "none"]
    assert main(base + ["--train", str(data / "train.jsonl"), "--out", str(data / "x"),
                        "--encode-to", str(data / "enc")]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["epochs"] == 1
    assert not (data / "x").exists()
    assert main(base + ["--encoded", str(data / "enc"), "--out", str(data / "run")]) == 0
    assert (data / "run" / "best" / "model.safetensors").is_file()
    capsys.readouterr()
    assert main(base + ["--encoded", str(data / "enc"), "--train", str(data / "train.jsonl"), "--out", str(data / "r2")]) == 2
    assert "exactly one of --train FILE, --train-dir DIR and --encoded DIR" in capsys.readouterr().err


def test_pretraining_on_encoded_blocks_is_pretraining_on_the_corpus(tmp_path, tiny_tokenizer_dir, capsys):
    corpus = tmp_path / "corpus.txt.gz"
    with gzip.open(corpus, "wt", encoding="utf-8") as f:
        f.write("\n".join(TEXTS * 4) + "\n")
    base = ["pretrain", "--config", "tiny", "--tokenizer", str(tiny_tokenizer_dir), "--max-length", "16",
            "--threads", "1", "--device", "cpu", "--epochs", "2"]
    assert main(base + ["--corpus", str(corpus), "--out", str(tmp_path / "a")]) == 0
    from_corpus = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert main(base + ["--corpus", str(corpus), "--out", str(tmp_path / "unused"),
                        "--encode-to", str(tmp_path / "blocks.npz")]) == 0
    capsys.readouterr()
    assert main(base + ["--encoded", str(tmp_path / "blocks.npz"), "--out", str(tmp_path / "b")]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == from_corpus
    assert main(base[:5] + ["--max-length", "32", "--threads", "1", "--device", "cpu",
                            "--encoded", str(tmp_path / "blocks.npz"), "--out", str(tmp_path / "c")]) == 2
    assert "blocks of 16 tokens, the configuration's max_length is 32" in capsys.readouterr().err


def test_the_vocabulary_of_a_bundle_has_the_bundles_ids():
    """Training on ids loads the base BPE only; its ids and special tokens are the whole tokenizer's."""
    pytest.importorskip("kenlm")
    from thunder_deid.model.encoded import vocabulary
    from thunder_deid.model.modeling import load_tokenizer

    bundle = Path(__file__).resolve().parents[2] / "thunder_deid/data/model/tokenizer"
    full, vocab = load_tokenizer(bundle), vocabulary(str(bundle))
    assert len(full) == len(vocab) and full.get_vocab() == vocab.get_vocab()
    assert [full.pad_token_id, full.cls_token_id, full.sep_token_id, full.mask_token_id] == \
           [vocab.pad_token_id, vocab.cls_token_id, vocab.sep_token_id, vocab.mask_token_id]
    assert full.all_special_ids == vocab.all_special_ids
