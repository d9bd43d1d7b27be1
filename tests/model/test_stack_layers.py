"""`scripts/stack_layers.py`: a deeper initialisation that computes what the shallow tagger computes."""

from __future__ import annotations

import runpy
from pathlib import Path

import torch

from thunder_deid.model.config import get_config
from thunder_deid.model.labels import LabelSet
from thunder_deid.model.modeling import build_tagger, init_from, load_model

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "stack_layers.py"


def test_stacked_tagger_starts_as_the_shallow_one(model_dir, tmp_path, tiny_tokenizer):
    stack = runpy.run_path(str(SCRIPT))["stack"]
    assert stack(model_dir, tmp_path / "deep", 5) == 2  # the tiny preset has 2 layers
    shallow, _, labels, _ = load_model(model_dir)
    cfg = get_config("tiny").model
    cfg.num_hidden_layers = 5
    deep_labels = LabelSet(["계좌번호", "은행업", "인명"])  # model_dir's
    deep = build_tagger(cfg, tiny_tokenizer, deep_labels)
    init_from(deep, tmp_path / "deep", deep_labels)
    deep.eval()
    ids = torch.tensor([[2, 57, 81, 99, 140, 33, 3]])
    with torch.no_grad():
        a = shallow(input_ids=ids, attention_mask=torch.ones_like(ids)).logits
        b = deep(input_ids=ids, attention_mask=torch.ones_like(ids)).logits
    assert deep_labels.tags == labels.tags
    assert torch.allclose(a, b, atol=1e-5)
    assert any(p.abs().sum() > 0 for n, p in deep.named_parameters() if "layers.4.attn.Wqkv" in n)
