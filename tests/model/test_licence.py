"""A trained tagger carries the licences of what it learnt from: its documents' sources, its --init and
--teacher taggers; through train, finetune and encoded windows alike (real tiny runs)."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import thunder_deid.model.licence as licence
from thunder_deid.document import Document, load_jsonl, write_jsonl
from thunder_deid.model.licence import SOURCE_LICENCES
from thunder_deid.model.train import encode, run

from .test_encoded import _job

NC = SOURCE_LICENCES["thunder_deid"]


def test_docstring_examples():
    assert doctest.testmod(licence).failed == 0


def _meta(run_dir: Path) -> dict:
    return json.loads((run_dir / "best" / "thunder_deid.json").read_text(encoding="utf-8"))


def _mark(path: Path, source: str | None) -> None:
    docs = [Document(d.id, d.text, d.spans, {**d.meta, **({"source": source} if source else {})}) for d in load_jsonl(path)]
    write_jsonl(path, docs)


def test_training_on_annotated_judgments_says_so_and_public_text_adds_nothing(data, tiny_tokenizer_dir):
    _mark(data / "train.jsonl", "law.go.kr via PyPI card-legal-data-precedents")
    job = _job(data, tiny_tokenizer_dir, "public", max_steps=1)
    run(job)
    assert _meta(data / "public").get("licence") is None
    _mark(data / "train.jsonl", "thunder_deid")
    run(_job(data, tiny_tokenizer_dir, "nc", max_steps=1))
    assert _meta(data / "nc")["licence"] == NC


def test_a_model_made_from_a_licensed_one_inherits_it(data, tiny_tokenizer_dir, model_dir, tmp_path):
    """Fine-tuning (``--init``) or distilling (``--teacher``) from a tagger that carries a licence, on data that
    carries none, keeps it; two licences are both named, each once."""
    from thunder_deid.cli import main

    parent = tmp_path / "parent"
    parent.mkdir()
    for p in model_dir.iterdir():
        target = parent / p.name
        if p.is_dir():
            import shutil

            shutil.copytree(p, target)
        else:
            target.write_bytes(p.read_bytes())
    meta = json.loads((parent / "thunder_deid.json").read_text(encoding="utf-8"))
    (parent / "thunder_deid.json").write_text(json.dumps({**meta, "licence": f"X-1.0 | {NC}"}), encoding="utf-8")
    assert main(["finetune", "--from", str(parent), "--train", str(data / "train.jsonl"), "--valid",
                 str(data / "valid.jsonl"), "--out", str(data / "ft"), "--max-steps", "1", "--threads", "1",
                 "--device", "cpu"]) == 0
    assert _meta(data / "ft")["licence"] == f"{NC} | X-1.0"
    _mark(data / "train.jsonl", "thunder_deid")
    run(_job(data, tiny_tokenizer_dir, "taught", max_steps=1, teacher=parent))
    assert _meta(data / "taught")["licence"] == f"{NC} | X-1.0"


def test_encoded_windows_carry_the_licence_to_the_run_that_trains_on_them(data, tiny_tokenizer_dir):
    _mark(data / "train.jsonl", "thunder_deid")
    encode(_job(data, tiny_tokenizer_dir, "unused"), data / "enc")
    manifest = json.loads(next((data / "enc").glob("*.json")).read_text(encoding="utf-8"))
    assert manifest["licence"] == NC
    job = _job(data, tiny_tokenizer_dir, "encoded", encoded=data / "enc", max_steps=1)
    job.train = None
    run(job)
    assert _meta(data / "encoded")["licence"] == NC


def test_the_embedded_model_says_it_is_nc_sa():
    from thunder_deid.model.infer import default_model_dir
    from thunder_deid.model.modeling import read_meta

    assert read_meta(default_model_dir())["licence"] == NC
