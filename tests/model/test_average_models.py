"""`scripts/average_models.py`: a model soup of taggers; with --align-labels, of fine-tunes whose label sets grew."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
import torch

from thunder_deid.model.config import get_config
from thunder_deid.model.labels import LabelSet
from thunder_deid.model.modeling import build_tagger, init_from, load_model, save_model

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "average_models.py"


def logits(model_dir: Path) -> torch.Tensor:
    model, _, labels, _ = load_model(model_dir)
    ids = torch.tensor([[2, 57, 81, 99, 140, 33, 3]])
    with torch.no_grad():
        return model(input_ids=ids, attention_mask=torch.ones_like(ids)).logits, labels


def test_a_model_averaged_with_its_relabelled_copy_is_itself(model_dir, tmp_path, tiny_tokenizer, tiny_tokenizer_dir):
    average = runpy.run_path(str(SCRIPT))["average"]
    # what a fine-tune that met a new label starts from: the same weights, the rows in another order, one more label
    grown = LabelSet(["계좌번호", "사업체", "은행업", "인명"])
    model = build_tagger(get_config("tiny").model, tiny_tokenizer, grown)
    init_from(model, model_dir, grown)
    save_model(model, tmp_path / "grown", str(tiny_tokenizer_dir), {"max_length": 16, "stride": 4})
    with pytest.raises(SystemExit, match="label sets differ"):
        average([model_dir, tmp_path / "grown"], tmp_path / "plain")
    average([model_dir, tmp_path / "grown", tmp_path / "grown"], tmp_path / "soup", align_labels=True)
    (a, labels), (b, soup_labels) = logits(model_dir), logits(tmp_path / "soup")
    assert soup_labels.tags == labels.tags and torch.allclose(a, b, atol=1e-2)  # fp16 weights in, fp32 out
    with pytest.raises(SystemExit, match="lacks label"):  # the first model's labels must all be there
        average([tmp_path / "grown", model_dir], tmp_path / "refused", align_labels=True)


def test_an_average_carries_the_licence_of_every_model_in_it(model_dir, tmp_path, tiny_tokenizer, tiny_tokenizer_dir):
    import json

    from thunder_deid.model.licence import SOURCE_LICENCES

    average = runpy.run_path(str(SCRIPT))["average"]
    model = build_tagger(get_config("tiny").model, tiny_tokenizer, LabelSet(["계좌번호", "은행업", "인명"]))
    init_from(model, model_dir, LabelSet(["계좌번호", "은행업", "인명"]))
    nc = SOURCE_LICENCES["thunder_deid"]
    save_model(model, tmp_path / "nc", str(tiny_tokenizer_dir), {"max_length": 16, "stride": 4, "licence": nc})
    average([model_dir, tmp_path / "nc"], tmp_path / "soup")   # the first model, whose metadata is copied, has none
    assert json.loads((tmp_path / "soup" / "thunder_deid.json").read_text(encoding="utf-8"))["licence"] == nc
